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
  const chunks = story
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.replace(/^\n+|\s+$/g, ""))
    .filter(Boolean);
  if (format === "plain") return chunks.map((chunk) => ({ kind: "paragraph", inlines: plainLines(chunk) }));
  return chunks.flatMap(markdownBlocks);
}

function plainLines(chunk: string): Inline[] {
  return chunk
    .split("\n")
    .flatMap((line, index): Inline[] =>
      index === 0 ? [{ kind: "text", text: line }] : [{ kind: "break" }, { kind: "text", text: line }],
    );
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
      blocks.push({
        kind: "heading",
        level: heading[1]!.length === 3 ? 3 : 2,
        inlines: inlines(heading[2]!.replace(/\s+#+$/, "")),
      });
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

/**
 * The words of a line with their marks, read in one pass: each mark that may open bold,
 * italic or a link is kept on a stack until a mark closes it; marks never closed stay the
 * characters they are. The stack is kept shallow, so however a story is written (thousands
 * of stars, say) it is read in time proportional to its length.
 */
type Mark = "**" | "*" | "_" | "[";
interface Frame {
  mark: Mark | null;
  children: Inline[];
}

const MAX_OPEN_MARKS = 32;
const WORD = /\w/;

export function inlines(text: string): Inline[] {
  const stack: Frame[] = [{ mark: null, children: [] }];
  const top = () => stack[stack.length - 1]!;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const before = text[index - 1] ?? " ";
    if (char === "\n") {
      top().children.push({ kind: "break" });
      index += 1;
    } else if (char === "*" && text[index + 1] === "*") {
      index += closeOrOpen(stack, "**", /\S/.test(before), /\S/.test(text[index + 2] ?? " "))
        ? 2
        : literal(top(), "**", 2);
    } else if (char === "*" || char === "_") {
      const after = text[index + 1] ?? " ";
      const mark = char as "*" | "_";
      const mayClose = /\S/.test(before) && before !== mark && !WORD.test(after) && after !== mark;
      const mayOpen = !WORD.test(before) && before !== mark && /\S/.test(after) && after !== mark;
      index += closeOrOpen(stack, mark, mayClose, mayOpen) ? 1 : literal(top(), mark, 1);
    } else if (char === "[") {
      index += open(stack, "[") ? 1 : literal(top(), "[", 1);
    } else if (char === "]" && text[index + 1] === "(") {
      const href = addressAt(text, index + 2);
      index += href !== null && closeLink(stack, href) ? href.length + 3 : literal(top(), "]", 1);
    } else {
      const next = nextMarkAt(text, index + 1);
      addText(top(), text.slice(index, next));
      index = next;
    }
  }
  while (stack.length > 1) unwind(stack);
  return stack[0]!.children;
}

/** Where the next character that may be a mark is (or the end). */
function nextMarkAt(text: string, from: number): number {
  for (let index = from; index < text.length; index += 1) {
    if ("*_[]\n".includes(text[index]!)) return index;
  }
  return text.length;
}

function addText(frame: Frame, words: string): void {
  const last = frame.children.at(-1);
  if (last?.kind === "text") last.text += words;
  else frame.children.push({ kind: "text", text: words });
}

/** Keeps the mark as text; the length read. */
function literal(frame: Frame, mark: string, length: number): number {
  addText(frame, mark);
  return length;
}

function open(stack: Frame[], mark: Mark): boolean {
  if (stack.length > MAX_OPEN_MARKS) return false;
  stack.push({ mark, children: [] });
  return true;
}

/**
 * Closes the nearest open `mark` when it may close one (marks opened after it stay text), else opens one when it may.
 */
function closeOrOpen(stack: Frame[], mark: "**" | "*" | "_", mayClose: boolean, mayOpen: boolean): boolean {
  const at = mayClose ? stack.findLastIndex((frame) => frame.mark === mark) : -1;
  if (at > 0 && stack[at]!.children.length > 0) {
    while (stack.length - 1 > at) unwind(stack);
    const frame = stack.pop()!;
    stack.at(-1)!.children.push({ kind: mark === "**" ? "strong" : "em", children: frame.children });
    return true;
  }
  return mayOpen && open(stack, mark);
}

/** A link's address after "](": up to its ")", without spaces, with at most one pair of brackets inside. */
function addressAt(text: string, from: number): string | null {
  let depth = 0;
  for (let index = from; index < text.length; index += 1) {
    const char = text[index]!;
    if (/\s/.test(char)) return null;
    if (char === "(") {
      if (depth > 0) return null;
      depth = 1;
    } else if (char === ")") {
      if (depth === 0) return index > from ? text.slice(from, index) : null;
      depth = 0;
    }
  }
  return null;
}

/** "](address)" closes the nearest open "[": a link to a safe address, or only its words. */
function closeLink(stack: Frame[], address: string): boolean {
  const at = stack.findLastIndex((frame) => frame.mark === "[");
  if (at <= 0 || stack[at]!.children.length === 0) return false;
  while (stack.length - 1 > at) unwind(stack);
  const frame = stack.pop()!;
  const href = safeHref(address);
  // A link to anywhere else (javascript:, data:, another scheme) keeps only its words.
  if (href) stack.at(-1)!.children.push({ kind: "link", href, children: frame.children });
  else for (const child of frame.children) push(stack.at(-1)!, child);
  return true;
}

/** An open mark never closed: its characters and what followed it go back to the frame it was in. */
function unwind(stack: Frame[]): void {
  const frame = stack.pop()!;
  const parent = stack.at(-1)!;
  addText(parent, frame.mark ?? "");
  for (const child of frame.children) push(parent, child);
}

function push(frame: Frame, inline: Inline): void {
  if (inline.kind === "text") addText(frame, inline.text);
  else frame.children.push(inline);
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
    parts
      .map((part) => (part.kind === "text" ? part.text : part.kind === "break" ? " " : words(part.children)))
      .join("");
  return blocks
    .map((block) => (block.kind === "list" ? block.items.map(words).join(" ") : words(block.inlines)))
    .join("\n\n");
}
