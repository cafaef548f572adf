// A large ledger for measuring the funds screens and the transparency report: thousands
// of disbursements over several Hijri years from every fund that has gifts, Zakat to all
// eight categories, and some reversed a few days later. Written straight through
// better-sqlite3 in one transaction, on top of a giving history (fillGivingHistory): each
// fund's entries are planned in date order against what it had received before each day,
// so the database's own overdraft guard never has to refuse one, and no fund's balance is
// below zero on any day (the rule the ledger service keeps for an entry dated in the past).
import type { ZakatCategoryKey } from "~/funds/funds/rules/zakat-categories";
import { openForFilling, random } from "./giving-history";

export interface LedgerHistory {
  /** Ledger entries in all, reversals included. */
  entries: number;
}

/** One in fifty entries is put right by a reversal. */
const REVERSED_SHARE = 0.02;
const DAY_MS = 86_400_000;

const ZAKAT_CATEGORY_WEIGHTS: Record<ZakatCategoryKey, number> = {
  fuqara: 34,
  masakin: 30,
  amilin: 7,
  muallafah: 3,
  riqab: 3,
  gharimin: 12,
  "fi-sabilillah": 5,
  "ibn-al-sabil": 6,
};

const PROGRAMMES = [
  "Monthly food parcels",
  "Winter food packs",
  "Rent and utility support",
  "School costs",
  "Debt relief",
  "Fares home",
  "Mobile clinic",
  "Cataract operations",
  "Borehole and solar pump",
  "Orphan sponsorship",
  "Teachers' salaries",
  "Community kitchen",
  "Flood response",
  "Shelter kits",
  "Iftar meals",
  "Eid gifts for children",
  "Zakat administration",
  "Support for new Muslims",
];
const REGIONS = [
  "Local families",
  "East Africa",
  "West Africa",
  "South Asia",
  "Middle East",
  "Central Asia",
  "Head office",
];
const WHAT = [
  "flour, rice, lentils and oil",
  "overdue rent and heating bills",
  "uniforms, shoes and books",
  "medicines and supplies",
  "blankets and heaters",
  "bus and train fares",
  "hot meals",
  "clean water",
  "tents and mattresses",
  "school fees and meals",
];
const WHO = [
  "families below the poverty line",
  "widowed mothers",
  "families in debt",
  "stranded travellers",
  "orphaned children",
  "elderly people living alone",
  "displaced families",
];
const STAFF = ["amina.finance", "yusuf.programmes", "hafsa.admin", "bench"];

interface Receipt {
  day: string;
  cents: number;
}

