export { startMailDelivery } from "./server/mail-delivery.server";
export {
  countOutbox,
  findOutboxPage,
  getOutboxMessage,
  isMailStatus,
  openedMail,
  sealedMailContext,
  type OutboxMessage,
  queueMail,
} from "./server/mail-queue.server";
