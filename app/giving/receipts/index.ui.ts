export { PrintedSheet } from "./components/printed-sheet";
