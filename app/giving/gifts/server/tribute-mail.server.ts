import type { Kysely } from "kysely";
import { tributeMail, tributeOf } from "~/giving/donate";
import { organisation } from "~/lib/organisation.server";
import { appealOfGift } from "~/appeals/appeals/index.server";
import { queueMail } from "~/mail/queue/index.server";
import type { Database, DonationRow } from "../../../../db/schema";

/**
 * Tells the family of a tribute that a gift was given in their loved one's name: queued
 * in the transaction that records the gift, keyed so that it goes once, however often the
 * provider repeats itself, and once for a recurring gift (its first charge), not monthly.
 * A test gift's is only kept, never sent.
 */
export async function tellOfTribute(db: Kysely<Database>, gift: DonationRow): Promise<void> {
  const tribute = tributeOf(gift);
  if (!tribute?.email) return;
  const appeal = gift.appeal_id ? await appealOfGift(gift.appeal_id, db) : null;
  await queueMail(db, {
    ...tributeMail(
      tribute,
      {
        giverName: gift.name,
        anonymous: gift.anonymous === 1,
        appealTitle: appeal?.title ?? "",
        isTest: gift.is_test === 1,
      },
      organisation().legalName,
    ),
    kind: "tribute",
    to: tribute.email,
    dedupeKey: gift.subscription_id ? `tribute-subscription-${gift.subscription_id}` : `tribute-${gift.id}`,
    // A test payment costs nothing, so it must never make the foundation write to a stranger:
    // its tribute mail is kept in the Outbox, to be read there, and never sent.
    keepOnly: gift.is_test === 1,
  });
}
