export { databaseAnswers } from "./server/health.server";
export { bootstrap, describeStartup, placeholderOrganisationSettings } from "./server/startup.server";
