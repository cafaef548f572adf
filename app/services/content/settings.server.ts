import {
  DEFAULT_SETTING_DESCRIPTIONS,
  GIVING_SETTING_DEFAULTS,
  GIVING_SETTING_KEYS,
  IMPACT_STATISTIC_KEYS,
  MEDIA_KEYS,
  isImpactStatisticKey,
  isMediaKey,
  settingCreateSchema,
  settingUpdateSchemaFor,
} from "~/domain/content/settings";
import { getDb, nowIso } from "~/lib/db.server";
import { isTestMode } from "~/lib/env.server";
import { ConflictError, NotFoundError, parseOrThrow } from "~/lib/service-errors";
import type { Kysely } from "kysely";
import type { Database, SettingRow } from "../../../db/schema";
import { mediaSlotUpload } from "./upload-references.server";
import type { ImpactStatistics } from "~/domain/content/records";

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
  return rows.map(toSetting);
}

export async function getSetting(key: string): Promise<Setting> {
  const row = await getDb().selectFrom("settings").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  return toSetting(row);
}

/** Creates a setting; its value follows the rules of its key (statistics, media, free text). */
export async function createSetting(input: unknown): Promise<Setting> {
  const { key } = parseOrThrow(settingCreateSchema, input);
  const { value, description } = parseOrThrow(settingUpdateSchemaFor(key), input);
  if (isMediaKey(key)) await mediaSlotUpload.checkBeforeSave(value);
  const row = await getDb()
    .insertInto("settings")
    .values({ key, value, description: description ?? "" })
    .onConflict((oc) => oc.column("key").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ConflictError(`Setting '${key}' already exists`);
  return toSetting(row);
}

/**
 * Updates a setting's value (and its description when one is given): the one rule behind
 * the admin form and PUT /api/settings/{key}. An unknown key is a 404 whatever the body.
 */
export async function updateSetting(key: string, input: unknown): Promise<Setting> {
  const stored = await getSetting(key);
  // In test mode (the sandbox or Stripe test keys) staff may rehearse Ramadan's nights out of season (any first night).
  const { value, description } = parseOrThrow(settingUpdateSchemaFor(key, { rehearsal: isTestMode() }), input);
  if (isMediaKey(key)) await mediaSlotUpload.checkBeforeSave(value, stored.value);
  const row = await getDb()
    .updateTable("settings")
    .set({ value, ...(description === undefined ? {} : { description }), updated_at: nowIso() })
    .where("key", "=", key)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  if (isMediaKey(key)) await mediaSlotUpload.releaseAfter(stored.value, row.value);
  return toSetting(row);
}

export async function deleteSetting(key: string): Promise<void> {
  const row = await getDb().deleteFrom("settings").where("key", "=", key).returning("value").executeTakeFirst();
  if (!row) throw new NotFoundError(`Setting '${key}' not found`);
  if (isMediaKey(key)) await mediaSlotUpload.releaseAfter(row.value);
}

/**
 * Creates any of the known settings that are missing (statistics at 0, media empty,
 * the giving settings at their defaults), leaving existing values alone. Runs at every start, so all keys always exist.
 */
export async function ensureDefaultSettings(): Promise<void> {
  const defaults = [
    ...[...IMPACT_STATISTIC_KEYS, ...MEDIA_KEYS].map((key) => ({
      key,
      value: isImpactStatisticKey(key) ? "0" : "",
      description: DEFAULT_SETTING_DESCRIPTIONS[key],
    })),
    ...GIVING_SETTING_KEYS.map((key) => ({ key, ...GIVING_SETTING_DEFAULTS[key] })),
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
  const rows = await getDb()
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", [...IMPACT_STATISTIC_KEYS])
    .execute();
  const figures = Object.fromEntries(IMPACT_STATISTIC_KEYS.map((key) => [key, 0])) as ImpactStatistics;
  for (const row of rows) {
    const value = Number(row.value);
    if (isImpactStatisticKey(row.key) && Number.isFinite(value)) figures[row.key] = value;
  }
  return figures;
}

/** The statistics with their rows, in the order the settings screen lists them. */
export async function listImpactStatistics(): Promise<Setting[]> {
  const rows = await getDb()
    .selectFrom("settings")
    .selectAll()
    .where("key", "in", [...IMPACT_STATISTIC_KEYS])
    .execute();
  return IMPACT_STATISTIC_KEYS.flatMap((key) => rows.filter((row) => row.key === key).map(toSetting));
}

/** Several settings' values at once (a missing key is left out); `db` inside a transaction. */
export async function settingValues(keys: readonly string[], db: Kysely<Database> = getDb()): Promise<Map<string, string>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", [...keys]).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}
