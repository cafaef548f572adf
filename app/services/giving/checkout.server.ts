import { donationSchema, quickPaySchema, subscriptionRequestSchema } from "~/domain/giving/donation-schemas";
import { FREQUENCY_OF_INTERVAL, INTERVAL_OF_FREQUENCY, isRecurringFrequency, MAXIMUM_ONLINE_DONATION, type FormFrequency } from "~/domain/giving/gift-options";
import { obligationQuery } from "~/domain/giving/quick-pay";
import { dollarsToCents } from "~/domain/shared/money";
import { nextScheduledCharge } from "~/domain/giving/recurring-schedule";
import type { CheckoutStarted } from "~/lib/payments/gateway";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { limitCheckoutStarts } from "~/lib/public-form-limits.server";
import { parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { CheckoutVisitor } from "~/lib/visitor.server";
import { requireOpenFund } from "./gift-funds.server";
import { quoteQuickPay } from "./quick-pay.server";

/**
 * Starts a gift at the provider's hosted checkout: the donate form, quick pay, and the
 * API's create-payment-session and create-subscription, all come through beginCheckout.
 * A gift's purpose must name an open fund; what it lands in is settled when it is paid.
 */
interface Gift {
  amount: number;
  name: string;
  email: string;
  purpose: string;
  /** What a quick-pay gift is for ("Zakat al-Fitr for 5 people"), or "". */
  designation: string;
  frequency: FormFrequency;
}

/** The donate form and POST /api/donations/create-payment-session. */
export async function startCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const gift = parseOrThrow(donationSchema, input);
  const fund = await requireOpenFund(gift.purpose);
  limitCheckoutStarts(origin.clientAddress);
  const placed = { ...gift, purpose: fund.purpose, designation: "" };
  return beginCheckout(placed, origin.siteUrl, { cancelPath: donateAgainPath(placed) });
}

/** POST /api/donations/create-subscription: the same gift, named by its interval. */
export async function startSubscriptionCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(subscriptionRequestSchema, input);
  const fund = await requireOpenFund(request.purpose);
  limitCheckoutStarts(origin.clientAddress);
  const gift = { ...request, purpose: fund.purpose, designation: "", frequency: FREQUENCY_OF_INTERVAL[request.interval] };
  return beginCheckout(gift, origin.siteUrl, { cancelPath: donateAgainPath(gift), paymentMonth: request.payment_month });
}

/**
 * The donate page reached from quick pay: a one-time gift whose amount, fund and
 * designation are worked out again here from the foundation's rates, whatever was posted.
 */
export async function startQuickPayCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(quickPaySchema, input);
  const quote = await quoteQuickPay(request);
  // The same ceiling as any card gift: a rate set far too high must not start a checkout.
  if (quote.amountCents > dollarsToCents(MAXIMUM_ONLINE_DONATION)) {
    const field = request.obligation === "fitr" ? "people" : request.obligation === "fidya" ? "days" : "count";
    throw new ValidationError({ [field]: ["For gifts of a million dollars or more, please contact us"] });
  }
  limitCheckoutStarts(origin.clientAddress);
  const gift = { amount: quote.amount, name: request.name, email: request.email, purpose: quote.purpose, designation: quote.designation, frequency: "One-Time" as const };
  return beginCheckout(gift, origin.siteUrl, { cancelPath: `/donate?${obligationQuery(request)}&checkout=canceled` });
}

function beginCheckout(gift: Gift, siteUrl: string, { cancelPath, paymentMonth = 1 }: { cancelPath: string; paymentMonth?: number }): Promise<CheckoutStarted> {
  const recurring = isRecurringFrequency(gift.frequency)
    ? {
        interval: INTERVAL_OF_FREQUENCY[gift.frequency],
        firstScheduledCharge: nextScheduledCharge(INTERVAL_OF_FREQUENCY[gift.frequency], new Date(), 1, paymentMonth),
      }
    : null;
  return getPaymentGateway().createCheckoutSession({
    amountCents: dollarsToCents(gift.amount),
    donorName: gift.name,
    donorEmail: gift.email,
    purpose: gift.purpose,
    designation: gift.designation,
    frequency: gift.frequency,
    recurring,
    successUrl: `${siteUrl}/donation-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}${cancelPath}`,
    siteUrl,
  });
}

/** Back to the form with the gift kept, but never the donor's name or email in a URL. */
function donateAgainPath(gift: Pick<Gift, "amount" | "purpose" | "frequency">): string {
  const query = new URLSearchParams({
    amount: String(gift.amount),
    purpose: gift.purpose,
    frequency: gift.frequency,
    checkout: "canceled",
  });
  return `/donate?${query}`;
}
