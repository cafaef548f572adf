import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { openDatabase, migrateToLatest, getDb } from "~/lib/db.server";
import { seedDemoContent } from "../../db/seed";
import { DEMO_RECORDED_BY, seedFundsDemo } from "../../db/seed-funds";
import { seedAppealsDemo } from "../../db/seed-appeals";
import { DEFAULT_CARD_FEE, feeCoverCents } from "~/giving/donate/rules/fee-cover";
import type { Database } from "../../db/schema";
import { ensureDefaultSettings, getImpactStatistics } from "~/content/settings/server/settings.server";
import { getTransparencyReport } from "~/funds/transparency/server/transparency.server";
import { getZakatWatch } from "~/funds/zakat-policy/server/zakat-watch.server";
import { matchOldestFirst } from "~/funds/transparency/rules/oldest-first";
import { shortfallOf } from "~/funds/ledger/rules/running-balance";
import { ZAKAT_CATEGORY_KEYS } from "~/funds/funds/rules/zakat-categories";
import { addDays, daysBetween, hijriDateOf, LUNAR_YEAR_DAYS } from "~/shared/hijri";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";

async function withNewDatabase(use: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-seed-"));
  const db = openDatabase(path.join(folder, "seed.sqlite"));
  try {
    await migrateToLatest(db);
    await use(db);
  } finally {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

const today = () => new Date().toISOString().slice(0, 10);

describe("demo content", () => {
  it("fills a new database with stories, upcoming and past events, approved and pending testimonials and figures", async () => {
    await ensureDefaultSettings();
    await withNewDatabase(async (db) => {
      await db
        .insertInto("settings")
        .values([{ key: "meals_provided", value: "0" }])
        .execute();
      await seedDemoContent(db);
      const stories = await db.selectFrom("stories").selectAll().execute();
      expect(stories.length).toBeGreaterThanOrEqual(4);
      expect(stories.filter((story) => story.is_featured === 1)).toHaveLength(2);
      const events = await db.selectFrom("events").select("date").execute();
      expect(events.some((event) => event.date >= today())).toBe(true);
      expect(events.some((event) => event.date < today())).toBe(true);
      const testimonials = await db.selectFrom("testimonials").select("is_approved").execute();
      expect(testimonials.filter((t) => t.is_approved === 1).length).toBeGreaterThanOrEqual(3);
      expect(testimonials.some((t) => t.is_approved === 0)).toBe(true);
      const meals = await db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", "meals_provided")
        .executeTakeFirst();
      expect(Number(meals?.value)).toBeGreaterThan(0);
    });
    // The shared database of this file was not touched.
    expect((await getImpactStatistics()).meals_provided).toBe(0);
  });
});

/** What a demo year must look like, whatever day the site first starts on. */
async function expectABelievableYear(db: Kysely<Database>, now: string): Promise<void> {
  const funds = await db.selectFrom("funds").selectAll().execute();
  expect(funds).toHaveLength(10);
  for (const fund of funds) {
    expect(fund.received_cents, fund.name).toBeGreaterThan(0);
    expect(fund.disbursed_cents, fund.name).toBeGreaterThan(0);
    expect(fund.received_cents - fund.disbursed_cents, fund.name).toBeGreaterThanOrEqual(0);
  }
  const largest = [...funds].sort((a, b) => b.received_cents - a.received_cents)[0];
  expect(largest?.slug).toBe("zakat-al-mal");

  const gifts = await db.selectFrom("donations").selectAll().execute();
  expect(gifts.length).toBeGreaterThan(500);
  for (const gift of gifts) {
    expect(gift.is_test).toBe(0);
    // Staff recorded the funds' year by hand; an appeal's supporters mostly gave by card.
    expect(gift.appeal_id === null ? ["cash", "cheque", "bank_transfer"] : ["card", "cash"]).toContain(
      gift.payment_method,
    );
    expect(gift.recorded_by).toBe(DEMO_RECORDED_BY);
    expect(gift.donated_at.slice(0, 10) < now).toBe(true);
    expect(daysBetween(gift.donated_at, now)).toBeLessThanOrEqual(400);
  }
  const fundOf = new Map(funds.map((fund) => [fund.id, fund]));
  const fitr = gifts.filter((gift) => fundOf.get(gift.fund_id)?.slug === "zakat-al-fitr");
  expect(fitr.length).toBeGreaterThan(50);
  for (const gift of fitr) {
    // Given in Ramadan, before the Eid prayer, and saying for how many.
    expect(hijriDateOf(gift.donated_at).month).toBe(9);
    expect(gift.designation).toMatch(/^Zakat al-Fitr for \d+ (person|people)$/);
  }

  const ledger = await db.selectFrom("disbursements").selectAll().orderBy("disbursed_on").orderBy("id").execute();
  expect(ledger.length).toBeGreaterThan(60);
  const zakatFundIds = new Set(funds.filter((fund) => fund.kind === "zakat").map((fund) => fund.id));
  const zakatEntries = ledger.filter((entry) => zakatFundIds.has(entry.fund_id));
  expect(new Set(zakatEntries.map((entry) => entry.category))).toEqual(new Set(ZAKAT_CATEGORY_KEYS));
  expect(ledger.filter((entry) => !zakatFundIds.has(entry.fund_id)).every((entry) => entry.category === null)).toBe(
    true,
  );
  const fitrFund = funds.find((fund) => fund.slug === "zakat-al-fitr")!;
  const fitrOut = ledger.filter((entry) => entry.fund_id === fitrFund.id);
  expect(fitrOut.length).toBeGreaterThan(0);
  // Zakat al-Fitr reaches the poor before the Eid prayer: the last entry is in Ramadan.
  for (const entry of fitrOut) expect(hijriDateOf(entry.disbursed_on).month, entry.disbursed_on).toBe(9);
  for (const entry of ledger) {
    expect(entry.disbursed_on < now).toBe(true);
    expect(entry.programme && entry.region && entry.description, `entry ${entry.id}`).toBeTruthy();
    expect(entry.recorded_by).toBe(DEMO_RECORDED_BY);
  }

  // No disbursement ever spent more than its fund held that day from gifts made before it.
  for (const fund of funds) {
    let net = 0;
    for (const entry of ledger.filter((item) => item.fund_id === fund.id)) {
      const receivedBefore = gifts
        .filter((gift) => gift.fund_id === fund.id && gift.donated_at.slice(0, 10) < entry.disbursed_on)
        .reduce((total, gift) => total + gift.amount_cents, 0);
      net += entry.kind === "disbursement" ? entry.amount_cents : -entry.amount_cents;
      expect(receivedBefore - net, `${fund.name} on ${entry.disbursed_on}`).toBeGreaterThanOrEqual(0);
    }
    // And by the rule staff meet when they record one: counting the entries that stand,
    // the fund's balance is at zero or more on every day.
    const received = gifts
      .filter((gift) => gift.fund_id === fund.id)
      .map((gift) => ({ day: gift.donated_at.slice(0, 10), cents: gift.amount_cents }));
    const standing = ledger
      .filter(
        (entry) =>
          entry.fund_id === fund.id &&
          entry.kind === "disbursement" &&
          !ledger.some((other) => other.reverses_id === entry.id),
      )
      .map((entry) => ({ day: entry.disbursed_on, cents: entry.amount_cents }));
    expect(shortfallOf(received, standing, "0001-01-01", 0), fund.name).toBeNull();
  }

  const reversals = ledger.filter((entry) => entry.kind === "reversal");
  expect(reversals).toHaveLength(1);
  const [reversal] = reversals;
  const reversed = ledger.find((entry) => entry.id === reversal?.reverses_id);
  expect(reversed).toBeDefined();
  expect(reversal!.description).toMatch(/Recorded twice/);
  expect(reversal!.disbursed_on > reversed!.disbursed_on).toBe(true);

  // Zakat: distributed within a lunar year, and what is still held came in recently.
  let heldFromLongAgo = 0;
  for (const fundId of zakatFundIds) {
    const standing = zakatEntries.filter(
      (entry) =>
        entry.fund_id === fundId && entry.kind === "disbursement" && !reversals.some((r) => r.reverses_id === entry.id),
    );
    const { receipts } = matchOldestFirst(
      gifts
        .filter((gift) => gift.fund_id === fundId)
        .map((gift) => ({ day: gift.donated_at.slice(0, 10), cents: gift.amount_cents })),
      standing.map((entry) => ({ day: entry.disbursed_on, cents: entry.amount_cents })),
    );
    for (const receipt of receipts) {
      if (daysBetween(receipt.day, now) > LUNAR_YEAR_DAYS - 60)
        expect(receipt.withinLunarYearCents, receipt.day).toBe(receipt.cents);
      if (daysBetween(receipt.day, now) > 90) heldFromLongAgo += receipt.cents - receipt.distributedCents;
    }
  }
  const zakat = funds.filter((fund) => fund.kind === "zakat");
  const zakatReceived = zakat.reduce((total, fund) => total + fund.received_cents, 0);
  const zakatHeld = zakat.reduce((total, fund) => total + fund.received_cents - fund.disbursed_cents, 0);
  expect(zakatHeld).toBeGreaterThan(0);
  expect(heldFromLongAgo / zakatReceived).toBeLessThan(0.05);
}

describe("the demo year of the funds", () => {
  it("gives every fund a year of offline gifts and a ledger that respects each day's balance", async () => {
    await withNewDatabase(async (db) => {
      await seedDemoContent(db);
      await expectABelievableYear(db, today());
    });
  });

  it("stays believable whichever day it first starts, in Ramadan, on Eid or months after", async () => {
    // 1448 AH: Ramadan begins about 8 February 2027 and Eid al-Fitr falls about 9 March.
    for (const now of ["2027-02-20", "2027-03-10", "2027-09-01", "2026-03-21"]) {
      await withNewDatabase(async (db) => {
        await seedFundsDemo(db, now);
        await expectABelievableYear(db, now);
      });
    }
  });

  it("has the same shape on every start", async () => {
    const totals: unknown[] = [];
    for (let run = 0; run < 2; run += 1) {
      await withNewDatabase(async (db) => {
        await seedFundsDemo(db, "2026-11-25");
        totals.push(
          await db
            .selectFrom("funds")
            .select(["slug", "received_cents", "gift_count", "disbursed_cents"])
            .orderBy("id")
            .execute(),
        );
      });
    }
    expect(totals[1]).toEqual(totals[0]);
  });

  it("fills the public transparency report on a new site's first start", async () => {
    await seedDemoContent(getDb());
    const report = await getTransparencyReport();
    expect(report.funds.every((fund) => fund.received > 0 && fund.distributed > 0)).toBe(true);
    expect(report.zakat.by_category.every((category) => category.amount > 0)).toBe(true);
    expect(report.zakat.by_year.length).toBeGreaterThanOrEqual(1);
    expect(report.latest_entry_on! >= addDays(today(), -30)).toBe(true);
    const watch = await getZakatWatch();
    expect(watch.zakat_balance).toBeGreaterThan(0);
    expect(watch.overdue).toBeNull();
  });
});

describe("the demo's appeals", () => {
  const NOW = "2026-11-25";

  async function appealsOf(db: Kysely<Database>) {
    return db
      .selectFrom("appeals")
      .innerJoin("appeal_totals", (join) =>
        join.onRef("appeal_totals.appeal_id", "=", "appeals.id").on("appeal_totals.is_test", "=", 0),
      )
      .innerJoin("funds", "funds.id", "appeals.fund_id")
      .select([
        "appeals.id",
        "appeals.slug",
        "appeals.status",
        "appeals.is_featured",
        "appeals.starts_on",
        "appeals.ends_on",
        "appeals.goal_cents",
        "appeals.story_format",
        "appeals.preset_amounts",
        "appeals.went_live_at",
      ])
      .select(["appeal_totals.raised_cents", "appeal_totals.gift_count", "funds.slug as fund"])
      .orderBy("appeals.id")
      .execute();
  }

  it("are a live featured emergency most of the way to its goal, a live Zakat appeal ending soon, and a closed one past its goal", async () => {
    await withNewDatabase(async (db) => {
      await seedFundsDemo(db, NOW);
      await seedAppealsDemo(db, NOW);
      const appeals = new Map((await appealsOf(db)).map((appeal) => [appeal.slug, appeal]));
      expect(appeals.get("winter-emergency-in-gaza")).toMatchObject({
        status: "live",
        is_featured: 1,
        fund: "emergency-relief",
        goal_cents: 2_000_000,
        raised_cents: 1_240_000,
        story_format: "markdown",
        preset_amounts: "50,100,250,500",
      });
      expect(appeals.get("winter-emergency-in-gaza")!.gift_count).toBeGreaterThanOrEqual(24);
      const ramadan = appeals.get("ramadan-food-packs")!;
      expect(ramadan).toMatchObject({ status: "live", fund: "zakat-al-mal" });
      expect(ramadan.starts_on <= NOW && ramadan.ends_on! > NOW && daysBetween(NOW, ramadan.ends_on!) <= 35).toBe(true);
      expect(ramadan.raised_cents).toBeLessThan(ramadan.goal_cents!);
      const well = appeals.get("build-a-well")!;
      expect(well).toMatchObject({ status: "closed", is_featured: 0 });
      expect(well.raised_cents).toBeGreaterThanOrEqual(well.goal_cents!);
      expect(well.ends_on! < NOW).toBe(true);
      for (const appeal of appeals.values()) expect(appeal.went_live_at, appeal.slug).not.toBeNull();
    });
  });

  it("have gifts kept by the database like any other: in the appeal, its fund, and a covered fee in Sadaqa", async () => {
    await withNewDatabase(async (db) => {
      await seedFundsDemo(db, NOW);
      const before = await db.selectFrom("funds").select(["slug", "received_cents", "gift_count"]).execute();
      await seedAppealsDemo(db, NOW);
      const appeals = await appealsOf(db);
      const gifts = await db.selectFrom("donations").selectAll().where("appeal_id", "is not", null).execute();
      for (const appeal of appeals) {
        const own = gifts.filter((gift) => gift.appeal_id === appeal.id);
        expect(
          own.reduce((total, gift) => total + gift.amount_cents, 0),
          appeal.slug,
        ).toBe(appeal.raised_cents);
        expect(own.length, appeal.slug).toBe(appeal.gift_count);
        for (const gift of own) {
          expect(
            gift.donated_at.slice(0, 10) >= appeal.starts_on &&
              gift.donated_at.slice(0, 10) <= appeal.ends_on! &&
              gift.donated_at.slice(0, 10) < NOW,
            gift.donated_at,
          ).toBe(true);
          expect(gift).toMatchObject({ is_test: 0, recorded_by: DEMO_RECORDED_BY, frequency: "One-Time" });
        }
      }
      const after = new Map(
        (await db.selectFrom("funds").select(["slug", "id", "received_cents", "gift_count"]).execute()).map((fund) => [
          fund.slug,
          fund,
        ]),
      );
      const grew = (slug: string) =>
        after.get(slug)!.received_cents - before.find((fund) => fund.slug === slug)!.received_cents;
      const fundOfAppeal = (slug: string) => appeals.find((appeal) => appeal.slug === slug)!;
      expect(grew("emergency-relief")).toBe(fundOfAppeal("winter-emergency-in-gaza").raised_cents);
      expect(grew("zakat-al-mal")).toBe(fundOfAppeal("ramadan-food-packs").raised_cents);
      const feeCovers = gifts.reduce((total, gift) => total + gift.fee_cover_cents, 0);
      expect(feeCovers).toBeGreaterThan(0);
      // Each covered fee is what the donate form would have asked for at the default card fee.
      for (const gift of gifts.filter((each) => each.fee_cover_cents > 0))
        expect(gift.fee_cover_cents).toBe(feeCoverCents(gift.amount_cents, DEFAULT_CARD_FEE));
      expect(grew("sadaqa")).toBe(feeCovers);
      expect(
        gifts.filter((gift) => gift.fee_cover_cents > 0).every((gift) => gift.fee_fund_id === after.get("sadaqa")!.id),
      ).toBe(true);

      // Some supporters asked to stay anonymous, a few gave in someone's name; staff still see every name.
      expect(gifts.filter((gift) => gift.anonymous === 1).length).toBeGreaterThanOrEqual(5);
      expect(gifts.filter((gift) => gift.tribute_kind !== "").map((gift) => gift.tribute_kind)).toEqual(
        expect.arrayContaining(["memory", "honour"]),
      );
      expect(gifts.every((gift) => gift.name.trim() !== "")).toBe(true);
    });
  });

  it("are written once, the same on every start, and never with a live site's first start", async () => {
    const shapes: unknown[] = [];
    for (let run = 0; run < 2; run += 1) {
      await withNewDatabase(async (db) => {
        await seedFundsDemo(db, NOW);
        await seedAppealsDemo(db, NOW);
        await seedAppealsDemo(db, NOW);
        shapes.push(await appealsOf(db));
      });
    }
    expect(shapes[0]).toHaveLength(3);
    expect(shapes[1]).toEqual(shapes[0]);
    await withNewDatabase(async (db) => {
      await seedDemoContent(db, { money: false });
      expect(await db.selectFrom("appeals").select("id").execute()).toEqual([]);
    });
  });
});
