import { FUND_SLUGS } from "./fund-kinds";

/**
 * Quick pay for the obligations with a fixed measure: Zakat al-Fitr (per person in the
 * household), Fidya (per day not fasted) and Kaffarah (people fed: 60 for a broken fast,
 * 10 for a broken oath). The amount is always worked out here from the foundation's
 * current rates, never taken from the browser.
 */
export type Obligation =
  | { kind: "fitr"; people: number }
  | { kind: "fidya"; days: number }
  | { kind: "kaffarah"; reason: "fast" | "oath"; count: number };

export type ObligationKind = Obligation["kind"];

export const PEOPLE_FED_FOR_A_BROKEN_FAST = 60;
export const PEOPLE_FED_FOR_A_BROKEN_OATH = 10;

/** The limits of the quick-pay forms: a household, the days of Ramadans missed, broken fasts or oaths. */
export const OBLIGATION_LIMITS = { people: 50, days: 360, fasts: 30, oaths: 30 } as const;

export interface ObligationRates {
  fitrPerPersonCents: number;
  fidyaPerDayCents: number;
  kaffarahPerPersonCents: number;
}

export interface ObligationQuote {
  fundSlug: string;
  amountCents: number;
  /** What the receipt and the donor's records say the gift was for. */
  designation: string;
  /** Zakat al-Fitr after this year's Eid prayer: given, and recorded, as Sadaqa. */
  late: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * How many poor people a Kaffarah feeds: one per person per fast, unless one Kaffarah covers the fasts of a Ramadan.
 */
export function peopleFedForKaffarah(reason: "fast" | "oath", count: number, perFast: boolean): number {
  if (reason === "oath") return PEOPLE_FED_FOR_A_BROKEN_OATH * count;
  return PEOPLE_FED_FOR_A_BROKEN_FAST * (perFast ? count : 1);
}

export function quoteObligation(
  obligation: Obligation,
  rates: ObligationRates,
  { fitrIsLate = false, kaffarahPerFast = true }: { fitrIsLate?: boolean; kaffarahPerFast?: boolean } = {},
): ObligationQuote {
  switch (obligation.kind) {
    case "fitr": {
      const designation = `Zakat al-Fitr for ${plural(obligation.people, "person", "people")}`;
      return fitrIsLate
        ? {
            fundSlug: FUND_SLUGS.sadaqa,
            amountCents: obligation.people * rates.fitrPerPersonCents,
            designation: givenAfterEid(designation),
            late: true,
          }
        : {
            fundSlug: FUND_SLUGS.zakatAlFitr,
            amountCents: obligation.people * rates.fitrPerPersonCents,
            designation,
            late: false,
          };
    }
    case "fidya":
      return {
        fundSlug: FUND_SLUGS.fidya,
        amountCents: obligation.days * rates.fidyaPerDayCents,
        designation: `Fidya for ${plural(obligation.days, "day", "days")}`,
        late: false,
      };
    case "kaffarah": {
      const fed = peopleFedForKaffarah(obligation.reason, obligation.count, kaffarahPerFast);
      const what =
        obligation.reason === "fast"
          ? plural(obligation.count, "broken fast", "broken fasts")
          : plural(obligation.count, "broken oath", "broken oaths");
      return {
        fundSlug: FUND_SLUGS.kaffarah,
        amountCents: fed * rates.kaffarahPerPersonCents,
        designation: `Kaffarah for ${what} (${fed} people fed)`,
        late: false,
      };
    }
  }
}

/** What a late Zakat al-Fitr gift says it was for: given, and recorded, as Sadaqa. */
export function givenAfterEid(designation: string): string {
  return `${designation || "Zakat al-Fitr"}, given after Eid as Sadaqa`;
}

/** Zakat al-Fitr is late from the start of Eid day where the foundation is. */
export function isFitrLate(today: string, eidAlFitrOn: string): boolean {
  return today >= eidAlFitrOn;
}
