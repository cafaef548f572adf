// A large appeal for measuring the appeal's page, its API and the Donations screen
// filtered by appeal: one live emergency appeal with 100,000 gifts over three years (by
// card once or monthly, some at the mosque, some anonymous, some covering the card fee,
// a few in someone's name, a few test payments), beside a handful of smaller appeals
// (live, closed and a draft). Written straight through better-sqlite3 in one
// transaction on top of a giving history (fillGivingHistory): the database's triggers
// keep each appeal's and each fund's totals as they would in production.
import { feeCoverCents } from "~/giving/donate/rules/fee-cover";
import { DOMAINS, FIRST_NAMES, LAST_NAMES, openForFilling, random } from "./giving-history";

export interface AppealHistory {
  /** Gifts to the large appeal. */
  gifts: number;
}

/** The large appeal the bench measures. */
export interface LargeAppeal {
  id: number;
  slug: string;
  gifts: number;
}

const SMALLER_APPEALS = [
  {
    slug: "ramadan-food-packs",
    title: "Ramadan Food Packs",
    fund: "zakat-al-mal",
    status: "live",
    starts_on: "2026-02-10",
    ends_on: "2026-12-31",
    gifts: 800,
  },
  {
    slug: "orphans-winter-clothes",
    title: "Winter Clothes for Orphans",
    fund: "orphan-care",
    status: "live",
    starts_on: "2026-09-01",
    ends_on: null,
    gifts: 300,
  },
  {
    slug: "build-a-well",
    title: "Build a Well",
    fund: "food-water-aid",
    status: "closed",
    starts_on: "2025-03-01",
    ends_on: "2025-06-30",
    gifts: 450,
  },
  {
    slug: "flood-response-2024",
    title: "Flood Response 2024",
    fund: "emergency-relief",
    status: "closed",
    starts_on: "2024-08-15",
    ends_on: "2024-10-31",
    gifts: 1200,
  },
  {
    slug: "school-books-2027",
    title: "School Books 2027",
    fund: "education",
    status: "draft",
    starts_on: "2027-01-10",
    ends_on: null,
    gifts: 0,
  },
] as const;

const DAY_MS = 86_400_000;
/** Where the giving history ends (fillGivingHistory's three years). */
const HISTORY_END = "2026-11-01";

