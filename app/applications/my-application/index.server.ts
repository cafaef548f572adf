export { applicantEmailKey } from "./server/applicant-session.server";
export { myApplications, exportMyData, withdrawMyApplication } from "./server/my-application.server";
