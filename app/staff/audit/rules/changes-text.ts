import type { Changes } from "./changes";

/** One value of a change as a person reads it: text as it is, nothing as "—", anything else as JSON. */
export function changeValueText(value: unknown, limit = 200): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The changed fields on one line, "title: Winter → Winter appeal; is_active: 1 → 0" (the CSV's column). */
export function changesText(changes: Changes): string {
  return Object.entries(changes)
    .map(([field, [before, after]]) => `${field}: ${changeValueText(before, 1000)} → ${changeValueText(after, 1000)}`)
    .join("; ");
}
