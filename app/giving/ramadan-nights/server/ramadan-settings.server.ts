import type { Kysely } from "kysely";
import { givingSettingValue } from "~/content/settings";
import { confirmedFirstNightFor, DEFAULT_CHARGE_HOUR, ramadanYearOn } from "../rules/ramadan-charge-window";
import { proposedFirstNight } from "../rules/ramadan-nights";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { getEnv, isTestMode } from "~/lib/env.server";
import { settingValues } from "~/content/settings/index.server";
import type { Database } from "../../../../db/schema";

/**
 * This year's Ramadan as staff have set it: the first night confirmed (or null), the calculation's proposal, and the
 * hour of each night's charge.
 */
export interface RamadanSettings {
  first_night: string | null;
  proposed_first_night: string;
  charge_hour: number;
  hijri_year: number;
  /** The first night is a rehearsal's (test mode): one no sighting would give, which donors and staff are told. */
  rehearsed: boolean;
}

/**
 * The Ramadan under way or coming next (after Eid, next year's), with what staff set for
 * it. A first night confirmed for an earlier Ramadan no longer counts: the screen proposes
 * the new year's.
 */
export async function ramadanSettings(
  today = todayIn(getEnv().SITE_TIMEZONE),
  db: Kysely<Database> = getDb(),
): Promise<RamadanSettings> {
  const hijriYear = ramadanYearOn(today);
  const stored = (await settingValues(["ramadan_first_night"], db)).get("ramadan_first_night");
  const firstNight = confirmedFirstNightFor(stored, hijriYear, rehearsalDay(today));
  return {
    first_night: firstNight,
    proposed_first_night: proposedFirstNight(hijriYear),
    charge_hour: await ramadanChargeHour(db),
    hijri_year: hijriYear,
    rehearsed: firstNight !== null && confirmedFirstNightFor(firstNight, hijriYear) === null,
  };
}

/** The hour nights are charged from, read by the rule it was saved under (a garbled value is the usual hour). */
export async function ramadanChargeHour(db: Kysely<Database> = getDb()): Promise<number> {
  const value = givingSettingValue(
    "ramadan_charge_hour",
    (await settingValues(["ramadan_charge_hour"], db)).get("ramadan_charge_hour"),
  );
  return value === null ? DEFAULT_CHARGE_HOUR : Number(value);
}

/** The first night confirmed for a Hijri year's Ramadan, else the calculation's proposal. */
export async function firstNightFor(db: Kysely<Database>, hijriYear: number): Promise<string> {
  const stored = (await settingValues(["ramadan_first_night"], db)).get("ramadan_first_night");
  return (
    confirmedFirstNightFor(stored, hijriYear, rehearsalDay(todayIn(getEnv().SITE_TIMEZONE))) ??
    proposedFirstNight(hijriYear)
  );
}

/** In test mode staff may rehearse the nights out of season: the day a rehearsal's first night is read against. */
function rehearsalDay(today: string): string | undefined {
  return isTestMode() ? today : undefined;
}