export function fillAppealHistory(filePath: string, size: AppealHistory = { gifts: 100_000 }): LargeAppeal {
  const db = openForFilling(filePath);
  const next = random(20_261_215);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const funds = new Map(
    (db.prepare("select slug, id, purpose from funds").all() as { slug: string; id: number; purpose: string }[]).map(
      (fund) => [fund.slug, fund],
    ),
  );
  const sadaqa = funds.get("sadaqa")!.id;

  const insertAppeal = db.prepare(`
    insert into appeals (slug, title, summary, story, story_format, fund_id, goal_cents, preset_amounts, starts_on, ends_on, status, is_featured, went_live_at)
    values (@slug, @title, @summary, @story, @story_format, @fund_id, @goal_cents, @preset_amounts, @starts_on, @ends_on, @status, @is_featured, @went_live_at)`);
  const insertSubscription = db.prepare(`
    insert into subscriptions (name, email, amount_cents, purpose, fund_id, interval, payment_day, payment_month, status,
      next_payment_date, created_at, updated_at, stripe_subscription_id, stripe_customer_id, provider_state_at,
      appeal_id, anonymous, fee_cover_cents)
    values (@name, @email, @amount_cents, @purpose, @fund_id, 'month', 1, 1, 'active', '2026-12-01T00:00:00.000Z', @created_at, @created_at,
      @stripe_subscription_id, @stripe_customer_id, 0, @appeal_id, @anonymous, @fee_cover_cents)`);
  const insertDonation = db.prepare(`
    insert into donations (name, email, amount_cents, frequency, purpose, fund_id, donated_at, subscription_id,
      stripe_checkout_session_id, stripe_payment_intent_id, stripe_invoice_id, payment_method, recorded_by, is_test,
      appeal_id, anonymous, fee_cover_cents, fee_fund_id, tribute_kind, tribute_name)
    values (@name, @email, @amount_cents, @frequency, @purpose, @fund_id, @donated_at, @subscription_id,
      @stripe_checkout_session_id, @stripe_payment_intent_id, @stripe_invoice_id, @payment_method, @recorded_by, @is_test,
      @appeal_id, @anonymous, @fee_cover_cents, @fee_fund_id, @tribute_kind, @tribute_name)`);

  const donor = (index: number) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}.a${index}@${pick(DOMAINS)}`.toLowerCase() };
  };

  const appealRow = (
    appeal: { slug: string; title: string; fund: string; status: string; starts_on: string; ends_on: string | null },
    featured: boolean,
    goalCents: number,
  ) => ({
    slug: appeal.slug,
    title: appeal.title,
    summary: `${appeal.title}: help us reach every family in need.`,
    story: `## Why we need you\n\n${appeal.title} reaches families who have nothing left.\n\n- **$50** buys blankets\n- **$100** feeds a family for a month`,
    story_format: "markdown",
    fund_id: funds.get(appeal.fund)!.id,
    goal_cents: goalCents,
    preset_amounts: "50,100,250,500",
    starts_on: appeal.starts_on,
    ends_on: appeal.ends_on,
    status: appeal.status,
    is_featured: featured ? 1 : 0,
    went_live_at: appeal.status === "draft" ? null : `${appeal.starts_on}T09:00:00.000Z`,
  });

  /** Gifts to one appeal, spread evenly over [from, to), through the same columns recording writes. */
  function writeGifts(
    appealId: number,
    fundSlug: string,
    count: number,
    from: string,
    to: string,
    prefix: string,
  ): void {
    const fund = funds.get(fundSlug)!;
    const start = Date.parse(`${from}T00:00:00Z`);
    const span = Math.max(DAY_MS, Date.parse(`${to}T00:00:00Z`) - start);
    const monthly = Array.from({ length: Math.max(1, Math.round(count / 100)) }, (_, index) => {
      const who = donor(index);
      const amount = pick([1000, 2000, 2500, 5000, 10000]);
      const cover = next() < 0.3 ? feeCoverCents(amount) : 0;
      const anonymous = next() < 0.15 ? 1 : 0;
      const { lastInsertRowid } = insertSubscription.run({
        ...who,
        amount_cents: amount,
        purpose: fund.purpose,
        fund_id: fund.id,
        created_at: new Date(start).toISOString(),
        stripe_subscription_id: `sub_${prefix}_${index}`,
        stripe_customer_id: `cus_${prefix}_${index}`,
        appeal_id: appealId,
        anonymous,
        fee_cover_cents: cover,
      });
      return { id: Number(lastInsertRowid), who, amount, cover, anonymous };
    });
    for (let index = 0; index < count; index += 1) {
      const donatedAt = new Date(start + ((index + next()) / count) * span).toISOString();
      const roll = next();
      const base = {
        frequency: "One-Time",
        purpose: fund.purpose,
        fund_id: fund.id,
        donated_at: donatedAt,
        subscription_id: null as number | null,
        stripe_checkout_session_id: null as string | null,
        stripe_payment_intent_id: null as string | null,
        stripe_invoice_id: null as string | null,
        payment_method: "card",
        recorded_by: "",
        // A few test payments, from the weeks the site was tried out: never counted on a live site.
        is_test: next() < 0.02 ? 1 : 0,
        appeal_id: appealId,
        tribute_kind: "",
        tribute_name: "",
      };
      let gift: Record<string, unknown>;
      if (roll < 0.2) {
        const subscription = pick(monthly);
        gift = {
          ...base,
          ...subscription.who,
          amount_cents: subscription.amount,
          frequency: "Monthly",
          subscription_id: subscription.id,
          stripe_invoice_id: `in_${prefix}_${index}`,
          anonymous: subscription.anonymous,
          fee_cover_cents: subscription.cover,
        };
      } else if (roll < 0.25) {
        gift = {
          ...base,
          name: pick(["Friday collection", "Mosque collection box", "Community iftar collection"]),
          email: "",
          amount_cents: Math.round(next() * 150_000) + 2_000,
          payment_method: pick(["cash", "cheque", "bank_transfer"]),
          recorded_by: "staff",
          is_test: 0,
          anonymous: 0,
          fee_cover_cents: 0,
        };
      } else {
        const amount = pick([
          2500,
          5000,
          5000,
          10000,
          10000,
          25000,
          50000,
          100000,
          Math.round(next() * 100_000) + 1000,
        ]);
        const tribute = next() < 0.03;
        gift = {
          ...base,
          ...donor(index),
          amount_cents: amount,
          stripe_checkout_session_id: `cs_${prefix}_${index}`,
          stripe_payment_intent_id: `pi_${prefix}_${index}`,
          anonymous: next() < 0.15 ? 1 : 0,
          fee_cover_cents: next() < 0.3 ? feeCoverCents(amount) : 0,
          tribute_kind: tribute ? pick(["memory", "honour"]) : "",
          tribute_name: tribute ? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` : "",
        };
      }
      insertDonation.run({ ...gift, fee_fund_id: (gift.fee_cover_cents as number) > 0 ? sadaqa : null });
    }
  }

  let large: LargeAppeal | undefined;
  db.transaction(() => {
    const winter = {
      slug: "winter-emergency-in-gaza",
      title: "Winter Emergency in Gaza",
      fund: "emergency-relief",
      status: "live",
      starts_on: "2023-11-01",
      ends_on: null,
    };
    const { lastInsertRowid } = insertAppeal.run(appealRow(winter, true, 2_500_000_000));
    large = { id: Number(lastInsertRowid), slug: winter.slug, gifts: size.gifts };
    writeGifts(large.id, winter.fund, size.gifts, winter.starts_on, HISTORY_END, "winter");
    for (const appeal of SMALLER_APPEALS) {
      const { lastInsertRowid: id } = insertAppeal.run(appealRow(appeal, appeal.status === "live", 50_000_00));
      const to = appeal.ends_on && appeal.ends_on < HISTORY_END ? appeal.ends_on : HISTORY_END;
      if (appeal.gifts) writeGifts(Number(id), appeal.fund, appeal.gifts, appeal.starts_on, to, appeal.slug);
    }
  })();
  db.pragma("optimize");
  db.close();
  return large!;
}
