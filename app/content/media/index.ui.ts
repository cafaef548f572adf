export { PhotoField } from "./components/photo-field";
