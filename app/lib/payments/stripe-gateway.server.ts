import Stripe from "stripe";
import { PaymentProviderError } from "~/lib/service-errors";
import type { CheckoutRequest, PaymentGateway, SavedCardCharge } from "./gateway";
import { toProviderMetadata } from "./gift-metadata";
import { referenceId } from "./provider-objects";
import { verifySignedEvent } from "./webhook-signature.server";

/** Stripe through its official SDK: hosted Checkout, subscriptions, invoices and signed webhooks. */
export function createStripeGateway(stripe: Stripe, webhookSecret: string): PaymentGateway {
  return {
    kind: "stripe",

    async createCheckoutSession(request) {
      const session = await callStripe("Could not start the checkout with the card payment provider", () =>
        stripe.checkout.sessions.create(checkoutSessionParams(request)),
      );
      if (!session.url) throw new PaymentProviderError("The card payment provider returned no checkout address");
      return { id: session.id, url: session.url };
    },

    retrieveCheckoutSession: (id) =>
      findOrNull("Could not look up the checkout session", () => stripe.checkout.sessions.retrieve(id)),
    retrieveInvoice: (id) => findOrNull("Could not look up the invoice", () => stripe.invoices.retrieve(id)),
    retrieveSubscription: (id) =>
      findOrNull("Could not look up the subscription", () => stripe.subscriptions.retrieve(id)),

    cancelSubscription: (id) =>
      callStripe("Could not cancel the subscription with the card payment provider", () =>
        stripe.subscriptions.cancel(id),
      ),

    async changeSubscriptionAmount(id, giftCents, feeCoverCents) {
      const current = await callStripe("Could not look up the subscription", () => stripe.subscriptions.retrieve(id));
      const subscription = await callStripe("Could not change the gift with the card payment provider", () =>
        stripe.subscriptions.update(id, {
          items: amountItems(current, giftCents, feeCoverCents),
          proration_behavior: "none",
        }),
      );
      return { subscription, events: [] };
    },

    async pauseSubscription(id, resumesAt) {
      const pause_collection = { behavior: "void", resumes_at: Math.floor(resumesAt.getTime() / 1000) } as const;
      const subscription = await callStripe("Could not pause the gift with the card payment provider", () =>
        stripe.subscriptions.update(id, { pause_collection }),
      );
      return { subscription, events: [] };
    },

    async resumeSubscription(id) {
      // Stripe clears a pause when it is set to the empty string.
      const subscription = await callStripe("Could not resume the gift with the card payment provider", () =>
        stripe.subscriptions.update(id, { pause_collection: "" }),
      );
      return { subscription, events: [] };
    },

    createBillingPortalSession: async (customerId, returnUrl) => {
      const session = await callStripe("Could not open the card payment provider's billing page", () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async createSetupCheckoutSession(request) {
      // A customer of its own, so the card saved stays with it for the charges to come.
      const customer = await callStripe("Could not start the checkout with the card payment provider", () =>
        stripe.customers.create({ email: request.email, name: request.name, metadata: request.metadata }),
      );
      const session = await callStripe("Could not start the checkout with the card payment provider", () =>
        stripe.checkout.sessions.create({
          mode: "setup",
          currency: "usd",
          customer: customer.id,
          metadata: request.metadata,
          // Cards only: a night's charge must be settled within its night, and bank debits take days.
          allowed_payment_method_types: ["card"],
          setup_intent_data: { metadata: request.metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      if (!session.url) throw new PaymentProviderError("The card payment provider returned no checkout address");
      return { id: session.id, url: session.url };
    },

    async retrieveSavedCard(session) {
      const setupIntentId = referenceId(session.setup_intent ?? null);
      if (!setupIntentId) return null;
      const intent = await callStripe("Could not look up the saved card", () =>
        stripe.setupIntents.retrieve(setupIntentId),
      );
      const customerId = referenceId(intent.customer) ?? referenceId(session.customer);
      const paymentMethodId = referenceId(intent.payment_method);
      if (intent.status !== "succeeded" || !customerId || !paymentMethodId) return null;
      return { customerId, paymentMethodId, livemode: intent.livemode };
    },

    async chargeSavedCard(request) {
      try {
        const sent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: "usd",
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            description: request.description,
            metadata: request.metadata,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // A key sent again is answered as it first was: a charge under way then is looked up as it is now.
        const intent = UNSETTLED.has(sent.status) ? await stripe.paymentIntents.retrieve(sent.id) : sent;
        return savedCardCharge(intent);
      } catch (error) {
        // A decline is an answer, not a failure: the night is marked failed with the bank's words.
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            outcome: "declined",
            paymentIntentId: error.payment_intent?.id ?? null,
            declineMessage: error.message,
          };
        }
        // A request Stripe will never accept (a card it no longer has): sending it again changes nothing.
        if (isPermanentRefusal(error))
          return { outcome: "declined", paymentIntentId: null, declineMessage: error.message };
        throw new PaymentProviderError("Could not charge the saved card with the card payment provider", {
          cause: error,
        });
      }
    },

    listCompletedCheckoutSessions: (since) =>
      paged(
        "Could not list checkout sessions",
        stripe.checkout.sessions.list({ status: "complete", created: { gte: since }, limit: 100 }),
      ),
    listSubscriptions: () =>
      paged("Could not list subscriptions", stripe.subscriptions.list({ status: "all", limit: 100 })),
    listPaidInvoices: (since) =>
      paged("Could not list invoices", stripe.invoices.list({ status: "paid", created: { gte: since }, limit: 100 })),

    verifyWebhookEvent: (payload, signature) => verifySignedEvent(payload, signature, webhookSecret),
  };
}

/** A charge still under way at Stripe: neither paid nor declined yet. */
const UNSETTLED = new Set(["processing", "requires_action", "requires_confirmation", "requires_capture"]);

/** A saved card's charge as Stripe's payment intent says it stands. */
export function savedCardCharge(intent: Stripe.PaymentIntent): SavedCardCharge {
  if (intent.status === "succeeded")
    return { outcome: "paid", paymentIntentId: intent.id, livemode: intent.livemode, paidAt: intent.created };
  if (UNSETTLED.has(intent.status))
    return { outcome: "pending", paymentIntentId: intent.id, providerStatus: intent.status };
  return {
    outcome: "declined",
    paymentIntentId: intent.id,
    declineMessage: intent.last_payment_error?.message ?? `The charge was not completed (${intent.status})`,
  };
}

/** Stripe refused the request itself (4xx), other than a conflict or too many requests, which pass. */
function isPermanentRefusal(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

/**
 * One-Time gifts are a payment. Recurring gifts are a subscription anchored on the 1st
 * (payment_day) with no proration, plus a one-off line of the same amount, so the donor
 * pays the full gift today and then on every 1st. A covered card fee is a line of its
 * own beside the gift, every time the gift is charged.
 */
export function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const metadata = toProviderMetadata(request);
  const common = {
    customer_email: request.donorEmail,
    metadata,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  } satisfies Stripe.Checkout.SessionCreateParams;
  const line = (name: string, cents: number) => ({ currency: "usd", unit_amount: cents, product_data: { name } });
  const feeCover = request.feeCoverCents > 0 ? request.feeCoverCents : 0;
  // An appeal's gift says so on the provider's page and the donor's statement, as a quick-pay gift says what it is for.
  const what = request.appealTitle || request.designation || request.purpose;

  if (!request.recurring) {
    return {
      ...common,
      mode: "payment",
      submit_type: "donate",
      line_items: [
        { quantity: 1, price_data: line(`Donation: ${what}`, request.amountCents) },
        ...(feeCover ? [{ quantity: 1, price_data: line(FEE_COVER_LINE, feeCover) }] : []),
      ],
      payment_intent_data: { metadata, description: `One-time donation: ${what}` },
    };
  }
  const label = request.recurring.interval === "month" ? "Monthly" : "Annual";
  const recurring = { interval: request.recurring.interval };
  return {
    ...common,
    mode: "subscription",
    line_items: [
      { quantity: 1, price_data: { ...line(`${label} donation: ${what}`, request.amountCents), recurring } },
      ...(feeCover ? [{ quantity: 1, price_data: { ...line(FEE_COVER_LINE, feeCover), recurring } }] : []),
      { quantity: 1, price_data: line("First gift, charged today", request.amountCents) },
      ...(feeCover ? [{ quantity: 1, price_data: line(`${FEE_COVER_LINE}, today`, feeCover) }] : []),
    ],
    subscription_data: {
      metadata,
      description: `${label} donation: ${what}`,
      billing_cycle_anchor: Math.floor(request.recurring.firstScheduledCharge.getTime() / 1000),
      proration_behavior: "none",
    },
  };
}

/**
 * A new amount from the next charge: the gift's item (the first) gets a new price of the same
 * product and interval; the fee cover's item (the second, when the donor covers the fee)
 * gets the fee on the new amount, or goes when there is none.
 */
export function amountItems(
  current: Stripe.Subscription,
  giftCents: number,
  feeCoverCents: number,
): Stripe.SubscriptionUpdateParams.Item[] {
  const [gift, feeCover] = current.items.data;
  if (!gift) throw new PaymentProviderError(`Subscription ${current.id} has no items to change`);
  const price = (item: Stripe.SubscriptionItem, cents: number) => ({
    id: item.id,
    price_data: {
      currency: item.price.currency,
      product: typeof item.price.product === "string" ? item.price.product : item.price.product.id,
      unit_amount: cents,
      recurring: { interval: item.price.recurring?.interval ?? "month" },
    },
  });
  const items: Stripe.SubscriptionUpdateParams.Item[] = [price(gift, giftCents)];
  if (feeCover) items.push(feeCoverCents > 0 ? price(feeCover, feeCoverCents) : { id: feeCover.id, deleted: true });
  return items;
}

/** The fee cover's line on the provider's page: the donor sees what they chose to add. */
export const FEE_COVER_LINE = "Card fee, covered by you";

async function callStripe<T>(failure: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PaymentProviderError(failure, { cause: error });
  }
}

async function findOrNull<T>(failure: string, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw new PaymentProviderError(failure, { cause: error });
  }
}

async function* paged<T>(failure: string, list: AsyncIterable<T>): AsyncIterable<T> {
  try {
    for await (const item of list) yield item;
  } catch (error) {
    throw new PaymentProviderError(failure, { cause: error });
  }
}
