export { type MailParts } from "./mail-layout";
