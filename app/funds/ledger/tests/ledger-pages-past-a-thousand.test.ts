import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { findLedgerPage } from "~/funds/ledger/server/ledger.server";

// The ledger's page query joins each entry's fund and looks up its reversal: past the
// thousandth entry it is found by ids first, and a broad search is counted up to 1,000.
const ENTRIES = 1_040;

beforeAll(async () => {
  const db = getDb();
  const sadaqa = await db.selectFrom("funds").select("id").where("slug", "=", "sadaqa").executeTakeFirstOrThrow();
  // Money in first: a disbursement may not take a fund below nothing.
  await db
    .insertInto("donations")
    .values({
      name: "Founding gift",
      email: "",
      amount_cents: 10_000_000,
      frequency: "One-Time",
      purpose: "General Donation",
      fund_id: sadaqa.id,
      donated_at: "2025-01-01T10:00:00.000Z",
      receipt_token: "deep-ledger",
    })
    .execute();
  const numbers = Array.from({ length: ENTRIES }, (_, index) => index + 1);
  for (let start = 0; start < ENTRIES; start += 200) {
    await db
      .insertInto("disbursements")
      .values(
        numbers.slice(start, start + 200).map((n) => ({
          kind: "disbursement" as const,
          fund_id: sadaqa.id,
          amount_cents: 100,
          // Two entries a day, so the order also rests on the id.
          disbursed_on: new Date(Date.UTC(2025, 0, 2) + Math.ceil(n / 2) * 86_400_000).toISOString().slice(0, 10),
          category: null,
          programme: `Food parcels ${n}`,
          recorded_by: "staff",
          recorded_at: "2025-06-01T10:00:00.000Z",
        })),
      )
      .execute();
  }
});

const programmes = (entries: { programme: string }[]) => entries.map((entry) => entry.programme);
const newestFrom = (n: number, count: number) =>
  Array.from({ length: count }, (_, index) => `Food parcels ${n - index}`);

describe("a page deep in the ledger", () => {
  it("shows the same entries, newest first, with their funds", async () => {
    const page = await findLedgerPage({}, 41, 25);
    expect(page.total).toBe(ENTRIES);
    // Page 41 skips the 1,000 newest: it starts at entry 40.
    expect(programmes(page.rows)).toEqual(newestFrom(40, 25));
    expect(new Set(page.rows.map((entry) => entry.fund_name))).toEqual(new Set(["Sadaqa"]));
  });

  it("counts a search matching every entry up to 1,000, and reads its deep pages in order", async () => {
    const first = await findLedgerPage({ search: "parcels" }, 1, 25);
    expect(first).toMatchObject({ total: 1_000, capped: true, page: 1 });
    expect(programmes(first.rows)).toEqual(newestFrom(ENTRIES, 25));
    const deep = await findLedgerPage({ search: "parcels" }, 42, 25);
    expect(programmes(deep.rows)).toEqual(newestFrom(15, 15));
    const past = await findLedgerPage({ search: "parcels" }, 60, 25);
    expect(past).toMatchObject({ rows: [], capped: true, page: 60 });
  });
});
