import { sql, type Kysely } from "kysely";
import {
  APPEAL_STATUSES,
  appealSchema,
  presetAmountsText,
  readPresetAmounts,
  slugFromTitle,
  type AppealStatus,
} from "../rules/appeal-schemas";
import { appealPhase, isListedAsLive, whyNoGifts } from "../rules/phase";
import { type Appeal, type AppealCard } from "../rules/records";
import { UPLOAD_FOLDERS } from "~/content/media";
import { FUND_SLUGS, isZakatBound, type FundKind } from "~/funds/funds";
import { centsToDollars, dollarsToCents } from "~/shared/money";
import { todayIn } from "~/shared/dates";
import { getDb, nowIso } from "~/lib/db.server";
import { likeIgnoringCase, uniqueViolation } from "~/lib/sql-dialect.server";
import { countedTestFlags, getEnv } from "~/lib/env.server";
import { newestFirstList, olderThan, type ListPage, type Position } from "~/lib/list-pages.server";
import { overStored } from "~/lib/record-updates.server";
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import { uploadReference } from "~/content/media/index.server";
import { getFund, listFunds, type Fund } from "~/funds/funds/index.server";
import type { AppealRow, Database } from "../../../../db/schema";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * Appeals: campaign pages with a fund, an optional goal and dates. Staff write them (the
 * admin screen and /api/appeals/ call the same functions); the public reads live and
 * closed ones. Raised so far comes from appeal_totals, kept by the database in each
 * gift's own transaction, so no reading of an appeal ever adds up its gifts.
 */

const appealPhoto = uploadReference("image_filename", () => UPLOAD_FOLDERS.appeals);

/** Who is reading: the public never sees a draft. */
export interface Reader {
  staff: boolean;
}
const PUBLIC: Reader = { staff: false };

function today(): string {
  return todayIn(getEnv().SITE_TIMEZONE);
}

/** Appeals with their fund and raised-so-far: the test flags the site counts, summed in SQL. */
function appealsWithTotals(db: Kysely<Database> = getDb()) {
  const flags = countedTestFlags();
  return db
    .selectFrom("appeals")
    .innerJoin("funds", "funds.id", "appeals.fund_id")
    .selectAll("appeals")
    .select((eb) => [
      "funds.name as fund_name",
      "funds.kind as fund_kind",
      eb
        .selectFrom("appeal_totals")
        .select(sql<number>`coalesce(sum(raised_cents), 0)`.as("raised"))
        .whereRef("appeal_totals.appeal_id", "=", "appeals.id")
        .where("appeal_totals.is_test", "in", flags)
        .as("raised_cents"),
      eb
        .selectFrom("appeal_totals")
        .select(sql<number>`coalesce(sum(gift_count), 0)`.as("gifts"))
        .whereRef("appeal_totals.appeal_id", "=", "appeals.id")
        .where("appeal_totals.is_test", "in", flags)
        .as("gift_count"),
      eb
        .selectFrom("appeal_totals")
        .select("gift_count")
        .whereRef("appeal_totals.appeal_id", "=", "appeals.id")
        .where("appeal_totals.is_test", "=", 1)
        .as("test_gift_count"),
      eb
        .selectFrom("appeal_totals")
        .select(sql<number>`coalesce(sum(gift_count), 0)`.as("all_gifts"))
        .whereRef("appeal_totals.appeal_id", "=", "appeals.id")
        .as("all_gift_count"),
    ]);
}

type AppealWithTotals = AppealRow & {
  fund_name: string;
  fund_kind: string;
  raised_cents: number | null;
  gift_count: number | null;
  test_gift_count: number | null;
  all_gift_count: number | null;
};

function toAppeal(row: AppealWithTotals, day = today()): Appeal {
  const testCounted = countedTestFlags().includes(1);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    story: row.story,
    story_format: row.story_format,
    image_filename: row.image_filename,
    video_url: row.video_url,
    fund_id: row.fund_id,
    fund: { id: row.fund_id, name: row.fund_name, is_zakat: isZakatBound(row.fund_kind as FundKind) },
    goal: row.goal_cents === null ? null : centsToDollars(row.goal_cents),
    preset_amounts: readPresetAmounts(row.preset_amounts),
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: row.status,
    phase: appealPhase(row, day),
    is_featured: row.is_featured === 1,
    went_live_at: row.went_live_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    raised: centsToDollars(Number(row.raised_cents ?? 0)),
    gifts: Number(row.gift_count ?? 0),
    test_gifts: testCounted && Number(row.test_gift_count ?? 0) > 0,
    fund_locked: Number(row.all_gift_count ?? 0) > 0,
  };
}

