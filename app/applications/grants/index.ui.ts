/** The grants slice's panel on the case page (decision, payments due and paid), and its forms' address. */
export { GrantPanel, grantFormAction, type GrantReply } from "./components/grant-panel";
