// Being written (issue 15): replaced by its helper.
export function loader() {
  return new Response(null, { status: 404 });
}