export function appealCard(appeal: Appeal): AppealCard {
  const {
    id,
    slug,
    title,
    summary,
    image_filename,
    status,
    phase,
    is_featured,
    goal,
    raised,
    gifts,
    test_gifts,
    starts_on,
    ends_on,
    fund,
  } = appeal;
  return {
    id,
    slug,
    title,
    summary,
    image_filename,
    status,
    phase,
    is_featured,
    goal,
    raised,
    gifts,
    test_gifts,
    starts_on,
    ends_on,
    fund,
  };
}

/**
 * What the public sees: live appeals (featured first, then the newest), and the archive
 * of those that have closed or ended (the most recently ended first).
 */
export async function listPublicAppeals(): Promise<{ live: AppealCard[]; archive: AppealCard[] }> {
  const rows = await appealsWithTotals()
    .where("appeals.status", "in", ["live", "closed"])
    .orderBy("appeals.is_featured", "desc")
    .orderBy("appeals.starts_on", "desc")
    .orderBy("appeals.id", "desc")
    .execute();
  const day = today();
  const appeals = rows.map((row) => toAppeal(row, day));
  const archive = appeals
    .filter((appeal) => !isListedAsLive(appeal.phase))
    .sort((a, b) => archivedOn(b).localeCompare(archivedOn(a)) || b.id - a.id);
  return {
    live: appeals.filter((appeal) => isListedAsLive(appeal.phase)).map(appealCard),
    archive: archive.map(appealCard),
  };
}

/**
 * The day an appeal left the live list: the day it ended, or the day it was closed (for an appeal closed early, before
 * its end).
 */
function archivedOn(appeal: Appeal): string {
  const closedOn = appeal.updated_at.slice(0, 10);
  if (appeal.phase === "closed") return appeal.ends_on && appeal.ends_on < closedOn ? appeal.ends_on : closedOn;
  return appeal.ends_on ?? closedOn;
}

/** The home page's: featured appeals open for gifts. */
export async function featuredAppeals(limit = 3): Promise<AppealCard[]> {
  const day = today();
  // A handful of featured live appeals: which of them are open is the phase's rule, applied here.
  const rows = await appealsWithTotals()
    .where("appeals.status", "=", "live")
    .where("appeals.is_featured", "=", 1)
    .orderBy("appeals.starts_on", "desc")
    .orderBy("appeals.id", "desc")
    .execute();
  return rows
    .map((row) => toAppeal(row, day))
    .filter((appeal) => appeal.phase === "open")
    .slice(0, limit)
    .map(appealCard);
}

export interface AppealFilter {
  search?: string;
  status?: AppealStatus;
}

/** What a list reads: the filter, and whether the reader is the public (who never sees a draft). */
interface AppealQuery extends AppealFilter {
  publicOnly?: boolean;
}

/**
 * `?search=&status=` for the Appeals screen and GET /api/appeals/: an unknown status is
 * named as the problem (the API answers 422, the screen says so and lists them all).
 */
export function readAppealFilter(params: URLSearchParams): { filter: AppealFilter; problem?: string } {
  const search = params.get("search")?.trim().slice(0, 200) || undefined;
  const status = params.get("status")?.trim();
  if (!status) return { filter: { search } };
  if (!(APPEAL_STATUSES as readonly string[]).includes(status))
    return { filter: { search }, problem: `status must be one of ${APPEAL_STATUSES.join(", ")}` };
  return { filter: { search, status: status as AppealStatus } };
}

function filtered(filter: AppealQuery) {
  let query = appealsWithTotals();
  if (filter.publicOnly) query = query.where("appeals.status", "in", ["live", "closed"]);
  if (filter.status) query = query.where("appeals.status", "=", filter.status);
  const words = filter.search?.trim();
  if (words) {
    // A handful of appeals a year: a plain contains-match on what staff would type is enough.
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        likeIgnoringCase(sql.ref("appeals.title"), pattern),
        likeIgnoringCase(sql.ref("appeals.slug"), pattern),
        likeIgnoringCase(sql.ref("appeals.summary"), pattern),
      ]),
    );
  }
  return query;
}

