/**
 * A supporter's public name: the first name alone, or "Anonymous" when the donor asked.
 * A name that is not a first name (an email address, "Khan, Aisha" as a register writes
 * it, "Mr Khan") must never put more of a person on a public page than a first name, so
 * those read "A supporter" or the given name after the comma.
 */
const TITLES = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "sr",
  "br",
  "sister",
  "brother",
  "sheikh",
  "shaykh",
  "imam",
  "hajji",
  "haji",
  "hajja",
  "sayyid",
  "ustadh",
]);
const SOMEONE = "A supporter";

export function supporterName(name: string, anonymous: boolean): string {
  if (anonymous) return "Anonymous";
  if (name.includes("@")) return SOMEONE;
  // "Khan, Aisha": the given name comes after the comma.
  const given = name.includes(",") ? name.slice(name.indexOf(",") + 1) : name;
  const words = given.trim().split(/\s+/).filter(Boolean);
  const titled = words.length > 0 && TITLES.has(words[0]!.toLowerCase().replace(/\.$/, ""));
  const rest = titled ? words.slice(1) : words;
  // "Mr Khan" names a family, not a person's first name.
  if (!rest.length || (titled && rest.length < 2)) return SOMEONE;
  return rest[0]!.replace(/[.,;:]+$/, "") || SOMEONE;
}
