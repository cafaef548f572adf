import { createHash, randomBytes } from "node:crypto";
import { getDb } from "~/lib/db.server";
import { PaymentProviderError } from "~/lib/service-errors";
import { lockedForTheWrite } from "~/lib/sql-dialect.server";
import type {
  CheckoutRequest,
  PaymentGateway,
  SavedCardCharge,
  SavedCardChargeRequest,
  SetupCheckoutRequest,
  SignedEvent,
  SubscriptionChanged,
} from "./gateway";
import { toProviderMetadata } from "./gift-metadata";
import {
  referenceId,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSetupIntent,
  type ProviderSubscription,
} from "./provider-objects";
import { signEvent, verifySignedEvent } from "./webhook-signature.server";

/**
 * Sandbox mode's card provider: a small simulation of Stripe's hosted checkout, kept in
 * the sandbox_objects table. Its objects have Stripe's shapes, and paying produces
 * Stripe-style events signed with a secret that lives only in this process, so they go
 * through the same webhook verification and recording as Stripe's own.
 */

/** What the simulated checkout page shows, besides the Stripe-shaped session. */
export interface SandboxCheckoutSession extends ProviderCheckoutSession {
  success_url: string;
  cancel_url: string;
  sandbox: {
    purpose: string;
    /** The appeal's title, or "". */
    appeal_title: string;
    gift_cents: number;
    /** The card fee the donor chose to cover, charged beside the gift (0 for none). */
    fee_cover_cents: number;
    frequency: string;
    interval: "month" | "year" | null;
    first_scheduled_charge: number | null;
  };
}

export type { SignedEvent } from "./gateway";

const WEBHOOK_SECRET = `whsec_sandbox_${randomBytes(24).toString("hex")}`;

type SandboxType =
  | "checkout.session"
  | "subscription"
  | "invoice"
  | "customer"
  | "billing_portal.session"
  // Ramadan's saved cards and their charges.
  | "setup_intent"
  | "payment_method"
  | "payment_intent";

function newId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

type Db = ReturnType<typeof getDb>;

/**
 * Reads a simulated object. Read inside a transaction, it is about to be changed: it is
 * locked until then, so two presses of Pay (or Pay and Cancel) at the same moment change
 * it one after the other, on PostgreSQL as on SQLite.
 */
async function load<T>(type: SandboxType, id: string, db: Db = getDb()): Promise<T | null> {
  const query = db.selectFrom("sandbox_objects").select("data").where("id", "=", id).where("type", "=", type);
  const row = await (db.isTransaction ? lockedForTheWrite(query) : query).executeTakeFirst();
  return row ? (JSON.parse(row.data) as T) : null;
}

async function save(type: SandboxType, object: { id?: string; created: number }, db: Db = getDb()): Promise<void> {
  const id = object.id!;
  await db
    .insertInto("sandbox_objects")
    .values({ id, type, data: JSON.stringify(object), created: object.created })
    .onConflict((oc) => oc.column("id").doUpdateSet({ data: JSON.stringify(object) }))
    .execute();
}

async function* listAll<T>(type: SandboxType, since = 0): AsyncIterable<T> {
  let after = "";
  for (;;) {
    // Pages by id, so a long history never sits in memory at once.
    const rows = await getDb()
      .selectFrom("sandbox_objects")
      .select(["id", "data"])
      .where("type", "=", type)
      .where("created", ">=", since)
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    for (const row of rows) yield JSON.parse(row.data) as T;
    if (rows.length < 200) return;
    after = rows.at(-1)!.id;
  }
}

function event(type: string, object: unknown, created: number): SignedEvent {
  const payload = JSON.stringify({
    id: newId("evt"),
    object: "event",
    api_version: "sandbox",
    livemode: false,
    type,
    created,
    data: { object },
  });
  return { payload, signature: signEvent(payload, WEBHOOK_SECRET) };
}

