import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { fundBySlug, getTransparencyReport, recordDisbursement, recordReversal } from "~/services/funds";

/**
 * The transparency report is kept between requests while nothing it is worked out from
 * changes (it reads every gift day and ledger entry): each gift, entry and reversal must
 * still show at once.
 */
async function giveZakat(cents: number, donatedAt: string): Promise<void> {
  await getDb().insertInto("donations").values({ name: "A donor", email: "", amount_cents: cents, frequency: "One-Time", purpose: "Zakat", donated_at: donatedAt, payment_method: "cash" }).execute();
}

const zakatAlMal = async () => (await getTransparencyReport()).funds.find((fund) => fund.name === "Zakat al-Mal");

describe("the transparency report between requests", () => {
  it("shows each new gift, disbursement and reversal at once", async () => {
    await giveZakat(100_000, "2026-01-10T10:00:00.000Z");
    expect(await zakatAlMal()).toMatchObject({ received: 1_000, distributed: 0, held: 1_000 });

    await giveZakat(50_000, "2026-02-10T10:00:00.000Z");
    expect(await zakatAlMal()).toMatchObject({ received: 1_500, distributed: 0, held: 1_500 });

    const fund = await fundBySlug("zakat-al-mal");
    const entry = await recordDisbursement({ fund_id: fund.id, amount: "400", disbursed_on: "2026-03-01", category: "masakin", programme: "Rent support", description: "Overdue rent for families in hardship" }, "staff");
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
});
