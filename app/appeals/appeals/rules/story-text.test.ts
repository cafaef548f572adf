import { describe, expect, it } from "vitest";
import { safeHref, storyBlocks, storyPlainText, type Inline } from "./story-text";

const text = (value: string): Inline => ({ kind: "text", text: value });

describe("a plain story", () => {
  it("is paragraphs split at blank lines, with line breaks kept inside them", () => {
    expect(
      storyBlocks(
        "Winter has come early.\nFamilies sleep in tents.\n\n\n  \nYour gift buys a heater.\r\n\r\nThank you.",
        "plain",
      ),
    ).toEqual([
      {
        kind: "paragraph",
        inlines: [text("Winter has come early."), { kind: "break" }, text("Families sleep in tents.")],
      },
      { kind: "paragraph", inlines: [text("Your gift buys a heater.")] },
      { kind: "paragraph", inlines: [text("Thank you.")] },
    ]);
  });

  it("keeps Markdown signs and HTML as the words they are", () => {
    expect(storyBlocks("# Not a heading\n**not bold** <script>alert(1)</script>", "plain")).toEqual([
      {
        kind: "paragraph",
        inlines: [text("# Not a heading"), { kind: "break" }, text("**not bold** <script>alert(1)</script>")],
      },
    ]);
  });

  it("has no blocks when empty", () => {
    expect(storyBlocks("", "plain")).toEqual([]);
    expect(storyBlocks(" \n\n \n", "markdown")).toEqual([]);
  });
});

describe("a Markdown story", () => {
  it("has headings (the page's title is the only first-level one), paragraphs after them in the same chunk", () => {
    expect(storyBlocks("# The need\nFamilies are cold.\n\n### What a gift buys ##", "markdown")).toEqual([
      { kind: "heading", level: 2, inlines: [text("The need")] },
      { kind: "paragraph", inlines: [text("Families are cold.")] },
      { kind: "heading", level: 3, inlines: [text("What a gift buys")] },
    ]);
    expect(storyBlocks("## Second", "markdown")).toEqual([{ kind: "heading", level: 2, inlines: [text("Second")] }]);
    expect(storyBlocks("#### Too deep", "markdown")).toEqual([{ kind: "paragraph", inlines: [text("#### Too deep")] }]);
  });

  it("has bulleted and numbered lists", () => {
    expect(storyBlocks("- a blanket\n* a heater\n\n1. flour\n2) rice", "markdown")).toEqual([
      { kind: "list", ordered: false, items: [[text("a blanket")], [text("a heater")]] },
      { kind: "list", ordered: true, items: [[text("flour")], [text("rice")]] },
    ]);
    expect(storyBlocks("What we bring:\n- water\n- food", "markdown")).toEqual([
      { kind: "paragraph", inlines: [text("What we bring:")] },
      { kind: "list", ordered: false, items: [[text("water")], [text("food")]] },
    ]);
  });

  it("has quotes, their lines kept apart", () => {
    expect(storyBlocks("> We had nothing.\n>The heater saved us.", "markdown")).toEqual([
      { kind: "quote", inlines: [text("We had nothing."), { kind: "break" }, text("The heater saved us.")] },
    ]);
    // A paragraph with a quoted line inside it stays a paragraph.
    expect(storyBlocks("She said:\n> thank you", "markdown")[0]).toMatchObject({ kind: "paragraph" });
  });

  it("has bold, italic with stars or underscores, and links, nested", () => {
    expect(
      storyBlocks(
        "**Every** gift _counts_, *truly*: [give now](/donate?appeal=winter) or **[read more](https://example.org/a)**",
        "markdown",
      ),
    ).toEqual([
      {
        kind: "paragraph",
        inlines: [
          { kind: "strong", children: [text("Every")] },
          text(" gift "),
          { kind: "em", children: [text("counts")] },
          text(", "),
          { kind: "em", children: [text("truly")] },
          text(": "),
          { kind: "link", href: "/donate?appeal=winter", children: [text("give now")] },
          text(" or "),
          {
            kind: "strong",
            children: [{ kind: "link", href: "https://example.org/a", children: [text("read more")] }],
          },
        ],
      },
    ]);
  });

  it("leaves stars and underscores inside words and sums alone", () => {
    expect(storyBlocks("snake_case_word and 2 * 3 * 4 and ** spaced **", "markdown")).toEqual([
      { kind: "paragraph", inlines: [text("snake_case_word and 2 * 3 * 4 and ** spaced **")] },
    ]);
  });

  it("keeps a link's address whole when it holds brackets", () => {
    expect(storyBlocks("[wells](https://en.wikipedia.org/wiki/Well_(water)) dug", "markdown")[0]).toEqual({
      kind: "paragraph",
      inlines: [
        { kind: "link", href: "https://en.wikipedia.org/wiki/Well_(water)", children: [text("wells")] },
        text(" dug"),
      ],
    });
  });

  it("takes the address off a javascript:, data: or protocol-relative link and keeps its words", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:text/html,<b>x</b>",
      "//evil.example",
      "/\\evil.example",
      "vbscript:x",
      "file:///etc/passwd",
    ]) {
      expect(storyBlocks(`Click [here](${href}) now`, "markdown"), href).toEqual([
        { kind: "paragraph", inlines: [text("Click here now")] },
      ]);
    }
  });

  it("keeps raw HTML as text, never as markup", () => {
    const blocks = storyBlocks(
      '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)> **<b>bold</b>**',
      "markdown",
    );
    expect(blocks).toEqual([
      { kind: "paragraph", inlines: [text('<script>alert("x")</script>')] },
      {
        kind: "paragraph",
        inlines: [text("<img src=x onerror=alert(1)> "), { kind: "strong", children: [text("<b>bold</b>")] }],
      },
    ]);
  });
});

