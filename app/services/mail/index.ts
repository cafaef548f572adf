export { countOutbox, findOutboxPage, getOutboxMessage, isMailStatus, type OutboxMessage, queueMail } from "./mail-queue.server";
export { startMailDelivery } from "./mail-delivery.server";