export const sandboxGateway: PaymentGateway = {
  kind: "sandbox",

  async createCheckoutSession(request: CheckoutRequest) {
    const id = newId("cs");
    const session: SandboxCheckoutSession = {
      id,
      object: "checkout.session",
      created: nowSeconds(),
      livemode: false,
      mode: request.recurring ? "subscription" : "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: request.amountCents + Math.max(0, request.feeCoverCents),
      currency: "usd",
      metadata: toProviderMetadata(request),
      customer: null,
      customer_email: request.donorEmail,
      customer_details: null,
      payment_intent: null,
      subscription: null,
      invoice: null,
      url: `${request.siteUrl}/sandbox/checkout/${id}`,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      sandbox: {
        purpose: request.purpose,
        appeal_title: request.appealTitle,
        gift_cents: request.amountCents,
        fee_cover_cents: Math.max(0, request.feeCoverCents),
        frequency: request.frequency,
        interval: request.recurring?.interval ?? null,
        first_scheduled_charge: request.recurring
          ? Math.floor(request.recurring.firstScheduledCharge.getTime() / 1000)
          : null,
      },
    };
    await save("checkout.session", session);
    return { id, url: session.url! };
  },

  retrieveCheckoutSession: (id) => load<ProviderCheckoutSession>("checkout.session", id),
  retrieveInvoice: (id) => load<ProviderInvoice>("invoice", id),
  retrieveSubscription: (id) => load<ProviderSubscription>("subscription", id),

  // The sandbox's simulated billing page, where a declined test card is put right.
  async createBillingPortalSession(customerId, returnUrl) {
    const session = {
      id: newId("bps"),
      object: "billing_portal.session",
      created: nowSeconds(),
      customer: customerId,
      return_url: returnUrl,
    };
    await save("billing_portal.session", session);
    return { url: `${new URL(returnUrl).origin}/sandbox/billing/${session.id}` };
  },

  async cancelSubscription(id) {
    const subscription = await load<ProviderSubscription>("subscription", id);
    if (!subscription) throw new PaymentProviderError(`No such subscription: '${id}'`);
    if (subscription.status !== "canceled") {
      subscription.status = "canceled";
      subscription.canceled_at = nowSeconds();
      // As Stripe marks a cancel asked for through its API.
      subscription.cancellation_details = { reason: "cancellation_requested" };
      await save("subscription", subscription);
    }
    return subscription;
  },

  changeSubscriptionAmount: (id, giftCents, feeCoverCents) =>
    changeSandboxSubscription(id, (subscription) => {
      const [gift, feeCover] = subscription.items.data;
      if (gift) gift.price = { ...gift.price, unit_amount: giftCents };
      if (feeCover) {
        if (feeCoverCents > 0) feeCover.price = { ...feeCover.price, unit_amount: feeCoverCents };
        else subscription.items.data.splice(1, 1);
      }
    }),
  pauseSubscription: (id, resumesAt) =>
    changeSandboxSubscription(id, (subscription) => {
      subscription.pause_collection = { behavior: "void", resumes_at: Math.floor(resumesAt.getTime() / 1000) };
    }),
  resumeSubscription: (id) =>
    changeSandboxSubscription(id, (subscription) => {
      subscription.pause_collection = null;
    }),

  createSetupCheckoutSession: (request) => createSandboxSetupSession(request),

  async retrieveSavedCard(session) {
    const intentId = referenceId(session.setup_intent ?? null);
    const intent = intentId ? await load<ProviderSetupIntent>("setup_intent", intentId) : null;
    const customerId = referenceId(intent?.customer);
    const paymentMethodId = referenceId(intent?.payment_method);
    if (!intent || intent.status !== "succeeded" || !customerId || !paymentMethodId) return null;
    return { customerId, paymentMethodId, livemode: false };
  },

  chargeSavedCard: (request) => chargeSandboxCard(request),

  listCompletedCheckoutSessions: (since) =>
    filter(listAll<ProviderCheckoutSession>("checkout.session", since), (session) => session.status === "complete"),
  listSubscriptions: () => listAll<ProviderSubscription>("subscription"),
  listPaidInvoices: (since) =>
    filter(listAll<ProviderInvoice>("invoice", since), (invoice) => invoice.status === "paid"),

  verifyWebhookEvent: (payload, signature) => verifySignedEvent(payload, signature, WEBHOOK_SECRET),
};

async function* filter<T>(items: AsyncIterable<T>, keep: (item: T) => boolean): AsyncIterable<T> {
  for await (const item of items) if (keep(item)) yield item;
}

/** The sandbox's own parts, for its simulated billing page and failing charges (sandbox-billing). */
export { event as signedSandboxEvent, load as loadSandboxObject, newId as newSandboxId, save as saveSandboxObject };

export async function findSandboxCheckout(id: string): Promise<SandboxCheckoutSession | null> {
  return load<SandboxCheckoutSession>("checkout.session", id);
}