interface Planned {
  fundId: number;
  day: string;
  cents: number;
  category: string | null;
  programme: string;
  region: string;
  description: string;
  recordedBy: string;
  /** For a reversal: the planned entry it reverses. */
  reverses?: number;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

export function fillLedgerHistory(filePath: string, size: LedgerHistory = { entries: 20_000 }): number {
  const db = openForFilling(filePath);
  const next = random(20_261_125);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const today = new Date().toISOString().slice(0, 10);

  const funds = db.prepare("select id, kind from funds order by id").all() as { id: number; kind: string }[];
  const receipts = new Map<number, Receipt[]>();
  for (const row of db.prepare("select fund_id, day, received_cents from fund_daily_receipts order by day").all() as {
    fund_id: number;
    day: string;
    received_cents: number;
  }[]) {
    receipts.set(row.fund_id, [...(receipts.get(row.fund_id) ?? []), { day: row.day, cents: row.received_cents }]);
  }
  const totalReceived = [...receipts.values()].flat().reduce((total, receipt) => total + receipt.cents, 0);
  if (totalReceived === 0) throw new Error("Fill the giving history first: a ledger spends gifts");

  const reversals = Math.round(size.entries * REVERSED_SHARE);
  const disbursements = size.entries - reversals;
  const planned: Planned[] = [];
  const givingFunds = funds.filter((fund) => receipts.has(fund.id));
  let left = disbursements;
  givingFunds.forEach((fund, index) => {
    const own = receipts.get(fund.id)!;
    const share = own.reduce((total, receipt) => total + receipt.cents, 0) / totalReceived;
    const count = index === givingFunds.length - 1 ? left : Math.round(disbursements * share);
    left -= count;
    planned.push(...planFund(fund, own, count));
  });

  /** A fund's disbursements on random days after its first gifts, each a share of what it then holds. */
  function planFund(fund: { id: number; kind: string }, own: Receipt[], count: number): Planned[] {
    const first = addDays(own[0]!.day, 14);
    const last = [addDays(own.at(-1)!.day, 3), today].sort()[0]!;
    const span = daysFrom(first, last);
    const days = Array.from({ length: count }, () => addDays(first, Math.floor(next() * (span + 1)))).sort();
    const entries: Planned[] = [];
    let received = 0;
    let spent = 0;
    let upTo = 0;
    let notBefore = first;
    for (const candidate of days) {
      let day = candidate < notBefore ? notBefore : candidate;
      while (upTo < own.length && own[upTo]!.day < day) received += own[upTo++]!.cents;
      // An empty fund waits for its next gift (the day after it), so every planned entry is kept.
      while (received - spent < 100 && upTo < own.length) {
        day = addDays(own[upTo]!.day, 1);
        received += own[upTo++]!.cents;
      }
      const held = received - spent;
      if (held < 100) break;
      const cents = Math.max(100, Math.floor((held * (0.03 + next() * 0.17)) / 100) * 100);
      spent += cents;
      notBefore = day;
      entries.push({ fundId: fund.id, day, cents, ...whatItPaidFor(fund.kind === "zakat") });
    }
    return entries;
  }

  function whatItPaidFor(isZakat: boolean) {
    const programme = pick(PROGRAMMES);
    const region = pick(REGIONS);
    return {
      category: isZakat ? weightedCategory() : null,
      programme,
      region,
      description: `${programme}: ${pick(WHAT)} for ${pick(WHO)} (${region}).`,
      recordedBy: pick(STAFF),
    };
  }

  function weightedCategory(): string {
    const weights = Object.entries(ZAKAT_CATEGORY_WEIGHTS);
    let roll = next() * weights.reduce((total, [, weight]) => total + weight, 0);
    for (const [key, weight] of weights) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return weights[0]![0];
  }

  // Reversals of entries chosen at random, a few days after each (never after today, never
  // before the entry), never twice the same.
  const disbursed = planned.length;
  const reversed = new Set<number>();
  while (reversed.size < Math.min(reversals, disbursed)) reversed.add(Math.floor(next() * disbursed));
  for (const index of reversed) {
    const original = planned[index]!;
    const upToToday = [addDays(original.day, 1 + Math.floor(next() * 10)), today].sort()[0]!;
    const day = upToToday < original.day ? original.day : upToToday;
    planned.push({
      ...original,
      day,
      description: `Reversed: ${pick(["recorded twice", "wrong fund", "wrong amount typed", "payment returned by the bank"])}.`,
      reverses: index,
    });
  }

  const insert = db.prepare(`
    insert into disbursements (kind, fund_id, amount_cents, disbursed_on, category, programme, region, description, reverses_id, recorded_by, recorded_at)
    values (@kind, @fund_id, @amount_cents, @disbursed_on, @category, @programme, @region, @description, @reverses_id, @recorded_by, @recorded_at)`);
  const order = planned
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.day < b.entry.day ? -1 : a.entry.day > b.entry.day ? 1 : a.index - b.index));
  const ids = new Map<number, number>();
  db.transaction(() => {
    for (const { entry, index } of order) {
      const { lastInsertRowid } = insert.run({
        kind: entry.reverses === undefined ? "disbursement" : "reversal",
        fund_id: entry.fundId,
        amount_cents: entry.cents,
        disbursed_on: entry.day,
        category: entry.category,
        programme: entry.programme,
        region: entry.region,
        description: entry.description,
        reverses_id: entry.reverses === undefined ? null : ids.get(entry.reverses)!,
        recorded_by: entry.recordedBy,
        recorded_at: `${entry.day}T15:00:00.000Z`,
      });
      ids.set(index, Number(lastInsertRowid));
    }
  })();
  db.pragma("optimize");
  db.close();
  return planned.length;
}
