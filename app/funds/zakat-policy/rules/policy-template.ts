/**
 * The parts of the Zakat policy template a new site starts with that only the foundation
 * can write (decision 137). A policy still holding any of them is not published: the
 * template's placeholders would read as the foundation's word. Each is found by the words
 * that open it, so a placeholder half edited (its end deleted, a figure typed inside its
 * brackets after those words) still counts as unwritten. The template itself is in the
 * funds migration (0010), which imports no app code.
 */
const TEMPLATE_PLACEHOLDERS = [
  { part: 'The note "THIS IS A TEMPLATE" at the top', opens: "THIS IS A TEMPLATE" },
  { part: "Administration share", opens: "[say whether a share is taken" },
  { part: "Who reviews it", opens: "[name the scholar or board" },
] as const;

/** Runs of space and line breaks as one space, letters in lower case: a textarea's reflow changes nothing. */
const comparable = (text: string) => text.replace(/\s+/g, " ").toLowerCase();

/** The template's placeholders still in `text`, by the part of the policy each stands for, in the template's order. */
export function templatePlaceholdersIn(text: string): string[] {
  const policy = comparable(text);
  return TEMPLATE_PLACEHOLDERS.filter(({ opens }) => policy.includes(comparable(opens))).map(({ part }) => part);
}