/**
 * The donor pressed Pay: the session is paid, a recurring gift gets its subscription and
 * first paid invoice, and the events Stripe would send come back signed, for delivery to
 * the webhook handler. All in one transaction, so paying twice, even at the same moment,
 * changes nothing more and sends nothing more.
 */
export function paySandboxCheckout(id: string): Promise<{ session: SandboxCheckoutSession; events: SignedEvent[] }> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const session = await load<SandboxCheckoutSession>("checkout.session", id, db);
      if (!session) throw new PaymentProviderError(`No such checkout session: '${id}'`);
      if (session.status !== "open") return { session, events: [] };

      const now = nowSeconds();
      const customer = newId("cus");
      const name = session.metadata?.donor_name ?? "";
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer,
        customer_details: { email: session.customer_email, name },
      });

      if (session.mode === "payment") {
        session.payment_intent = newId("pi");
        await save("checkout.session", session, db);
        return { session, events: [event("checkout.session.completed", session, now)] };
      }

      const { subscription, invoice } = startSubscription(session, customer, now);
      session.subscription = subscription.id;
      session.invoice = invoice.id!;
      await save("subscription", subscription, db);
      await save("invoice", invoice, db);
      await save("checkout.session", session, db);
      return {
        session,
        events: [
          event("customer.subscription.created", subscription, now),
          event("invoice.paid", invoice, now),
          event("checkout.session.completed", session, now),
        ],
      };
    });
}

/**
 * Changes a stored subscription as Stripe would, and returns the signed
 * customer.subscription.updated event it would send, for delivery to the webhook handler.
 */
function changeSandboxSubscription(
  id: string,
  change: (subscription: ProviderSubscription) => void,
): Promise<SubscriptionChanged> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const subscription = await load<ProviderSubscription>("subscription", id, db);
      if (!subscription) throw new PaymentProviderError(`No such subscription: '${id}'`);
      if (subscription.status === "canceled") throw new PaymentProviderError(`Subscription '${id}' is canceled`);
      change(subscription);
      await save("subscription", subscription, db);
      return { subscription, events: [event("customer.subscription.updated", subscription, nowSeconds())] };
    });
}

