import { describe, expect, it } from "vitest";
import { parseRecordId } from "./record-id";

describe("parseRecordId", () => {
  it("reads plain positive whole numbers", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("42")).toBe(42);
    expect(parseRecordId("999999999999999")).toBe(999_999_999_999_999);
    expect(parseRecordId("007")).toBe(7);
  });

  it.each(["", "0", "000", "-1", "+7", " 7", "7 ", "7.0", "1e3", "0x10", "Infinity", "NaN", "1234567890123456", "٣"])(
    "finds no record in %j",
    (raw) => expect(parseRecordId(raw)).toBeNull(),
  );

  it("finds no record in what is not text", () => {
    expect(parseRecordId(undefined)).toBeNull();
    expect(parseRecordId(null)).toBeNull();
    expect(parseRecordId(7)).toBeNull();
  });
});
