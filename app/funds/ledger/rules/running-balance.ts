import type { DayAmount } from "~/funds/transparency";

/**
 * A fund cannot give on a day money it had not yet received, nor money that a later
 * disbursement already gave: a disbursement dated D is possible only while the fund's
 * balance stays at zero or more on D and on every day after it. The balance on a day is
 * everything received up to and including that day, less the disbursements that stand
 * (a reversed entry and its reversal never happened) up to and including that day.
 */
export interface Shortfall {
  /** The first day, on or after the disbursement's date, the balance would fall below zero. */
  day: string;
  /** What the fund held at the end of that day, before this disbursement. */
  heldCents: number;
  /** The most a disbursement on the date asked for could be. */
  mostCents: number;
}

/** Each day's change to the balance: in on the day a gift came, out on the day money went. */
function changesByDay(received: DayAmount[], disbursed: DayAmount[]): Map<string, number> {
  const changes = new Map<string, number>();
  const add = (day: string, cents: number) =>
    changes.set(day.slice(0, 10), (changes.get(day.slice(0, 10)) ?? 0) + cents);
  for (const item of received) add(item.day, item.cents);
  for (const item of disbursed) add(item.day, -item.cents);
  return changes;
}

/**
 * Where a new disbursement of `cents` dated `on` would leave the fund short, or null when
 * its balance stays at zero or more on that day and every day after.
 */
export function shortfallOf(
  received: DayAmount[],
  disbursed: DayAmount[],
  on: string,
  cents: number,
): Shortfall | null {
  const changes = changesByDay(received, disbursed);
  if (!changes.has(on)) changes.set(on, 0);
  let held = 0;
  let lowest = Number.POSITIVE_INFINITY;
  let first: { day: string; heldCents: number } | null = null;
  for (const day of [...changes.keys()].sort()) {
    held += changes.get(day)!;
    if (day < on) continue;
    lowest = Math.min(lowest, held);
    if (!first && held - cents < 0) first = { day, heldCents: held };
  }
  return first ? { ...first, mostCents: Math.max(0, lowest) } : null;
}
