/** The grants slice's panel on the case page (decision, payments due and paid) and the dashboard's figures. */
export { ApplicationFiguresPanel } from "./components/application-figures";
export { GrantPanel } from "./components/grant-panel";
