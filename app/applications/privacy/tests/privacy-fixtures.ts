import { applicationSchema, type ApplicationInput } from "~/applications/records";
import { insertApplication } from "~/applications/records/index.server";
import { forgetKeyRing } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";

/** What the privacy tests need: an application as a family sends it, and the data key switched. */
export const KEY_A = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
export const KEY_B = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
export const KEY_C = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";

export function typedApplication(overrides: Record<string, string> = {}): ApplicationInput {
  return applicationSchema.parse({
    name: "Amina Yusuf",
    email: "amina.applicant@example.org",
    phone: "07700 900123",
    address: "1 High Street",
    date_of_birth: "1985-04-02",
    adults: "2",
    children_ages: "4, 7",
    income_work: "1,200",
    cost_housing: "950",
    cost_food: "500.50",
    purpose: "rent",
    purpose_details: "Two months of rent arrears",
    requested: "1900",
    declare_true: "on",
    consent_privacy: "on",
    ...overrides,
  });
}

export function applyFor(overrides: Record<string, string> = {}) {
  return getDb()
    .transaction()
    .execute((trx) => insertApplication(trx, typedApplication(overrides)));
}

/** Sets the data key variables (unset when ""), as a restart with them would. */
export function useKeys(keys: { DATA_ENCRYPTION_KEY?: string; DATA_ENCRYPTION_OLD_KEYS?: string }) {
  Object.assign(process.env, { DATA_ENCRYPTION_KEY: "", DATA_ENCRYPTION_OLD_KEYS: "", ...keys });
  resetEnvCache();
  forgetKeyRing();
}
