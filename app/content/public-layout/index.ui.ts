export { FOUNDATION } from "./components/navigation";
