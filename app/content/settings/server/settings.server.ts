import {
  APPROVAL_THRESHOLD_DEFAULT,
  APPROVAL_THRESHOLD_KEY,
  DEFAULT_SETTING_DESCRIPTIONS,
  GIVING_SETTING_DEFAULTS,
  GIVING_SETTING_KEYS,
  IMPACT_STATISTIC_KEYS,
  MEDIA_KEYS,
  isImpactStatisticKey,
  isMediaKey,
  isRecentBooksFigure,
  settingCreateSchema,
  settingUpdateSchemaFor,
  STAFF_SETTING_DEFAULTS,
  TOTAL_RAISED_SOURCE_DESCRIPTION,
  TOTAL_RAISED_SOURCE_KEY,
  totalRaisedEditSchema,
  type TotalRaisedChoice,
  type TotalRaisedSource,
} from "../rules/settings";
import { getDb, nowIso } from "~/lib/db.server";
import { rehearsalToday } from "~/lib/env.server";
import { ConflictError, NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { receivedSince, receivedToDate } from "~/funds/transparency/index.server";
import type { Kysely } from "kysely";
import type { Database, SettingRow } from "../../../../db/schema";
import { mediaSlotUpload } from "~/content/media/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import type { ImpactStatistics } from "../rules/records";

/** A setting as the API and the screens see it. */
export interface Setting {
  id: number;
  key: string;
  value: string;
  description: string;
  updated_at: string;
}

function toSetting(row: SettingRow): Setting {
  return { id: row.id, key: row.key, value: row.value, description: row.description, updated_at: row.updated_at };
}

export async function listSettings(): Promise<Setting[]> {
  const rows = await getDb().selectFrom("settings").selectAll().orderBy("id").execute();
  return presented(rows.map(toSetting));
}

export async function getSetting(key: string): Promise<Setting> {
  return (await presented([await storedSetting(key)]))[0]!;
}

async function storedSetting(key: string, db: Kysely<Database> = getDb()): Promise<Setting> {
  const row = await db.selectFrom("settings").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  return toSetting(row);
}

/**
 * Settings as whoever reads them sees them: while Total Raised comes from the books, its
 * value is the figure the site shows (the books'), so the spec's client, which knows only
 * total_raised, shows what the homepage shows. The figure staff last typed stays stored.
 */
async function presented(settings: Setting[]): Promise<Setting[]> {
  if (!settings.some((setting) => setting.key === "total_raised")) return settings;
  const { source, books } = await totalRaisedChoice();
  if (source === "typed") return settings;
  return settings.map((setting) => (setting.key === "total_raised" ? { ...setting, value: String(books) } : setting));
}

/** Where Total Raised comes from, the figure staff last typed, and what the books show (dollars). */
export interface TotalRaised {
  source: TotalRaisedSource;
  typed: number;
  books: number;
}

export async function totalRaisedChoice(db: Kysely<Database> = getDb()): Promise<TotalRaised> {
  const [values, books] = await Promise.all([
    settingValues(["total_raised", TOTAL_RAISED_SOURCE_KEY], db),
    receivedToDate(db),
  ]);
  const typed = Number(values.get("total_raised"));
  // Only a recorded choice of a typed figure shows one: a missing or garbled choice is the books.
  return {
    source: values.get(TOTAL_RAISED_SOURCE_KEY) === "typed" ? "typed" : "books",
    typed: Number.isFinite(typed) ? typed : 0,
    books,
  };
}

/**
 * The settings screen's Total Raised form: the books, or a figure staff typed (saved with
 * the choice, in one transaction). A description given replaces the stored one.
 */
export async function chooseTotalRaised(input: unknown): Promise<TotalRaised> {
  const choice = parseOrThrow(totalRaisedEditSchema, input);
  await getDb()
    .transaction()
    .execute((trx) => writeTotalRaised(trx, choice));
  return totalRaisedChoice();
}

/**
 * Writes the choice, and the typed figure or the description when given. Both rows are
 * written whether or not an API client deleted them: a typed figure must never go unrecorded.
 */
async function writeTotalRaised(trx: Kysely<Database>, choice: TotalRaisedChoice): Promise<void> {
  const before = await totalRaisedRows(trx);
  await writeTotalRaisedRows(trx, choice);
  await recordAudit(
    {
      action: "update",
      entity: "setting",
      entityId: "total_raised",
      summary: "Setting: total_raised",
      before,
      after: await totalRaisedRows(trx),
    },
    trx,
  );
}

/** Total Raised as its two rows hold it (the source, the typed figure and its description), for the audit trail. */
async function totalRaisedRows(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value", "description"])
    .where("key", "in", ["total_raised", TOTAL_RAISED_SOURCE_KEY])
    .execute();
  const figure = rows.find((row) => row.key === "total_raised");
  return {
    source: rows.find((row) => row.key === TOTAL_RAISED_SOURCE_KEY)?.value ?? "",
    value: figure?.value ?? "",
    description: figure?.description ?? "",
  };
}

async function writeTotalRaisedRows(trx: Kysely<Database>, choice: TotalRaisedChoice): Promise<void> {
  await recordTotalRaisedSource(trx, choice.source);
  const figure = choice.source === "typed" ? { value: choice.value } : {};
  const description = choice.description === undefined ? {} : { description: choice.description };
  if (!("value" in figure) && !("description" in description)) return;
  const now = nowIso();
  await trx
    .insertInto("settings")
    .values({
      key: "total_raised",
      value: "0",
      description: DEFAULT_SETTING_DESCRIPTIONS.total_raised,
      ...figure,
      ...description,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ ...figure, ...description, updated_at: now }))
    .execute();
}

