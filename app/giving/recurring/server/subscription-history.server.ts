import type { Kysely } from "kysely";
import { changeWords, recurringChangeMail, type HistoryReader, type RecurringChange } from "../rules/recurring-changes";
import type { GiftSchedule } from "../rules/recurring-pause";
import { centsToDollars } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { organisation } from "~/lib/organisation.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { queueMail } from "~/mail/queue/index.server";
import type { Database, SubscriptionChangeActor, SubscriptionRow } from "../../../../db/schema";

/**
 * A recurring gift's history: each change is kept as a line, and told to the donor by one
 * mail, queued in the same transaction as the change (keyed by the line, so never twice).
 */
export interface ChangeActor {
  kind: SubscriptionChangeActor;
  /** Staff's username; "" for the donor and the provider. */
  name: string;
}

export const PROVIDER: ChangeActor = { kind: "provider", name: "" };

export interface ChangeRecord {
  kind: RecurringChange["kind"];
  fromCents?: number | null;
  toCents?: number | null;
  resumesAt?: string | null;
}

/**
 * Keeps one line of history and, unless `mail` is false, confirms it to the donor. A line
 * reported by the provider's event is kept once per event, however often it is delivered.
 */
export async function recordSubscriptionChange(
  db: Kysely<Database>,
  subscription: SubscriptionRow,
  change: ChangeRecord,
  actor: ChangeActor,
  {
    providerEventId = null,
    happenedAt = nowIso(),
    mail = true,
  }: { providerEventId?: string | null; happenedAt?: string; mail?: boolean } = {},
): Promise<void> {
  const line = await db
    .insertInto("subscription_changes")
    .values({
      subscription_id: subscription.id,
      kind: change.kind,
      from_cents: change.fromCents ?? null,
      to_cents: change.toCents ?? null,
      resumes_at: change.resumesAt ?? null,
      actor: actor.kind,
      actor_name: actor.name,
      happened_at: happenedAt,
      provider_event_id: providerEventId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!line || !mail || !subscription.email) return;
  const words = recurringChangeMail(
    {
      kind: change.kind,
      fromCents: change.fromCents ?? null,
      toCents: change.toCents ?? null,
      resumesAt: change.resumesAt ?? null,
      actor: actor.kind,
    },
    {
      donorName: subscription.name,
      ...scheduleOf(subscription),
      amountCents: change.toCents ?? subscription.amount_cents,
      isTest: subscription.is_test === 1,
      myGivingUrl: `${configuredSiteUrl()}/my-giving`,
    },
    getEnv().SITE_TIMEZONE,
    organisation().legalName,
  );
  await queueMail(db, {
    ...words,
    kind: "recurring-change",
    to: subscription.email,
    dedupeKey: `subscription-change-${line.id}`,
  });
}

/** When a gift is charged, as the words about a pause need it. */
function scheduleOf(gift: Pick<SubscriptionRow, "interval" | "payment_day" | "payment_month">): GiftSchedule {
  return { interval: gift.interval, paymentDay: gift.payment_day, paymentMonth: gift.payment_month };
}

/** A line of a gift's history as staff, the donor and the API see it (money in dollars). */
export interface SubscriptionChange {
  kind: RecurringChange["kind"];
  from: number | null;
  to: number | null;
  resumes_at: string | null;
  actor: SubscriptionChangeActor;
  actor_name: string;
  happened_at: string;
  /** "Amount changed by you; from $50 to $25", in the reader's words and the site's time zone. */
  words: string;
}

/** A recurring gift's history, oldest first, in the words of its reader (staff, or the donor: "by you"). */
export async function subscriptionHistory(
  subscriptionId: number,
  reader: HistoryReader = "staff",
): Promise<SubscriptionChange[]> {
  const gift = await getDb()
    .selectFrom("subscriptions")
    .select(["interval", "payment_day", "payment_month"])
    .where("id", "=", subscriptionId)
    .executeTakeFirst();
  if (!gift) return [];
  const rows = await getDb()
    .selectFrom("subscription_changes")
    .selectAll()
    .where("subscription_id", "=", subscriptionId)
    .orderBy("happened_at")
    .orderBy("id")
    .execute();
  const timeZone = getEnv().SITE_TIMEZONE;
  return rows.map((row) => ({
    kind: row.kind,
    from: row.from_cents === null ? null : centsToDollars(row.from_cents),
    to: row.to_cents === null ? null : centsToDollars(row.to_cents),
    resumes_at: row.resumes_at,
    actor: row.actor,
    actor_name: row.actor_name,
    happened_at: row.happened_at,
    words: changeWords(
      {
        kind: row.kind,
        fromCents: row.from_cents,
        toCents: row.to_cents,
        resumesAt: row.resumes_at,
        actor: row.actor,
        actorName: row.actor_name,
      },
      scheduleOf(gift),
      timeZone,
      reader,
    ),
  }));
}
