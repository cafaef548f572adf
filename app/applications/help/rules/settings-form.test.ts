import { describe, expect, it } from "vitest";
import { DEFAULT_APPLICATION_SETTINGS } from "~/applications/records";
import { paragraphsOf } from "./help-text";
import {
  applicationSettingsFormSchema,
  formFieldsOfJson,
  formOfSettings,
  settingsAsJson,
  settingsOfForm,
} from "./settings-form";

describe("the applications' settings form", () => {
  it("reads its own fields back to the same settings", () => {
    const fields = formOfSettings(DEFAULT_APPLICATION_SETTINGS);
    expect(settingsOfForm(applicationSettingsFormSchema.parse(fields))).toEqual(DEFAULT_APPLICATION_SETTINGS);
  });

  it("reads the API's shape as the form's fields, so one schema judges both", () => {
    const json = settingsAsJson(DEFAULT_APPLICATION_SETTINGS);
    expect(json.eligibility.rows[0]).toEqual({ household_size: 1, low: 200, high: 600 });
    const settings = settingsOfForm(applicationSettingsFormSchema.parse(formFieldsOfJson(json)));
    expect(settings).toEqual(DEFAULT_APPLICATION_SETTINGS);
  });

  it("ends the table at the first blank row and refuses a row after it", () => {
    const result = applicationSettingsFormSchema.safeParse({
      ...formOfSettings(DEFAULT_APPLICATION_SETTINGS),
      low_3: "",
      high_3: "",
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["low_4", "Please fill the rows above household size 4 first: a blank row ends the table"],
      ["low_5", "Please fill the rows above household size 5 first: a blank row ends the table"],
      ["low_6", "Please fill the rows above household size 6 first: a blank row ends the table"],
    ]);
  });

  it("needs the first row, both ends of each row, and a high end not below the low", () => {
    const result = applicationSettingsFormSchema.safeParse({
      help_text: "Words",
      low_1: "",
      high_1: "",
      savings_limit: "1",
      household_cap: "1",
      retention_years: "6",
      document_days: "10",
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(["low_1"]);
    const halves = applicationSettingsFormSchema.safeParse({
      help_text: "Words",
      low_1: "10",
      high_1: "5",
      low_2: "5",
      savings_limit: "1",
      household_cap: "1",
      retention_years: "6",
      document_days: "10",
    });
    expect(halves.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["high_1", "The highest help cannot be below the lowest"],
      ["high_2", "Please give the highest help too"],
    ]);
  });
});

describe("the Get help text", () => {
  it("is split into paragraphs at blank lines, keeping single line breaks within one", () => {
    expect(paragraphsOf("First line\nsame paragraph\n\n\n  Second  \r\n\r\nThird\n")).toEqual([
      "First line\nsame paragraph",
      "Second",
      "Third",
    ]);
    expect(paragraphsOf("   ")).toEqual([]);
  });
});