async function recordTotalRaisedSource(trx: Kysely<Database>, source: TotalRaisedSource): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto("settings")
    .values({
      key: TOTAL_RAISED_SOURCE_KEY,
      value: source,
      description: TOTAL_RAISED_SOURCE_DESCRIPTION,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: source, updated_at: now }))
    .execute();
}

/**
 * Creates a setting; its value follows the rules of its key (statistics, media, free text).
 * Creating total_raised with a figure is typing one (decision 136): the homepage and GET
 * then show the figure created, as the answer does.
 */
export async function createSetting(input: unknown): Promise<Setting> {
  const { key } = parseOrThrow(settingCreateSchema, input);
  const { value, description } = parseOrThrow(settingUpdateSchemaFor(key), input);
  if (isMediaKey(key)) await mediaSlotUpload.checkBeforeSave(value);
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto("settings")
        .values({ key, value, description: description ?? "" })
        .onConflict((oc) => oc.column("key").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!created) throw new ConflictError(`Setting '${key}' already exists`);
      if (key === "total_raised") await recordTotalRaisedSource(trx, "typed");
      await recordAudit(
        { action: "create", entity: "setting", entityId: key, summary: `Setting: ${key}`, after: toSetting(created) },
        trx,
      );
      return created;
    });
  return (await presented([toSetting(row)]))[0]!;
}

/**
 * Updates a setting's value (and its description when one is given): the one rule behind
 * the admin form and PUT /api/settings/{key}. An unknown key is a 404 whatever the body.
 */
export async function updateSetting(key: string, input: unknown): Promise<Setting> {
  const stored = await storedSetting(key);
  // In test mode (the sandbox or Stripe test keys) staff may rehearse Ramadan's nights out of season.
  const { value, description } = parseOrThrow(settingUpdateSchemaFor(key, { rehearsalToday: rehearsalToday() }), input);
  if (key === "total_raised") return typeTotalRaised(value, description);
  if (isMediaKey(key)) await mediaSlotUpload.checkBeforeSave(value, stored.value);
  const row = await getDb()
    .updateTable("settings")
    .set({ value, ...(description === undefined ? {} : { description }), updated_at: nowIso() })
    .where("key", "=", key)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  await recordAudit({
    action: "update",
    entity: "setting",
    entityId: key,
    summary: `Setting: ${key}`,
    before: stored,
    after: toSetting(row),
  });
  if (isMediaKey(key)) await mediaSlotUpload.releaseAfter(stored.value, row.value);
  return (await presented([toSetting(row)]))[0]!;
}

