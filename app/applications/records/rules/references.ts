/** The family's own page, which every mail to them links to (absolute with the site's URL). */
export const APPLICANT_PAGE_PATH = "/my-application";

/**
 * An application's reference, as the family quotes it on the phone: "ZA-" and eight letters
 * and digits from an alphabet without look-alikes (no 0/O, 1/I/L, U), the last one a check
 * character (Luhn mod N), so a mistyped reference is caught before it is looked up.
 */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const N = ALPHABET.length;
const BODY_LENGTH = 7;
const PREFIX = "ZA-";

function checkCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let index = body.length - 1; index >= 0; index -= 1) {
    let addend = factor * ALPHABET.indexOf(body[index]!);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return ALPHABET[(N - (sum % N)) % N]!;
}

/** A new reference from random bytes (crypto's, given by the caller so this stays pure). */
export function referenceFrom(random: Uint8Array): string {
  let body = "";
  for (let index = 0; index < BODY_LENGTH; index += 1) body += ALPHABET[random[index]! % N];
  return `${PREFIX}${body}${checkCharacter(body)}`;
}

/** The reference in its stored form, or null when it is not one (a typo, a wrong check character). */
export function readReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  const body = compact.startsWith("ZA") ? compact.slice(2) : compact;
  if (body.length !== BODY_LENGTH + 1 || [...body].some((c) => !ALPHABET.includes(c))) return null;
  const main = body.slice(0, BODY_LENGTH);
  return checkCharacter(main) === body[BODY_LENGTH] ? `${PREFIX}${body}` : null;
}
