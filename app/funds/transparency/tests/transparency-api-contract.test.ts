import { beforeAll, describe, expect, it } from "vitest";
import * as fundsApi from "~/funds/funds/routes/api-funds";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";
import { newGift } from "../../../../tests/support/builders";

/**
 * /api/transparency as a client sees it: the report's figures, and that they never name a
 * donor, a recipient or a proof document, nor count a test payment.
 */

let auth: Record<string, string>;
let staffName: string;
const expired = { Authorization: "Bearer expired-or-made-up" };

beforeAll(async () => {
  const staff = await createTestAdmin();
  auth = staff.auth;
  staffName = staff.admin.username;
});

/** A gift as the site stores it; a gift without a fund takes its purpose's fund. */
async function gift(
  purpose: string,
  dollars: number,
  extra: { is_test?: 0 | 1; name?: string; email?: string; donated_at?: string } = {},
) {
  await newGift({ amount_cents: Math.round(dollars * 100), purpose, donated_at: "2026-02-01T10:00:00.000Z", ...extra });
}

describe("GET /api/transparency", () => {
  const donor = { name: "Zubaydah Quintessa-Farrow", email: "zq.farrow.donor@example.org" };
  const recipient = "Nadira Okonkwo-Vale";
  const proof = "c81e728d-receipt-signed-by-nadira.jpg";

  beforeAll(async () => {
    await gift("Zakat", 2_000, { ...donor, donated_at: "2026-01-05T10:00:00.000Z" });
    await gift("Emergency Relief", 750, { ...donor, donated_at: "2026-01-06T10:00:00.000Z" });
    const zakat = await fundBySlug("zakat-al-mal");
    await recordDisbursement(
      {
        fund_id: zakat.id,
        amount: 400,
        disbursed_on: "2026-02-01",
        category: "gharimin",
        programme: "Debt relief",
        region: "Amman",
        description: `Rent arrears paid for ${recipient}`,
      },
      staffName,
      proof,
    );
  });

  it("answers anyone, ignoring a stale token, with the report's figures in dollars", async () => {
    const anonymous = await callApi(transparencyApi.loader, "/api/transparency");
    const stale = await callApi(transparencyApi.loader, "/api/transparency", { headers: expired });
    expect(anonymous.status).toBe(200);
    expect(stale.body).toEqual(anonymous.body);
    expect(anonymous.body).toMatchObject({
      calendar: "hijri",
      year: null,
      latest_entry_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(anonymous.body.funds.map((fund: { name: string }) => fund.name)).toEqual(
      expect.arrayContaining(["Zakat al-Mal", "Zakat al-Fitr", "Fidya", "Kaffarah"]),
    );
    expect(anonymous.body.zakat.by_category).toHaveLength(8);
    expect(anonymous.body.zakat.by_category.find((item: { key: string }) => item.key === "gharimin")).toMatchObject({
      english: "debtors",
      arabic: "al-gharimin",
    });
    const gregorian = await callApi(transparencyApi.loader, "/api/transparency?calendar=gregorian&year=2026");
    expect(gregorian.body).toMatchObject({ calendar: "gregorian", year: 2026 });
    expect(gregorian.body.zakat.by_year.map((item: { year: number }) => item.year)).toEqual([2026]);
  });

  it("over all years, agrees with each fund's figures in /api/funds/", async () => {
    const report = (await callApi(transparencyApi.loader, "/api/transparency")).body;
    const funds = (await callApi(fundsApi.loader, "/api/funds/")).body;
    expect(report.funds.length).toBeGreaterThan(4);
    for (const item of report.funds) {
      const fund = funds.find((candidate: { name: string }) => candidate.name === item.name);
      expect([item.received, item.distributed, item.held], item.name).toEqual([
        fund.received,
        fund.disbursed,
        fund.balance,
      ]);
    }
  });

  it("never names a donor or a recipient, nor a proof document, in any calendar or year", async () => {
    for (const query of [
      "",
      "?calendar=gregorian",
      "?calendar=gregorian&year=2026",
      "?calendar=hijri&year=1447",
      "?year=nonsense",
    ]) {
      const { status, body } = await callApi(transparencyApi.loader, `/api/transparency${query}`);
      expect(status).toBe(200);
      const text = JSON.stringify(body);
      for (const secret of [
        "Zubaydah",
        "Quintessa",
        "Farrow",
        "zq.farrow",
        "@example.org",
        "Nadira",
        "Okonkwo",
        proof,
        "c81e728d",
        "Rent arrears",
        "Amman",
        staffName,
      ]) {
        expect(text, `${secret} in ${query}`).not.toContain(secret);
      }
    }
  });

  it("never counts a test payment, in the report or the funds", async () => {
    const report = async () => (await callApi(transparencyApi.loader, "/api/transparency?calendar=gregorian")).body;
    const funds = async () => (await callApi(fundsApi.loader, "/api/funds/")).body;
    const [reportBefore, fundsBefore] = [await report(), await funds()];
    for (const purpose of ["Zakat", "Emergency Relief", "General Donation", "Zakat al-Fitr"]) {
      await gift(purpose, 99_999, { is_test: 1, name: "Sandbox Sam", donated_at: "2026-01-07T10:00:00.000Z" });
    }
    await gift("Zakat", 1_234, { is_test: 1, donated_at: "2024-05-01T10:00:00.000Z" });
    expect(await report()).toEqual(reportBefore);
    expect(await funds()).toEqual(fundsBefore);
    const zakat = fundsBefore.find((fund: { slug: string }) => fund.slug === "zakat-al-mal");
    expect(zakat.received).toBeGreaterThanOrEqual(2_000);
    expect(zakat.received).toBeLessThan(99_999);
  });

  it("is read-only", async () => {
    expect(
      await callApi(transparencyApi.action, "/api/transparency", { body: { year: 1 }, headers: auth }),
    ).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
  });
});