/**
 * A figure given for total_raised (PUT /api/settings/total_raised) is a typed figure, and
 * from then on the homepage shows it. The one exception: while the figure comes from the
 * books, a figure the books showed within the last day is no new figure (the spec's client
 * saving a changed description with the value it read, though gifts came in since), and the
 * books stay in charge. What they showed a day ago is read in the write's transaction.
 */
async function typeTotalRaised(value: string, description: string | undefined): Promise<Setting> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await totalRaisedChoice(trx);
      const keepsTheBooks =
        current.source === "books" &&
        isRecentBooksFigure(Number(value), {
          dayAgo: current.books - (await receivedSince(new Date(Date.now() - DAY_MS).toISOString(), trx)),
          now: current.books,
        });
      await writeTotalRaised(
        trx,
        keepsTheBooks ? { source: "books", description } : { source: "typed", value, description },
      );
    });
  return getSetting("total_raised");
}

const DAY_MS = 86_400_000;

export async function deleteSetting(key: string): Promise<void> {
  const row = await getDb().deleteFrom("settings").where("key", "=", key).returningAll().executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  await recordAudit({
    action: "delete",
    entity: "setting",
    entityId: key,
    summary: `Setting: ${key}`,
    before: toSetting(row),
  });
  if (isMediaKey(key)) await mediaSlotUpload.releaseAfter(row.value);
}

/**
 * Creates any of the known settings that are missing (statistics at 0, media empty,
 * Total Raised from the books, the giving settings at their defaults), leaving existing
 * values alone. Runs at every start, so all keys always exist. A site upgrading had its
 * Total Raised's source guessed once, by migration 0025; a source deleted since is the books.
 */
export async function ensureDefaultSettings(): Promise<void> {
  const defaults = [
    ...[...IMPACT_STATISTIC_KEYS, ...MEDIA_KEYS].map((key) => ({
      key,
      value: isImpactStatisticKey(key) ? "0" : "",
      description: DEFAULT_SETTING_DESCRIPTIONS[key],
    })),
    ...GIVING_SETTING_KEYS.map((key) => ({ key, ...GIVING_SETTING_DEFAULTS[key] })),
    { key: TOTAL_RAISED_SOURCE_KEY, value: "books", description: TOTAL_RAISED_SOURCE_DESCRIPTION },
    { key: APPROVAL_THRESHOLD_KEY, ...APPROVAL_THRESHOLD_DEFAULT },
    ...Object.entries(STAFF_SETTING_DEFAULTS).map(([key, setting]) => ({ key, ...setting })),
  ];
  await getDb()
    .insertInto("settings")
    .values(defaults)
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export type { ImpactStatistics };

/** The four homepage figures as numbers (a missing or garbled value counts as 0). */
export async function getImpactStatistics(): Promise<ImpactStatistics> {
  const [rows, raised] = await Promise.all([
    getDb()
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", [...IMPACT_STATISTIC_KEYS])
      .execute(),
    totalRaisedChoice(),
  ]);
  const figures = Object.fromEntries(IMPACT_STATISTIC_KEYS.map((key) => [key, 0])) as ImpactStatistics;
  for (const row of rows) {
    const value = Number(row.value);
    if (isImpactStatisticKey(row.key) && Number.isFinite(value)) figures[row.key] = value;
  }
  // Read at each render, like every gift figure: a kept page shows it at most 5 s old (decision 120).
  figures.total_raised = raised.source === "books" ? raised.books : raised.typed;
  return figures;
}

/** The statistics with their rows, in the order the settings screen lists them. */
export async function listImpactStatistics(): Promise<Setting[]> {
  const rows = await getDb()
    .selectFrom("settings")
    .selectAll()
    .where("key", "in", [...IMPACT_STATISTIC_KEYS])
    .execute();
  return presented(IMPACT_STATISTIC_KEYS.flatMap((key) => rows.filter((row) => row.key === key).map(toSetting)));
}

/** Several settings' values at once (a missing key is left out); `db` inside a transaction. */
export async function settingValues(
  keys: readonly string[],
  db: Kysely<Database> = getDb(),
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", [...keys])
    .execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}
