import { describe, expect, it } from "vitest";
import { settingCreateSchema, settingUpdateSchemaFor, statisticEditSchema } from "./settings";

describe("statistic edits", () => {
  it.each([
    ["31855", "31855"],
    [31855, "31855"],
    [" 1,250 ", "1250"],
    ["12.5", "12.5"],
    ["0", "0"],
  ])("accepts %j as %j", (value, stored) => {
    expect(statisticEditSchema.parse({ value }).value).toBe(stored);
  });

  it.each([
    ["", "Value is required"],
    ["   ", "Value is required"],
    [undefined, "Value is required"],
    ["abc", "Value must be a number"],
    ["12abc", "Value must be a number"],
    ["-5", "Value cannot be negative"],
    [true, "Value is required"],
  ])("rejects %j with %j", (value, message) => {
    const result = statisticEditSchema.safeParse({ value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("treats a missing description as empty text", () => {
    expect(statisticEditSchema.parse({ value: "1", description: null }).description).toBe("");
  });

  it("lets other settings hold free text", () => {
    expect(settingUpdateSchemaFor("hero_video").parse({ value: "https://youtu.be/x" }).value).toBe(
      "https://youtu.be/x",
    );
    expect(settingUpdateSchemaFor("meals_provided").safeParse({ value: "x" }).success).toBe(false);
  });

  it("requires a well-formed key to create a setting", () => {
    expect(settingCreateSchema.safeParse({ key: "Bad Key" }).success).toBe(false);
    expect(settingCreateSchema.safeParse({ key: "site_notice", value: "x" }).success).toBe(true);
  });
});
