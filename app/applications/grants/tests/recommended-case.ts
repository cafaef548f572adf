import { getDb, nowIso } from "~/lib/db.server";
import { insertApplication } from "~/applications/records/index.server";
import { applicationSchema } from "~/applications/records";
import type { ZakatCategoryKey } from "~/funds/funds";
import type { Admin } from "~/staff/accounts";

let made = 0;

/**
 * A case as the case workers' slice leaves it once assessed: submitted by a family (through the
 * records store, its personal data sealed), then recommended by `recommender`.
 */
export async function recommendedCase(options: {
  recommender: Pick<Admin, "id" | "username">;
  category?: ZakatCategoryKey;
  plan?: "once" | "monthly";
  cents?: number;
  months?: number | null;
  submittedAt?: string;
  /** The applicant's email: the same one makes a second application of the same household. */
  email?: string;
}): Promise<{ id: number; ref: string; email: string; name: string }> {
  made += 1;
  const email = options.email ?? `family${made}-${Date.now()}@example.org`;
  const name = `Family Member ${made}`;
  const input = applicationSchema.parse({
    name,
    email,
    phone: "020 7946 0000",
    address: "1 Example Street",
    date_of_birth: "1980-04-02",
    adults: 2,
    children_ages: "4, 9",
    income_work: "900",
    cost_housing: "1100",
    cost_food: "400",
    purpose: "rent",
    purpose_details: "Rent arrears after losing work",
    requested: "1500",
    declare_true: "on",
    consent_privacy: "on",
  });
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const { id, ref } = await insertApplication(trx, input);
      await trx
        .updateTable("applications")
        .set({
          state: "recommended",
          category: options.category ?? "masakin",
          recommended_plan: options.plan ?? "once",
          recommended_cents: options.cents ?? 150_000,
          recommended_months: options.plan === "monthly" ? (options.months ?? 3) : null,
          recommended_by: options.recommender.username,
          recommended_by_id: options.recommender.id,
          recommended_at: nowIso(),
          ...(options.submittedAt ? { submitted_at: options.submittedAt } : {}),
        })
        .where("id", "=", id)
        .execute();
      return { id, ref, email, name };
    });
}