/** The subscription a paid recurring checkout starts, and its first invoice, paid at once. */
function startSubscription(session: SandboxCheckoutSession, customer: string, now: number) {
  const periodEnd = session.sandbox.first_scheduled_charge ?? now;
  const amount = session.amount_total ?? 0;
  const recurring = { interval: session.sandbox.interval ?? "month" };
  // The gift and the fee cover are items of their own, as Stripe makes them from the checkout's lines.
  const feeCover = session.sandbox.fee_cover_cents ?? 0;
  const prices = feeCover > 0 ? [amount - feeCover, feeCover] : [amount];
  const subscription: ProviderSubscription = {
    id: newId("sub"),
    object: "subscription",
    created: now,
    livemode: false,
    status: "active",
    metadata: session.metadata ?? {},
    customer,
    canceled_at: null,
    billing_cycle_anchor: periodEnd,
    pause_collection: null,
    // The test card the checkout saved, so that putting a new one in is seen as a change.
    default_payment_method: newId("pm"),
    items: {
      data: prices.map((unit_amount) => ({
        id: newId("si"),
        current_period_end: periodEnd,
        price: { unit_amount, recurring, product: newId("prod") },
      })),
    },
  };
  const invoice: ProviderInvoice = {
    id: newId("in"),
    object: "invoice",
    created: now,
    livemode: false,
    status: "paid",
    amount_paid: amount,
    billing_reason: "subscription_create",
    customer,
    customer_email: session.customer_email,
    customer_name: session.metadata?.donor_name ?? "",
    status_transitions: { paid_at: now },
    parent: { subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    lines: { data: [{ amount, period: { start: now, end: periodEnd } }] },
  };
  return { subscription, invoice };
}

/** The donor pressed Cancel: the session can no longer be paid. */
export function abandonSandboxCheckout(id: string): Promise<SandboxCheckoutSession | null> {
  // In a transaction with the check, so a Pay pressed at the same moment is never undone.
  return getDb()
    .transaction()
    .execute(async (db) => {
      const session = await load<SandboxCheckoutSession>("checkout.session", id, db);
      if (session && session.status === "open") {
        session.status = "expired";
        await save("checkout.session", session, db);
      }
      return session;
    });
}

/** A card saved in the sandbox: one that is charged, or one the simulated bank always declines. */
interface SandboxPaymentMethod {
  id: string;
  object: "payment_method";
  created: number;
  customer: string;
  declines: boolean;
}

interface SandboxPaymentIntent {
  id: string;
  object: "payment_intent";
  created: number;
  amount: number;
  customer: string;
  payment_method: string;
  status: "succeeded" | "requires_payment_method";
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
}

/** The sandbox's word for a declined test card, as a bank would put it. */
export const SANDBOX_DECLINE = "Your card was declined. (A sandbox card saved to be declined.)";

/** A setup-mode checkout: the simulated page saves a card and charges nothing. */
async function createSandboxSetupSession(request: SetupCheckoutRequest) {
  const id = newId("cs");
  const session: SandboxCheckoutSession = {
    id,
    object: "checkout.session",
    created: nowSeconds(),
    livemode: false,
    mode: "setup",
    status: "open",
    payment_status: "no_payment_required",
    amount_total: 0,
    currency: "usd",
    metadata: { ...request.metadata, donor_name: request.name },
    customer: null,
    customer_email: request.email,
    customer_details: null,
    payment_intent: null,
    subscription: null,
    invoice: null,
    setup_intent: null,
    url: `${request.siteUrl}/sandbox/checkout/${id}`,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    sandbox: {
      purpose: "",
      appeal_title: "",
      gift_cents: 0,
      fee_cover_cents: 0,
      frequency: "Ramadan",
      interval: null,
      first_scheduled_charge: null,
    },
  };
  await save("checkout.session", session);
  return { id, url: session.url! };
}

/**
 * The donor pressed "Save card" on a setup checkout (or "Save a card that will be declined"):
 * the card is saved with its customer and setup intent, and the checkout.session.completed
 * event Stripe would send comes back signed. Once only, in one transaction.
 */
export function saveSandboxCard(
  id: string,
  { declines }: { declines: boolean },
): Promise<{ session: SandboxCheckoutSession; events: SignedEvent[] }> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const session = await load<SandboxCheckoutSession>("checkout.session", id, db);
      if (!session || session.mode !== "setup")
        throw new PaymentProviderError(`No such setup checkout session: '${id}'`);
      if (session.status !== "open") return { session, events: [] };
      const now = nowSeconds();
      const customer = newId("cus");
      const method: SandboxPaymentMethod = {
        id: newId("pm"),
        object: "payment_method",
        created: now,
        customer,
        declines,
      };
      const intent: ProviderSetupIntent & { object: "setup_intent"; created: number } = {
        id: newId("seti"),
        object: "setup_intent",
        created: now,
        status: "succeeded",
        livemode: false,
        customer,
        payment_method: method.id,
      };
      Object.assign(session, {
        status: "complete",
        customer,
        setup_intent: intent.id,
        customer_details: { email: session.customer_email, name: session.metadata?.donor_name ?? "" },
      });
      await save("customer", { id: customer, created: now }, db);
      await save("payment_method", method, db);
      await save("setup_intent", intent, db);
      await save("checkout.session", session, db);
      return { session, events: [event("checkout.session.completed", session, now)] };
    });
}

/**
 * An off-session charge of a saved sandbox card. The charge's id follows from its
 * idempotency key, so the same key sent again finds the same charge and charges nothing more.
 */
function chargeSandboxCard(request: SavedCardChargeRequest): Promise<SavedCardCharge> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const id = `pi_sandbox_${createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24)}`;
      let intent = await load<SandboxPaymentIntent>("payment_intent", id, db);
      if (!intent) {
        const method = await load<SandboxPaymentMethod>("payment_method", request.paymentMethodId, db);
        // As Stripe refuses a card it does not have: an answer for good, never sent again.
        if (!method || method.customer !== request.customerId)
          return {
            outcome: "declined",
            paymentIntentId: null,
            declineMessage: `No such saved card: '${request.paymentMethodId}'`,
          };
        intent = {
          id,
          object: "payment_intent",
          created: nowSeconds(),
          amount: request.amountCents,
          customer: request.customerId,
          payment_method: method.id,
          status: method.declines ? "requires_payment_method" : "succeeded",
          metadata: request.metadata,
          last_payment_error: method.declines ? { message: SANDBOX_DECLINE } : null,
        };
        await save("payment_intent", intent, db);
      }
      return intent.status === "succeeded"
        ? { outcome: "paid", paymentIntentId: intent.id, livemode: false, paidAt: intent.created }
        : {
            outcome: "declined",
            paymentIntentId: intent.id,
            declineMessage: intent.last_payment_error?.message ?? SANDBOX_DECLINE,
          };
    });
}
