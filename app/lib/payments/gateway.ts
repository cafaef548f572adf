import type { RecurringInterval } from "~/giving/donate";
import type { GiftMetadata } from "./gift-metadata";
import type { ProviderCheckoutSession, ProviderEvent, ProviderInvoice, ProviderSubscription } from "./provider-objects";

/**
 * The card payment provider, as the services see it. Two implementations: Stripe through
 * its official SDK, and the built-in sandbox that simulates Stripe's hosted checkout
 * when no keys are set. Both speak Stripe's object shapes.
 */
export interface CheckoutRequest extends GiftMetadata {
  /** The gift itself; the fee cover, when there is one, is its own line. */
  amountCents: number;
  /** The appeal's title, for the provider's page and the donor's statement; "" without one. */
  appealTitle: string;
  /** For recurring gifts: charged at once, then at this moment and every interval after. */
  recurring: { interval: RecurringInterval; firstScheduledCharge: Date } | null;
  successUrl: string;
  cancelUrl: string;
  /** The site's own address, for the sandbox's simulated checkout page. */
  siteUrl: string;
}

/** An event body and its signature, as the provider would post it to the webhook. */
export interface SignedEvent {
  payload: string;
  signature: string;
}

/**
 * The provider's answer to a change: the subscription as it is now, and (the sandbox only)
 * the signed events it would send, for delivery to the webhook handler. Stripe sends its
 * own, so it returns none.
 */
export interface SubscriptionChanged {
  subscription: ProviderSubscription;
  events: SignedEvent[];
}

export interface CheckoutStarted {
  id: string;
  url: string;
}

/** A card to be saved for charges made later (Ramadan's nights): nothing is charged at the checkout. */
export interface SetupCheckoutRequest {
  email: string;
  name: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  siteUrl: string;
}

/** The card a setup checkout saved. */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  livemode: boolean;
}

/** A charge of a saved card made without the donor present; the same idempotency key never charges twice. */
export interface SavedCardChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * A saved card's charge: paid; still under way at the provider (not yet known, neither paid
 * nor declined: the same key sent again, or the provider's event, tells how it ended); or
 * declined for good with the provider's words (the bank's decline, or a request the provider
 * will never accept, such as a card it no longer has). A network or provider failure is
 * thrown instead (whether the charge was made is unknown: sent again with the same key, the
 * provider answers with the same charge).
 */
export type SavedCardCharge =
  | { outcome: "paid"; paymentIntentId: string; livemode: boolean; paidAt: number }
  | { outcome: "pending"; paymentIntentId: string; providerStatus: string }
  | { outcome: "declined"; paymentIntentId: string | null; declineMessage: string };

export interface PaymentGateway {
  readonly kind: "stripe" | "sandbox";
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** null when the provider does not know the id. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  cancelSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * From the next charge, the gift is `giftCents` and the covered card fee `feeCoverCents`
   * (0 for none); nothing is charged now. The fee cover's item is kept only when there is one.
   */
  changeSubscriptionAmount(id: string, giftCents: number, feeCoverCents: number): Promise<SubscriptionChanged>;
  /** The charges before `resumesAt` are skipped (voided), and collection resumes by itself then. */
  pauseSubscription(id: string, resumesAt: Date): Promise<SubscriptionChanged>;
  /** Collection resumes with the next charge. */
  resumeSubscription(id: string): Promise<SubscriptionChanged>;
  /**
   * The provider's hosted page where a donor updates the card behind their recurring gifts; null where there is none
   * (the sandbox).
   */
  createBillingPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /** A hosted checkout in setup mode: the donor saves a card, nothing is charged. */
  createSetupCheckoutSession(request: SetupCheckoutRequest): Promise<CheckoutStarted>;
  /** The card a completed setup checkout saved, or null when none was (yet). */
  retrieveSavedCard(session: ProviderCheckoutSession): Promise<SavedCard | null>;
  /**
   * Charges a saved card off-session, once per idempotency key. Sent again with the same key,
   * it answers how that charge stands now (paid, still under way, or declined).
   */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge>;
  /**
   * What to reconcile from: completed checkouts and paid invoices created since `since` (seconds), every subscription.
   */
  listCompletedCheckoutSessions(since: number): AsyncIterable<ProviderCheckoutSession>;
  listSubscriptions(): AsyncIterable<ProviderSubscription>;
  listPaidInvoices(since: number): AsyncIterable<ProviderInvoice>;
  /** The event, once its signature over the raw body is verified; throws WebhookSignatureError. */
  verifyWebhookEvent(payload: Buffer, signature: string | null): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
