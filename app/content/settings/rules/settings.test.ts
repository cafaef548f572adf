import { describe, expect, it } from "vitest";
import {
  isRecentBooksFigure,
  settingCreateSchema,
  settingUpdateSchemaFor,
  statisticEditSchema,
  totalRaisedEditSchema,
} from "./settings";

const meals = statisticEditSchema("meals_provided");
const raised = statisticEditSchema("total_raised");

describe("statistic edits", () => {
  it.each([
    ["31855", "31855"],
    [31855, "31855"],
    [" 1,250 ", "1250"],
    ["1,250,000", "1250000"],
    ["0", "0"],
  ])("a count accepts %j as %j", (value, stored) => {
    expect(meals.parse({ value }).value).toBe(stored);
  });

  it.each([
    ["", "Value is required"],
    ["   ", "Value is required"],
    [undefined, "Value is required"],
    ["abc", "Value must be a number"],
    ["12abc", "Value must be a number"],
    ["1,2,3", "Value must be a number"],
    ["1e5", "Value must be a number"],
    ["-5", "Value cannot be negative"],
    ["12.7", "Value must be a whole number"],
    [true, "Value is required"],
  ])("a count rejects %j with %j", (value, message) => {
    const result = meals.safeParse({ value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("lets total_raised have cents, but no more", () => {
    expect(raised.parse({ value: "875000.50" }).value).toBe("875000.5");
    expect(raised.parse({ value: 19.99 }).value).toBe("19.99");
    expect(raised.parse({ value: "$900,000" }).value).toBe("900000");
    expect(meals.safeParse({ value: "$900" }).success).toBe(false);
    expect(raised.safeParse({ value: "1.005" }).error?.issues[0]?.message).toBe(
      "Value can have at most two decimal places",
    );
  });

  it("keeps an absent description absent, and turns null into empty text", () => {
    expect(meals.parse({ value: "1" }).description).toBeUndefined();
    expect(meals.parse({ value: "1", description: null }).description).toBe("");
  });
});

describe("media settings", () => {
  it("hold empty values, fitting URLs or uploaded file names", () => {
    const hero = settingUpdateSchemaFor("hero_video");
    expect(hero.parse({ value: "" }).value).toBe("");
    expect(hero.parse({ value: "https://youtu.be/x" }).value).toBe("https://youtu.be/x");
    expect(hero.parse({ value: "hero.mp4" }).value).toBe("hero.mp4");
    expect(hero.safeParse({ value: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "Please enter a valid video URL (YouTube, Vimeo, or direct video file)",
    );
    expect(
      settingUpdateSchemaFor("program_image_2").safeParse({ value: "https://example.org/page" }).error?.issues[0]
        ?.message,
    ).toBe("Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)");
    expect(settingUpdateSchemaFor("gallery_item_3").safeParse({ value: "not a url" }).error?.issues[0]?.message).toBe(
      "Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg) or YouTube video URL",
    );
  });

  it("leave other settings free text", () => {
    expect(settingUpdateSchemaFor("site_notice").parse({ value: 12 }).value).toBe("12");
  });
});

describe("new settings", () => {
  it("need a well-formed key", () => {
    expect(settingCreateSchema.safeParse({ key: "Bad Key" }).success).toBe(false);
    expect(settingCreateSchema.safeParse({ key: "site_notice", value: "x" }).success).toBe(true);
  });
});

describe("isRecentBooksFigure", () => {
  const books = { dayAgo: 1000, now: 1050.5 };
  it.each([1000, 1020, 1050.5, 1050.499])("%s is a figure the books showed within the day", (value) => {
    expect(isRecentBooksFigure(value, books)).toBe(true);
  });
  it.each([999.99, 1050.51, 875000, 0])("%s is a figure staff chose", (value) => {
    expect(isRecentBooksFigure(value, books)).toBe(false);
  });
});

describe("totalRaisedEditSchema", () => {
  it("takes no figure with the books, whatever the hidden box holds", () => {
    expect(totalRaisedEditSchema.parse({ source: "books", value: "-5", description: "" })).toEqual({
      source: "books",
      description: "",
    });
  });
  it("needs a valid figure when staff type one", () => {
    expect(totalRaisedEditSchema.parse({ source: "typed", value: "$1,250", description: "" })).toEqual({
      source: "typed",
      value: "1250",
      description: "",
    });
    expect(totalRaisedEditSchema.safeParse({ source: "typed", value: "-5", description: "" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["value"], message: "Value cannot be negative" }),
    ]);
    expect(totalRaisedEditSchema.safeParse({ source: "typed", description: "" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["value"], message: "Value is required" }),
    ]);
  });
});
