import type { Kysely } from "kysely";
import type { Organisation } from "~/shared/foundation";
import { receiptMail, type ReceiptGift } from "../rules/receipts";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { organisation } from "~/lib/organisation.server";
import { newReceiptToken } from "./receipt-tokens.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { NotFoundError } from "~/lib/service-errors";
import type { Database, DonationRow } from "../../../../db/schema";
import { tributeOf, tributeWords } from "~/giving/donate";
import { appealOfGift } from "~/appeals/appeals/index.server";
import { getFund } from "~/funds/funds/index.server";
import { queueMail } from "~/mail/queue/index.server";

/**
 * Every recorded gift with an email gets exactly one receipt: queued in the transaction
 * that records the gift, keyed by the gift, so however often the provider repeats its
 * events (or Sync finds the gift again) no second receipt is written.
 */
function receiptUrl(token: string): string {
  return `${configuredSiteUrl()}/receipts/${token}`;
}

/** The receipt's facts, with the gift's fund read in `db` (the recording's transaction, when there is one). */
async function toReceiptGift(db: Kysely<Database>, row: DonationRow): Promise<ReceiptGift> {
  // A row just inserted without its fund gets it from the database's trigger after the insert.
  const fundId =
    row.fund_id ??
    (await db.selectFrom("donations").select("fund_id").where("id", "=", row.id).executeTakeFirstOrThrow()).fund_id;
  const fund = await getFund(fundId, db);
  return {
    id: row.id,
    name: row.name,
    amount_cents: row.amount_cents,
    frequency: row.frequency,
    purpose: row.purpose,
    fund: fund.name,
    is_zakat: fund.is_zakat,
    designation: row.designation,
    donated_at: row.donated_at,
    payment_method: row.payment_method,
    is_test: row.is_test === 1,
    fee_cover_cents: row.fee_cover_cents ?? 0,
    appeal: row.appeal_id ? ((await appealOfGift(row.appeal_id, db))?.title ?? "") : "",
    tribute: tributeOf(row) ? tributeWords(tributeOf(row)!) : "",
    anonymous: row.anonymous === 1,
  };
}

/** Gives a just-recorded gift its receipt page and, when it has an email, its receipt mail. */
export async function issueReceipt(db: Kysely<Database>, gift: DonationRow): Promise<void> {
  let token = gift.receipt_token;
  if (!token) {
    token = newReceiptToken();
    await db.updateTable("donations").set({ receipt_token: token }).where("id", "=", gift.id).execute();
  }
  if (!gift.email.trim()) return;
  await queueMail(db, {
    ...receiptMail(
      await toReceiptGift(db, gift),
      organisation(),
      { receipt: receiptUrl(token), myGiving: `${configuredSiteUrl()}/my-giving` },
      getEnv().SITE_TIMEZONE,
    ),
    kind: "receipt",
    to: gift.email,
    dedupeKey: `receipt-${gift.id}`,
  });
}

/** The printable receipt a token names; unknown tokens name nothing. */
export async function findReceipt(
  token: string,
): Promise<{ gift: ReceiptGift; organisation: Organisation; timeZone: string }> {
  const db = getDb();
  const row =
    token.length <= 64
      ? await db.selectFrom("donations").selectAll().where("receipt_token", "=", token).executeTakeFirst()
      : undefined;
  if (!row) throw new NotFoundError("Receipt not found");
  return { gift: await toReceiptGift(db, row), organisation: organisation(), timeZone: getEnv().SITE_TIMEZONE };
}
