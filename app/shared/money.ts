/** Money travels as integer cents inside the app; donors and the API speak US dollars. */

/** Converts a dollar amount (number or numeric string) to whole cents, rounding half away from zero. */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? Number(dollars.trim()) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  // toPrecision(15) drops binary noise first: 1.005 * 100 is 100.49999999999999 in floating point.
  return Math.sign(value) * Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const exactDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,250" for whole amounts, "$12.50" when there are cents. */
export function formatDollars(dollars: number): string {
  return Number.isInteger(dollars) ? wholeDollars.format(dollars) : exactDollars.format(dollars);
}

export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

/** "$50.00": always with cents, as receipts write amounts. */
export function formatExactCents(cents: number): string {
  return exactDollars.format(centsToDollars(cents));
}

/**
 * The same for an amount in dollars (as the API's shapes carry it): the funds screens write every amount to the cent,
 * as a ledger does.
 */
export function formatExactDollars(dollars: number): string {
  return formatExactCents(dollarsToCents(dollars));
}

const counts = new Intl.NumberFormat("en-US");

/** "12,500": statistics and counts with thousands separators. */
export function formatCount(value: number): string {
  return counts.format(value);
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/**
 * A headline impact figure for donors: whole numbers (no cents on a marketing total), and
 * from a million up in short form ("2.5M") so it fits its card on a phone.
 */
export function formatImpactFigure(value: number, isDollars: boolean): string {
  const whole = Math.round(value);
  const text = whole >= 1_000_000 ? compact.format(whole) : formatCount(whole);
  return isDollars ? `$${text}` : text;
}
