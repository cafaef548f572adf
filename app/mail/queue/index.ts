export { type MailParts } from "./rules/mail-layout";