const appealList = newestFirstList({
  table: "appeals",
  // Few appeals: counted exactly, searched or not.
  searches: () => false,
  async count(filter: AppealQuery) {
    const row = await filtered(filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  newestFirst(filter: AppealQuery, after?: Position) {
    let query = filtered(filter);
    if (after) query = query.where(olderThan("appeals", "created_at", after));
    return query.orderBy("appeals.created_at", "desc").orderBy("appeals.id", "desc");
  },
  positionColumn: "created_at",
  positionOf: (row) => row.created_at,
  toItem: (row) => toAppeal(row),
});

/** One page of the staff's list, newest first. */
export async function findAppealPage(filter: AppealFilter, page: number, pageSize: number): Promise<ListPage<Appeal>> {
  return appealList.page(filter, page, pageSize);
}

/** GET /api/appeals/ with `limit`/`offset`: newest first; the public reads live and closed appeals only. */
export async function listAppeals(
  filter: AppealFilter,
  page: { limit?: number; offset?: number },
  reader: Reader = PUBLIC,
): Promise<Appeal[]> {
  return appealList.list({ ...filter, publicOnly: !reader.staff }, page);
}

/** The same list read whole, a batch at a time (GET /api/appeals/ without paging). */
export function appealsInBatches(filter: AppealFilter, reader: Reader = PUBLIC): AsyncGenerator<Appeal[]> {
  return appealList.inBatches({ ...filter, publicOnly: !reader.staff });
}

/** Every appeal, drafts included, for staff's filters and forms (which leave out what they cannot take). */
export async function listAppealChoices(): Promise<Array<Pick<Appeal, "id" | "slug" | "title" | "status">>> {
  const rows = await getDb()
    .selectFrom("appeals")
    .select(["id", "slug", "title", "status"])
    .orderBy("status", "desc")
    .orderBy("title")
    .execute();
  return rows;
}

/**
 * One appeal by its address or number. A draft is not found for the public. An address
 * the appeal had before it was renamed answers with `movedTo`, its address now.
 */
export async function getAppeal(ref: string | number, reader: Reader = PUBLIC): Promise<Appeal & { movedTo?: string }> {
  const slug = typeof ref === "string" ? ref.toLowerCase() : null;
  const asNumber = typeof ref === "number" ? ref : /^\d{1,12}$/.test(ref) ? Number(ref) : null;
  // An address first: a title such as "2025" gives the address "2025", which a shared
  // link must still open; only then a number, which names an appeal by its id.
  let row = slug === null ? undefined : await appealsWithTotals().where("appeals.slug", "=", slug).executeTakeFirst();
  if (!row && asNumber !== null) row = await appealsWithTotals().where("appeals.id", "=", asNumber).executeTakeFirst();
  let movedTo: string | undefined;
  if (!row && slug !== null) {
    const earlier = await getDb()
      .selectFrom("appeal_slugs")
      .select("appeal_id")
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (earlier?.appeal_id) {
      row = await appealsWithTotals().where("appeals.id", "=", earlier.appeal_id).executeTakeFirst();
      movedTo = row?.slug;
    }
  }
  if (!row || (!reader.staff && row.status === "draft")) throw new NotFoundError("Appeal not found");
  return { ...toAppeal(row), ...(movedTo ? { movedTo } : {}) };
}

/**
 * The appeal a new gift names, which must be open for gifts: an unknown appeal is a bad
 * value (422 beside the field), a draft, upcoming, ended or closed one a conflict (409).
 * A draft is read as staff read it, so that it is refused as not open (its words never
 * name it: the public has not seen it yet) rather than called unknown.
 */
export async function appealTakingGifts(
  ref: string,
): Promise<{ id: number; title: string; fund_id: number; slug: string }> {
  const appeal = await getAppeal(ref, { staff: true }).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new ValidationError({ appeal: ["There is no such appeal"] });
    throw error;
  });
  const refusal = whyNoGifts(appeal.title, appeal.phase, appeal.starts_on);
  if (refusal) throw new ConflictError(refusal);
  return { id: appeal.id, title: appeal.title, fund_id: appeal.fund_id, slug: appeal.slug };
}

