import { describe, expect, it } from "vitest";
import { givingSettingValue } from "~/content/settings";
import { ramadanRequestSchema } from "./ramadan-request";

const DONOR = { name: "Khadija Rahman", email: "khadija@example.org" };

describe("a donor's Ramadan nights", () => {
  it("reads the form's words: plan, an amount for each night, doubled odd nights, the donor and the fund", () => {
    const read = ramadanRequestSchema.parse({
      ...DONOR,
      plan: "last-ten",
      per_night: "25",
      double_odd_nights: "on",
      purpose: "Sadaqa",
      anonymous: "on",
    });
    expect(read).toEqual({
      ...DONOR,
      plan: "last-ten",
      per_night: 25,
      double_odd_nights: true,
      purpose: "Sadaqa",
      anonymous: true,
    });
    expect(ramadanRequestSchema.parse({ ...DONOR, plan: "all-thirty", per_night: 5 })).toMatchObject({
      double_odd_nights: false,
      anonymous: false,
    });
  });

  it.each([
    [{ plan: "", per_night: "10" }, "plan", "Choose the last ten nights or all thirty"],
    [{ plan: "every-night", per_night: "10" }, "plan", "Choose the last ten nights or all thirty"],
    [{ plan: "last-ten", per_night: "0.50" }, "per_night", "The minimum for a night is $1"],
    [{ plan: "last-ten", per_night: "ten" }, "per_night", "Please enter the amount as a number, e.g. 50 or 25.50"],
    [
      { plan: "last-ten", per_night: "600000", double_odd_nights: "on" },
      "per_night",
      "Doubled, a night would pass a million dollars: please contact us",
    ],
  ])("refuses %j beside %s", (fields, path, message) => {
    const result = ramadanRequestSchema.safeParse({ ...DONOR, ...fields });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });
});

describe("Ramadan's settings", () => {
  it.each([
    ["ramadan_first_night", "", ""],
    ["ramadan_first_night", " 2027-02-08 ", "2027-02-08"],
    ["ramadan_first_night", "2027-02-30", null],
    ["ramadan_first_night", "8 Feb 2027", null],
    ["ramadan_first_night", "2027-06-01", null],
    ["ramadan_charge_hour", "20", "20"],
    ["ramadan_charge_hour", 0, "0"],
    ["ramadan_charge_hour", "04", "4"],
    ["ramadan_charge_hour", "17", "17"],
    // A night begins at sunset: an hour of the day would charge it before it begins.
    ["ramadan_charge_hour", "07", null],
    ["ramadan_charge_hour", "5", null],
    ["ramadan_charge_hour", "16", null],
    ["ramadan_charge_hour", "24", null],
    ["ramadan_charge_hour", "8pm", null],
    ["ramadan_charge_hour", "", null],
  ] as const)("%s %j reads as %j", (key, raw, value) => {
    expect(givingSettingValue(key, raw)).toBe(value);
  });
});
