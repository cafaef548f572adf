import { describe, expect, it } from "vitest";
import { supporterName } from "./supporter-name";

describe("supporterName", () => {
  it.each([
    ["Aisha Khan", false, "Aisha"],
    ["  Yusuf   Rahman ", false, "Yusuf"],
    ["Aisha Khan", true, "Anonymous"],
    ["aisha.khan@example.org", false, "A supporter"],
    ["Khan, Aisha", false, "Aisha"],
    ["Mr Khan", false, "A supporter"],
    ["Dr. Amina Yusuf", false, "Amina"],
    ["Sheikh Omar Bakri", false, "Omar"],
    ["Masjid collection", false, "Masjid"],
    ["", false, "A supporter"],
  ])("shows %j (anonymous: %s) as %j", (name, anonymous, shown) => {
    expect(supporterName(name, anonymous)).toBe(shown);
  });
});
