export { templatePlaceholdersIn } from "./rules/policy-template";
