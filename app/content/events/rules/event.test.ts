import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { eventSchema } from "./event";

function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("eventSchema", () => {
  const base = { title: "Iftar", description: "D", location: "Hall" };

  it("needs a real date, with or without a time", () => {
    expect(eventSchema.parse({ ...base, date: "2026-12-14" }).date).toBe("2026-12-14");
    expect(eventSchema.parse({ ...base, date: "2026-12-14 18:30" }).date).toBe("2026-12-14T18:30");
    expect(errors(eventSchema.safeParse({ ...base, date: "2026-02-30" }))).toEqual({
      date: "Please enter a real date as YYYY-MM-DD",
    });
    expect(eventSchema.parse({ ...base, date: "2026-12-14T23:59:59" }).date).toBe("2026-12-14T23:59:59");
    for (const date of ["2026-12-01T25:99", "2026-12-01T24:00", "2026-12-01T12:60", "2026-12-01T12:30:60"]) {
      expect(errors(eventSchema.safeParse({ ...base, date })), date).toEqual({
        date: "Please enter a real date as YYYY-MM-DD",
      });
    }
    expect(errors(eventSchema.safeParse({ ...base, date: "" }))).toEqual({ date: "Date is required" });
    expect(errors(eventSchema.safeParse({ date: "2026-12-14" }))).toEqual({
      title: "Title is required",
      description: "Description is required",
      location: "Location is required",
    });
  });
});

/**
 * The admin and public forms parse with conform, which turns every empty field into
 * "not given" before the schema sees it: a form with its optional fields left empty
 * must pass, and a required one left empty must say so.
 */
describe("the schema as forms send it", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("accepts an event with every optional field empty", () => {
    const event = parseWithZod(
      form({ title: "T", description: "D", date: "2026-12-01", location: "Hall", image: "" }),
      { schema: eventSchema },
    );
    expect(event).toMatchObject({ status: "success", value: { image: "", date: "2026-12-01" } });
  });

  it("names each required field left empty", () => {
    const event = parseWithZod(form({ title: "T", description: "D", date: "", location: "" }), { schema: eventSchema });
    expect(event.reply().error).toEqual({ date: ["Date is required"], location: ["Location is required"] });
  });
});