/** An appeal a gift is recorded against, whatever its state now (the money is already given). */
export async function appealOfGift(
  id: number,
  db: Kysely<Database> = getDb(),
): Promise<{ id: number; title: string; slug: string; fund_id: number } | null> {
  return (
    (await db
      .selectFrom("appeals")
      .select(["id", "title", "slug", "fund_id"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

/** The titles of the appeals gifts name, by id, for lists of gifts (a handful of rows). */
export async function appealTitlesById(ids: number[]): Promise<Map<number, { title: string; slug: string }>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .selectFrom("appeals")
    .select(["id", "title", "slug"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, slug: row.slug }]));
}

async function slugIsFree(slug: string, appealId?: number): Promise<boolean> {
  const used = await getDb().selectFrom("appeal_slugs").select("appeal_id").where("slug", "=", slug).executeTakeFirst();
  return !used || (appealId !== undefined && used.appeal_id === appealId);
}

/** The title's address, or the next free one ("winter-appeal-2") when an appeal had it before. */
async function proposedSlug(title: string): Promise<string> {
  const base = slugFromTitle(title);
  for (let n = 1; ; n += 1) {
    // Cut short, the title's address may end in a hyphen, which an address never does.
    const candidate = n === 1 ? base : `${base.slice(0, 75).replace(/-+$/, "")}-${n}`;
    if (await slugIsFree(candidate)) return candidate;
  }
}

/**
 * An appeal raises for an open fund: Zakat al-Mal, Sadaqa or a restricted fund. Zakat
 * al-Fitr, Fidya and Kaffarah have amounts set by the rates register, paid through quick
 * pay, so no appeal asks for them.
 */
async function requireFundForAppeal(fundId: number): Promise<void> {
  const fund = await getFund(fundId).catch(() => null);
  if (!fund || fund.archived) throw new ValidationError({ fund_id: ["Choose one of the open funds"] });
  if (!raisesForAppeals(fund)) {
    throw new ValidationError({
      fund_id: [`${fund.name} is paid through quick pay at the foundation's rates: choose another fund`],
    });
  }
}

function raisesForAppeals(fund: Fund): boolean {
  // Zakat al-Fitr is Zakat by kind, but paid per person at the rates, like the obligations.
  return !fund.archived && fund.kind !== "obligation" && fund.slug !== FUND_SLUGS.zakatAlFitr;
}

/** The funds the appeal form offers, in the foundation's order. */
export async function appealFundChoices(): Promise<Array<{ id: number; name: string }>> {
  return (await listFunds()).filter(raisesForAppeals).map(({ id, name }) => ({ id, name }));
}

function rowValues(input: ReturnType<typeof parseAppeal>) {
  return {
    title: input.title,
    summary: input.summary,
    story: input.story,
    story_format: input.story_format,
    image_filename: input.image_filename,
    video_url: input.video_url,
    fund_id: input.fund_id,
    goal_cents: input.goal === undefined ? null : dollarsToCents(input.goal),
    preset_amounts: presetAmountsText(input.preset_amounts),
    starts_on: input.starts_on,
    ends_on: input.ends_on ?? null,
    status: input.status,
    is_featured: input.is_featured ? 1 : 0,
  } as const;
}

function parseAppeal(input: unknown) {
  return parseOrThrow(appealSchema, input);
}

export async function createAppeal(input: unknown): Promise<Appeal> {
  const appeal = parseAppeal(input);
  await requireFundForAppeal(appeal.fund_id);
  if (appeal.slug && !(await slugIsFree(appeal.slug))) throw new ValidationError({ slug: [SLUG_TAKEN] });
  const slug = appeal.slug ?? (await proposedSlug(appeal.title));
  await appealPhoto.checkBeforeSave(appeal.image_filename);
  const values = rowValues(appeal);
  const row = await addressTakenMeanwhile(() =>
    getDb()
      .insertInto("appeals")
      .values({ ...values, slug, went_live_at: values.status === "draft" ? null : nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const created = await getAppeal(row.id, { staff: true });
  await recordAudit({
    action: "create",
    entity: "appeal",
    entityId: row.id,
    summary: `Appeal: ${created.title}`,
    after: created,
  });
  return created;
}

const SLUG_TAKEN = "That address belongs, or belonged, to another appeal: choose another";

/** Two staff saving the same new address at once: the database keeps it unique, and the second hears why. */
async function addressTakenMeanwhile<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // The appeal's own address, or one an appeal had before (appeal_slugs): both say "slug".
    if (uniqueViolation(error)?.constraint.includes("slug")) throw new ValidationError({ slug: [SLUG_TAKEN] });
    throw error;
  }
}

/**
 * Changes an appeal. Its address is fixed once it has gone live; its fund once it has
 * gifts (they are already counted there); and an appeal that has gone live can be closed
 * or opened again, but never made a draft.
 */
export async function updateAppeal(id: number, input: unknown): Promise<Appeal> {
  const stored = await getAppeal(id, { staff: true });
  const appeal = parseAppeal(overStored({ ...stored, goal: stored.goal ?? undefined, slug: stored.slug }, input));
  const slug = appeal.slug ?? stored.slug;
  if (slug !== stored.slug) {
    if (stored.went_live_at)
      throw new ValidationError({
        slug: ["The address cannot change once the appeal has gone live: it may have been shared"],
      });
    if (!(await slugIsFree(slug, id))) throw new ValidationError({ slug: [SLUG_TAKEN] });
  }
  if (appeal.status === "draft" && stored.went_live_at) {
    throw new ValidationError({ status: ["An appeal that has gone live can be closed, but not made a draft again"] });
  }
  if (appeal.fund_id !== stored.fund_id) {
    if (stored.fund_locked)
      throw new ValidationError({
        fund_id: ["The fund cannot change once the appeal has gifts: they are counted in its fund"],
      });
    await requireFundForAppeal(appeal.fund_id);
  }
  await appealPhoto.checkBeforeSave(appeal.image_filename, stored.image_filename);
  const values = rowValues(appeal);
  const result = await addressTakenMeanwhile(() =>
    getDb()
      .updateTable("appeals")
      .set({
        ...values,
        slug,
        went_live_at: stored.went_live_at ?? (values.status === "draft" ? null : nowIso()),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .executeTakeFirst(),
  );
  if (!Number(result.numUpdatedRows)) throw new NotFoundError("Appeal not found");
  await appealPhoto.releaseAfter(stored.image_filename, values.image_filename);
  const updated = await getAppeal(id, { staff: true });
  await recordAudit({
    action: "update",
    entity: "appeal",
    entityId: id,
    summary: `Appeal: ${updated.title}`,
    before: stored,
    after: updated,
  });
  return updated;
}

/** Only a draft without gifts is deleted; its address stays retired. A live appeal is closed instead. */
export async function deleteAppeal(id: number): Promise<void> {
  const stored = await getAppeal(id, { staff: true });
  if (stored.status !== "draft" || stored.went_live_at) {
    throw new ConflictError(
      "Only a draft can be deleted. An appeal that has gone live keeps its page and its gifts: close it instead.",
    );
  }
  if (stored.fund_locked) throw new ConflictError("This appeal has gifts, so it can only be closed.");
  await getDb()
    .transaction()
    .execute(async (db) => {
      await db.deleteFrom("appeal_totals").where("appeal_id", "=", id).execute();
      await db.deleteFrom("appeals").where("id", "=", id).execute();
      await recordAudit(
        { action: "delete", entity: "appeal", entityId: id, summary: `Appeal: ${stored.title}`, before: stored },
        db,
      );
    });
  await appealPhoto.releaseAfter(stored.image_filename);
}

/**
 * How many gifts an appeal has had, among the test flags asked for: from its kept totals, never a count of its gifts.
 */
export async function appealGiftCount(appealId: number, isTest: readonly (0 | 1)[]): Promise<number> {
  const row = await getDb()
    .selectFrom("appeal_totals")
    .select(sql<number>`coalesce(sum(gift_count), 0)`.as("gifts"))
    .where("appeal_id", "=", appealId)
    .where("is_test", "in", isTest)
    .executeTakeFirstOrThrow();
  return Number(row.gifts);
}
