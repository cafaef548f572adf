export { ShareLinks } from "./components/share-links";
