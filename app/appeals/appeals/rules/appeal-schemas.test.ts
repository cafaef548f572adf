import { describe, expect, it } from "vitest";
import {
  appealFilterSchema,
  appealSchema,
  presetAmountsField,
  presetAmountsText,
  readPresetAmounts,
  slugFromTitle,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from "./appeal-schemas";

describe("the address proposed from a title", () => {
  it("is the title's words in lower case joined by hyphens", () => {
    expect(slugFromTitle("Winter Emergency in Gaza")).toBe("winter-emergency-in-gaza");
    expect(slugFromTitle("  Ramadan Food Packs 2026!  ")).toBe("ramadan-food-packs-2026");
    expect(slugFromTitle("Build a Well -- now")).toBe("build-a-well-now");
  });

  it("takes the accents off and writes & as 'and'", () => {
    expect(slugFromTitle("Crème Brûlée & Café")).toBe("creme-brulee-and-cafe");
    expect(slugFromTitle("Eid al-Aḍḥā Qurbānī")).toBe("eid-al-adha-qurbani");
    expect(slugFromTitle("Food & Water")).toBe("food-and-water");
    expect(slugFromTitle("Straße, Ærø, Łódź")).toBe("strasse-aero-lodz");
  });

  it("keeps a word with an apostrophe whole", () => {
    expect(slugFromTitle("Children's Eid Gifts")).toBe("childrens-eid-gifts");
    expect(slugFromTitle("The Qur’an School")).toBe("the-quran-school");
    expect(slugFromTitle("Ramaḍān ʿEid")).toBe("ramadan-eid");
  });

  it("is cut to the longest address allowed, never ending on a hyphen", () => {
    const long = slugFromTitle(`${"a".repeat(79)} b and more words after the limit`);
    expect(long).toBe("a".repeat(79));
    const words = slugFromTitle(
      "Water for every village in the valley and the hills beyond it, before the summer comes again",
    );
    expect(words.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(words).toMatch(SLUG_PATTERN);
    expect(words.startsWith("water-for-every-village")).toBe(true);
  });

  it("is 'appeal' when the title has no letters it can use", () => {
    expect(slugFromTitle("!!!")).toBe("appeal");
    expect(slugFromTitle("نداء الشتاء")).toBe("appeal");
  });

  it("always passes the address rule", () => {
    for (const title of [
      "Winter Emergency in Gaza",
      "Crème & Café",
      "  -- x --  ",
      "نداء",
      "A".repeat(200),
      "1,000 Wells!",
    ]) {
      expect(slugFromTitle(title), title).toMatch(SLUG_PATTERN);
    }
  });
});

describe("preset amounts", () => {
  const read = (raw: unknown) => presetAmountsField.safeParse(raw);
  const RULE = "Give up to 6 whole-dollar amounts separated by commas, e.g. 50, 100, 250";

  it("read a form's text or the API's list as whole dollars, in order, without repeats", () => {
    expect(read("50, 100, 250").data).toEqual([50, 100, 250]);
    expect(read("$250,$50, 50").data).toEqual([50, 250]);
    expect(read("50;100 250").data).toEqual([50, 100, 250]);
    expect(read([100, "50", "$20"]).data).toEqual([20, 50, 100]);
    expect(read("1, 999999").data).toEqual([1, 999_999]);
  });

  it("are none when left empty", () => {
    for (const empty of ["", "  ", null, undefined, []]) expect(read(empty).data, JSON.stringify(empty)).toEqual([]);
  });

  it("refuse cents, words, amounts out of bounds and more than six", () => {
    for (const bad of [
      "50.5",
      "0.5",
      "0",
      "-10",
      "abc",
      "50, ten",
      "1000000",
      "1,2,3,4,5,6,7",
      [true],
      [12.5],
      50,
      { a: 1 },
    ]) {
      const result = read(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(RULE);
    }
  });

  it("are stored as '50,100,250' and read back, skipping anything unusable", () => {
    expect(presetAmountsText([50, 100, 250])).toBe("50,100,250");
    expect(presetAmountsText([])).toBe("");
    expect(readPresetAmounts("50,100,250")).toEqual([50, 100, 250]);
    expect(readPresetAmounts("")).toEqual([]);
    expect(readPresetAmounts("50,,x,0,12.5,100")).toEqual([50, 100]);
  });
});

describe("an appeal as staff write it", () => {
  const valid = {
    title: "Winter Emergency in Gaza",
    summary: "Heaters and blankets",
    story: "Winter is here.",
    fund_id: "3",
    starts_on: "2025-11-01",
  };

  it("fills in its defaults: plain story, a draft, not featured, no end, no goal, no presets", () => {
    const appeal = appealSchema.parse(valid);
    expect(appeal).toMatchObject({
      title: "Winter Emergency in Gaza",
      fund_id: 3,
      story_format: "plain",
      status: "draft",
      is_featured: false,
      preset_amounts: [],
    });
    expect(appeal.slug).toBeUndefined();
    expect(appeal.goal).toBeUndefined();
    expect(appeal.ends_on).toBeUndefined();
  });

  it("reads an address in lower case, and refuses one that is not an address", () => {
    expect(appealSchema.parse({ ...valid, slug: " Winter-2025 " }).slug).toBe("winter-2025");
    for (const slug of ["winter emergency", "winter--emergency", "-winter", "winter_emergency", "w".repeat(81)]) {
      expect(appealSchema.safeParse({ ...valid, slug }).success, slug).toBe(false);
    }
  });

  it("refuses an end before the start, beside the end date", () => {
    const result = appealSchema.safeParse({ ...valid, ends_on: "2025-10-31" });
    expect(result.error?.issues[0]).toMatchObject({
      path: ["ends_on"],
      message: "The end date cannot be before the start date",
    });
    expect(appealSchema.safeParse({ ...valid, ends_on: "2025-11-01" }).success).toBe(true);
  });

  it("needs a fund, and reads the goal in dollars", () => {
    expect(appealSchema.safeParse({ ...valid, fund_id: "" }).error?.issues[0]).toMatchObject({
      path: ["fund_id"],
      message: "Choose the fund this appeal raises for",
    });
    expect(appealSchema.parse({ ...valid, goal: "20,000" }).goal).toBe(20_000);
    expect(appealSchema.parse({ ...valid, goal: "" }).goal).toBeUndefined();
  });

  it("reads the admin list's filters, dropping what it does not know", () => {
    expect(appealFilterSchema.parse({ search: "  winter ", status: "live" })).toEqual({
      search: "winter",
      status: "live",
    });
    expect(appealFilterSchema.parse({ search: 5, status: "archived" })).toEqual({ search: "", status: undefined });
  });
});
