/** A person's second factors as the Team screen and GET /api/staff show them. */
export interface SecondFactors {
  two_factor_app: boolean;
  passkeys: number;
}

export function hasSecondFactor(person: SecondFactors): boolean {
  return person.two_factor_app || person.passkeys > 0;
}

function passkeyWords(count: number): string {
  return `${count} passkey${count === 1 ? "" : "s"}`;
}

/** The Team screen's column: "App", "2 passkeys", "App, 1 passkey". */
export function secondFactorLabel(person: SecondFactors): string {
  return [person.two_factor_app ? "App" : "", person.passkeys ? passkeyWords(person.passkeys) : ""]
    .filter(Boolean)
    .join(", ");
}

/** What a reset removes, in a sentence: "the authenticator app and 2 passkeys". */
export function secondFactorWords(person: SecondFactors): string {
  return [
    person.two_factor_app ? "the authenticator app (and its recovery codes)" : "",
    person.passkeys ? passkeyWords(person.passkeys) : "",
  ]
    .filter(Boolean)
    .join(" and ");
}
