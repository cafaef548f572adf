import { applicationSchema, type ApplicationInput } from "~/applications/records";
import { insertApplication } from "~/applications/records/index.server";
import { getDb } from "~/lib/db.server";
import { uniqueSuffix } from "../../../../tests/support/unique";

/**
 * Cases as the apply slice's service leaves them: a family's application, written with
 * insertApplication (sealed, with its match keys), optionally dated in the past (its match keys
 * too, as a case made then would have them).
 */
export function familyInput(overrides: Record<string, string> = {}): ApplicationInput {
  const suffix = uniqueSuffix();
  return applicationSchema.parse({
    name: `Amina Qureshi ${suffix}`,
    email: `amina.${suffix}@example.org`,
    phone: `07700 ${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
    address: "14 Orchard Row, Leicester",
    date_of_birth: "1984-03-09",
    adults: "2",
    children_ages: "4, 9",
    income_work: "1,100",
    income_benefits: "200",
    cost_housing: "950",
    cost_utilities: "180",
    cost_food: "520.50",
    savings: "150",
    debts: "2,400",
    debts_details: "Rent arrears of two months",
    purpose: "rent",
    purpose_details: "Our landlord has served notice over the arrears",
    requested: "1900",
    declare_true: "on",
    consent_privacy: "on",
    ...overrides,
  });
}

export async function newCase(
  input: ApplicationInput = familyInput(),
  options: { submittedAt?: string; state?: string } = {},
): Promise<{ id: number; ref: string; input: ApplicationInput }> {
  const made = await getDb()
    .transaction()
    .execute((trx) => insertApplication(trx, input));
  if (options.submittedAt) {
    await getDb()
      .updateTable("applications")
      .set({ submitted_at: options.submittedAt })
      .where("id", "=", made.id)
      .execute();
    await getDb()
      .updateTable("application_match_keys")
      .set({ created_at: options.submittedAt })
      .where("application_id", "=", made.id)
      .execute();
  }
  return { ...made, input };
}
