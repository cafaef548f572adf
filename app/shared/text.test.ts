import { describe, expect, it } from "vitest";
import { paragraphs, truncate } from "./text";

describe("truncate", () => {
  it("keeps short text, and cuts long text at a word with an ellipsis", () => {
    expect(truncate("Short  text", 100)).toBe("Short text");
    const cut = truncate(
      "A new well now gives 300 families safe drinking water every day, ending a two-hour walk.",
      40,
    );
    expect(cut).toBe("A new well now gives 300 families safe…");
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(truncate("x".repeat(120), 100)).toHaveLength(100);
  });
});

describe("paragraphs", () => {
  it("splits on blank lines and drops empty ones", () => {
    expect(paragraphs("First line\nstill first\r\n\r\nSecond\n\n\n  \nThird  ")).toEqual([
      "First line\nstill first",
      "Second",
      "Third",
    ]);
    expect(paragraphs("")).toEqual([]);
  });
});
