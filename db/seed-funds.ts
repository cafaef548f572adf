import type { Kysely } from "kysely";
import type { Database, DonationFrequency, PaymentMethod } from "./schema";

/**
 * A believable year of the funds for a brand-new demo database, so a newcomer's
 * /transparency is full on the first start: offline gifts over the last thirteen months
 * (Zakat al-Mal the largest, Zakat al-Fitr in the last days of the last Ramadan, Fidya,
 * Kaffarah, Sadaqa and the restricted funds), and the ledger of what went out of them,
 * written the way staff record it: each disbursement after the gifts it spends and never
 * more than its fund held that day, Zakat to all eight categories and mostly within a
 * lunar year, one entry recorded twice and put right by a reversal, and some recent Zakat
 * still waiting to be given. Dates are counted back from today, and a fixed random seed
 * keeps the shape the same on every start. No recipient is ever named.
 */

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 395;

/**
 * Who "recorded" the demo's gifts and ledger entries. It marks the demo's made-up money
 * for good (the ledger never changes), and the start-up refuses live payments on a
 * database that holds any (decision 084), so it is spelt the way no admin's name would
 * be: an admin called "demo" recording real gifts must never look like the demo.
 */
export const DEMO_RECORDED_BY = "demo (made up)";

type Purpose =
  | "Zakat"
  | "Zakat al-Fitr"
  | "Fidya"
  | "Kaffarah"
  | "General Donation"
  | "Emergency Relief"
  | "Orphan Care"
  | "Food & Water Aid"
  | "Education"
  | "Healthcare";

interface DemoGift {
  purpose: Purpose;
  day: string;
  cents: number;
  designation: string;
  frequency: DonationFrequency;
  paymentMethod: PaymentMethod;
}

interface Programme {
  programme: string;
  region: string;
  description: string;
}

interface PlannedEntry extends Programme {
  purpose: Purpose;
  day: string;
  cents: number;
  category: string | null;
  /** For a reversal: the planned entry it reverses (its description says why). */
  reverses?: number;
}

/** The days the demo is built around, all counted back from today. */
interface DemoCalendar {
  /** The first day of the thirteen months. */
  start: string;
  /** The last day anything is dated (yesterday: nothing is dated later than today anywhere). */
  end: string;
  ramadanStart: string;
  eidAlFitr: string;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);
}

const hijri = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", {
  timeZone: "UTC",
  month: "numeric",
  day: "numeric",
});

/** The Umm al-Qura month and day of a calendar day (the same calculation the site shows). */
function hijriMonthDay(day: string): { month: number; day: number } {
  const parts = hijri.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return { month: part("month"), day: part("day") };
}

function isEidAlFitr(day: string): boolean {
  const date = hijriMonthDay(day);
  return date.month === 10 && date.day === 1;
}

/** The last Eid al-Fitr (1 Shawwal) before today, and the first of the Ramadan before it. */
function demoCalendar(today: string): DemoCalendar {
  const end = addDays(today, -1);
  let eidAlFitr = end;
  while (!isEidAlFitr(eidAlFitr)) eidAlFitr = addDays(eidAlFitr, -1);
  let ramadanStart = addDays(eidAlFitr, -1);
  while (hijriMonthDay(ramadanStart).day !== 1) ramadanStart = addDays(ramadanStart, -1);
  return { start: addDays(today, -WINDOW_DAYS), end, ramadanStart, eidAlFitr };
}

/** A small deterministic generator, so the demo has the same shape on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Random = ReturnType<typeof random>;

const pick = <T>(next: Random, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const dayBetween = (next: Random, from: string, to: string) =>
  addDays(from, Math.floor(next() * (daysFrom(from, to) + 1)));
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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

interface DemoRates {
  fitrPerPersonCents: number;
  fidyaPerDayCents: number;
  kaffarahPerPersonCents: number;
}

/** What one gift of a fund looks like: its amount and, for the obligations, what it was for. */
type GiftShape = (next: Random, rates: DemoRates) => { cents: number; designation?: string };

const roundAmount =
  (dollars: readonly number[]): GiftShape =>
  (next) => ({ cents: pick(next, dollars) * 100 });

