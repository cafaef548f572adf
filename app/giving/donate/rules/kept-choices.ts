/**
 * The ticks a donor made, kept across a canceled checkout (`?anonymous=on&cover_fees=on`)
 * as the donate forms' starting values. A tribute never travels in an address: it names
 * a person.
 */
export function keptGiftChoices(params: URLSearchParams): { anonymous?: "on"; cover_fees?: "on" } {
  const ticked = (name: string) => ["on", "true", "1"].includes(params.get(name) ?? "");
  return {
    ...(ticked("anonymous") ? { anonymous: "on" as const } : {}),
    ...(ticked("cover_fees") ? { cover_fees: "on" as const } : {}),
  };
}
