import { describe, expect, it } from "vitest";
import { centsToDollars, dollarsToCents, formatCents, formatCount, formatDollars, formatImpactFigure } from "./money";

describe("dollarsToCents", () => {
  it.each([
    [1, 100],
    [0.01, 1],
    [19.99, 1999],
    [1.005, 101],
    ["25", 2500],
    [" 100.5 ", 10050],
    [0, 0],
  ])("%s dollars is %s cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it("refuses text that is not a number", () => {
    expect(() => dollarsToCents("ten")).toThrow(RangeError);
  });
});

describe("formatting", () => {
  it("shows whole dollars without cents and other amounts with cents", () => {
    expect(formatDollars(1250)).toBe("$1,250");
    expect(formatDollars(12.5)).toBe("$12.50");
    expect(formatCents(250000)).toBe("$2,500");
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it("groups counts by thousands", () => {
    expect(formatCount(125000)).toBe("125,000");
  });
});

describe("formatImpactFigure", () => {
  it.each([
    [125000, false, "125,000"],
    [875000, true, "$875,000"],
    [1234567.5, true, "$1.2M"],
    [2500000, true, "$2.5M"],
    [12345678, false, "12.3M"],
    [999999.6, true, "$1M"],
    [12.4, false, "12"],
  ])("%s (dollars: %s) reads %s", (value, isDollars, expected) => {
    expect(formatImpactFigure(value, isDollars)).toBe(expected);
  });
});
