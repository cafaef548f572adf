import { asOwner } from "../../../../tests/support/routes";
import { describe, expect, it, vi } from "vitest";
import { todayIn } from "~/shared/dates";
import { addDays, formatHijri } from "~/shared/hijri";
import * as dashboardScreen from "~/staff/dashboard/routes/admin-dashboard";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { screenText } from "../../../../tests/support/screens";
import { newGift } from "../../../../tests/support/builders";

/** The dashboard's warning about Zakat still undistributed near the end of its lunar year. */

const TODAY = todayIn("UTC");

describe("the dashboard's Zakat warning", () => {
  it("warns when Zakat received more than ten lunar months ago is still undistributed, with the amount and the oldest date", async () => {
    const zakat = await fundBySlug("zakat-al-mal");
    const oldest = addDays(TODAY, -330);
    for (const [day, cents] of [
      [oldest, 30_000],
      [addDays(TODAY, -310), 20_000],
    ] as const) {
      await newGift({
        name: "Old Zakat",
        amount_cents: cents,
        purpose: "Zakat",
        fund_id: zakat.id,
        is_test: 0,
        donated_at: `${day}T09:00:00.000Z`,
      });
    }
    // A test payment is never counted, however old.
    await newGift({
      name: "Sandbox",
      amount_cents: 99_900,
      purpose: "Zakat",
      fund_id: zakat.id,
      is_test: 1,
      donated_at: `${addDays(TODAY, -340)}T09:00:00.000Z`,
    });
    await recordDisbursement(
      { fund_id: zakat.id, amount: 250, disbursed_on: TODAY, category: "fuqara", description: "Food parcels" },
      "warden",
    );

    const { stats } = await dashboardScreen.loader(asOwner());
    expect(stats.funds).toMatchObject({ zakat_balance: 250, overdue: { amount: 250, oldest_received_on: oldest } });
    const text = await screenText(dashboardScreen as never, "/admin");
    const ends = addDays(oldest, 354);
    expect(text).toContain(
      `$250.00 of Zakat received since ${new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${oldest}T12:00:00Z`))} (${formatHijri(oldest)}) is still undistributed; its lunar year ends on`,
    );
    const day = (iso: string) =>
      new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(
        new Date(`${iso}T12:00:00Z`),
      );
    expect(text).toContain(`its lunar year ends on ${day(ends)} (${formatHijri(ends)}). Record a disbursement`);
    expect(text).toMatch(/Zakat balance \$250\.00/);

    // A month on, that lunar year is over: the warning says when it ended, and how long ago.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date(`${addDays(TODAY, 30)}T12:00:00Z`));
      const later = await screenText(dashboardScreen as never, "/admin");
      expect(later).toContain(
        `is still undistributed; its lunar year ended on ${day(ends)} (${formatHijri(ends)}) (6 days ago). Record a disbursement`,
      );
      expect(later).not.toContain("its lunar year ends on");
    } finally {
      vi.useRealTimers();
    }

    // Distributing the old Zakat ends the warning.
    await recordDisbursement(
      { fund_id: zakat.id, amount: 250, disbursed_on: TODAY, category: "masakin", description: "Rent arrears" },
      "warden",
    );
    expect((await dashboardScreen.loader(asOwner())).stats.funds!.overdue).toBeNull();
    expect(await screenText(dashboardScreen as never, "/admin")).not.toContain("is still undistributed");
  });
});
