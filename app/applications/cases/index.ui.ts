export { ApplicationsTabs } from "./components/applications-tabs";
