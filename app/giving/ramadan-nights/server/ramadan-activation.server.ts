import type { Kysely } from "kysely";
import { ramadanStartedMail, type RamadanMailSchedule } from "../rules/ramadan-mails";
import { ramadanNights } from "../rules/ramadan-nights";
import { nightsStillToGive } from "../rules/ramadan-nights-to-give";
import { getEnv } from "~/lib/env.server";
import { nowIso } from "~/lib/db.server";
import type { SavedCard } from "~/lib/payments/gateway";
import type { ProviderCheckoutSession } from "~/lib/payments/provider-objects";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { queueMail } from "~/mail/queue/index.server";
import type { Database, RamadanScheduleRow } from "../../../../db/schema";
import { firstNightFor, ramadanChargeHour } from "./ramadan-settings.server";

type Executor = Kysely<Database>;

/**
 * The provider reports a setup checkout complete: the donor's card is saved, so their
 * schedule becomes active and its nights are written, dated from the first night staff
 * confirmed (or, until they do, the calculation's proposal; the nights are re-dated when
 * staff confirm). Nights whose time has already passed are not written: a donor who
 * starts on the 25th night gives from that night on. Once only, however often reported.
 */
export async function activateRamadanSchedule(
  db: Executor,
  session: ProviderCheckoutSession,
  card: SavedCard | null,
): Promise<"activated" | "already-active" | "not-ours" | "no-card"> {
  const schedule = await findBySession(db, session);
  if (!schedule) return "not-ours";
  if (schedule.status !== "awaiting_card") return "already-active";
  if (!card) {
    console.warn(
      `Setup checkout ${session.id} completed without a saved card: Ramadan schedule ${schedule.id} still waits for one`,
    );
    return "no-card";
  }
  const firstNight = await firstNightFor(db, schedule.hijri_year);
  const chargeHour = await ramadanChargeHour(db);
  const now = new Date();
  const timeZone = getEnv().SITE_TIMEZONE;
  const nights = nightsStillToGive(
    ramadanNights(
      {
        plan: schedule.plan,
        perNightCents: schedule.per_night_cents,
        doubleOddNights: schedule.double_odd_nights === 1,
      },
      firstNight,
    ),
    now,
    chargeHour,
    timeZone,
  );

  const isTest = card.livemode && session.livemode ? 0 : 1;
  await db
    .updateTable("ramadan_schedules")
    .set({
      status: nights.length > 0 ? "active" : "finished",
      provider_customer_id: card.customerId,
      payment_method_id: card.paymentMethodId,
      setup_session_id: session.id,
      is_test: isTest,
      first_night: firstNight,
      activated_at: nowIso(),
    })
    .where("id", "=", schedule.id)
    .execute();
  if (nights.length > 0) {
    await db
      .insertInto("ramadan_nights")
      .values(
        nights.map((night) => ({
          schedule_id: schedule.id,
          number: night.night,
          evening: night.evening,
          amount_cents: night.amountCents,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const words = ramadanStartedMail(
    mailScheduleOf({ ...schedule, is_test: isTest }),
    nights[0] ? { number: nights[0].night, evening: nights[0].evening } : null,
    chargeHour,
    getEnv().SITE_TIMEZONE,
  );
  await queueMail(db, {
    ...words,
    kind: "ramadan-started",
    to: schedule.email,
    dedupeKey: `ramadan-started-${schedule.id}`,
  });
  return "activated";
}

/** The schedule a setup checkout was started for: by its id, else the schedule the checkout names. */
async function findBySession(db: Executor, session: ProviderCheckoutSession): Promise<RamadanScheduleRow | undefined> {
  const bySession = await db
    .selectFrom("ramadan_schedules")
    .selectAll()
    .where("setup_session_id", "=", session.id)
    .executeTakeFirst();
  if (bySession) return bySession;
  const id = Number(session.metadata?.ramadan_schedule_id);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  // Only a schedule not yet tied to another checkout: a checkout names the schedule it was started for.
  return db
    .selectFrom("ramadan_schedules")
    .selectAll()
    .where("id", "=", id)
    .where((eb) => eb.or([eb("setup_session_id", "is", null), eb("setup_session_id", "=", session.id)]))
    .executeTakeFirst();
}

/** What the donor's Ramadan mails say of their schedule. */
export function mailScheduleOf(schedule: RamadanScheduleRow): RamadanMailSchedule {
  return {
    donorName: schedule.name,
    plan: schedule.plan,
    perNightCents: schedule.per_night_cents,
    doubleOddNights: schedule.double_odd_nights === 1,
    isTest: schedule.is_test === 1,
    myGivingUrl: `${configuredSiteUrl()}/my-giving`,
  };
}
