import { donationSchema, quickPaySchema, subscriptionRequestSchema, type GiftChoices } from "../rules/donation-schemas";
import { feeCoverCents as feeToCover } from "../rules/fee-cover";
import type { Tribute } from "../rules/tribute";
import {
  FREQUENCY_OF_INTERVAL,
  INTERVAL_OF_FREQUENCY,
  isRecurringFrequency,
  MAXIMUM_ONLINE_DONATION,
  type FormFrequency,
} from "../rules/gift-options";
import { obligationQuery } from "~/giving/quick-pay";
import { dollarsToCents } from "~/shared/money";
import { nextScheduledCharge } from "~/giving/recurring";
import type { CheckoutStarted } from "~/lib/payments/gateway";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { limitCheckoutStarts } from "~/lib/public-form-limits.server";
import { parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { CheckoutVisitor } from "~/lib/visitor.server";
import { appealTakingGifts } from "~/appeals/appeals/index.server";
import { getFund } from "~/funds/funds/index.server";
import { currentCardFee } from "./card-fee.server";
import { requireOpenFund } from "~/giving/gifts/index.server";
import { quoteQuickPay } from "~/giving/quick-pay/index.server";

/**
 * Starts a gift at the provider's hosted checkout: the donate form, an appeal's form,
 * quick pay, and the API's create-payment-session and create-subscription, all come
 * through beginCheckout. A gift names an open fund, or an appeal open for gifts (then
 * the appeal's fund); what it lands in is settled when it is paid.
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

/** Where a new gift goes and what the donor added to it, worked out on the server. */
interface Placed {
  purpose: string;
  appeal: { id: number; title: string; slug: string } | null;
  anonymous: boolean;
  feeCoverCents: number;
  tribute: Tribute | null;
}

/** The donate form, an appeal's form and POST /api/donations/create-payment-session. */
export async function startCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const gift = parseOrThrow(donationSchema, input);
  const placed = await placeNewGift(gift, gift.amount, origin);
  const started = { ...gift, purpose: placed.purpose, designation: "" };
  return beginCheckout(started, placed, origin.siteUrl, { cancelPath: donateAgainPath(started, placed) });
}

/** POST /api/donations/create-subscription: the same gift, named by its interval. */
export async function startSubscriptionCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(subscriptionRequestSchema, input);
  const placed = await placeNewGift(request, request.amount, origin);
  const gift = {
    ...request,
    purpose: placed.purpose,
    designation: "",
    frequency: FREQUENCY_OF_INTERVAL[request.interval],
  };
  return beginCheckout(gift, placed, origin.siteUrl, {
    cancelPath: donateAgainPath(gift, placed),
    paymentMonth: request.payment_month,
  });
}

/**
 * The donate page reached from quick pay: a one-time gift whose amount, fund and
 * designation are worked out again here from the foundation's rates, whatever was posted.
 * An obligation has its own fund, so an appeal named beside it is not followed.
 */
export async function startQuickPayCheckout(input: unknown, origin: CheckoutVisitor): Promise<CheckoutStarted> {
  const request = parseOrThrow(quickPaySchema, input);
  const quote = await quoteQuickPay(request);
  // The same ceiling as any card gift: a rate set far too high must not start a checkout.
  if (quote.amountCents > dollarsToCents(MAXIMUM_ONLINE_DONATION)) {
    const field = request.obligation === "fitr" ? "people" : request.obligation === "fidya" ? "days" : "count";
    throw new ValidationError({ [field]: ["For gifts of a million dollars or more, please contact us"] });
  }
  const placed = await placeNewGift({ ...request, appeal: undefined, purpose: quote.purpose }, quote.amount, origin);
  const gift = {
    amount: quote.amount,
    name: request.name,
    email: request.email,
    purpose: quote.purpose,
    designation: quote.designation,
    frequency: "One-Time" as const,
  };
  return beginCheckout(gift, placed, origin.siteUrl, {
    cancelPath: `/donate?${obligationQuery(request)}${keptChoicesQuery(placed)}&checkout=canceled`,
  });
}

/**
 * The appeal (open for gifts) or the open fund a new gift names, and the fee cover worked out from the foundation's
 * card fee.
 */
async function placeNewGift(
  choices: GiftChoices & { purpose: string },
  amount: number,
  origin: CheckoutVisitor,
): Promise<Placed> {
  let purpose: string;
  let appeal: Placed["appeal"] = null;
  if (choices.appeal) {
    // Counted before the appeal is looked up: whether an address names a draft is not to be asked freely.
    await limitCheckoutStarts(origin.clientAddress);
    const found = await appealTakingGifts(choices.appeal);
    appeal = { id: found.id, title: found.title, slug: found.slug };
    purpose = (await getFund(found.fund_id)).purpose;
  } else {
    purpose = (await requireOpenFund(choices.purpose)).purpose;
    await limitCheckoutStarts(origin.clientAddress);
  }
  const feeCoverCents = choices.cover_fees ? feeToCover(dollarsToCents(amount), await currentCardFee()) : 0;
  if (dollarsToCents(amount) + feeCoverCents > dollarsToCents(MAXIMUM_ONLINE_DONATION)) {
    throw new ValidationError({
      cover_fees: ["With the fee covered this gift would pass a million dollars: please contact us"],
    });
  }
  return { purpose, appeal, anonymous: choices.anonymous, feeCoverCents, tribute: choices.tribute ?? null };
}

function beginCheckout(
  gift: Gift,
  placed: Placed,
  siteUrl: string,
  { cancelPath, paymentMonth = 1 }: { cancelPath: string; paymentMonth?: number },
): Promise<CheckoutStarted> {
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
    appealId: placed.appeal?.id ?? null,
    appealTitle: placed.appeal?.title ?? "",
    anonymous: placed.anonymous,
    feeCoverCents: placed.feeCoverCents,
    tribute: placed.tribute,
    recurring,
    successUrl: `${siteUrl}/donation-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl}${cancelPath}`,
    siteUrl,
  });
}

/**
 * Back to the form with the gift kept, but never the donor's name or email (nor the
 * name of the person a tribute honours) in a URL. An appeal's gift goes back to the appeal.
 */
function donateAgainPath(gift: Pick<Gift, "amount" | "purpose" | "frequency">, placed: Placed): string {
  const query = new URLSearchParams({
    amount: String(gift.amount),
    ...(placed.appeal ? {} : { purpose: gift.purpose }),
    frequency: gift.frequency,
    ...keptChoices(placed),
    checkout: "canceled",
  });
  return placed.appeal ? `/appeals/${placed.appeal.slug}?${query}#give` : `/donate?${query}`;
}

/** The donor's ticks, for the way back to the form. */
function keptChoices(placed: Placed): Record<string, string> {
  return {
    ...(placed.anonymous ? { anonymous: "on" } : {}),
    ...(placed.feeCoverCents > 0 ? { cover_fees: "on" } : {}),
  };
}

function keptChoicesQuery(placed: Placed): string {
  const query = new URLSearchParams(keptChoices(placed)).toString();
  return query ? `&${query}` : "";
}
