import { formatCents, formatExactCents } from "~/shared/money";

/**
 * Covering the card fee: what a donor adds so that the foundation receives the whole
 * gift after the card provider takes its fee. The provider charges a share of what is
 * paid plus a fixed amount, so the cover is grossed up: the total T is the smallest whole
 * number of cents with T - fee(T) >= gift, where fee(T) = round(T × rate) + fixed.
 */
export interface CardFee {
  /** The share, in hundredths of a per cent: 290 is 2.9%. */
  basisPoints: number;
  fixedCents: number;
}

/** The usual card price: 2.9% + $0.30. Staff set the foundation's own. */
export const DEFAULT_CARD_FEE: CardFee = { basisPoints: 290, fixedCents: 30 };

/** The provider's fee on a charge of `totalCents`, rounded to the cent as card providers do. */
export function cardFeeOn(totalCents: number, fee: CardFee): number {
  return Math.round((totalCents * fee.basisPoints) / 10_000) + fee.fixedCents;
}

/** The amount to add to `giftCents` so that all of it arrives; 0 for no gift. */
export function feeCoverCents(giftCents: number, fee: CardFee = DEFAULT_CARD_FEE): number {
  if (!Number.isInteger(giftCents) || giftCents <= 0) return 0;
  if (fee.basisPoints >= 10_000) throw new RangeError("A card fee must be less than 100%");
  // The exact gross-up, then the next cent while rounding leaves the foundation short.
  let total = Math.ceil(((giftCents + fee.fixedCents) * 10_000) / (10_000 - fee.basisPoints));
  while (total - cardFeeOn(total, fee) < giftCents) total += 1;
  // and the smallest such total: rounding may allow a cent less.
  while (total - 1 - cardFeeOn(total - 1, fee) >= giftCents) total -= 1;
  return total - giftCents;
}

/** "2.9% + $0.30". */
export function cardFeeWords(fee: CardFee): string {
  const percent = (fee.basisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
  const fixed = fee.fixedCents ? ` + $${(fee.fixedCents / 100).toFixed(2)}` : "";
  return `${percent}%${fixed}`;
}

/** "$50 + $1.80 card fee = $51.80" when the donor covers the fee, else "$50": what the checkout will charge. */
export function giftWithFeeWords(giftCents: number, coverCents: number): string {
  if (coverCents <= 0) return formatCents(giftCents);
  return `${formatCents(giftCents)} + ${formatExactCents(coverCents)} card fee = ${formatExactCents(giftCents + coverCents)}`;
}
