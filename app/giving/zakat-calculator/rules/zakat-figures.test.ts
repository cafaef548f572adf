import { describe, expect, it } from "vitest";
import {
  DEFAULT_GOLD_PRICE_PER_GRAM,
  DEFAULT_SILVER_PRICE_PER_GRAM,
  NISAB_GOLD_GRAMS,
  NISAB_SILVER_GRAMS,
} from "./zakat";
import { grams, nisabInDollars, percent, priceFigures, ZAKAT_FIGURES, zakatOn } from "./zakat-figures";

describe("Zakat's figures as pages write them", () => {
  it("write today's rules", () => {
    expect(ZAKAT_FIGURES).toEqual({
      rate: "2.5%",
      solarYearRate: "2.577%",
      irrigatedHarvestRate: "5%",
      rainHarvestRate: "10%",
      goldNisabWeight: "87.48 g",
      silverNisabWeight: "612.36 g",
    });
  });

  it("write the prices and the nisab at the prices given, the starting ones by default", () => {
    expect(priceFigures(DEFAULT_GOLD_PRICE_PER_GRAM, DEFAULT_SILVER_PRICE_PER_GRAM)).toEqual({
      goldPrice: "$65",
      silverPrice: "$0.85",
      goldNisab: "$5,686",
      silverNisab: "$521",
    });
    expect(priceFigures(100, 1.5)).toEqual({
      goldPrice: "$100",
      silverPrice: "$1.50",
      goldNisab: "$8,748",
      silverNisab: "$919",
    });
  });

  it("follow the rules they are worked out from", () => {
    expect(percent(0.1)).toBe("10%");
    expect(percent(0.02577)).toBe("2.577%");
    expect(grams(NISAB_GOLD_GRAMS)).toBe(ZAKAT_FIGURES.goldNisabWeight);
    expect(grams(NISAB_SILVER_GRAMS)).toBe(ZAKAT_FIGURES.silverNisabWeight);
    expect(nisabInDollars("gold", 100, 1)).toBe("$8,748");
    expect(nisabInDollars("silver", 100, 1.5)).toBe("$919");
    expect(zakatOn(10_000)).toBe("$250");
    expect(zakatOn(1_234)).toBe("$30.85");
  });
});