/** 2.5 % of zakatable wealth, mostly modest savings and a few large estates. */
const zakatOnWealth: GiftShape = (next) => ({ cents: Math.round((800_000 + 15_000_000 * next() ** 2) * 0.025) });

const zakatAlFitr: GiftShape = (next, rates) => {
  const people = next() < 0.08 ? 20 + Math.floor(next() * 40) : 1 + Math.floor(next() * 8);
  return {
    cents: people * rates.fitrPerPersonCents,
    designation: `Zakat al-Fitr for ${plural(people, "person", "people")}`,
  };
};

const fidya: GiftShape = (next, rates) => {
  const days = pick(next, [3, 5, 7, 10, 15, 29, 30, 30, 30, 60]);
  return { cents: days * rates.fidyaPerDayCents, designation: `Fidya for ${plural(days, "day", "days")}` };
};

const kaffarah: GiftShape = (next, rates) => {
  const oath = next() < 0.4;
  const fed = oath ? 10 : 60;
  const what = oath ? "1 broken oath" : "1 broken fast";
  return { cents: fed * rates.kaffarahPerPersonCents, designation: `Kaffarah for ${what} (${fed} people fed)` };
};

type Season = "year" | "ramadan" | "fitr";

/** Each fund's gifts: how many, when in the year, and how large. */
const GIFT_STREAMS: { purpose: Purpose; count: number; season: Season; shape: GiftShape }[] = [
  { purpose: "Zakat", count: 120, season: "year", shape: zakatOnWealth },
  { purpose: "Zakat", count: 100, season: "ramadan", shape: zakatOnWealth },
  { purpose: "Zakat al-Fitr", count: 140, season: "fitr", shape: zakatAlFitr },
  { purpose: "Fidya", count: 24, season: "ramadan", shape: fidya },
  { purpose: "Fidya", count: 12, season: "year", shape: fidya },
  { purpose: "Kaffarah", count: 14, season: "year", shape: kaffarah },
  {
    purpose: "General Donation",
    count: 90,
    season: "year",
    shape: roundAmount([20, 25, 50, 50, 100, 100, 150, 250, 500, 1000]),
  },
  { purpose: "General Donation", count: 30, season: "ramadan", shape: roundAmount([50, 100, 100, 250, 500]) },
  { purpose: "Emergency Relief", count: 45, season: "year", shape: roundAmount([50, 100, 200, 250, 500, 1000, 2500]) },
  { purpose: "Orphan Care", count: 40, season: "year", shape: roundAmount([40, 40, 60, 100, 480, 720]) },
  { purpose: "Food & Water Aid", count: 40, season: "year", shape: roundAmount([30, 50, 100, 250, 500, 1500]) },
  { purpose: "Education", count: 30, season: "year", shape: roundAmount([50, 100, 250, 500, 1000]) },
  { purpose: "Healthcare", count: 30, season: "year", shape: roundAmount([50, 100, 200, 500, 1000]) },
];

function giftDay(next: Random, season: Season, calendar: DemoCalendar): string {
  const lastTenNights = addDays(calendar.eidAlFitr, -10);
  switch (season) {
    case "year":
      return dayBetween(next, calendar.start, calendar.end);
    case "ramadan":
      return next() < 0.5
        ? dayBetween(next, lastTenNights, addDays(calendar.eidAlFitr, -1))
        : dayBetween(next, calendar.ramadanStart, addDays(calendar.eidAlFitr, -1));
    case "fitr":
      // Zakat al-Fitr must reach the poor before the Eid prayer: it comes in up to two days before.
      return next() < 0.75
        ? dayBetween(next, lastTenNights, addDays(calendar.eidAlFitr, -2))
        : dayBetween(next, calendar.ramadanStart, addDays(calendar.eidAlFitr, -2));
  }
}

function paymentMethodFor(next: Random, cents: number): PaymentMethod {
  if (cents >= 100_000) return next() < 0.7 ? "bank_transfer" : "cheque";
  return pick(next, ["cash", "cash", "cheque", "bank_transfer"] as const);
}

