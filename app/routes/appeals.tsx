// Being written (issue 15): replaced by its helper.
export default function Placeholder() {
  return null;
}
