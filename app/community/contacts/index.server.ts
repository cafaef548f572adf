export { countContacts } from "./server/contacts.server";
