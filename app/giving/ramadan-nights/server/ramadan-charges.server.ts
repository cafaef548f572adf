import { sql, type Kysely, type Updateable } from "kysely";
import {
  NIGHT_ATTEMPTS,
  UNANSWERED_SENDS,
  nightAttemptKey,
  nightTiming,
  retryAt,
  tonightsEvening,
} from "../rules/ramadan-charge-window";
import { ramadanNightFailedMail } from "../rules/ramadan-mails";
import { nightIsInRamadan } from "../rules/ramadan-nights";
import { getDb } from "~/lib/db.server";
import { isoDatePlusDays } from "~/lib/sql-dialect.server";
import { startBackgroundRounds } from "~/lib/background-rounds.server";
import { getEnv, paymentMode } from "~/lib/env.server";
import type { SavedCardCharge } from "~/lib/payments/gateway";
import type { ProviderPaymentIntent } from "~/lib/payments/provider-objects";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { logFailure } from "~/lib/service-errors";
import { thisYearsEid } from "~/funds/zakat-policy/index.server";
import { queueMail } from "~/mail/queue/index.server";
import type { Database, RamadanNightRow, RamadanNightsTable, RamadanScheduleRow } from "../../../../db/schema";
import { placeGift, insertGiftOnce } from "~/giving/gifts/index.server";
import { mailScheduleOf } from "./ramadan-activation.server";
import { ramadanChargeHour, ramadanSettings } from "./ramadan-settings.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * The scheduled-charge queue of Ramadan's nights, run from the server process every minute
 * (with or without SMTP) and by staff's "Run tonight's charges now".
 *
 * Each round first writes off the nights whose time has passed (missed, never charged on
 * another night's date), then takes the nights that are due one at a time: it claims the
 * night for CLAIM_SECONDS (no other round, in this process or another, takes it meanwhile;
 * a claim left by a process that stopped mid-charge lapses and the night is taken up
 * again), charges the saved card with the attempt's own idempotency key, and records the
 * gift and the night's charge in one transaction. A re-sent attempt carries the same key,
 * so the provider answers with the same charge, and the gift is recorded once by its
 * payment id: a restart, a second round or a retry never charges a night twice. A new key
 * (a new attempt) is made only after a definite decline; a charge still under way at the
 * provider keeps its night claimed under the same key until the provider says how it ended.
 */
const CLAIM_SECONDS = 120;

/** Words kept on a night that was not charged, for the donor's and staff's screens. */
export const NOT_CONFIRMED_WORDS = "Not charged: the end of Ramadan was not confirmed";
const TWENTY_NINE_NIGHTS_WORDS = "Ramadan had 29 nights this year";
const NO_ANSWER_WORDS = "Not charged: the card payment provider did not answer";

/** What one round did. */
export interface RamadanChargeRound {
  charged: number;
  failed: number;
  /** Tonight's nights already charged before this round (staff's run says so). */
  already_charged: number;
  missed: number;
}

type Executor = Kysely<Database>;
type NightToCharge = RamadanNightRow & { schedule: RamadanScheduleRow };

interface RoundOptions {
  now?: Date;
  /** Staff chose to charge tonight's nights now, even before the hour. */
  tonightNow?: boolean;
  stopping?: () => boolean;
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString();

/** Staff's "Run tonight's charges now": the same round, tonight's nights charged at once even before the hour. */
export async function runTonightsRamadanCharges({
  now = new Date(),
  by = "staff",
}: { now?: Date; by?: string } = {}): Promise<RamadanChargeRound> {
  const round = await runRamadanChargeRound({ now, tonightNow: true });
  console.info(
    `Ramadan charges run by ${by}: ${round.charged} charged, ${round.failed} failed, ${round.missed} missed`,
  );
  await recordAudit({
    action: "run",
    entity: "ramadan-charges",
    summary: `Tonight's Ramadan charges: ${round.charged} charged, ${round.failed} failed, ${round.missed} missed`,
  });
  return round;
}

/** One round of the queue. */
export async function runRamadanChargeRound({
  now = new Date(),
  tonightNow = false,
  stopping = () => false,
}: RoundOptions = {}): Promise<RamadanChargeRound> {
  const db = getDb();
  const timeZone = getEnv().SITE_TIMEZONE;
  const chargeHour = await ramadanChargeHour(db);
  const tonight = tonightsEvening(now, timeZone);
  await redateToConfirmedFirstNight(db, now);

  const round: RamadanChargeRound = {
    charged: 0,
    failed: 0,
    already_charged: tonightNow ? await chargedTonight(db, tonight) : 0,
    missed: 0,
  };
  const candidates = await nightsUpTo(db, tonight);
  for (const night of candidates) {
    if (stopping()) break;
    const timing = nightTiming(night.evening, chargeHour, timeZone, now);
    // A night whose time has passed, or left mid-charge in a schedule stopped meanwhile.
    const over = timing === "closed" || night.schedule.status !== "active";
    const due = timing === "open" || (tonightNow && night.evening === tonight);
    if (!over && (!due || !isClaimable(night, now))) continue;
    const outcome = over ? await writeOff(db, night, now, chargeHour) : await chargeNight(db, night, now, chargeHour);
    if (outcome === "charged") round.charged += 1;
    else if (outcome === "failed") round.failed += 1;
    else if (outcome === "missed") round.missed += 1;
  }
  await finishSchedules(db);
  return round;
}

/**
 * Nights still to give, on or before tonight's evening, of schedules whose card is saved
 * (and nights a stopped schedule left mid-charge, to settle), whose cards this site can
 * charge now: a sandbox card only without card keys, a Stripe card only with keys of its
 * own mode. The others wait untouched for the site to be back in their mode.
 */
async function nightsUpTo(db: Executor, tonight: string): Promise<NightToCharge[]> {
  const mode = paymentMode();
  const rows = await db
    .selectFrom("ramadan_nights as night")
    .innerJoin("ramadan_schedules as schedule", "schedule.id", "night.schedule_id")
    .selectAll("night")
    .where("night.evening", "<=", tonight)
    .where((eb) =>
      eb.or([
        eb.and([eb("schedule.status", "=", "active"), eb("night.status", "in", ["pending", "retrying", "charging"])]),
        eb.and([eb("schedule.status", "=", "stopped"), eb("night.status", "=", "charging")]),
      ]),
    )
    .where((eb) => {
      const sandboxCard = eb(
        eb.fn("substr", ["schedule.payment_method_id", eb.val(1), eb.val(SANDBOX_CARD.length)]),
        "=",
        SANDBOX_CARD,
      );
      return mode === "sandbox"
        ? sandboxCard
        : eb.and([eb.not(sandboxCard), eb("schedule.is_test", "=", mode === "live" ? 0 : 1)]);
    })
    .orderBy("night.evening")
    .orderBy("night.id")
    .execute();
  if (rows.length === 0) return [];
  const schedules = await db
    .selectFrom("ramadan_schedules")
    .selectAll()
    .where("id", "in", [...new Set(rows.map((row) => row.schedule_id))])
    .execute();
  const byId = new Map(schedules.map((schedule) => [schedule.id, schedule]));
  return rows.map((night) => ({ ...night, schedule: byId.get(night.schedule_id)! }));
}

/** How the sandbox names the cards it saves. */
const SANDBOX_CARD = "pm_sandbox_";

/** A night may be taken: new, its retry due, or its claim lapsed (the process charging it stopped). */
function isClaimable(night: RamadanNightRow, now: Date): boolean {
  if (night.status === "pending") return true;
  if (night.status === "retrying") return !night.next_attempt_at || night.next_attempt_at <= now.toISOString();
  return night.status === "charging" && (!night.claimed_until || night.claimed_until <= now.toISOString());
}

/**
 * A night whose time has passed (or whose schedule was stopped while it was being charged):
 * missed if it was never tried, failed if its retry did not come in time, stopped if its
 * schedule was. A night left mid-charge is first asked after once with its own key (the
 * provider answers with that charge, never a new one): money taken is recorded as its gift.
 */
async function writeOff(db: Executor, night: NightToCharge, now: Date, chargeHour: number): Promise<ChargeOutcome> {
  if (night.status === "charging" && night.claimed_until && night.claimed_until > now.toISOString()) return "skipped";
  if (night.status === "charging" && night.idempotency_key) {
    const settled = await askAfterOnce(db, night, now, chargeHour);
    if (settled !== "unknown") return settled;
  }
  const { status, words } = await writtenOffAs(db, night);
  const result = await db
    .updateTable("ramadan_nights")
    .set({ status, claimed_until: null, next_attempt_at: null, ...(words ? { last_error: words } : {}) })
    .where("id", "=", night.id)
    .where("status", "=", night.status)
    .executeTakeFirst();
  return status === "missed" && Number(result.numUpdatedRows) > 0 ? "missed" : "skipped";
}

/** What a night that can no longer be charged becomes, and the words kept on it. */
async function writtenOffAs(
  db: Executor,
  night: NightToCharge,
): Promise<{ status: "missed" | "failed" | "stopped"; words?: string }> {
  if (night.schedule.status !== "active") return { status: "stopped" };
  if (night.status === "retrying") return { status: "failed" };
  if (night.number === 30 && night.status === "pending") {
    const thirtieth = await hasThirtiethNight(db, night);
    if (thirtieth === null) return { status: "stopped", words: NOT_CONFIRMED_WORDS };
    if (!thirtieth) return { status: "stopped", words: TWENTY_NINE_NIGHTS_WORDS };
  }
  return { status: "missed" };
}

/**
 * A night left mid-charge, before it is written off: its key is sent once more, under a claim
 * of its own. Paid: the gift is recorded; declined: recorded as a decline (no retry); still
 * under way or no answer: "unknown", and it is written off (the provider's event records it if
 * the charge goes through later). "skipped" when another round took it first.
 */
async function askAfterOnce(
  db: Executor,
  night: NightToCharge,
  now: Date,
  chargeHour: number,
): Promise<ChargeOutcome | "unknown"> {
  const claimed = await claim(db, night, { status: "charging", claimed_until: later(now, CLAIM_SECONDS) });
  if (!claimed) return "skipped";
  const asked = { ...night, claimed_until: later(now, CLAIM_SECONDS) };
  let charge: SavedCardCharge;
  try {
    charge = await sendCharge(night, night.idempotency_key!);
  } catch (error) {
    console.warn(
      `Ramadan night ${night.id}: no answer from the card payment provider before it is written off; its event records the charge if it was made`,
      error instanceof Error ? error.message : error,
    );
    return "unknown";
  }
  if (charge.outcome === "pending") return "unknown";
  return recordAnswer(db, asked, charge, { attempt: NIGHT_ATTEMPTS, now, chargeHour });
}

/** The night, changed only if it is still as it was read: another round that took it first wins. */
async function claim(db: Executor, night: RamadanNightRow, changes: Updateable<RamadanNightsTable>): Promise<boolean> {
  const claimed = await db
    .updateTable("ramadan_nights")
    .set(changes)
    .where("id", "=", night.id)
    .where("status", "=", night.status)
    .where((eb) =>
      night.claimed_until === null ? eb("claimed_until", "is", null) : eb("claimed_until", "=", night.claimed_until),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

type ChargeOutcome = "charged" | "failed" | "missed" | "skipped";

/**
 * Claims the night (only if it is still as it was read: another round that took it first
 * wins), then charges it. A lapsed claim is resumed with its own key, as it was sent; a key
 * sent UNANSWERED_SENDS times without an answer gives the night up as failed.
 */
async function chargeNight(db: Executor, night: NightToCharge, now: Date, chargeHour: number): Promise<ChargeOutcome> {
  if (night.number === 30 && night.status === "pending") {
    const thirtieth = await hasThirtiethNight(db, night);
    // Until staff confirm Eid al-Fitr, the 30th night waits within its own night.
    if (thirtieth === null) return "skipped";
    if (!thirtieth) {
      await db
        .updateTable("ramadan_nights")
        .set({ status: "stopped", last_error: TWENTY_NINE_NIGHTS_WORDS })
        .where("id", "=", night.id)
        .where("status", "=", night.status)
        .execute();
      return "skipped";
    }
  }
  const resuming = night.status === "charging" && night.idempotency_key !== null;
  if (resuming && night.unanswered_sends >= UNANSWERED_SENDS) return giveUpUnanswered(db, night);
  const attempt = resuming ? night.attempts : night.attempts + 1;
  const key = resuming
    ? night.idempotency_key!
    : nightAttemptKey(night.schedule.setup_session_id ?? `schedule-${night.schedule_id}`, night.number, attempt);
  const claimedUntil = later(now, CLAIM_SECONDS);
  const changes = {
    status: "charging" as const,
    attempts: attempt,
    idempotency_key: key,
    claimed_until: claimedUntil,
    unanswered_sends: resuming ? night.unanswered_sends : 0,
  };
  if (!(await claim(db, night, changes))) return "skipped";

  let charge: SavedCardCharge;
  try {
    charge = await sendCharge(night, key);
  } catch (error) {
    // Not known whether the provider took it: the claim lapses and the same key is sent again.
    await db
      .updateTable("ramadan_nights")
      .set((eb) => ({ unanswered_sends: eb("unanswered_sends", "+", 1) }))
      .where("id", "=", night.id)
      .execute();
    logFailure(`Ramadan night ${night.id} could not be charged now; it is tried again with the same key`, error);
    return "skipped";
  }
  return recordAnswer(db, { ...night, ...changes }, charge, { attempt, now, chargeHour });
}

/** The provider's answer to a night's charge: recorded as paid, kept under way, or declined. */
async function recordAnswer(
  db: Executor,
  night: NightToCharge,
  charge: SavedCardCharge,
  { attempt, now, chargeHour }: { attempt: number; now: Date; chargeHour: number },
): Promise<ChargeOutcome> {
  if (charge.outcome === "paid") {
    await getDb()
      .transaction()
      .execute((trx) =>
        recordNightCharged(trx, night.id, {
          paymentIntentId: charge.paymentIntentId,
          livemode: charge.livemode,
          paidAt: charge.paidAt,
        }),
      );
    return "charged";
  }
  if (charge.outcome === "pending") {
    // Neither paid nor declined yet: the night keeps its key, asked after once its claim lapses.
    await db
      .updateTable("ramadan_nights")
      .set({ payment_intent_id: charge.paymentIntentId, unanswered_sends: 0 })
      .where("id", "=", night.id)
      .where("status", "=", "charging")
      .execute();
    return "skipped";
  }
  await recordNightDeclined(db, night, { ...charge, attempt, now, chargeHour });
  return "failed";
}

/** The night's charge, sent with its key (a key sent again is answered with the same charge). */
function sendCharge(night: NightToCharge, key: string): Promise<SavedCardCharge> {
  return getPaymentGateway().chargeSavedCard({
    customerId: night.schedule.provider_customer_id ?? "",
    paymentMethodId: night.schedule.payment_method_id ?? "",
    amountCents: night.amount_cents,
    description: `Night ${night.number} of Ramadan: ${night.schedule.purpose}`,
    metadata: {
      ramadan_schedule_id: String(night.schedule_id),
      ramadan_night_id: String(night.id),
      ramadan_night: String(night.number),
    },
    idempotencyKey: key,
  });
}

/** The provider did not answer the same key time after time: the night is given up, without a new key. */
async function giveUpUnanswered(db: Executor, night: NightToCharge): Promise<ChargeOutcome> {
  const claimed = await claim(db, night, {
    status: "failed",
    claimed_until: null,
    next_attempt_at: null,
    last_error: NO_ANSWER_WORDS,
  });
  if (!claimed) return "skipped";
  console.warn(
    `Ramadan night ${night.id} given up after ${night.unanswered_sends} sends without an answer; the provider's event records it if it was charged`,
  );
  return "failed";
}

/**
 * Whether the 30th night is Ramadan's this year, by Eid al-Fitr's day as staff confirmed it;
 * null until they do (the calculation alone never decides it: the moon does).
 */
async function hasThirtiethNight(db: Executor, night: NightToCharge): Promise<boolean | null> {
  const eid = await thisYearsEid(night.evening, db);
  return nightIsInRamadan(30, night.schedule.first_night ?? night.evening, eid.confirmed ? eid.date : null);
}

/**
 * A night's charge went through: the gift (frequency Ramadan, with its receipt) and the
 * night's record in the caller's transaction, once by the charge's payment id. Also how
 * the provider's payment_intent.succeeded event records a charge whose round was cut short.
 */
export async function recordNightCharged(
  db: Executor,
  nightId: number,
  charge: { paymentIntentId: string; livemode: boolean; paidAt: number },
): Promise<"recorded" | "already-recorded" | "not-ours"> {
  const night = await db.selectFrom("ramadan_nights").selectAll().where("id", "=", nightId).executeTakeFirst();
  if (!night) return "not-ours";
  if (night.status === "charged" && night.payment_intent_id === charge.paymentIntentId) return "already-recorded";
  const schedule = await db
    .selectFrom("ramadan_schedules")
    .selectAll()
    .where("id", "=", night.schedule_id)
    .executeTakeFirstOrThrow();
  const donatedAt = new Date(charge.paidAt * 1000).toISOString();
  await insertGiftOnce(
    db,
    {
      name: schedule.name,
      email: schedule.email,
      amount_cents: night.amount_cents,
      fee_cover_cents: 0,
      anonymous: schedule.anonymous,
      frequency: "Ramadan",
      ...(await placeGift(
        db,
        { purpose: schedule.purpose, designation: `Night ${night.number} of Ramadan`, fundId: schedule.fund_id },
        donatedAt,
      )),
      donated_at: donatedAt,
      stripe_payment_intent_id: charge.paymentIntentId,
      payment_method: "card",
      is_test: schedule.is_test === 1 || !charge.livemode ? 1 : 0,
    },
    { column: "stripe_payment_intent_id", value: charge.paymentIntentId },
  );
  const gift = await db
    .selectFrom("donations")
    .select("id")
    .where("stripe_payment_intent_id", "=", charge.paymentIntentId)
    .executeTakeFirstOrThrow();
  if (night.status === "charged") {
    // Money taken is always a gift, even a second charge of one night: staff can refund it.
    console.warn(
      `Ramadan night ${night.id} was charged again by ${charge.paymentIntentId}; recorded as gift ${gift.id}`,
    );
    return "recorded";
  }
  await db
    .updateTable("ramadan_nights")
    .set({
      status: "charged",
      donation_id: gift.id,
      payment_intent_id: charge.paymentIntentId,
      charged_at: donatedAt,
      claimed_until: null,
      next_attempt_at: null,
      last_error: "",
    })
    .where("id", "=", night.id)
    .execute();
  return "recorded";
}

/**
 * The bank declined: the night is tried once more an hour later if its night lasts that
 * long and its schedule was not stopped meanwhile, else it stays failed; the donor is told
 * once, at the first decline, with what follows.
 */
async function recordNightDeclined(
  db: Executor,
  night: NightToCharge,
  {
    declineMessage,
    paymentIntentId,
    attempt,
    now,
    chargeHour,
  }: { declineMessage: string; paymentIntentId: string | null; attempt: number; now: Date; chargeHour: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const schedule = await trx
      .selectFrom("ramadan_schedules")
      .select("status")
      .where("id", "=", night.schedule_id)
      .executeTakeFirstOrThrow();
    const stopped = schedule.status === "stopped";
    const again =
      !stopped && attempt < NIGHT_ATTEMPTS ? retryAt(now, night.evening, chargeHour, getEnv().SITE_TIMEZONE) : null;
    await trx
      .updateTable("ramadan_nights")
      .set({
        status: again ? "retrying" : "failed",
        next_attempt_at: again?.toISOString() ?? null,
        claimed_until: null,
        payment_intent_id: paymentIntentId,
        last_error: declineMessage.slice(0, 500),
        failure_mailed: 1,
      })
      .where("id", "=", night.id)
      .where("status", "=", "charging")
      .execute();
    if (night.failure_mailed === 1) return;
    const words = ramadanNightFailedMail(
      mailScheduleOf(night.schedule),
      { number: night.number, evening: night.evening, amountCents: night.amount_cents },
      declineMessage,
      stopped ? "stopped" : again ? "retrying" : "not-again",
    );
    await queueMail(trx, {
      ...words,
      kind: "ramadan-night-failed",
      to: night.schedule.email,
      dedupeKey: `ramadan-night-failed-${night.id}`,
    });
  });
}

/** The provider's payment_intent.succeeded: a night's charge, recorded unless it already is. */
export async function recordRamadanChargeEvent(db: Executor, intent: ProviderPaymentIntent): Promise<string> {
  const nightId = Number(intent.metadata?.ramadan_night_id);
  if (!Number.isInteger(nightId) || nightId <= 0 || intent.status !== "succeeded") return "not-ours";
  return recordNightCharged(db, nightId, {
    paymentIntentId: intent.id,
    livemode: intent.livemode,
    paidAt: intent.created,
  });
}

/** Tonight's nights already charged (before this round). */
async function chargedTonight(db: Executor, tonight: string): Promise<number> {
  const row = await db
    .selectFrom("ramadan_nights")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("evening", "=", tonight)
    .where("status", "=", "charged")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A schedule whose every night is given, missed, failed or stopped is finished. */
async function finishSchedules(db: Executor): Promise<void> {
  await db
    .updateTable("ramadan_schedules")
    .set({ status: "finished" })
    .where("status", "=", "active")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("ramadan_nights")
            .select("ramadan_nights.id")
            .whereRef("ramadan_nights.schedule_id", "=", "ramadan_schedules.id")
            .where("ramadan_nights.status", "in", ["pending", "retrying", "charging"]),
        ),
      ),
    )
    .execute();
}

/**
 * Nights written from the calculation's proposal move to the first night staff confirmed
 * (the moon decides): each night still to give keeps its number and takes its new evening.
 */
export async function redateToConfirmedFirstNight(db: Executor = getDb(), now = new Date()): Promise<void> {
  const settings = await ramadanSettings(tonightsEvening(now, getEnv().SITE_TIMEZONE), db);
  const confirmed = settings.first_night;
  if (!confirmed) return;
  const moved = await db
    .selectFrom("ramadan_schedules")
    .select("id")
    .where("hijri_year", "=", settings.hijri_year)
    .where("status", "=", "active")
    .where("first_night", "!=", confirmed)
    .execute();
  if (moved.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = moved.map((schedule) => schedule.id);
    await trx
      .updateTable("ramadan_nights")
      .set({ evening: isoDatePlusDays(confirmed, sql<number>`number - 1`) })
      .where("schedule_id", "in", ids)
      .where("status", "in", ["pending"])
      .execute();
    await trx.updateTable("ramadan_schedules").set({ first_night: confirmed }).where("id", "in", ids).execute();
  });
}

/**
 * Starts the queue: a round every `intervalMs` (a minute), rounds never overlapping.
 * Returns the function that stops it; the night being charged is finished and recorded
 * before the returned promise settles.
 */
export function startRamadanCharges(intervalMs = 60_000): () => Promise<void> {
  return startBackgroundRounds({
    name: "Ramadan charge",
    intervalMs,
    round: async (stopping) => {
      await runRamadanChargeRound({ stopping });
      return false;
    },
  });
}
