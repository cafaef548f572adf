import { describe, expect, it } from "vitest";
import { cardFeeOn, cardFeeWords, DEFAULT_CARD_FEE, feeCoverCents, giftWithFeeWords, type CardFee } from "./fee-cover";

const PERCENT_ONLY: CardFee = { basisPoints: 290, fixedCents: 0 };
const FIXED_ONLY: CardFee = { basisPoints: 0, fixedCents: 30 };
const NO_FEE: CardFee = { basisPoints: 0, fixedCents: 0 };
const CUSTOM: CardFee = { basisPoints: 350, fixedCents: 20 };

/** The rule itself, by search: the smallest whole-cent total whose fee leaves the whole gift. */
function smallestTotalNetting(giftCents: number, fee: CardFee): number {
  let total = giftCents;
  while (total - cardFeeOn(total, fee) < giftCents) total += 1;
  return total;
}

describe("feeCoverCents", () => {
  it.each([
    // gift (cents), card fee, cover (cents), why
    [0, DEFAULT_CARD_FEE, 0, "no gift, nothing to cover"],
    [1, DEFAULT_CARD_FEE, 31, "one cent still pays the fixed fee"],
    [100, DEFAULT_CARD_FEE, 34, "$1"],
    [2500, DEFAULT_CARD_FEE, 106, "$25: the issue's 'Add $1.06'"],
    [5000, DEFAULT_CARD_FEE, 180, "$50"],
    [10_000, DEFAULT_CARD_FEE, 330, "$100"],
    [1234, DEFAULT_CARD_FEE, 68, "$12.34, where rounding the share matters"],
    [99_999_999, DEFAULT_CARD_FEE, 2_986_643, "$999,999.99, the largest card gift"],
    [2500, NO_FEE, 0, "a 0% fee with nothing fixed"],
    [99_999_999, NO_FEE, 0, "a 0% fee, large"],
    [1, FIXED_ONLY, 30, "a fixed-only fee, one cent"],
    [99_999_999, FIXED_ONLY, 30, "a fixed-only fee is the same on any gift"],
    [1, PERCENT_ONLY, 0, "2.9% of a cent rounds to nothing"],
    [100, PERCENT_ONLY, 3, "2.9% of $1.03 is 3 cents"],
    [2500, PERCENT_ONLY, 75, "a percentage-only fee"],
    [1, CUSTOM, 21, "3.5% + $0.20, one cent"],
    [100, CUSTOM, 24, "3.5% + $0.20, $1"],
    [2500, CUSTOM, 111, "3.5% + $0.20, $25"],
    [10_000, CUSTOM, 383, "3.5% + $0.20, $100"],
    [99_999_999, CUSTOM, 3_626_964, "3.5% + $0.20, $999,999.99"],
  ])("%i cents at %o: %i cents (%s)", (gift, fee, cover) => {
    expect(feeCoverCents(gift, fee)).toBe(cover);
  });

  it("grosses up: the foundation nets at least the whole gift, and one cent less would leave it short", () => {
    const gifts = [1, 2, 3, 99, 100, 101, 999, 1000, 1234, 2500, 3333, 5000, 9999, 10_000, 77_777, 100_000, 99_999_999];
    for (const fee of [
      DEFAULT_CARD_FEE,
      PERCENT_ONLY,
      FIXED_ONLY,
      CUSTOM,
      { basisPoints: 1, fixedCents: 1 },
      { basisPoints: 1999, fixedCents: 500 },
    ]) {
      for (const gift of gifts) {
        const total = gift + feeCoverCents(gift, fee);
        expect(Number.isInteger(total)).toBe(true);
        expect(total - cardFeeOn(total, fee)).toBeGreaterThanOrEqual(gift);
        if (total > gift) expect(total - 1 - cardFeeOn(total - 1, fee)).toBeLessThan(gift);
        // The search is slow for a million dollars; minimality above already covers it.
        if (gift <= 100_000) expect(total).toBe(smallestTotalNetting(gift, fee));
      }
    }
  });

  it("rounds the provider's share to the nearest cent, half up", () => {
    expect(cardFeeOn(2606, DEFAULT_CARD_FEE)).toBe(106); // 75.574 + 30
    expect(cardFeeOn(50, { basisPoints: 100, fixedCents: 0 })).toBe(1); // 0.5 rounds up
    expect(cardFeeOn(49, { basisPoints: 100, fixedCents: 0 })).toBe(0);
  });

  it("covers nothing for what is not a gift, and refuses a fee of 100% or more", () => {
    expect(feeCoverCents(-500)).toBe(0);
    expect(feeCoverCents(12.5)).toBe(0);
    expect(feeCoverCents(Number.NaN)).toBe(0);
    expect(() => feeCoverCents(100, { basisPoints: 10_000, fixedCents: 0 })).toThrow(RangeError);
  });

  it("uses the usual card price when none is given", () => {
    expect(feeCoverCents(2500)).toBe(106);
  });
});

describe("the fee's words", () => {
  it("says the card price as staff set it", () => {
    expect(cardFeeWords(DEFAULT_CARD_FEE)).toBe("2.9% + $0.30");
    expect(cardFeeWords(CUSTOM)).toBe("3.5% + $0.20");
    expect(cardFeeWords(PERCENT_ONLY)).toBe("2.9%");
    expect(cardFeeWords(NO_FEE)).toBe("0%");
  });

  it("adds the cover to the gift on the summary line, and says the gift alone without one", () => {
    expect(giftWithFeeWords(5000, 180)).toBe("$50 + $1.80 card fee = $51.80");
    expect(giftWithFeeWords(2550, 106)).toBe("$25.50 + $1.06 card fee = $26.56");
    expect(giftWithFeeWords(5000, 0)).toBe("$50");
  });
});
