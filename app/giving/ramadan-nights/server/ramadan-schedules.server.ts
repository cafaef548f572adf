import { sql, type Kysely } from "kysely";
import { ramadanNights, ramadanTotal, type RamadanPlan } from "../rules/ramadan-nights";
import { nightsStillToGive } from "../rules/ramadan-nights-to-give";
import { ramadanStoppedMail } from "../rules/ramadan-mails";
import { ramadanRequestSchema } from "../rules/ramadan-request";
import { normalEmail } from "~/shared/donor-email";
import { centsToDollars, dollarsToCents } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { countOf, paged, pageOfRows, type ListPage } from "~/lib/list-pages.server";
import type { CheckoutStarted } from "~/lib/payments/gateway";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { limitCheckoutStarts } from "~/lib/public-form-limits.server";
import { ConflictError, NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { CheckoutVisitor } from "~/lib/visitor.server";
import type {
  Database,
  RamadanNightRow,
  RamadanNightStatus,
  RamadanScheduleRow,
  RamadanScheduleStatus,
} from "../../../../db/schema";
import { queueMail } from "~/mail/queue/index.server";
import { requireOpenFund } from "~/giving/gifts/index.server";
import { mailScheduleOf } from "./ramadan-activation.server";
import { ramadanSettings } from "./ramadan-settings.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * A donor's nights of Ramadan: started from the donate form (the card saved through the
 * provider's checkout in setup mode), seen by staff and by the donor in My giving, and
 * stopped by either. The nights themselves are charged by the scheduled-charge queue
 * (`ramadan-charges`).
 */

export interface RamadanPreviewNight {
  number: number;
  evening: string;
  amount_cents: number;
  doubled: boolean;
  /** The 30th night: given only if Ramadan has thirty days. */
  only_if_thirty_days: boolean;
}

/**
 * The nights a donor would give on, before checkout. `total_cents` is for a Ramadan of 29 days; the 30th night adds to
 * it only if there is one.
 */
export interface RamadanPreview {
  nights: RamadanPreviewNight[];
  total_cents: number;
  total_with_thirtieth_cents: number;
  first_night_confirmed: boolean;
}

export interface RamadanScheduleNight {
  number: number;
  evening: string;
  /** Dollars. */
  amount: number;
  status: RamadanNightStatus;
  charged_at: string | null;
  donation_id: number | null;
  /** The provider's words for a declined night, or "". */
  last_error: string;
}

/** A schedule as the API, the staff screen and My giving see it (amounts in dollars). */
export interface RamadanSchedule {
  id: number;
  name: string;
  email: string;
  plan: RamadanPlan;
  per_night: number;
  double_odd_nights: boolean;
  purpose: string;
  anonymous: boolean;
  status: RamadanScheduleStatus;
  is_test: boolean;
  hijri_year: number;
  first_night: string | null;
  nights: RamadanScheduleNight[];
  /** Dollars charged so far. */
  charged: number;
  /** Nights that failed (after their retry). */
  failed: number;
  created_at: string;
  stopped_at: string | null;
  stopped_by: string;
}

export interface RamadanScheduleFilter {
  status?: RamadanScheduleStatus;
  hijri_year?: number;
  email?: string;
}

/** Who stops a schedule from the staff side. */
export interface RamadanStopActor {
  name: string;
}

type Executor = Kysely<Database>;

/**
 * The nights of a plan and their amounts, from the confirmed first night (else the
 * proposal): only those still to give, as the card saved now would be charged for (a donor
 * starting on the 28th day gives from the 28th night), and the total of those.
 */
export async function previewRamadanNights(
  input: { plan: RamadanPlan; per_night: number; double_odd_nights: boolean },
  now = new Date(),
): Promise<RamadanPreview> {
  const settings = await ramadanSettings();
  const nights = nightsStillToGive(
    ramadanNights(
      { plan: input.plan, perNightCents: dollarsToCents(input.per_night), doubleOddNights: input.double_odd_nights },
      settings.first_night ?? settings.proposed_first_night,
    ),
    now,
    settings.charge_hour,
    getEnv().SITE_TIMEZONE,
  );
  const total = ramadanTotal(nights);
  return {
    nights: nights.map((night) => ({
      number: night.night,
      evening: night.evening,
      amount_cents: night.amountCents,
      doubled: night.doubled,
      only_if_thirty_days: night.onlyIfThirtyDays,
    })),
    total_cents: total.twentyNineDaysCents,
    total_with_thirtieth_cents: total.thirtyDaysCents,
    first_night_confirmed: settings.first_night !== null,
  };
}

/**
 * The donate form's Ramadan nights: the schedule is kept, waiting for its card, and the
 * donor goes to the provider's checkout to save one (nothing is charged there). The card
 * saved, the provider's report activates the schedule and writes its nights.
 */
export async function startRamadanCheckout(input: unknown, visitor: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(ramadanRequestSchema, input);
  // No card is saved for nights that are all over (the last night's morning has come).
  if ((await previewRamadanNights(request)).nights.length === 0)
    throw new ConflictError("This Ramadan's nights are over: there is no night left to give on.");
  const fund = await requireOpenFund(request.purpose);
  await limitCheckoutStarts(visitor.clientAddress);
  const gateway = getPaymentGateway();
  const settings = await ramadanSettings();
  const schedule = await getDb()
    .insertInto("ramadan_schedules")
    .values({
      name: request.name,
      email: normalEmail(request.email),
      plan: request.plan,
      per_night_cents: dollarsToCents(request.per_night),
      double_odd_nights: request.double_odd_nights ? 1 : 0,
      purpose: fund.purpose,
      fund_id: fund.id,
      anonymous: request.anonymous ? 1 : 0,
      hijri_year: settings.hijri_year,
      // Settled by the provider's report of the saved card (its livemode); the sandbox is always test money.
      is_test: gateway.kind === "sandbox" ? 1 : 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let started: CheckoutStarted;
  try {
    started = await gateway.createSetupCheckoutSession({
      email: request.email,
      name: request.name,
      metadata: { ramadan_schedule_id: String(schedule.id) },
      successUrl: `${visitor.siteUrl}/donation-success?ramadan=${schedule.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${visitor.siteUrl}/donate?${new URLSearchParams({ ramadan: request.plan, per_night: String(request.per_night), ...(request.double_odd_nights ? { double_odd_nights: "on" } : {}), purpose: fund.purpose, checkout: "canceled" })}`,
      siteUrl: visitor.siteUrl,
    });
  } catch (error) {
    // No checkout, no schedule: a provider outage leaves nothing waiting for a card that cannot come.
    await getDb().deleteFrom("ramadan_schedules").where("id", "=", schedule.id).execute();
    throw error;
  }
  await getDb()
    .updateTable("ramadan_schedules")
    .set({ setup_session_id: started.id })
    .where("id", "=", schedule.id)
    .execute();
  return started;
}

function toNight(row: RamadanNightRow): RamadanScheduleNight {
  return {
    number: row.number,
    evening: row.evening,
    amount: centsToDollars(row.amount_cents),
    status: row.status,
    charged_at: row.charged_at,
    donation_id: row.donation_id,
    last_error: row.last_error,
  };
}

function toSchedule(row: RamadanScheduleRow, nights: RamadanNightRow[]): RamadanSchedule {
  const own = nights.filter((night) => night.schedule_id === row.id).sort((a, b) => a.number - b.number);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    per_night: centsToDollars(row.per_night_cents),
    double_odd_nights: row.double_odd_nights === 1,
    purpose: row.purpose,
    anonymous: row.anonymous === 1,
    status: row.status,
    is_test: row.is_test === 1,
    hijri_year: row.hijri_year,
    first_night: row.first_night,
    nights: own.map(toNight),
    charged: centsToDollars(
      own.filter((night) => night.status === "charged").reduce((sum, night) => sum + night.amount_cents, 0),
    ),
    failed: own.filter((night) => night.status === "failed").length,
    created_at: row.created_at,
    stopped_at: row.stopped_at,
    stopped_by: row.stopped_by,
  };
}

async function schedulesWithNights(rows: RamadanScheduleRow[], db: Executor = getDb()): Promise<RamadanSchedule[]> {
  if (rows.length === 0) return [];
  const nights = await db
    .selectFrom("ramadan_nights")
    .selectAll()
    .where(
      "schedule_id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => toSchedule(row, nights));
}

/** The schedules a filter matches, in SQL (each filter by an index: status, email). */
function filtered(filter: RamadanScheduleFilter) {
  let query = getDb().selectFrom("ramadan_schedules");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.hijri_year) query = query.where("hijri_year", "=", filter.hijri_year);
  if (filter.email) query = query.where("email", "=", normalEmail(filter.email));
  return query;
}

/** Every schedule, newest first (those still waiting for a card included, so staff see a checkout left unfinished). */
export async function listRamadanSchedules(
  filter: RamadanScheduleFilter = {},
  page: { limit?: number; offset?: number } = {},
): Promise<RamadanSchedule[]> {
  return schedulesWithNights(await paged(filtered(filter).selectAll().orderBy("id", "desc"), page).execute());
}

/** A schedule as the staff list shows it: its nights counted (in SQL), not listed. */
export type RamadanScheduleSummary = Omit<RamadanSchedule, "nights"> & {
  nights_charged: number;
  nights_failed: number;
  nights_to_come: number;
};

/** The nights still to come: not yet given, nor failed, missed or stopped. */
const NIGHTS_TO_COME: readonly RamadanNightStatus[] = ["pending", "charging", "retrying"];

/** A count (or sum) over one schedule's own nights, read by the (schedule, number) index. */
function ofItsNights(what: "count" | "amount", statuses: readonly RamadanNightStatus[]) {
  const measure = what === "count" ? sql`count(*)` : sql`coalesce(sum(amount_cents), 0)`;
  return sql<number>`(select ${measure} from ramadan_nights where ramadan_nights.schedule_id = ramadan_schedules.id and ramadan_nights.status in (${sql.join([...statuses])}))`;
}

/** One page of the staff's list, newest first, with each schedule's nights counted in the query. */
export async function findRamadanSchedulePage(
  filter: RamadanScheduleFilter,
  page: number,
  pageSize: number,
): Promise<ListPage<RamadanScheduleSummary>> {
  const found = await pageOfRows(
    () => countOf(filtered(filter)),
    (limit, offset) =>
      filtered(filter)
        .selectAll()
        .select([
          ofItsNights("count", ["charged"]).as("nights_charged"),
          ofItsNights("amount", ["charged"]).as("charged_cents"),
          ofItsNights("count", ["failed"]).as("nights_failed"),
          ofItsNights("count", NIGHTS_TO_COME).as("nights_to_come"),
        ])
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    page,
    pageSize,
  );
  return {
    ...found,
    rows: found.rows.map(({ nights_charged, charged_cents, nights_failed, nights_to_come, ...row }) => {
      const { nights: _nights, ...schedule } = toSchedule(row, []);
      return {
        ...schedule,
        charged: centsToDollars(Number(charged_cents)),
        failed: Number(nights_failed),
        nights_charged: Number(nights_charged),
        nights_failed: Number(nights_failed),
        nights_to_come: Number(nights_to_come),
      };
    }),
  };
}

/** How many nights of the active schedules are still to come, counted in the query. */
export async function countRamadanNightsToCome(): Promise<number> {
  const row = await getDb()
    .selectFrom("ramadan_nights")
    .innerJoin("ramadan_schedules", "ramadan_schedules.id", "ramadan_nights.schedule_id")
    .where("ramadan_schedules.status", "=", "active")
    .where("ramadan_nights.status", "in", [...NIGHTS_TO_COME])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A schedule by its id, or null: the staff screen opens one whatever the list's filter or page. */
export async function findRamadanScheduleOrNull(id: number | null): Promise<RamadanSchedule | null> {
  if (id === null) return null;
  const row = await getDb().selectFrom("ramadan_schedules").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await schedulesWithNights([row]))[0]! : null;
}

/** The whole list for the API, a batch at a time. */
export async function* ramadanSchedulesInBatches(filter: RamadanScheduleFilter = {}): AsyncIterable<RamadanSchedule[]> {
  for (let offset = 0; ; offset += LIST_BATCH) {
    const batch = await listRamadanSchedules(filter, { limit: LIST_BATCH, offset });
    if (batch.length > 0) yield batch;
    if (batch.length < LIST_BATCH) return;
  }
}
const LIST_BATCH = 200;

const SCHEDULE_STATUSES: readonly RamadanScheduleStatus[] = ["awaiting_card", "active", "stopped", "finished"];

/** The API's filter: `status`, `hijri_year`, `email`; a value that names nothing is a problem to answer with a 422. */
export function readRamadanScheduleFilter(params: URLSearchParams): {
  filter: RamadanScheduleFilter;
  problem: string | null;
} {
  const filter: RamadanScheduleFilter = {};
  const status = params.get("status") ?? "";
  if (status) {
    if (!(SCHEDULE_STATUSES as readonly string[]).includes(status))
      return { filter, problem: `status must be one of ${SCHEDULE_STATUSES.join(", ")}` };
    filter.status = status as RamadanScheduleStatus;
  }
  const year = params.get("hijri_year") ?? "";
  if (year) {
    if (!/^\d{4}$/.test(year)) return { filter, problem: "hijri_year must be a Hijri year, e.g. 1448" };
    filter.hijri_year = Number(year);
  }
  const email = (params.get("email") ?? "").trim();
  if (email) filter.email = email;
  return { filter, problem: null };
}

export async function findRamadanSchedule(id: number): Promise<RamadanSchedule> {
  const row = await getDb().selectFrom("ramadan_schedules").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError(`Ramadan schedule ${id} not found`);
  return (await schedulesWithNights([row]))[0]!;
}

/** A donor's own schedules for My giving (those whose card was saved). */
export async function ramadanSchedulesOf(email: string): Promise<RamadanSchedule[]> {
  const rows = await getDb()
    .selectFrom("ramadan_schedules")
    .selectAll()
    .where("email", "=", normalEmail(email))
    .where("status", "!=", "awaiting_card")
    .orderBy("id", "desc")
    .execute();
  return schedulesWithNights(rows);
}

/**
 * The donor stops the nights still to come, from My giving: only their own schedule, found by their signed-in email.
 */
export async function stopMyRamadanNights(email: string, scheduleId: number): Promise<RamadanSchedule> {
  const row = await getDb()
    .selectFrom("ramadan_schedules")
    .select("id")
    .where("id", "=", scheduleId)
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("No such Ramadan nights among your gifts");
  return stopSchedule(scheduleId, "donor");
}

/** Staff stop a schedule: its nights still to come are not charged. */
export async function stopRamadanSchedule(id: number, actor: RamadanStopActor): Promise<RamadanSchedule> {
  return stopSchedule(id, actor.name || "staff");
}

/**
 * Stopping marks every night not yet given as stopped, in one transaction with the
 * schedule and the donor's mail saying so, so a round that has not yet claimed a night
 * never charges it. A night being charged at that moment finishes as it will (the
 * provider may already have it). A schedule still waiting for its card is stopped too.
 */
async function stopSchedule(id: number, by: string): Promise<RamadanSchedule> {
  await getDb()
    .transaction()
    .execute(async (db) => {
      const row = await db.selectFrom("ramadan_schedules").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new NotFoundError(`Ramadan schedule ${id} not found`);
      if (row.status === "stopped" || row.status === "finished")
        throw new ConflictError(`These Ramadan nights are already ${row.status}`);
      const at = nowIso();
      await db
        .updateTable("ramadan_schedules")
        .set({ status: "stopped", stopped_at: at, stopped_by: by })
        .where("id", "=", id)
        .execute();
      await db
        .updateTable("ramadan_nights")
        .set({ status: "stopped", next_attempt_at: null })
        .where("schedule_id", "=", id)
        .where("status", "in", ["pending", "retrying"])
        .execute();
      if (by !== "donor")
        await recordAudit(
          {
            action: "stop",
            entity: "ramadan-schedule",
            entityId: id,
            summary: `Ramadan nights of ${row.name}`,
            before: { status: row.status },
            after: { status: "stopped" },
          },
          db,
        );
      const words = ramadanStoppedMail(mailScheduleOf(row), by === "donor");
      await queueMail(db, { ...words, kind: "ramadan-stopped", to: row.email, dedupeKey: `ramadan-stopped-${id}` });
    });
  return findRamadanSchedule(id);
}
