import type { Kysely } from "kysely";
import type { MailParts } from "~/mail/queue";
import { getEnv } from "~/lib/env.server";
import type { Database } from "../../../../db/schema";
import { queueMail } from "~/mail/queue/index.server";

/**
 * Queues a short note to the staff (STAFF_NOTIFY_EMAIL) in the transaction that records
 * what it is about; nothing when no address is set. `cause` names the record, once.
 */
export async function notifyStaff(db: Kysely<Database>, cause: string, mail: MailParts): Promise<void> {
  const to = getEnv().STAFF_NOTIFY_EMAIL;
  if (!to) return;
  await queueMail(db, { ...mail, kind: "staff-notification", to, dedupeKey: `staff-${cause}` });
}
