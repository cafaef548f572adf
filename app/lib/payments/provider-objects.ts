/**
 * The parts of the card provider's objects that this site reads, in Stripe's own field
 * names and shapes (API 2026-10-28). Stripe's SDK types satisfy them, and the sandbox
 * builds objects of exactly these shapes, so one set of recording code serves both.
 */

type Reference = string | { id: string };
export type Metadata = Record<string, string>;

export function referenceId(reference: Reference | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === "string" ? reference : reference.id;
}

/** The provider counts time in whole seconds; this site keeps ISO moments. */
export function isoFromSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

export interface ProviderCheckoutSession {
  id: string;
  object?: "checkout.session";
  created: number;
  livemode: boolean;
  mode: string;
  status: string | null;
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  metadata: Metadata | null;
  customer: Reference | null;
  customer_email: string | null;
  customer_details?: { email: string | null; name: string | null } | null;
  payment_intent: Reference | null;
  subscription: Reference | null;
  invoice: Reference | null;
  url: string | null;
  /** A setup-mode session (a card saved for later charges): the SetupIntent that saved it. */
  setup_intent?: Reference | null;
}

/** A charge of a saved card (Ramadan's nights), made off-session. */
export interface ProviderPaymentIntent {
  id: string;
  object?: "payment_intent";
  created: number;
  livemode: boolean;
  status: string;
  amount: number;
  metadata: Metadata | null;
}

/** A card saved for later charges: its customer and payment method once it succeeded. */
export interface ProviderSetupIntent {
  id: string;
  status: string;
  livemode: boolean;
  customer: Reference | null;
  payment_method: Reference | null;
}

export interface ProviderPrice {
  unit_amount: number | null;
  recurring: { interval: string } | null;
  /** What the price is for; a changed amount is a new price of the same product. */
  product?: Reference;
}

/** A subscription's charges skipped until `resumes_at` (seconds; null: until told otherwise). */
export interface ProviderPauseCollection {
  behavior: string;
  resumes_at: number | null;
}

export interface ProviderSubscription {
  id: string;
  object?: "subscription";
  created: number;
  livemode: boolean;
  status: string;
  metadata: Metadata;
  customer: Reference;
  canceled_at: number | null;
  /** The moment the schedule is anchored on: its day (and month) are payment_day (and payment_month). */
  billing_cycle_anchor: number;
  /** The gift's item first, then the card fee covered beside it when there is one (the checkout's order). */
  items: { data: Array<{ id?: string; current_period_end: number; price: ProviderPrice }> };
  /** Set while the gift is paused; null or absent otherwise. */
  pause_collection?: ProviderPauseCollection | null;
  /**
   * The card it is charged to (an id, or the payment method itself when expanded); absent where the provider does not
   * say.
   */
  default_payment_method?: Reference | null;
  /**
   * Why it ended: "payment_failed" when the provider gave up on a charge, "cancellation_requested" when someone asked.
   */
  cancellation_details?: { reason: string | null } | null;
}

export interface ProviderInvoiceLine {
  amount: number;
  period: { start: number; end: number };
}

export interface ProviderInvoice {
  id?: string;
  object?: "invoice";
  created: number;
  livemode: boolean;
  status: string | null;
  amount_paid: number;
  billing_reason: string | null;
  customer: Reference | null;
  customer_email: string | null;
  customer_name: string | null;
  status_transitions: { paid_at: number | null };
  /** What a failed charge asked for (amount_paid stays 0 until it is paid). */
  amount_due?: number;
  /** How many times the provider has tried to charge it. */
  attempt_count?: number;
  /** When the provider tries again (seconds); null once it has given up. */
  next_payment_attempt?: number | null;
  parent: {
    subscription_details: { subscription: Reference; metadata: Metadata | null } | null;
  } | null;
  lines: { data: ProviderInvoiceLine[] };
}

export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: unknown };
}
