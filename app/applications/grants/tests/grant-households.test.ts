import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { todayIn } from "~/shared/dates";
import { approveApplication, householdsHelpedByCategory, payApplication } from "~/applications/grants/index.server";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import type { ZakatCategoryKey } from "~/funds/funds";
import type { Admin } from "~/staff/accounts";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";
import { fundId, newGift } from "../../../../tests/support/builders";
import { recommendedCase } from "./recommended-case";

/**
 * The transparency report counts households, not applications: a family that applied twice is
 * one household, so "fewer than 5" cannot be defeated by a second application. Once the
 * retention erase has blanked an application's email key, it counts on its own.
 */

const TODAY = todayIn("UTC");
let caseworker: Admin;
let decider: Admin;
let zakatFund: number;

beforeAll(async () => {
  await ensureDefaultSettings();
  caseworker = (await createTestAdmin("a-strong-password", ["caseworker"])).admin;
  decider = (await createTestAdmin("a-strong-password", ["finance"])).admin;
  zakatFund = await fundId("zakat-al-mal");
  const fund = await getDb()
    .selectFrom("funds")
    .select("purpose")
    .where("id", "=", zakatFund)
    .executeTakeFirstOrThrow();
  await newGift({
    amount_cents: 10_000_000,
    purpose: fund.purpose,
    fund_id: zakatFund,
    donated_at: `${TODAY}T00:00:00.000Z`,
  });
});

async function paidCase(category: ZakatCategoryKey, email?: string) {
  const made = await recommendedCase({ recommender: caseworker, category, cents: 10_000, email });
  await approveApplication(made.ref, {}, decider);
  await payApplication(made.ref, { amount: 100, fund: zakatFund, method: "bank_transfer", paid_on: TODAY }, decider);
  return made;
}

const helped = async (key: string) => {
  const { body } = await callApi(transparencyApi.loader, "/api/transparency");
  return (body.zakat.households_helped as { key: string; households: number | string }[]).find((row) => row.key === key)
    ?.households;
};

describe("households helped", () => {
  it("counts one household's two applications once: four households are 'fewer than 5'", async () => {
    const twice = await paidCase("riqab", "same.family@example.org");
    await paidCase("riqab", "SAME.Family@example.org ");
    for (let index = 0; index < 3; index++) await paidCase("riqab");
    expect((await householdsHelpedByCategory()).get("riqab")).toBe(4);
    expect(await helped("riqab")).toBe("fewer than 5");

    for (let index = 0; index < 5; index++) await paidCase("fuqara");
    expect((await householdsHelpedByCategory()).get("fuqara")).toBe(5);
    expect(await helped("fuqara")).toBe(5);

    // After the retention erase blanks the email keys, each application counts on its own.
    await getDb()
      .updateTable("applications")
      .set({ email_key: "" })
      .where(
        "email_key",
        "=",
        (
          await getDb()
            .selectFrom("applications")
            .select("email_key")
            .where("id", "=", twice.id)
            .executeTakeFirstOrThrow()
        ).email_key,
      )
      .execute();
    expect((await householdsHelpedByCategory()).get("riqab")).toBe(5);
  });
});