function demoGifts(calendar: DemoCalendar, rates: DemoRates): DemoGift[] {
  const next = random(1447_0930);
  const gifts: DemoGift[] = [];
  for (const stream of GIFT_STREAMS) {
    for (let index = 0; index < stream.count; index += 1) {
      const { cents, designation = "" } = stream.shape(next, rates);
      const monthly = (stream.purpose === "Orphan Care" || stream.purpose === "General Donation") && next() < 0.3;
      gifts.push({
        purpose: stream.purpose,
        day: giftDay(next, stream.season, calendar),
        cents,
        designation,
        frequency: monthly ? "Monthly" : "One-Time",
        paymentMethod: monthly ? "bank_transfer" : paymentMethodFor(next, cents),
      });
    }
  }
  return gifts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** What Zakat paid for, per category: programmes and regions, never a person. */
const ZAKAT_PROGRAMMES: Record<string, Programme[]> = {
  fuqara: [
    {
      programme: "Monthly food parcels",
      region: "Local families",
      description:
        "Flour, rice, lentils, oil and dates for families below the poverty line, delivered with partner mosques.",
    },
    {
      programme: "Winter food packs",
      region: "East Africa",
      description: "A month's staple food for families of five facing the coldest months.",
    },
    {
      programme: "Cash support for widows",
      region: "South Asia",
      description: "Monthly cash support for widowed mothers with no income, assessed by our field team.",
    },
  ],
  masakin: [
    {
      programme: "Rent and utility support",
      region: "Local families",
      description: "Overdue rent and heating bills for families in hardship, paid directly to landlords and suppliers.",
    },
    {
      programme: "School costs for families in need",
      region: "West Africa",
      description: "Uniforms, shoes and books for children whose families cannot cover them.",
    },
    {
      programme: "Household essentials",
      region: "Middle East",
      description: "Mattresses, blankets and cooking sets for families who lost their home.",
    },
  ],
  amilin: [
    {
      programme: "Zakat administration",
      region: "Head office",
      description:
        "Collecting and distributing Zakat: staff time assessing applicants, field visits, audit and transfer costs.",
    },
  ],
  muallafah: [
    {
      programme: "Support for new Muslims",
      region: "Local community",
      description: "Classes, mentoring and hardship help for people who recently embraced Islam.",
    },
  ],
  riqab: [
    {
      programme: "Freeing families from bonded labour",
      region: "South Asia",
      description: "Paying off bonded-labour debts so that families held at brick kilns can leave.",
    },
  ],
  gharimin: [
    {
      programme: "Relief for families in debt",
      region: "Local families",
      description: "Clearing debts taken on for food, rent or medical care by families who cannot repay them.",
    },
    {
      programme: "Debt relief for small traders",
      region: "East Africa",
      description: "Settling loans of market traders whose stock was lost in the floods.",
    },
  ],
  "fi-sabilillah": [
    {
      programme: "Teaching the Qur'an and the faith",
      region: "Local community",
      description: "Teachers' stipends and books for free weekend classes.",
    },
  ],
  "ibn-al-sabil": [
    {
      programme: "Fares home for stranded travellers",
      region: "Local community",
      description: "Bus and train fares, a night's lodging and meals for travellers stranded without means.",
    },
    {
      programme: "Help for displaced families on the road",
      region: "Middle East",
      description: "Transport, food and shelter for families stranded far from home by conflict.",
    },
  ],
};

/** Shares of a Zakat al-Mal round; the administration share stays well under an eighth. */
const ZAKAT_SHARES: Record<string, number> = {
  fuqara: 36,
  masakin: 30,
  amilin: 6,
  gharimin: 11,
  "ibn-al-sabil": 6,
  "fi-sabilillah": 6,
  muallafah: 4,
  riqab: 4,
};

/** Which categories a monthly round reaches: the poor, the needy and administration always, the others in turn. */
function categoriesOfRound(round: number): string[] {
  const categories = ["fuqara", "masakin", "amilin"];
  categories.push(round % 2 === 0 ? "gharimin" : "ibn-al-sabil");
  if (round % 2 === 1) categories.push("fi-sabilillah");
  if (round % 3 === 0) categories.push("riqab", "muallafah");
  return categories;
}

const FUND_PROGRAMMES: Record<Exclude<Purpose, "Zakat" | "Zakat al-Fitr">, Programme[]> = {
  Fidya: [
    {
      programme: "Fidya meals",
      region: "Local families",
      description: "Cooked meals for people in need, one meal for each day of Fidya received.",
    },
    {
      programme: "Fidya food parcels",
      region: "Middle East",
      description: "Food parcels for families in need, each feeding one person for a day per day of Fidya.",
    },
  ],
  Kaffarah: [
    {
      programme: "Kaffarah meals",
      region: "South Asia",
      description: "Feeding people in need: each Kaffarah for a broken fast feeds sixty, for a broken oath ten.",
    },
  ],
  "General Donation": [
    {
      programme: "Community kitchen",
      region: "Local community",
      description: "Hot meals five evenings a week for anyone who comes.",
    },
    {
      programme: "Where most needed",
      region: "East Africa",
      description: "Drought response: water trucking and animal feed for herding families.",
    },
    {
      programme: "Volunteer training",
      region: "Head office",
      description: "First aid and safeguarding training for volunteers.",
    },
  ],
  "Emergency Relief": [
    {
      programme: "Flood response",
      region: "South Asia",
      description: "Shelter kits, water purification tablets and hygiene kits after the floods.",
    },
    {
      programme: "Mobile clinic",
      region: "South Asia",
      description: "Doctors, nurses and medicines for a mobile clinic while the roads were cut.",
    },
    {
      programme: "Winter emergency",
      region: "Middle East",
      description: "Blankets, heaters and fuel for families in tents.",
    },
  ],
  "Orphan Care": [
    {
      programme: "Orphan sponsorship",
      region: "East Africa",
      description: "School fees, meals and a health check each term for sponsored children.",
    },
    {
      programme: "Orphan sponsorship",
      region: "West Africa",
      description: "School fees, meals and a monthly mentor visit for sponsored children.",
    },
  ],
  "Food & Water Aid": [
    {
      programme: "Borehole and solar pump",
      region: "East Africa",
      description: "A borehole, a solar pump and a covered tank for a village of 300 families.",
    },
    {
      programme: "Ramadan food packs",
      region: "Middle East",
      description: "Food packs of rice, lentils, oil and dates for the month of Ramadan.",
    },
  ],
  Education: [
    {
      programme: "Teachers at partner schools",
      region: "West Africa",
      description: "Salaries of teachers at village schools for a term.",
    },
    {
      programme: "Books and school bags",
      region: "South Asia",
      description: "Textbooks, exercise books and bags for the new school year.",
    },
  ],
  Healthcare: [
    {
      programme: "Cataract operations",
      region: "South Asia",
      description: "Eye camps where patients who could not pay had their sight restored.",
    },
    {
      programme: "Community clinic medicines",
      region: "East Africa",
      description: "Medicines and supplies for a clinic serving patients who cannot pay.",
    },
  ],
};

/** How often each fund's money goes out, from how many days after the start, and what share of what it holds. */
const FUND_ROUNDS: { purpose: keyof typeof FUND_PROGRAMMES; first: number; every: number; share: number }[] = [
  { purpose: "Fidya", first: 40, every: 45, share: 0.9 },
  { purpose: "Kaffarah", first: 60, every: 60, share: 1 },
  { purpose: "General Donation", first: 30, every: 40, share: 0.6 },
  { purpose: "Emergency Relief", first: 35, every: 50, share: 0.8 },
  { purpose: "Orphan Care", first: 45, every: 60, share: 0.75 },
  { purpose: "Food & Water Aid", first: 50, every: 55, share: 0.7 },
  { purpose: "Education", first: 55, every: 65, share: 0.7 },
  { purpose: "Healthcare", first: 60, every: 70, share: 0.7 },
];

/** Whole dollars, so the ledger reads like amounts staff typed. */
const wholeDollars = (cents: number) => Math.floor(cents / 100) * 100;

/**
 * The ledger, planned in date order against what each fund held the day before: a
 * disbursement only ever spends gifts that came in before it.
 */
class LedgerPlan {
  readonly entries: PlannedEntry[] = [];
  private readonly spent = new Map<Purpose, number>();

  constructor(private readonly gifts: DemoGift[]) {}

  /** What the fund held at the start of `day`, after everything planned so far. */
  heldOn(purpose: Purpose, day: string): number {
    const received = this.gifts.reduce(
      (total, gift) => (gift.purpose === purpose && gift.day < day ? total + gift.cents : total),
      0,
    );
    return received - (this.spent.get(purpose) ?? 0);
  }

  add(entry: PlannedEntry): number {
    const sign = entry.reverses === undefined ? 1 : -1;
    this.spent.set(entry.purpose, (this.spent.get(entry.purpose) ?? 0) + sign * entry.cents);
    return this.entries.push(entry) - 1;
  }
}

function planZakatAlMal(plan: LedgerPlan, calendar: DemoCalendar): void {
  let round = 0;
  // The last round is three weeks or more ago: what came in since is the Zakat still held.
  for (let day = addDays(calendar.start, 25); day <= addDays(calendar.end, -20); day = addDays(day, 28), round += 1) {
    const budget = plan.heldOn("Zakat", day) * 0.7;
    const categories = categoriesOfRound(round);
    const weight = categories.reduce((total, key) => total + ZAKAT_SHARES[key]!, 0);
    categories.forEach((category, index) => {
      const programmes = ZAKAT_PROGRAMMES[category]!;
      const cents = wholeDollars((budget * ZAKAT_SHARES[category]!) / weight);
      if (cents <= 0) return;
      const entry = {
        purpose: "Zakat" as const,
        day: addDays(day, index % 3),
        cents,
        category,
        ...programmes[round % programmes.length]!,
      };
      plan.add(entry);
      if (round === 5 && category === "ibn-al-sabil") recordTwiceAndPutRight(plan, entry);
    });
  }
}

/** The mistake every ledger meets: an entry typed in twice, and the reversal that puts it right. */
function recordTwiceAndPutRight(plan: LedgerPlan, entry: PlannedEntry): void {
  const duplicate = plan.add({ ...entry });
  plan.add({
    ...entry,
    day: addDays(entry.day, 2),
    description: "Recorded twice by mistake: these fares were already entered. Reversed so they count once.",
    reverses: duplicate,
  });
}

/** Zakat al-Fitr goes out in the last ten nights and, at the latest, the day before Eid. */
function planZakatAlFitr(plan: LedgerPlan, calendar: DemoCalendar): void {
  const rounds = [
    { day: addDays(calendar.eidAlFitr, -10), share: 0.9 },
    { day: addDays(calendar.eidAlFitr, -4), share: 0.95 },
    { day: addDays(calendar.eidAlFitr, -1), share: 1 },
  ];
  for (const { day, share } of rounds) {
    const budget = plan.heldOn("Zakat al-Fitr", day) * share;
    const local = wholeDollars(budget * 0.6);
    const abroad = wholeDollars(budget) - local;
    const description = "Staple food for households in need, delivered before the Eid prayer.";
    if (local > 0)
      plan.add({
        purpose: "Zakat al-Fitr",
        day,
        cents: local,
        category: "fuqara",
        programme: "Zakat al-Fitr food parcels",
        region: "Local families",
        description,
      });
    if (abroad > 0)
      plan.add({
        purpose: "Zakat al-Fitr",
        day,
        cents: abroad,
        category: "masakin",
        programme: "Zakat al-Fitr food parcels",
        region: "East Africa",
        description,
      });
  }
}

function planOtherFunds(plan: LedgerPlan, calendar: DemoCalendar): void {
  for (const { purpose, first, every, share } of FUND_ROUNDS) {
    const programmes = FUND_PROGRAMMES[purpose];
    let round = 0;
    for (let day = addDays(calendar.start, first); day <= calendar.end; day = addDays(day, every), round += 1) {
      const cents = wholeDollars(plan.heldOn(purpose, day) * share);
      if (cents >= 5_000) plan.add({ purpose, day, cents, category: null, ...programmes[round % programmes.length]! });
    }
  }
}

function demoLedger(calendar: DemoCalendar, gifts: DemoGift[]): PlannedEntry[] {
  const plan = new LedgerPlan(gifts);
  planZakatAlMal(plan, calendar);
  planZakatAlFitr(plan, calendar);
  planOtherFunds(plan, calendar);
  return plan.entries;
}

async function currentRate(
  db: Kysely<Database>,
  key: "fitr_per_person" | "fidya_per_day" | "kaffarah_per_person",
): Promise<number> {
  const row = await db
    .selectFrom("rates")
    .select("amount_cents")
    .where("rate_key", "=", key)
    .orderBy("effective_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.amount_cents;
}

function donorOf(next: Random, gift: DemoGift, index: number): { name: string; email: string } {
  if (gift.paymentMethod === "cash" && next() < 0.25) return { name: "Mosque collection box", email: "" };
  const first = pick(next, FIRST_NAMES);
  const last = pick(next, LAST_NAMES);
  return { name: `${first} ${last}`, email: `${first}.${last}.${index % 97}@example.org`.toLowerCase() };
}

async function writeGifts(db: Kysely<Database>, gifts: DemoGift[]): Promise<void> {
  const next = random(20_250_301);
  const rows = gifts.map((gift, index) => {
    const hour = String(8 + Math.floor(next() * 11)).padStart(2, "0");
    const minute = String(Math.floor(next() * 60)).padStart(2, "0");
    return {
      ...donorOf(next, gift, index),
      amount_cents: gift.cents,
      frequency: gift.frequency,
      // The gift takes its purpose's fund (a database trigger), as a gift recorded by staff does.
      purpose: gift.purpose,
      designation: gift.designation,
      donated_at: `${gift.day}T${hour}:${minute}:00.000Z`,
      payment_method: gift.paymentMethod,
      recorded_by: DEMO_RECORDED_BY,
      is_test: 0 as const,
    };
  });
  for (let index = 0; index < rows.length; index += 100) {
    await db
      .insertInto("donations")
      .values(rows.slice(index, index + 100))
      .execute();
  }
}

/**
 * The same insert as recording a disbursement or a reversal, in date order as staff would
 * have recorded them; the database checks each balance as it goes.
 */
async function writeLedger(db: Kysely<Database>, entries: PlannedEntry[]): Promise<void> {
  const funds = await db.selectFrom("funds").select(["id", "purpose"]).execute();
  const fundOf = new Map(funds.map((fund) => [fund.purpose, fund.id]));
  const order = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.day < b.entry.day ? -1 : a.entry.day > b.entry.day ? 1 : a.index - b.index));
  const ids = new Map<number, number>();
  for (const { entry, index } of order) {
    const reversesId = entry.reverses === undefined ? null : ids.get(entry.reverses)!;
    const row = await db
      .insertInto("disbursements")
      .values({
        kind: reversesId === null ? "disbursement" : "reversal",
        fund_id: fundOf.get(entry.purpose)!,
        amount_cents: entry.cents,
        disbursed_on: entry.day,
        category: entry.category,
        programme: entry.programme,
        region: entry.region,
        description: entry.description,
        reverses_id: reversesId,
        recorded_by: DEMO_RECORDED_BY,
        recorded_at: `${entry.day}T16:30:00.000Z`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(index, row.id);
  }
}

/** Writes the demo year of the funds; run inside the demo seed's transaction. */
export async function seedFundsDemo(
  db: Kysely<Database>,
  today = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const rates = {
    fitrPerPersonCents: await currentRate(db, "fitr_per_person"),
    fidyaPerDayCents: await currentRate(db, "fidya_per_day"),
    kaffarahPerPersonCents: await currentRate(db, "kaffarah_per_person"),
  };
  const calendar = demoCalendar(today);
  const gifts = demoGifts(calendar, rates);
  await writeGifts(db, gifts);
  await writeLedger(db, demoLedger(calendar, gifts));
}
