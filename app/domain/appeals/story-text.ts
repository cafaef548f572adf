import type { StoryFormat } from "./appeal-schemas";

/**
 * An appeal's story as blocks the page renders with React (which escapes every word), so
 * no HTML a writer types ever reaches a donor's browser as markup. Plain stories are
 * paragraphs separated by a blank line; Markdown stories may also use a small subset:
 * headings (#, ##, ###), lists (- or * and 1.), quotes (>), **bold**, *italic* or _italic_,
 * and [links](https://…) to http(s), mailto or this site's own paths. Anything else stays
 * as the text it is.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "break" }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "paragraph"; inlines: Inline[] }
  | { kind: "heading"; level: 2 | 3; inlines: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "quote"; inlines: Inline[] };

export function storyBlocks(story: string, format: StoryFormat): Block[] {
  const chunks = story.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/).map((chunk) => chunk.replace(/^\n+|\s+$/g, "")).filter(Boolean);
  if (format === "plain") return chunks.map((chunk) => ({ kind: "paragraph", inlines: plainLines(chunk) }));
  return chunks.flatMap(markdownBlocks);
}

function plainLines(chunk: string): Inline[] {
  return chunk.split("\n").flatMap((line, index): Inline[] => (index === 0 ? [{ kind: "text", text: line }] : [{ kind: "break" }, { kind: "text", text: line }]));
}

const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;

/** One chunk between blank lines: a heading and what follows it, a list, a quote or a paragraph. */
function markdownBlocks(chunk: string): Block[] {
  const lines = chunk.split("\n");
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!.trim();
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length === 3 ? 3 : 2, inlines: inlines(heading[2]!.replace(/\s+#+$/, "")) });
      index += 1;
      continue;
    }
    const listPattern = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listPattern) {
      const items: Inline[][] = [];
      while (index < lines.length && listPattern.test(lines[index]!.trim())) {
        items.push(inlines(listPattern.exec(lines[index]!.trim())![1]!));
        index += 1;
      }
      blocks.push({ kind: "list", ordered: listPattern === NUMBERED, items });
      continue;
    }
    const run = takeWhile(lines, index, (next) => !HEADING.test(next) && !BULLET.test(next) && !NUMBERED.test(next));
    const quoted = run.every((next) => QUOTE.test(next));
    const text = run.map((next) => (quoted ? QUOTE.exec(next)![1]! : next)).join("\n");
    blocks.push(quoted ? { kind: "quote", inlines: inlines(text) } : { kind: "paragraph", inlines: inlines(text) });
    index += Math.max(1, run.length);
  }
  return blocks;
}

function takeWhile(lines: string[], from: number, keep: (line: string) => boolean): string[] {
  const taken: string[] = [];
  for (let index = from; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (index > from && !keep(line)) break;
    taken.push(line);
  }
  return taken;
}

// Bold, a link (its address may hold one pair of brackets, as many do), italic with * or _
// (not inside words, not around spaces), a line break.
const INLINE = /\*\*(?=\S)([\s\S]+?)(?<=\S)\*\*|\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)|(?<![\w*])\*(?=[^\s*])([\s\S]+?)(?<=[^\s*])\*(?![\w*])|(?<![\w_])_(?=[^\s_])([\s\S]+?)(?<=[^\s_])_(?![\w_])|\n/;

export function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    if (match.index > 0) out.push({ kind: "text", text: rest.slice(0, match.index) });
    out.push(inlineOf(match));
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) out.push({ kind: "text", text: rest });
  return out;
}

function inlineOf(match: RegExpExecArray): Inline {
  const [whole, strong, label, href, starred, underscored] = match;
  if (whole === "\n") return { kind: "break" };
  if (strong !== undefined) return { kind: "strong", children: inlines(strong) };
  if (label !== undefined) {
    const safe = safeHref(href!);
    // A link to anywhere else (javascript:, data:, another scheme) keeps only its words.
    return safe ? { kind: "link", href: safe, children: inlines(label) } : { kind: "text", text: label };
  }
  return { kind: "em", children: inlines((starred ?? underscored)!) };
}

/** http(s) and mailto addresses, and this site's own paths; nothing else is followed. */
export function safeHref(href: string): string | null {
  // A browser reads "//host" and "/\\host" as another site, not as one of this site's paths.
  if (/^\/(?![/\\])/.test(href)) return href;
  try {
    const url = new URL(href);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The story's words without any mark-up: for a summary-less share, search and the API's plain text. */
export function storyPlainText(blocks: Block[]): string {
  const words = (parts: Inline[]): string =>
    parts.map((part) => (part.kind === "text" ? part.text : part.kind === "break" ? " " : words(part.children))).join("");
  return blocks
    .map((block) => (block.kind === "list" ? block.items.map(words).join(" ") : words(block.inlines)))
    .join("\n\n");
}
