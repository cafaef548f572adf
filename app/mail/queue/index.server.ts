export { startMailDelivery } from "./server/mail-delivery.server";
export {
  countOutbox,
  findOutboxPage,
  getOutboxMessage,
  isMailStatus,
  openedMail,
  type OutboxMessage,
  queueMail,
} from "./server/mail-queue.server";
