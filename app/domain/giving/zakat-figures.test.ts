import { describe, expect, it } from "vitest";
import { NISAB_GOLD_GRAMS, NISAB_SILVER_GRAMS } from "./zakat";
import { grams, nisabInDollars, percent, ZAKAT_FIGURES, zakatOn } from "./zakat-figures";

describe("Zakat's figures as pages write them", () => {
  it("write today's rules", () => {
    expect(ZAKAT_FIGURES).toEqual({
      rate: "2.5%",
      solarYearRate: "2.577%",
      irrigatedHarvestRate: "5%",
      rainHarvestRate: "10%",
      goldNisabWeight: "87.48 g",
      silverNisabWeight: "612.36 g",
      defaultGoldPrice: "$65",
      defaultSilverPrice: "$0.85",
      goldNisab: "$5,686",
      silverNisab: "$521",
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
