export {
  BULK_DELETE_LIMIT,
  contactsInBatches,
  type ContactSubmission,
  countContacts,
  deleteContact,
  deleteContacts,
  findContactPage,
  getContact,
  listContacts,
  readContactFilter,
  resolveContact,
  submitContactMessage,
} from "./server/contacts.server";
