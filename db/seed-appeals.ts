import type { Kysely } from "kysely";
import type { Database, PaymentMethod, TributeKind } from "./schema";
import { DEMO_RECORDED_BY } from "./seed-funds";

/**
 * Three appeals for a brand-new demo database, so a newcomer's /appeals, an appeal's page
 * and the home page show campaigns at work on the first start: "Winter Emergency in Gaza"
 * (live, featured, most of the way to its goal), "Ramadan Food Packs" (live, Zakat, ending
 * in a few weeks) and "Build a Well" (closed, its goal passed). Their gifts are written
 * into the same columns as any gift, so the database's own triggers keep each appeal's
 * and each fund's totals, and they are the demo's made-up money like the rest of it
 * (recorded by DEMO_RECORDED_BY: a live site refuses to start on them). Dates are counted
 * back from today and a fixed random seed keeps the same shape on every start.
 */

const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A small deterministic generator, as the funds' demo uses. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
type Random = ReturnType<typeof random>;
const pick = <T>(next: Random, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/**
 * What a donor covering the card fee added to each usual amount, at the default card fee
 * (2.9% + $0.30, grossed up): the figures the site's fee function gives (seed.test.ts
 * checks them), written out because db/ imports no app code.
 */
const FEE_COVERS: Record<number, number> = {
  2500: 106,
  3500: 135,
  5000: 180,
  7000: 240,
  10000: 330,
  10500: 344,
  15000: 479,
  17500: 554,
  25000: 778,
  35000: 1076,
  50000: 1524,
  70000: 2122,
  100000: 3017,
  105000: 3167,
  150000: 4511,
  175000: 5257,
};

const FIRST_NAMES = [
  "Aisha",
  "Omar",
  "Maryam",
  "Ibrahim",
  "Khadija",
  "Bilal",
  "Zainab",
  "Hamza",
  "Hafsa",
  "Idris",
  "Safiya",
  "Imran",
  "Noor",
  "Sulaiman",
  "Huda",
  "Musa",
  "Salma",
  "Anwar",
  "Yusuf",
  "Layla",
];
const LAST_NAMES = [
  "Rahman",
  "Malik",
  "Qureshi",
  "Haddad",
  "Mansour",
  "Osman",
  "Karimi",
  "Nasser",
  "Bello",
  "Farouk",
  "Chowdhury",
  "Abdullah",
];

interface DemoTribute {
  kind: Exclude<TributeKind, "">;
  name: string;
}

interface DemoAppeal {
  slug: string;
  title: string;
  summary: string;
  story: string;
  story_format: "plain" | "markdown";
  /** Its photo, shipped in public/demo/ (drawn by scripts/make-demo-photos.ts). */
  photo: string;
  fundSlug: string;
  goalCents: number;
  presets: string;
  /** Days from today. */
  startsIn: number;
  endsIn: number;
  status: "live" | "closed";
  featured: boolean;
  /** What its gifts come to, and how many there are. */
  raisedCents: number;
  gifts: number;
  /** The amounts a donor typically gives, in dollars. */
  amounts: readonly number[];
  /** How often a donor asks for their name to stay off the page. */
  anonymousShare: number;
  tributes: DemoTribute[];
  /** A collection some supporters brought in by hand, beside the gifts by card. */
  collection?: { name: string; method: PaymentMethod };
}

const WINTER_STORY = `Winter has come early to Gaza. Families who lost their homes are sleeping in tents and in the shells of buildings, and the nights are already close to freezing.

## What your gift provides

- **$50** buys two thick blankets
- **$100** keeps a family's heater running for a month
- **$250** provides a winter kit for a family of six: blankets, warm clothes, a heater and fuel

Our teams on the ground have distributed aid in Gaza for years, working with local partners who know each neighbourhood. Everything reaches families within days of arriving.

> "The children slept through the night for the first time in weeks." — a mother in Khan Younis

Every gift to this appeal goes to the *Emergency Relief* fund and is spent on winter aid. [See how we report every disbursement](/transparency).`;

const RAMADAN_STORY = `This Ramadan we are packing food for 1,500 families who would otherwise break their fast with little or nothing.

Each pack holds flour, rice, lentils, oil, sugar, tea and dates: enough for a family of five for the whole month. A pack costs $35, bought and packed locally so that your Zakat also supports local traders.

Gifts to this appeal are Zakat al-Mal and go only to families eligible to receive Zakat, assessed by our field teams.`;

const WELL_STORY = `The village of Al-Noor had no clean water: its children walked two hours each morning to a river that often made them ill.

With your Sadaqa Jariyah we drilled a 60-metre borehole, fitted a solar pump and built a covered storage tank. Today 300 families draw clean water a few minutes from their homes.

Thank you to everyone who gave. This appeal has closed, and the well is running.`;

/** The three appeals, from the newest. Build a Well's gifts all fall between its own dates. */
const DEMO_APPEALS: DemoAppeal[] = [
  {
    slug: "winter-emergency-in-gaza",
    title: "Winter Emergency in Gaza",
    summary:
      "Blankets, heaters and fuel for families facing winter in tents. Help us reach 2,000 families before the coldest weeks.",
    story: WINTER_STORY,
    story_format: "markdown",
    photo: "/demo/winter-tents.webp",
    fundSlug: "emergency-relief",
    goalCents: 2_000_000,
    presets: "50,100,250,500",
    startsIn: -24,
    endsIn: 36,
    status: "live",
    featured: true,
    raisedCents: 1_240_000,
    gifts: 42,
    amounts: [25, 50, 50, 100, 100, 100, 150, 250, 250, 500, 1000],
    anonymousShare: 0.2,
    tributes: [
      { kind: "memory", name: "Khadija Rahman" },
      { kind: "honour", name: "our teacher, Ustadh Idris" },
    ],
  },
  {
    slug: "ramadan-food-packs",
    title: "Ramadan Food Packs",
    summary:
      "A month of staple food for 1,500 families in need, paid for with your Zakat. $35 feeds a family of five for Ramadan.",
    story: RAMADAN_STORY,
    story_format: "plain",
    photo: "/demo/ramadan-food-packs.webp",
    fundSlug: "zakat-al-mal",
    goalCents: 5_250_000,
    presets: "35,70,175,350",
    startsIn: -12,
    endsIn: 19,
    status: "live",
    featured: true,
    raisedCents: 1_893_500,
    gifts: 34,
    amounts: [35, 70, 105, 175, 350, 350, 700, 1050, 1750],
    // Zakat is often given quietly.
    anonymousShare: 0.35,
    tributes: [{ kind: "memory", name: "Hajja Maryam Osman" }],
  },
  {
    slug: "build-a-well",
    title: "Build a Well",
    summary: "A borehole, a solar pump and a covered tank: clean water for 300 families in Al-Noor village.",
    story: WELL_STORY,
    story_format: "plain",
    photo: "/demo/village-well.webp",
    fundSlug: "food-water-aid",
    goalCents: 1_500_000,
    presets: "100,250,1000",
    startsIn: -170,
    endsIn: -110,
    status: "closed",
    featured: false,
    raisedCents: 1_624_000,
    gifts: 38,
    amounts: [50, 100, 100, 250, 250, 500, 1000, 1500],
    anonymousShare: 0.15,
    tributes: [{ kind: "memory", name: "Abdullah Bello" }],
    collection: { name: "Friday collection at Masjid Al-Noor", method: "cash" },
  },
];

interface DemoAppealGift {
  name: string;
  email: string;
  amount_cents: number;
  fee_cover_cents: number;
  anonymous: 0 | 1;
  tribute_kind: TributeKind;
  tribute_name: string;
  donated_at: string;
  payment_method: PaymentMethod;
}

/**
 * An appeal's gifts: typical amounts until the last, which brings the total to the
 * planned figure; dated from its first day to yesterday (or its last day), more of them
 * in its first days, as a launch brings.
 */
function appealGifts(next: Random, appeal: DemoAppeal, firstDay: string, lastDay: string): DemoAppealGift[] {
  const span = Math.max(
    0,
    Math.round((Date.parse(`${lastDay}T12:00:00Z`) - Date.parse(`${firstDay}T12:00:00Z`)) / DAY_MS),
  );
  const gifts: DemoAppealGift[] = [];
  let remaining = appeal.raisedCents;
  for (let index = 0; index < appeal.gifts; index += 1) {
    const last = index === appeal.gifts - 1;
    const cents = last
      ? remaining
      : Math.min(pick(next, appeal.amounts) * 100, remaining - (appeal.gifts - index - 1) * 2_500);
    remaining -= cents;
    const first = pick(next, FIRST_NAMES);
    const family = pick(next, LAST_NAMES);
    const tribute = appeal.tributes[index % 11 === 3 ? Math.floor(index / 11) : -1];
    const collection = appeal.collection && index === Math.floor(appeal.gifts / 2) ? appeal.collection : undefined;
    const day = addDays(firstDay, Math.floor(span * next() ** 1.6));
    const hour = String(7 + Math.floor(next() * 15)).padStart(2, "0");
    const minute = String(Math.floor(next() * 60)).padStart(2, "0");
    gifts.push({
      name: collection?.name ?? `${first} ${family}`,
      email: collection ? "" : `${first}.${family}.${index + 3}@example.org`.toLowerCase(),
      amount_cents: cents,
      // About a third of donors giving by card cover the card fee.
      fee_cover_cents: !collection && next() < 0.3 ? (FEE_COVERS[cents] ?? 0) : 0,
      anonymous: !collection && next() < appeal.anonymousShare ? 1 : 0,
      tribute_kind: tribute?.kind ?? "",
      tribute_name: tribute?.name ?? "",
      donated_at: `${day}T${hour}:${minute}:00.000Z`,
      payment_method: collection?.method ?? "card",
    });
  }
  return gifts.sort((a, b) => a.donated_at.localeCompare(b.donated_at));
}

/**
 * Writes the demo's appeals and their gifts; run inside the demo seed's transaction, after
 * the funds' year. Does nothing on a database that already has appeals.
 */
export async function seedAppealsDemo(
  db: Kysely<Database>,
  today = new Date().toISOString().slice(0, 10),
): Promise<void> {
  if (await db.selectFrom("appeals").select("id").limit(1).executeTakeFirst()) return;
  const funds = await db.selectFrom("funds").select(["id", "slug", "purpose"]).execute();
  const fundOf = new Map(funds.map((fund) => [fund.slug, fund]));
  const sadaqa = fundOf.get("sadaqa")!.id;
  const next = random(1447_0315);
  // Nothing is dated later than yesterday, as in the rest of the demo.
  const yesterday = addDays(today, -1);

  for (const appeal of [...DEMO_APPEALS].reverse()) {
    const startsOn = addDays(today, appeal.startsIn);
    const endsOn = addDays(today, appeal.endsIn);
    const fund = fundOf.get(appeal.fundSlug)!;
    const wentLive = `${startsOn}T09:00:00.000Z`;
    const { id } = await db
      .insertInto("appeals")
      .values({
        slug: appeal.slug,
        title: appeal.title,
        summary: appeal.summary,
        story: appeal.story,
        story_format: appeal.story_format,
        image_filename: appeal.photo,
        fund_id: fund.id,
        goal_cents: appeal.goalCents,
        preset_amounts: appeal.presets,
        starts_on: startsOn,
        ends_on: endsOn,
        status: appeal.status,
        is_featured: appeal.featured ? 1 : 0,
        went_live_at: wentLive,
        created_at: `${addDays(startsOn, -3)}T10:00:00.000Z`,
        updated_at: appeal.status === "closed" ? `${addDays(endsOn, 1)}T10:00:00.000Z` : wentLive,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const lastDay = endsOn < yesterday ? endsOn : yesterday;
    const rows = appealGifts(next, appeal, startsOn, lastDay).map((gift) => ({
      ...gift,
      frequency: "One-Time" as const,
      // The appeal's fund, written on the gift as recording does: the triggers count it there and in the appeal.
      appeal_id: id,
      fund_id: fund.id,
      purpose: fund.purpose,
      fee_fund_id: gift.fee_cover_cents > 0 ? sadaqa : null,
      recorded_by: DEMO_RECORDED_BY,
      is_test: 0 as const,
    }));
    for (let index = 0; index < rows.length; index += 100) {
      await db
        .insertInto("donations")
        .values(rows.slice(index, index + 100))
        .execute();
    }
  }
}
