import type { Kysely } from "kysely";
import { settingValues } from "~/content/settings/index.server";
import { getDb } from "~/lib/db.server";
import type { Database } from "../../../../db/schema";
import {
  APPLICATION_SETTING_KEYS,
  applicationSettingsFrom,
  type ApplicationSettings,
} from "../rules/application-settings";

export async function applicationSettings(db: Kysely<Database> = getDb()): Promise<ApplicationSettings> {
  return applicationSettingsFrom(await settingValues(Object.values(APPLICATION_SETTING_KEYS), db));
}
