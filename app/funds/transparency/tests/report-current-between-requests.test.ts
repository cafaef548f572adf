import { describe, expect, it, vi } from "vitest";
import type * as funds from "~/funds/transparency/rules/transparency";
import { buildTransparencyFigures } from "~/funds/transparency/rules/transparency";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { getTransparencyReport } from "~/funds/transparency/server/transparency.server";
import { recordDisbursement, recordReversal } from "~/funds/ledger/server/ledger.server";
import { newGift } from "../../../../tests/support/builders";

// The report's figures are worked out by this one function: counting its calls shows
// whether a report was worked out again or given from what was kept.
vi.mock("~/funds/transparency/rules/transparency", async (importOriginal) => {
  const actual = await importOriginal<typeof funds>();
  return { ...actual, buildTransparencyFigures: vi.fn(actual.buildTransparencyFigures) };
});
const workedOut = vi.mocked(buildTransparencyFigures);

/**
 * The transparency report is kept between requests while nothing it is worked out from
 * changes (it reads every gift day and ledger entry): each gift, entry and reversal must
 * still show at once.
 */
async function giveZakat(cents: number, donatedAt: string, isTest: 0 | 1 = 0): Promise<void> {
  await newGift({
    amount_cents: cents,
    purpose: "Zakat",
    donated_at: donatedAt,
    payment_method: "cash",
    is_test: isTest,
  });
}

const zakatAlMal = async () => (await getTransparencyReport()).funds.find((fund) => fund.name === "Zakat al-Mal");

describe("the transparency report between requests", () => {
  it("shows each new gift, disbursement and reversal at once", async () => {
    await giveZakat(100_000, "2026-01-10T10:00:00.000Z");
    expect(await zakatAlMal()).toMatchObject({ received: 1_000, distributed: 0, held: 1_000 });

    await giveZakat(50_000, "2026-02-10T10:00:00.000Z");
    expect(await zakatAlMal()).toMatchObject({ received: 1_500, distributed: 0, held: 1_500 });

    const fund = await fundBySlug("zakat-al-mal");
    const entry = await recordDisbursement(
      {
        fund_id: fund.id,
        amount: "400",
        disbursed_on: "2026-03-01",
        category: "masakin",
        programme: "Rent support",
        description: "Overdue rent for families in hardship",
      },
      "staff",
    );
    expect(await zakatAlMal()).toMatchObject({ received: 1_500, distributed: 400, held: 1_100 });
    expect((await getTransparencyReport()).latest_entry_on).toBe("2026-03-01");

    await recordReversal({ reverses_id: entry.id, description: "Recorded twice", disbursed_on: "2026-03-02" }, "staff");
    expect(await zakatAlMal()).toMatchObject({ received: 1_500, distributed: 0, held: 1_500 });
    expect((await getTransparencyReport()).latest_entry_on).toBe("2026-03-02");
  });

  it("keeps each calendar's report apart, and a caller's changes out of the next report", async () => {
    const hijri = await getTransparencyReport({ calendar: "hijri" });
    const gregorian = await getTransparencyReport({ calendar: "gregorian" });
    expect(hijri.years).toEqual([1447]);
    expect(gregorian.years).toEqual([2026]);
    hijri.funds.length = 0;
    hijri.years.push(1);
    const again = await getTransparencyReport({ calendar: "hijri" });
    expect(again.years).toEqual([1447]);
    expect(again.funds.length).toBeGreaterThan(0);
  });

  it("keeps the report when a test payment comes in, and works it out again for the next live gift", async () => {
    const before = await getTransparencyReport();
    const calls = workedOut.mock.calls.length;
    await giveZakat(999_900, "2026-02-11T10:00:00.000Z", 1);
    expect(await getTransparencyReport()).toEqual(before);
    expect(workedOut.mock.calls.length).toBe(calls);

    await giveZakat(100, "2026-02-11T10:00:00.000Z");
    expect(await zakatAlMal()).toMatchObject({ received: 1_501, held: 1_501 });
    expect(workedOut.mock.calls.length).toBe(calls + 1);
  });

  it("answers a year without figures with all years, and never works out made-up years", async () => {
    const allYears = await getTransparencyReport({ calendar: "gregorian" });
    const calls = workedOut.mock.calls.length;
    for (let year = 1; year <= 200; year++) {
      expect((await getTransparencyReport({ calendar: "gregorian", year: 3000 + year })).year).toBeNull();
    }
    expect(workedOut.mock.calls.length).toBe(calls);
    expect(await getTransparencyReport({ calendar: "gregorian", year: 4000 })).toEqual(allYears);
    // A year with figures is worked out once, then kept.
    expect((await getTransparencyReport({ calendar: "gregorian", year: 2026 })).year).toBe(2026);
    expect((await getTransparencyReport({ calendar: "gregorian", year: 2026 })).year).toBe(2026);
    expect(workedOut.mock.calls.length).toBe(calls + 1);
  });
});
