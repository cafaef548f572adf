import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { DEMO_RECORDED_BY } from "./seed-funds";

/**
 * The demo foundation's Zakat policy and its confirmed rates, so a newcomer's first start
 * shows no template text and no rate "to be confirmed". Written only with the demo's money
 * (never on a site whose payments are live): a real foundation writes its own policy and
 * confirms its own rates, and until then its public pages do not link a template.
 */
const DEMO_POLICY = `This is the Zakat policy of a demonstration foundation, written to show how a published policy reads. A real foundation replaces it with its own in the admin area (Funds, then Zakat policy and Eid).

Who distributes: our programme staff and local partner organisations, under the direction of the board of trustees. Every payment out is written in the ledger behind our transparency report.

To whom: Zakat is given only to the eight categories of recipients named in the Qur'an (9:60). It is held in its own funds, apart from Sadaqa and every other gift, and is never spent on fundraising.

Administration share: we take no share of Zakat for collecting or administering it. The foundation's running costs are met from Sadaqa given for that purpose.

How fast: we aim to distribute all Zakat within one lunar year of receiving it, and Zakat al-Fitr before the Eid prayer. The transparency report shows how much of each year's Zakat reached those eligible within the year.

Who reviews it: the demonstration foundation's Shari'ah adviser reviews this policy, and a sample of the year's distributions, every Ramadan; the trustees approve it.`;

const DEMO_AUTHORITY = "The demonstration foundation's Zakat committee (a real foundation names its own)";

export async function seedPolicyAndRatesDemo(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("zakat_policy")
    .set({ body: DEMO_POLICY, is_template: 0, updated_by: DEMO_RECORDED_BY, updated_at: now })
    .where("id", "=", 1)
    .execute();
  // The register never changes a row: the demo confirms each starting rate as staff would, by a new one of the same day
  // and amount.
  const starting = await db
    .selectFrom("rates")
    .select(["rate_key", "amount_cents", "effective_on", "note"])
    .where("to_confirm", "=", 1)
    .execute();
  if (starting.length === 0) return;
  await db
    .insertInto("rates")
    .values(
      starting.map((rate) => ({
        ...rate,
        authority: DEMO_AUTHORITY,
        to_confirm: 0,
        recorded_by: DEMO_RECORDED_BY,
        recorded_at: now,
      })),
    )
    .execute();
}