describe("a story written to be slow", () => {
  it.each([
    ["*a ", 16_000],
    ["_a ", 16_000],
    ["**a ", 12_000],
    ["*a _", 12_000],
    ["[", 49_000],
    ["*_", 24_000],
    ["[a](", 12_000],
  ])("of %j written %i times is read in time proportional to its length", (piece, times) => {
    const story = piece.repeat(times);
    const started = performance.now();
    const blocks = storyBlocks(story, "markdown");
    // Linear work reads this in a few milliseconds; a quadratic reading would take many seconds.
    // A second is far from both, so a busy machine does not fail it.
    expect(performance.now() - started).toBeLessThan(1000);
    // Nothing is lost: every character is still there, as words or marks.
    expect(storyPlainText(blocks).replace(/\s/g, "").length).toBeGreaterThan(0);
  });

  it("keeps unclosed marks as the characters they are", () => {
    expect(storyBlocks("**open and [never closed", "markdown")).toEqual([
      { kind: "paragraph", inlines: [text("**open and [never closed")] },
    ]);
    expect(storyBlocks("*one* and *two", "markdown")).toEqual([
      { kind: "paragraph", inlines: [{ kind: "em", children: [text("one")] }, text(" and *two")] },
    ]);
  });
});

describe("the addresses a story may link to", () => {
  it("are http(s), mailto and this site's own paths", () => {
    expect(safeHref("https://example.org/winter")).toBe("https://example.org/winter");
    expect(safeHref("HTTP://Example.org")).toBe("http://example.org/");
    expect(safeHref("mailto:appeals@example.org")).toBe("mailto:appeals@example.org");
    expect(safeHref("/appeals/winter-emergency")).toBe("/appeals/winter-emergency");
    for (const href of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,x",
      "//evil.example/x",
      "/\\evil.example",
      "tel:+441234",
      "relative/path",
      "",
    ]) {
      expect(safeHref(href), JSON.stringify(href)).toBeNull();
    }
  });
});

describe("a story's words without mark-up", () => {
  it("joins blocks with blank lines and list items with spaces", () => {
    expect(storyPlainText(storyBlocks("# Need\n**Cold** nights\nahead\n\n- one\n- two", "markdown"))).toBe(
      "Need\n\nCold nights ahead\n\none two",
    );
  });
});
