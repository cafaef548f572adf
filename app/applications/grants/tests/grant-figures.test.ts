import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { todayIn } from "~/shared/dates";
import { addDays, hijriYearOf } from "~/shared/hijri";
import { approveApplication, householdsHelpedByCategory, payApplication } from "~/applications/grants/index.server";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import * as transparencyPage from "~/funds/transparency/routes/transparency";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import { recordReversal } from "~/funds/ledger/server/ledger.server";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import type { ZakatCategoryKey } from "~/funds/funds";
import type { Admin } from "~/staff/accounts";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import * as dashboardScreen from "~/staff/dashboard/routes/admin-dashboard";
import { fundId, newGift } from "../../../../tests/support/builders";
import { recommendedCase } from "./recommended-case";

/**
 * The applications' figures (issue 31, point 6): the dashboard's open cases, days to a decision
 * and help granted this lunar year, for those who may see cases; the transparency report's
 * households helped per category, a count under five shown as "fewer than 5".
 */

const TODAY = todayIn("UTC");
let caseworker: Admin;
let decider: Admin;
let staff: Record<"caseworker" | "finance" | "editor", Record<string, string>>;
let zakatFund: number;

beforeAll(async () => {
  await ensureDefaultSettings();
  const worker = await createTestAdmin("a-strong-password", ["caseworker"]);
  const finance = await createTestAdmin("a-strong-password", ["finance"]);
  const editor = await createTestAdmin("a-strong-password", ["editor"]);
  caseworker = worker.admin;
  decider = finance.admin;
  staff = { caseworker: worker.auth, finance: finance.auth, editor: editor.auth };
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

/** A case paid in full today in `category`, submitted `daysAgo` days ago. */
async function paidCase(category: ZakatCategoryKey, cents = 10_000, daysAgo = 3) {
  const made = await recommendedCase({
    recommender: caseworker,
    category,
    cents,
    submittedAt: `${addDays(TODAY, -daysAgo)}T${new Date().toISOString().slice(11)}`,
  });
  await approveApplication(made.ref, {}, decider);
  const grant = await payApplication(
    made.ref,
    { amount: cents / 100, fund: zakatFund, method: "bank_transfer", paid_on: TODAY },
    decider,
  );
  return { ...made, entryId: grant.payments[0]!.disbursement_id! };
}

type Report = {
  zakat: {
    households_helped: { key: string; households: number | string }[];
    by_category: { key: string; amount: number }[];
  };
};
const helped = (report: Report, key: string) =>
  report.zakat.households_helped.find((row) => row.key === key)?.households;

describe("households helped on the transparency report", () => {
  it("counts distinct households per category, under five as 'fewer than 5', in the API and the page", async () => {
    for (let index = 0; index < 3; index++) await paidCase("riqab");
    for (let index = 0; index < 6; index++) await paidCase("ibn-al-sabil");
    const { status, body } = await callApi(transparencyApi.loader, "/api/transparency");
    expect(status).toBe(200);
    expect(helped(body, "riqab")).toBe("fewer than 5");
    expect(helped(body, "ibn-al-sabil")).toBe(6);
    expect(helped(body, "fuqara")).toBeUndefined();
    // Category and amount only: nothing of a case.
    expect(JSON.stringify(body)).not.toMatch(/ZA-|Family Member|example\.org/);

    const page = (await callRoute(transparencyPage.loader, "/transparency")) as { report: Report };
    expect(helped(page.report, "ibn-al-sabil")).toBe(6);
    const text = await screenText(transparencyPage as never, "/transparency");
    expect(text).toContain("Households helped, all years");
    expect(text).toMatch(/Freeing captives \(fi al-riqab\)\s*Fewer than 5/);
    expect(text).toMatch(/The stranded traveller \(ibn al-sabil\)\s*6/);
  });

  it("counts a household once however many payments, within the report's period only", async () => {
    const monthly = await recommendedCase({
      recommender: caseworker,
      category: "amilin",
      plan: "monthly",
      cents: 5_000,
      months: 2,
    });
    const grant = await approveApplication(monthly.ref, {}, decider);
    // Both months fallen due (a month is never paid ahead).
    await getDb()
      .updateTable("application_payments")
      .set({ due_on: TODAY })
      .where("application_id", "=", monthly.id)
      .execute();
    for (const due of grant.payments) {
      await payApplication(
        monthly.ref,
        { amount: 50, fund: zakatFund, method: "in_kind", paid_on: TODAY, payment: due.id },
        decider,
      );
    }
    expect((await householdsHelpedByCategory()).get("amilin")).toBe(1);
    const year = hijriYearOf(TODAY);
    const { body: thisYear } = await callApi(transparencyApi.loader, `/api/transparency?calendar=hijri&year=${year}`);
    expect(thisYear.year).toBe(year);
    expect(helped(thisYear, "ibn-al-sabil")).toBe(6);
    expect(helped(thisYear, "amilin")).toBe("fewer than 5");
    expect((await householdsHelpedByCategory({ from: addDays(TODAY, 1) })).size).toBe(0);
    expect((await householdsHelpedByCategory({ to: TODAY })).size).toBe(0);
  });

  it("stops counting a household whose payment was reversed, and the kept report follows", async () => {
    const cases = [];
    for (let index = 0; index < 5; index++) cases.push(await paidCase("fi-sabilillah"));
    expect(helped((await callApi(transparencyApi.loader, "/api/transparency")).body, "fi-sabilillah")).toBe(5);
    await recordReversal({ reverses_id: cases[0]!.entryId, description: "Paid twice by mistake" }, "finance");
    expect(helped((await callApi(transparencyApi.loader, "/api/transparency")).body, "fi-sabilillah")).toBe(
      "fewer than 5",
    );
  });
});

describe("the dashboard's applications figures", () => {
  it("are shown to case workers and finance, not to an editor", async () => {
    const { body: editor } = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: staff.editor });
    expect(editor.applications).toBeUndefined();
    const { body: worker } = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: staff.caseworker });
    expect(worker.applications).toBeDefined();
  });

  it("count open cases by state, the median days to a decision and help granted this lunar year", async () => {
    await recommendedCase({ recommender: caseworker });
    await recommendedCase({ recommender: caseworker });
    const { body } = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: staff.finance });
    const open = Object.fromEntries(
      (body.applications.open_by_state as { state: string; count: number }[]).map((row) => [row.state, row.count]),
    );
    expect(open).toMatchObject({ recommended: 2, approved: 0, submitted: 0 });
    // 14 cases were submitted three days before they were decided, the monthly one the same day.
    expect(body.applications.median_days_to_decision).toBe(3);
    const granted = body.applications.granted_this_year;
    expect(granted.hijri_year).toBe(hijriYearOf(TODAY));
    const byCategory = Object.fromEntries(
      (granted.by_category as { key: string; amount: number }[]).map((row) => [row.key, row.amount]),
    );
    // 3 riqab and 6 ibn al-sabil at $100; 5 fi sabilillah, one reversed; $100 in kind to the amilin.
    expect(byCategory).toEqual({ amilin: 100, riqab: 300, "fi-sabilillah": 400, "ibn-al-sabil": 600 });
    const screen = await screenText(dashboardScreen as never, "/admin");
    expect(screen).toContain("Zakat applications");
    expect(screen).toMatch(/Recommended\s*2/);
    expect(screen).toMatch(/Median days to a decision\s*3/);
    expect(screen).toContain(`Help granted in ${hijriYearOf(TODAY)} AH: $1,400.00`);
  });

  it("takes the median of the decided cases' days, the middle two averaged", async () => {
    await paidCase("fuqara", 100, 21);
    await paidCase("fuqara", 100, 23);
    const { body } = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: staff.finance });
    // 0, 14 cases at 3 days, 21 and 23: 17 values, the middle one 3.
    expect(body.applications.median_days_to_decision).toBe(3);
    for (let index = 0; index < 15; index++) await paidCase("masakin", 100, 30);
    const { body: after } = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: staff.finance });
    // 0, 14 at 3, 21, 23, 15 at 30: 32 values, the 16th is 21 and the 17th 23.
    expect(after.applications.median_days_to_decision).toBe(22);
  });
});
