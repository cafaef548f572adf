export { mayReadApplicant, APPLICANT_READERS } from "./rules/case-access";
export { readQueueFilter, queueQuery, type QueueFilter } from "./rules/queue-filter";
