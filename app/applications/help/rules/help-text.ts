/** The foundation's plain text as paragraphs: a blank line starts a new one; single line breaks stay within it. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
