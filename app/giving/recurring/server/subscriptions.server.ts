import { cancelSubscriptionSchema, tributeOf, tributeWords } from "~/giving/donate";
import { centsToDollars } from "~/shared/money";
import { isCancelable, PAUSED_STATUS, shownStatus } from "../rules/subscription-status";
import { nextChargeTaken } from "../rules/recurring-pause";
import { paged, pageOfRows, rowsOfPage, type ListPage } from "~/lib/list-pages.server";
import { countedRows } from "~/lib/list-counts.server";
import { getDb } from "~/lib/db.server";
import { countedTestFlags } from "~/lib/env.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { ConflictError, NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { SubscriptionRow } from "../../../../db/schema";
import { appealTitlesById } from "~/appeals/appeals/index.server";
import { applySubscriptionState, recordInTransaction } from "~/giving/gifts/index.server";
import { followSubscriptionTroubles } from "./payment-troubles.server";
import type { ChangeActor } from "./subscription-history.server";
import { recordAudit } from "~/staff/audit/index.server";

/** Staff cancel from the Subscriptions screen and the API unless told who. */
const STAFF: ChangeActor = { kind: "staff", name: "" };

/** A recurring gift as the admin screen and GET /api/donations/subscriptions see it. */
export interface Subscription {
  id: number;
  name: string;
  email: string;
  amount: number;
  purpose: string;
  interval: "month" | "year";
  payment_day: number;
  payment_month: number;
  /** The provider's status, except "paused" while an active gift's charges are skipped (`shownStatus`). */
  status: string;
  /** The next charge that will really be taken: a paused gift's is the one it resumes with. */
  next_payment_date: string | null;
  created_at: string;
  stripe_subscription_id: string | null;
  is_test: boolean;
  /** The appeal each charge answers (its title), or "", and its id. */
  appeal: string;
  appeal_id: number | null;
  /** The card fee the donor covers on each charge, beside the amount (0 for none). */
  fee_cover: number;
  anonymous: boolean;
  /** "In memory of Fatima Ahmed", or "". */
  tribute: string;
  /** While paused: when the provider resumes collecting (the day before the resuming charge); null otherwise. */
  resumes_at: string | null;
  /** While past due: the provider's next try at the charge (null once it stopped trying, or when not past due). */
  next_retry_at: string | null;
}

/** The recurring gifts with the titles of the appeals they answer. */
async function toSubscriptions(rows: SubscriptionRow[]): Promise<Subscription[]> {
  const appeals = await appealTitlesById(rows.flatMap((row) => (row.appeal_id ? [row.appeal_id] : [])));
  return rows.map((row) => toSubscription(row, row.appeal_id ? (appeals.get(row.appeal_id)?.title ?? "") : ""));
}

function toSubscription(row: SubscriptionRow, appealTitle: string): Subscription {
  const tribute = tributeOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    amount: centsToDollars(row.amount_cents),
    purpose: row.purpose,
    interval: row.interval,
    payment_day: row.payment_day,
    payment_month: row.payment_month,
    status: shownStatus(row.status, row.resumes_at !== null),
    next_payment_date: nextChargeTaken(row),
    created_at: row.created_at,
    stripe_subscription_id: row.stripe_subscription_id,
    is_test: row.is_test === 1,
    appeal: appealTitle,
    appeal_id: row.appeal_id,
    fee_cover: centsToDollars(row.fee_cover_cents),
    anonymous: row.anonymous === 1,
    tribute: tribute ? tributeWords(tribute) : "",
    resumes_at: row.resumes_at,
    next_retry_at: row.next_retry_at,
  };
}

/** The subscriptions listed: on a live site only real ones; in a test mode every one, tests marked. */
function listed() {
  return getDb().selectFrom("subscriptions").where("is_test", "in", countedTestFlags());
}

/** Newest first; the whole list unless a page is asked for (GET /api/donations/subscriptions). */
export async function listSubscriptions(page: { limit?: number; offset?: number } = {}): Promise<Subscription[]> {
  return toSubscriptions(await paged(newestFirst(), page).execute());
}

function newestFirst() {
  return listed().selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
}

/** One page of the Subscriptions screen, newest first (past the end: the last page). */
export async function findSubscriptionPage(page: number, pageSize: number): Promise<ListPage<Subscription>> {
  return pageOfRows(
    () => countedRows("subscriptions", { isTest: countedTestFlags() }),
    async (limit, offset) => toSubscriptions(await rowsOfPage(newestFirst(), "subscriptions", limit, offset)),
    page,
    pageSize,
  );
}

