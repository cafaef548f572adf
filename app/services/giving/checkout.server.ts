import { donationSchema, subscriptionRequestSchema } from "~/domain/giving/donation-schemas";
import {
  FREQUENCY_OF_INTERVAL,
  INTERVAL_OF_FREQUENCY,
  isRecurringFrequency,
  type DonationPurpose,
  type FormFrequency,
} from "~/domain/giving/gift-options";
import { dollarsToCents } from "~/domain/shared/money";
import { nextScheduledCharge } from "~/domain/giving/recurring-schedule";
import type { CheckoutStarted } from "~/lib/payments/gateway";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { limitCheckoutStarts } from "~/lib/public-form-limits.server";
import { parseOrThrow } from "~/lib/service-errors";
import type { CheckoutVisitor } from "~/lib/visitor.server";

/**
 * Starts a gift at the provider's hosted checkout: the donate form, and the API's
 * create-payment-session and create-subscription, all come through beginCheckout.
 */
interface Gift {
  amount: number;
  name: string;
  email: string;
  purpose: DonationPurpose;
  frequency: FormFrequency;
}


/** The donate form and POST /api/donations/create-payment-session. */
export function startCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const gift = parseOrThrow(donationSchema, input);
  limitCheckoutStarts(origin.clientAddress);
  return beginCheckout(gift, origin.siteUrl);
}

/** POST /api/donations/create-subscription: the same gift, named by its interval. */
export function startSubscriptionCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(subscriptionRequestSchema, input);
  limitCheckoutStarts(origin.clientAddress);
  return beginCheckout({ ...request, frequency: FREQUENCY_OF_INTERVAL[request.interval] }, origin.siteUrl, request.payment_month);
}

function beginCheckout(gift: Gift, siteUrl: string, paymentMonth = 1): Promise<CheckoutStarted> {
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
    frequency: gift.frequency,
    recurring,
    successUrl: `${siteUrl}/donation-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}${donateAgainPath(gift)}`,
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
