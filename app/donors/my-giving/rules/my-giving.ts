import { z } from "~/shared/zod";
import type { MailParts } from "~/mail/queue";
import { requiredEmail } from "~/shared/schema-fields";

/** The /my-giving sign-in form: an email, and a honeypot. */
export const givingLinkRequestSchema = z.object({ email: requiredEmail(), website: z.string().optional() });

export const SIGN_IN_LINK_MINUTES = 30;

export function signInLinkMail(link: string): MailParts {
  return {
    subject: "Your link to your giving",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      "Someone (we hope you) asked to see the gifts given from this email address. The button below opens them: every gift with its receipt, your totals and statements by year, and your monthly or yearly gifts.",
      `The link works once, within ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this message: nothing changes.`,
    ],
    action: { label: "See my giving", url: link },
  };
}

/** All a donor gave with one payment: the gift, and the card fee they covered beside it. */
export function givenCents(gift: { amount_cents: number; fee_cover_cents?: number }): number {
  return gift.amount_cents + (gift.fee_cover_cents ?? 0);
}

/**
 * Totals per calendar year (in the foundation's time zone), newest year first: what was given, covered card fees
 * included.
 */
export function totalsByYear(
  gifts: { amount_cents: number; fee_cover_cents?: number; year: number }[],
): { year: number; total_cents: number; gifts: number }[] {
  const years = new Map<number, { total_cents: number; gifts: number }>();
  for (const gift of gifts) {
    const year = years.get(gift.year) ?? { total_cents: 0, gifts: 0 };
    year.total_cents += givenCents(gift);
    year.gifts += 1;
    years.set(gift.year, year);
  }
  return [...years].map(([year, totals]) => ({ year, ...totals })).sort((a, b) => b.year - a.year);
}