/** One recurring gift by the provider's subscription id, or null. */
export async function findSubscription(providerSubscriptionId: string): Promise<Subscription | null> {
  const row = await getDb()
    .selectFrom("subscriptions")
    .selectAll()
    .where("stripe_subscription_id", "=", providerSubscriptionId)
    .executeTakeFirst();
  return row ? ((await toSubscriptions([row]))[0] ?? null) : null;
}

/** One recurring gift by this site's own id, or null. */
export async function findSubscriptionById(id: number): Promise<Subscription | null> {
  const row = await getDb().selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? ((await toSubscriptions([row]))[0] ?? null) : null;
}

export interface SubscriptionSummary {
  total: number;
  /** Running gifts, paused ones left out (they are counted in `paused`). */
  active: number;
  /**
   * The Subscriptions screen's monthly revenue: active monthly amounts plus active yearly amounts divided by 12, in
   * dollars; paused gifts left out.
   */
  monthlyRevenue: number;
  /** Active gifts paused now: still active at the provider, but bringing nothing until they resume. */
  paused: number;
  /** Gifts by the status they are shown with: a paused gift under "paused", not "active". */
  byStatus: Record<string, number>;
}

export async function getSubscriptionSummary(): Promise<SubscriptionSummary> {
  // From the totals the database keeps (migration 0024), never a pass over every gift.
  const rows = await getDb()
    .selectFrom("subscription_totals")
    .select(["status", "interval", "paused", "gifts as count", "amount_cents as cents"])
    .where("is_test", "in", countedTestFlags())
    .where("gifts", "<>", 0)
    .execute();
  const byStatus: Record<string, number> = {};
  let monthlyCents = 0;
  let paused = 0;
  for (const row of rows) {
    const status = shownStatus(row.status, Boolean(Number(row.paused)));
    byStatus[status] = (byStatus[status] ?? 0) + Number(row.count);
    // A paused gift brings nothing while it is paused: counted beside the revenue, not in it.
    if (status === PAUSED_STATUS) paused += Number(row.count);
    else if (status === "active") monthlyCents += row.interval === "year" ? Number(row.cents) / 12 : Number(row.cents);
  }
  return {
    total: Object.values(byStatus).reduce((sum, count) => sum + count, 0),
    active: byStatus.active ?? 0,
    monthlyRevenue: centsToDollars(monthlyCents),
    paused,
    byStatus,
  };
}

/**
 * Cancels a recurring gift with immediate effect: at the provider first (so no further
 * charge can happen), then here from the provider's answer. A running, paused or past-due
 * gift; a failed charge still open is then written off, without the lost gift's mail (the
 * donor or staff asked for the ending).
 */
export async function cancelSubscription(input: unknown, actor: ChangeActor = STAFF): Promise<Subscription> {
  const { subscription_id: providerSubscriptionId } = parseOrThrow(cancelSubscriptionSchema, input);
  const db = getDb();
  const local = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("stripe_subscription_id", "=", providerSubscriptionId)
    .executeTakeFirst();
  if (!local) throw new NotFoundError("Subscription not found");
  if (!isCancelable(local.status))
    throw new ConflictError(`This recurring gift has ended already; it is ${local.status}`);
  const canceled = await getPaymentGateway().cancelSubscription(providerSubscriptionId);
  await recordInTransaction(async (trx) => {
    await applySubscriptionState(trx, canceled, { actor });
    await followSubscriptionTroubles(trx, canceled);
    if (actor.kind === "staff")
      await recordAudit(
        {
          action: "cancel",
          entity: "subscription",
          entityId: local.id,
          summary: `Recurring gift of ${local.name}`,
          before: { status: local.status },
          after: { status: canceled.status },
        },
        trx,
      );
  });
  const row = await db.selectFrom("subscriptions").selectAll().where("id", "=", local.id).executeTakeFirstOrThrow();
  return (await toSubscriptions([row]))[0]!;
}

/** 'Update Status': every known subscription's status and next charge, as the provider has them now. */
export async function refreshSubscriptionStatuses(): Promise<number> {
  let updated = 0;
  for await (const subscription of getPaymentGateway().listSubscriptions()) {
    const outcome = await recordInTransaction(async (db) => {
      const applied = await applySubscriptionState(db, subscription, { createMissing: false });
      await followSubscriptionTroubles(db, subscription);
      return applied;
    });
    if (outcome === "updated") updated += 1;
  }
  return updated;
}
