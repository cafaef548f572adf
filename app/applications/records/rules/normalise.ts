/**
 * The normal forms the duplicate warnings compare (as keyed hashes, never as text): the same
 * person typed twice should match, however they spaced or cased it.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Digits only, the last ten kept, so "+44 7700 900123" and "07700900123" meet (a leading
 * international 00 or trunk 0 falls away).
 */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.slice(-10);
}

/** Letters only, lower case, accents removed, words sorted: "Amina  Yusuf" and "YUSUF, Amina" meet. */
export function normaliseName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .sort()
    .join(" ");
}
