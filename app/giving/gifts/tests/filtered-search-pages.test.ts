import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { matchesUpToCap, ORDERED_GATHER_BUDGET_MS } from "~/lib/list-pages.server";
import { findDonationPage } from "~/giving/gifts/server/donations.server";
import { clearGiving } from "../../../../tests/support/giving-records";

// A search narrowed by a filter gathers its newest 1,001 matches in order and shows its first
// forty pages from them; deeper pages are walked to. Every page must be the one that counting
// the matches one by one, newest first, would show, also where two gifts share a moment.
const ROWS = 1_150;
// Two gifts a minute: of two at the same moment, the later recorded (higher id) comes first.
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(n / 2) * 60_000).toISOString();
const isMonthly = (n: number) => n % 20 !== 0;
let firstId = 0;
const monthlyNewestFirst = Array.from({ length: ROWS }, (_, index) => ROWS - index).filter(isMonthly);

beforeAll(async () => {
  await clearGiving();
  const db = getDb();
  const numbers = Array.from({ length: ROWS }, (_, index) => index + 1);
  for (let start = 0; start < ROWS; start += 250) {
    await db
      .insertInto("donations")
      .values(
        numbers.slice(start, start + 250).map((n) => ({
          name: `Donor ${n}`,
          email: `d${n}@example.org`,
          amount_cents: 100 * n,
          frequency: isMonthly(n) ? ("Monthly" as const) : ("One-Time" as const),
          purpose: "Zakat",
          donated_at: at(n),
          receipt_token: `narrowed-${n}`,
        })),
      )
      .execute();
  }
  firstId = Number(
    (
      await db
        .selectFrom("donations")
        .select((eb) => eb.fn.min("id").as("id"))
        .executeTakeFirstOrThrow()
    ).id,
  );
});

describe("a search narrowed by a filter, matching more than a thousand gifts", () => {
  const namesOn = async (page: number) => {
    const found = await findDonationPage({ frequency: "Monthly", search: "example" }, page, 25);
    return { ...found, names: found.donations.map((gift) => gift.name) };
  };
  const expected = (page: number) => monthlyNewestFirst.slice((page - 1) * 25, page * 25).map((n) => `Donor ${n}`);

  it("shows each page among the first thousand matches from the gathered ones, in order", async () => {
    expect(monthlyNewestFirst.length).toBeGreaterThan(1_000);
    for (const page of [1, 2, 17, 40]) {
      const found = await namesOn(page);
      expect(found.total).toBe(1_000);
      expect(found.capped).toBe(true);
      expect(found.names, `page ${page}`).toEqual(expected(page));
    }
  });

  it("walks to a page past the first thousand, and shows past the last match an empty page", async () => {
    for (const page of [41, 44]) expect((await namesOn(page)).names, `page ${page}`).toEqual(expected(page));
    expect((await namesOn(44)).names).toHaveLength(monthlyNewestFirst.length - 43 * 25);
    const past = await namesOn(60);
    expect(past.page).toBe(60);
    expect(past.names).toEqual([]);
  });

  it("shows the same pages without the filter's help for a search that is not narrowed", async () => {
    const everyGift = Array.from({ length: ROWS }, (_, index) => `Donor ${ROWS - index}`);
    for (const page of [1, 40, 41]) {
      const found = await findDonationPage({ search: "example" }, page, 25);
      expect(
        found.donations.map((gift) => gift.name),
        `page ${page}`,
      ).toEqual(everyGift.slice((page - 1) * 25, page * 25));
    }
  });
});

// PostgreSQL may misjudge a narrowed search and walk far for its newest matches: it is given
// a budget, past which the matches are gathered in any order and the page walked to instead.
const onPostgres = process.env.TEST_DATABASE_ENGINE === "postgres";

describe("a narrowed search gathered in order", () => {
  const newestFirst = () =>
    getDb().selectFrom("donations").selectAll().orderBy("donated_at", "desc").orderBy("id", "desc");

  it("keeps to its budget on PostgreSQL: past it the same matches come in any order", async () => {
    const quick = await matchesUpToCap(newestFirst(), "donations", "donated_at", true);
    // SQLite always gathers in any order (see matchesUpToCap).
    expect(quick.newestFirst).toBe(onPostgres);
    if (onPostgres) expect(quick.places.slice(0, 2).map((place) => place.id)).toEqual(newestIds(2));
    // A gathering that takes twice the budget (the sleep runs once, before the first row).
    const pause = (ORDERED_GATHER_BUDGET_MS * 2) / 1000;
    const slow = newestFirst().where(
      onPostgres ? sql<boolean>`(select pg_sleep(${pause})) is not null` : sql<boolean>`1 = 1`,
    );
    const gathered = await matchesUpToCap(slow, "donations", "donated_at", true);
    expect(gathered.newestFirst).toBe(false);
    expect(gathered.places).toHaveLength(1_001);
    expect(new Set(gathered.places.map((place) => place.id)).size).toBe(1_001);
  });
});

/** The ids of the `count` newest gifts (ids follow the numbers 1..ROWS as inserted). */
function newestIds(count: number): number[] {
  return Array.from({ length: count }, (_, index) => firstId + ROWS - 1 - index);
}
