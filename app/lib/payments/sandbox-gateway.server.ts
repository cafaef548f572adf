import { randomBytes } from "node:crypto";
import { getDb } from "../db.server";
import { PaymentProviderError } from "../service-errors";
import type { CheckoutRequest, PaymentGateway, SignedEvent, SubscriptionChanged } from "./gateway";
import { toProviderMetadata } from "./gift-metadata";
import type { ProviderCheckoutSession, ProviderInvoice, ProviderSubscription } from "./provider-objects";
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

type SandboxType = "checkout.session" | "subscription" | "invoice";

function newId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

type Db = ReturnType<typeof getDb>;

async function load<T>(type: SandboxType, id: string, db: Db = getDb()): Promise<T | null> {
  const row = await db
    .selectFrom("sandbox_objects")
    .select("data")
    .where("id", "=", id)
    .where("type", "=", type)
    .executeTakeFirst();
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

  // The sandbox keeps no cards: there is nothing to update.
  async createBillingPortalSession() {
    return null;
  },

  async cancelSubscription(id) {
    const subscription = await load<ProviderSubscription>("subscription", id);
    if (!subscription) throw new PaymentProviderError(`No such subscription: '${id}'`);
    if (subscription.status !== "canceled") {
      subscription.status = "canceled";
      subscription.canceled_at = nowSeconds();
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

  listCompletedCheckoutSessions: (since) =>
    filter(listAll<ProviderCheckoutSession>("checkout.session", since), (session) => session.status === "complete"),
  listSubscriptions: () => listAll<ProviderSubscription>("subscription"),
  listPaidInvoices: (since) => filter(listAll<ProviderInvoice>("invoice", since), (invoice) => invoice.status === "paid"),

  verifyWebhookEvent: (payload, signature) => verifySignedEvent(payload, signature, WEBHOOK_SECRET),
};

async function* filter<T>(items: AsyncIterable<T>, keep: (item: T) => boolean): AsyncIterable<T> {
  for await (const item of items) if (keep(item)) yield item;
}

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
function changeSandboxSubscription(id: string, change: (subscription: ProviderSubscription) => void): Promise<SubscriptionChanged> {
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
