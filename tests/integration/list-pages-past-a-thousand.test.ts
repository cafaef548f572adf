import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { findContactPage } from "~/community/contacts/server/contacts.server";
import { findDonationPage } from "~/giving/gifts/server/donations.server";
import { clearGiving } from "../support/giving-records";

// Past the first thousand rows a page is found by its ids first: the same rows, in the same order.
const ROWS = 1_060;
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

beforeAll(async () => {
  await clearGiving();
  const db = getDb();
  await db.deleteFrom("contact_submissions").execute();
  const numbers = Array.from({ length: ROWS }, (_, index) => index + 1);
  for (let start = 0; start < ROWS; start += 200) {
    const batch = numbers.slice(start, start + 200);
    await db
      .insertInto("contact_submissions")
      .values(
        batch.map((n) => ({
          name: `Sender ${n}`,
          email: `s${n}@example.org`,
          message: "Salaam",
          submitted_at: at(n),
          resolved: (n % 2) as 0 | 1,
        })),
      )
      .execute();
    await db
      .insertInto("donations")
      .values(
        batch.map((n) => ({
          name: `Donor ${n}`,
          email: `d${n}@example.org`,
          amount_cents: 100 * n,
          frequency: n % 3 ? ("One-Time" as const) : ("Monthly" as const),
          purpose: "Zakat",
          donated_at: at(n),
          receipt_token: `deep-${n}`,
        })),
      )
      .execute();
  }
});

describe("a page deep in a long list", () => {
  it("shows the same messages, newest first, as counting them one by one would", async () => {
    const page = await findContactPage({}, 42, 25);
    expect(page.page).toBe(42);
    expect(page.total).toBe(ROWS);
    // Page 42 skips the 1,025 newest: it starts at message 1,060 - 1,025 = 35.
    expect(page.contacts.map((contact) => contact.name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Sender ${35 - index}`),
    );
  });

  it("shows the last page there is when asked past the end, and the gifts of one frequency in order", async () => {
    const last = await findContactPage({}, 99, 25);
    expect(last.page).toBe(43);
    expect(last.contacts.map((contact) => contact.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Sender ${10 - index}`),
    );
    const gifts = await findDonationPage({}, 41, 25);
    expect(gifts.donations.map((gift) => gift.name)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Donor ${60 - index}`),
    );
    const monthly = await findDonationPage({ frequency: "Monthly" }, 14, 25);
    expect(monthly.total).toBe(353);
    expect(monthly.donations.map((gift) => gift.name)).toEqual(
      Array.from({ length: 28 }, (_, index) => 84 - 3 * index)
        .filter((n) => n > 0)
        .slice(0, 25)
        .map((n) => `Donor ${n}`),
    );
  });
});
