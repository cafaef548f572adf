import { quoteObligation, type ObligationRequest } from "~/funds/funds";
import { obligationOf } from "../rules/quick-pay";
import { centsToDollars } from "~/shared/money";
import { currentRates, obligationRatesOf, type Rate } from "~/funds/rates/index.server";
import { fundBySlug } from "~/funds/funds/index.server";
import { getZakatPolicy, thisYearsEid, type EidAlFitr } from "~/funds/zakat-policy/index.server";

/**
 * Quick pay for the obligations with a fixed measure (Zakat al-Fitr, Fidya, Kaffarah):
 * the terms the public page states, and the amount a request comes to, always worked out
 * here from the foundation's current rates, its view on Kaffarah and this year's Eid.
 */
export interface QuickPayTerms {
  fitr: Rate;
  fidya: Rate;
  kaffarah: Rate;
  /** Each broken fast needs its own Kaffarah (else one covers several). */
  kaffarahPerFast: boolean;
  eid: EidAlFitr;
}

export async function quickPayTerms(): Promise<QuickPayTerms> {
  const [rates, policy, eid] = await Promise.all([currentRates(), getZakatPolicy(), thisYearsEid()]);
  return {
    fitr: rates.fitr_per_person,
    fidya: rates.fidya_per_day,
    kaffarah: rates.kaffarah_per_person,
    kaffarahPerFast: policy.kaffarah_per_fast,
    eid,
  };
}

export interface QuickPayQuote {
  amountCents: number;
  amount: number;
  /** "Zakat al-Fitr for 5 people": what the receipt says the gift was for. */
  designation: string;
  /** The fund it lands in, and that fund's purpose (the gift's purpose). */
  fund: string;
  purpose: string;
  /** Zakat al-Fitr after this year's Eid: given as Sadaqa. */
  late: boolean;
  /** This year's Eid al-Fitr, 'YYYY-MM-DD'. */
  eidOn: string;
}

export async function quoteQuickPay(request: ObligationRequest): Promise<QuickPayQuote> {
  const [rates, policy, eid] = await Promise.all([currentRates(), getZakatPolicy(), thisYearsEid()]);
  const quote = quoteObligation(obligationOf(request), obligationRatesOf(rates), {
    fitrIsLate: eid.passed,
    kaffarahPerFast: policy.kaffarah_per_fast,
  });
  const fund = await fundBySlug(quote.fundSlug);
  return {
    amountCents: quote.amountCents,
    amount: centsToDollars(quote.amountCents),
    designation: quote.designation,
    fund: fund.name,
    purpose: fund.purpose,
    late: quote.late,
    eidOn: eid.date,
  };
}
