import type { Kysely } from "kysely";
import { eidDateSchema, zakatPolicySchema, isFitrLate } from "~/funds/funds";
import { templatePlaceholdersIn } from "../rules/policy-template";
import { todayIn } from "~/shared/dates";
import { calculatedEidAlFitr, hijriYearOf } from "~/shared/hijri";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { Database } from "../../../../db/schema";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * The foundation's Zakat policy (one text staff edit, shown at /zakat-policy), its view on
 * Kaffarah for several broken fasts, and this year's Eid al-Fitr, after whose prayer
 * Zakat al-Fitr is given as Sadaqa.
 */
export interface ZakatPolicy {
  body: string;
  /**
   * Still holds any of the template's placeholders (a draft, or the template a new database
   * came with): not published, and the dashboard reminds staff.
   */
  is_template: boolean;
  /** The template's placeholders still in the text, by the part of the policy each stands for. */
  placeholders: string[];
  /** Each broken fast needs its own Kaffarah (else one covers the fasts of a Ramadan). */
  kaffarah_per_fast: boolean;
  updated_by: string;
  updated_at: string;
}

export async function getZakatPolicy(): Promise<ZakatPolicy> {
  const row = await getDb().selectFrom("zakat_policy").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
  const placeholders = templatePlaceholdersIn(row.body);
  return {
    body: row.body,
    is_template: placeholders.length > 0,
    placeholders,
    kaffarah_per_fast: row.kaffarah_per_fast === 1,
    updated_by: row.updated_by,
    updated_at: row.updated_at,
  };
}

/**
 * Whether the public may be shown the policy: staff have written every part the template
 * leaves to them. Until then no public page links /zakat-policy and it answers 404 "not
 * published yet" (decision 137), so a donor never meets a template's placeholders as the
 * foundation's word. Read from the text itself, so a policy saved before this rule existed
 * is judged by it too.
 */
export async function isZakatPolicyPublished(): Promise<boolean> {
  const row = await getDb().selectFrom("zakat_policy").select("body").where("id", "=", 1).executeTakeFirst();
  return row !== undefined && templatePlaceholdersIn(row.body).length === 0;
}

/**
 * Saves the policy and the Kaffarah view. A text still holding template placeholders is
 * kept as a draft (staff go on from where they were) but not published; `is_template`
 * records the same rule for whoever reads the table.
 */
export async function saveZakatPolicy(input: unknown, updatedBy: string): Promise<ZakatPolicy> {
  const policy = parseOrThrow(zakatPolicySchema, input);
  const draft = templatePlaceholdersIn(policy.body).length > 0;
  const before = await getZakatPolicy();
  await getDb()
    .updateTable("zakat_policy")
    .set({
      body: policy.body,
      is_template: draft ? 1 : 0,
      kaffarah_per_fast: policy.kaffarah_per_fast ? 1 : 0,
      updated_by: updatedBy,
      updated_at: nowIso(),
    })
    .where("id", "=", 1)
    .execute();
  const after = await getZakatPolicy();
  await recordAudit({ action: "update", entity: "zakat-policy", entityId: 1, summary: "Zakat policy", before, after });
  return after;
}

export interface EidAlFitr {
  hijri_year: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** Confirmed by staff (sighted); otherwise the Umm al-Qura calculation. */
  confirmed: boolean;
  /** Today is Eid or later: Zakat al-Fitr given now counts as Sadaqa. */
  passed: boolean;
}

/**
 * Eid al-Fitr of the Hijri year we are in, as staff confirmed it or by the calculation.
 * `today` may be another day (when a gift was paid); `db` an open transaction.
 */
export async function thisYearsEid(
  today = todayIn(getEnv().SITE_TIMEZONE),
  db: Kysely<Database> = getDb(),
): Promise<EidAlFitr> {
  const year = hijriYearOf(today);
  const row = await db.selectFrom("eid_dates").selectAll().where("hijri_year", "=", year).executeTakeFirst();
  const date = row?.eid_al_fitr_on ?? calculatedEidAlFitr(year);
  return { hijri_year: year, date, confirmed: Boolean(row), passed: isFitrLate(today, date) };
}

/** Staff confirm this year's Eid al-Fitr by sighting: within a few days of the calculated 1 Shawwal. */
export async function setEidAlFitr(input: unknown, setBy: string): Promise<EidAlFitr> {
  const { eid_al_fitr_on } = parseOrThrow(eidDateSchema, input);
  const year = hijriYearOf(todayIn(getEnv().SITE_TIMEZONE));
  const calculated = calculatedEidAlFitr(year);
  const apart = Math.abs(Date.parse(eid_al_fitr_on) - Date.parse(calculated)) / 86_400_000;
  if (apart > 3) {
    throw new ValidationError({
      eid_al_fitr_on: [`Eid al-Fitr of ${year} AH falls near ${calculated} by the calculation; please check the date`],
    });
  }
  await getDb()
    .insertInto("eid_dates")
    .values({ hijri_year: year, eid_al_fitr_on, set_by: setBy, set_at: nowIso() })
    .onConflict((oc) => oc.column("hijri_year").doUpdateSet({ eid_al_fitr_on, set_by: setBy, set_at: nowIso() }))
    .execute();
  await recordAudit({
    action: "update",
    entity: "eid-al-fitr",
    entityId: year,
    summary: `Eid al-Fitr ${year} AH`,
    after: { eid_al_fitr_on },
  });
  return thisYearsEid();
}
