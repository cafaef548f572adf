import { APPLICATION_SETTING_KEYS, type ApplicationSettings } from "~/applications/records";
import { applicationSettings } from "~/applications/records/index.server";
import { getDb, nowIso } from "~/lib/db.server";
import { parseOrThrow } from "~/lib/service-errors";
import { recordAudit } from "~/staff/audit/index.server";
import { applicationSettingsFormSchema, settingsAsJson, settingsOfForm } from "../rules/settings-form";

const DESCRIPTIONS: Record<keyof typeof APPLICATION_SETTING_KEYS, string> = {
  helpText: "The Get help page's words: who the foundation helps, what it needs, how long a decision takes",
  eligibilityTable: "The eligibility checker's indicative help per household size, and the savings limit",
  householdCap: "Help one household may receive in twelve months before case workers are warned (cents)",
  retentionYears: "Years a closed case's personal data is kept before it is erased",
  documentDays: "Days an applicant has to send a requested document",
};

/**
 * Saves the applications' five settings at once (the staff screen and PUT
 * /api/applications/settings): judged by one schema, written in one transaction with one
 * audit entry holding the values before and after (settings are the foundation's words and
 * figures, never an applicant's).
 */
export async function saveApplicationSettings(input: unknown): Promise<ApplicationSettings> {
  const settings = settingsOfForm(parseOrThrow(applicationSettingsFormSchema, input));
  const stored: Record<keyof typeof APPLICATION_SETTING_KEYS, string> = {
    helpText: settings.helpText,
    eligibilityTable: JSON.stringify(settings.eligibility),
    householdCap: String(settings.householdCapCents),
    retentionYears: String(settings.retentionYears),
    documentDays: String(settings.documentDays),
  };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await applicationSettings(trx);
      const now = nowIso();
      for (const [name, key] of Object.entries(APPLICATION_SETTING_KEYS) as [
        keyof typeof APPLICATION_SETTING_KEYS,
        string,
      ][]) {
        await trx
          .insertInto("settings")
          .values({ key, value: stored[name], description: DESCRIPTIONS[name], updated_at: now })
          .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: stored[name], updated_at: now }))
          .execute();
      }
      await recordAudit(
        {
          action: "update",
          entity: "setting",
          entityId: "applications",
          summary: "Applications' settings",
          before: settingsAsJson(before),
          after: settingsAsJson(settings),
        },
        trx,
      );
    });
  return settings;
}

export { applicationSettings };
