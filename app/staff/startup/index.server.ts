export { bootstrap, describeStartup, placeholderOrganisationSettings } from "./server/startup.server";
