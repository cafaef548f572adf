// The large history the bench and `npm run db:fill-giving` write, at a chosen scale: the
// giving history, then the ledger that spends it, the community lists and the appeals, each
// from its own deterministic generator, so two fills at one scale hold the very same rows
// (on SQLite, and on PostgreSQL, which is filled from such a SQLite file).
import { fillAppealHistory, type LargeAppeal } from "./appeal-history";
import { fillCommunityHistory } from "./community-history";
import { fillGivingHistory } from "./giving-history";
import { fillLedgerHistory } from "./ledger-history";

export interface HistorySize {
  scale: number;
  donations: number;
  subscriptions: number;
  ledgerEntries: number;
  messages: number;
  volunteers: number;
  subscribers: number;
  /** Gifts to the large appeal (its donations come on top of `donations`). */
  appealGifts: number;
}

/** How the sizes follow the scale, for usage texts and reports. */
export const SCALE_RULE =
  "scale 1 is 100,000 donations and 5,000 subscriptions, both growing with the scale; the ledger (20,000 entries), the community lists " +
  "(50,000 messages, 20,000 volunteers, 20,000 newsletter addresses) and the large appeal (100,000 gifts) keep their size up to scale 2 " +
  "and then grow half as fast (scale 10: 1,000,000 donations, 50,000 subscriptions, 100,000 ledger entries, an appeal of 500,000 gifts); " +
  "below scale 1 everything shrinks alike";

/** The sizes at a scale (a positive number; 1 is the bench's long-standing history). */
export function historySize(scale = 1): HistorySize {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`The scale must be a positive number, not ${scale}`);
  // A large foundation's ledger and lists grow more slowly than its gifts: half as fast past scale 2.
  const rest = Math.max(scale / 2, Math.min(scale, 1));
  const of = (base: number, factor: number) => Math.max(1, Math.round(base * factor));
  return {
    scale,
    donations: of(100_000, scale),
    subscriptions: of(5_000, scale),
    ledgerEntries: of(20_000, rest),
    messages: of(50_000, rest),
    volunteers: of(20_000, rest),
    subscribers: of(20_000, rest),
    appealGifts: of(100_000, rest),
  };
}

const count = (value: number) => value.toLocaleString("en-US");

/** The sizes in words, for the fill's and the bench's reports. */
export function describeSize(size: HistorySize): string {
  return (
    `${count(size.donations)} donations, ${count(size.subscriptions)} subscriptions, ${count(size.ledgerEntries)} ledger entries, ` +
    `${count(size.messages)} contact messages, ${count(size.volunteers)} volunteers, ${count(size.subscribers)} newsletter addresses ` +
    `and an appeal of ${count(size.appealGifts)} gifts beside five smaller ones (scale ${size.scale})`
  );
}

/** Fills a new SQLite file with the whole history; the large appeal it made. */
export async function fillLargeHistory(
  file: string,
  size: HistorySize,
  log: (line: string) => void = () => {},
): Promise<LargeAppeal> {
  const lap = timer(log);
  await fillGivingHistory(file, { donations: size.donations, subscriptions: size.subscriptions });
  lap(`${count(size.donations)} donations and ${count(size.subscriptions)} subscriptions`);
  fillLedgerHistory(file, { entries: size.ledgerEntries });
  lap(`${count(size.ledgerEntries)} ledger entries`);
  fillCommunityHistory(file, { messages: size.messages, volunteers: size.volunteers, subscribers: size.subscribers });
  lap(
    `${count(size.messages)} contact messages, ${count(size.volunteers)} volunteers, ${count(size.subscribers)} newsletter addresses`,
  );
  const appeal = fillAppealHistory(file, { gifts: size.appealGifts });
  lap(`the appeal of ${count(size.appealGifts)} gifts and five smaller ones`);
  return appeal;
}

/** Logs each step with the seconds it took. */
export function timer(log: (line: string) => void): (what: string) => void {
  let last = Date.now();
  return (what) => {
    const now = Date.now();
    log(`  ${what} in ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}
