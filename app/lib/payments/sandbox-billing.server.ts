import { getDb } from "~/lib/db.server";
import { ConflictError, NotFoundError } from "~/lib/service-errors";
import type { SignedEvent } from "./gateway";
import type { ProviderInvoice, ProviderSubscription } from "./provider-objects";
import {
  loadSandboxObject as load,
  newSandboxId as newId,
  saveSandboxObject as save,
  signedSandboxEvent as event,
} from "./sandbox-gateway.server";

/**
 * The sandbox's failed charges and its simulated billing page, so the whole path of a
 * declined card can be seen without keys: a charge fails (the test card is declined and the
 * provider plans a retry), the donor puts the card right on the billing page (the retry then
 * succeeds at once), or the provider gives up and ends the gift. Every step answers with the
 * signed events Stripe would send, for delivery to the webhook handler.
 */

/** Days between the sandbox's tries, as Stripe's retry schedule spaces its first ones. */
export const SANDBOX_RETRY_DAYS = 3;

/** A simulated billing page opens for an hour, as the provider's own sessions soon expire. */
const BILLING_PAGE_SECONDS = 60 * 60;

interface SandboxCustomer {
  id: string;
  object: "customer";
  created: number;
  /** The test card behind the customer's gifts. */
  card: "good" | "declined";
  /** Charges still owed: the invoices the next retry will try. */
  open_invoices: string[];
}

export interface SandboxBillingSession {
  id: string;
  object: "billing_portal.session";
  created: number;
  customer: string;
  return_url: string;
}

type Db = ReturnType<typeof getDb>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function customerOf(db: Db, id: string, now: number): Promise<SandboxCustomer> {
  return (
    (await load<SandboxCustomer>("customer", id, db)) ?? {
      id,
      object: "customer",
      created: now,
      card: "good",
      open_invoices: [],
    }
  );
}

async function liveSubscription(db: Db, id: string): Promise<ProviderSubscription> {
  const subscription = await load<ProviderSubscription>("subscription", id, db);
  if (!subscription) throw new NotFoundError(`No such subscription: '${id}'`);
  if (subscription.status === "canceled") throw new ConflictError("This recurring gift has ended");
  return subscription;
}

const chargeOf = (subscription: ProviderSubscription) =>
  subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0), 0);
const customerIdOf = (subscription: ProviderSubscription) =>
  typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;

/**
 * The gift's charge is taken now and declined: the test card goes bad, an open invoice is
 * left for the retry in three days, and the subscription is past due.
 */
export function failSandboxCharge(subscriptionId: string): Promise<SignedEvent[]> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const subscription = await liveSubscription(db, subscriptionId);
      if (subscription.status !== "active")
        throw new ConflictError(`Only an active gift's charge can fail; this one is ${subscription.status}`);
      // A paused gift is not charged, so there is no charge to decline.
      if (subscription.pause_collection)
        throw new ConflictError("This gift is paused: no charge is taken until it resumes, so none can fail");
      const now = nowSeconds();
      const customer = await customerOf(db, customerIdOf(subscription), now);
      const amount = chargeOf(subscription);
      const periodEnd = Math.max(...subscription.items.data.map((item) => item.current_period_end), now);
      const invoice: ProviderInvoice = {
        id: newId("in"),
        object: "invoice",
        created: now,
        livemode: false,
        status: "open",
        amount_paid: 0,
        amount_due: amount,
        attempt_count: 1,
        next_payment_attempt: now + SANDBOX_RETRY_DAYS * 86_400,
        billing_reason: "subscription_cycle",
        customer: customer.id,
        customer_email: subscription.metadata.donor_email ?? null,
        customer_name: subscription.metadata.donor_name ?? null,
        status_transitions: { paid_at: null },
        parent: { subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
        lines: { data: [{ amount, period: { start: now, end: periodEnd } }] },
      };
      Object.assign(customer, { card: "declined", open_invoices: [...customer.open_invoices, invoice.id!] });
      subscription.status = "past_due";
      await save("invoice", invoice, db);
      await save("customer", customer, db);
      await save("subscription", subscription, db);
      return [event("invoice.payment_failed", invoice, now), event("customer.subscription.updated", subscription, now)];
    });
}

/** The provider tries the customer's open charges again: paid with a good card, declined again with a bad one. */
async function retryOpenCharges(
  db: Db,
  customer: SandboxCustomer,
  now: number,
  onlySubscription?: string,
): Promise<SignedEvent[]> {
  const events: SignedEvent[] = [];
  const stillOpen: string[] = [];
  for (const invoiceId of customer.open_invoices) {
    const invoice = await load<ProviderInvoice>("invoice", invoiceId, db);
    const subscriptionId = invoice?.parent?.subscription_details?.subscription;
    const subscription =
      typeof subscriptionId === "string" ? await load<ProviderSubscription>("subscription", subscriptionId, db) : null;
    if (!invoice || !subscription || subscription.status === "canceled") continue;
    if (onlySubscription && subscription.id !== onlySubscription) {
      stillOpen.push(invoiceId);
      continue;
    }
    invoice.attempt_count = (invoice.attempt_count ?? 1) + 1;
    if (customer.card === "declined") {
      invoice.next_payment_attempt = now + SANDBOX_RETRY_DAYS * 86_400;
      stillOpen.push(invoiceId);
      await save("invoice", invoice, db);
      events.push(event("invoice.payment_failed", invoice, now));
      continue;
    }
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due ?? 0,
      next_payment_attempt: null,
      status_transitions: { paid_at: now },
    });
    subscription.status = "active";
    await save("invoice", invoice, db);
    await save("subscription", subscription, db);
    events.push(event("invoice.paid", invoice, now), event("customer.subscription.updated", subscription, now));
  }
  customer.open_invoices = stillOpen;
  await save("customer", customer, db);
  return events;
}

/** Staff's "Retry charge now": the provider's next try, brought forward. */
export function retrySandboxCharge(subscriptionId: string): Promise<SignedEvent[]> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const subscription = await liveSubscription(db, subscriptionId);
      const customer = await customerOf(db, customerIdOf(subscription), nowSeconds());
      const events = await retryOpenCharges(db, customer, nowSeconds(), subscription.id);
      if (events.length === 0) throw new ConflictError("This gift has no failed charge to try again");
      return events;
    });
}

/** The provider stops trying: the open charge is left unpaid and the gift is canceled for it. */
export function giveUpSandboxCharge(subscriptionId: string): Promise<SignedEvent[]> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const subscription = await liveSubscription(db, subscriptionId);
      const now = nowSeconds();
      const customer = await customerOf(db, customerIdOf(subscription), now);
      const events: SignedEvent[] = [];
      const givenUp = new Set<string>();
      for (const invoiceId of customer.open_invoices) {
        const invoice = await load<ProviderInvoice>("invoice", invoiceId, db);
        if (invoice?.parent?.subscription_details?.subscription !== subscription.id) continue;
        Object.assign(invoice, { attempt_count: (invoice.attempt_count ?? 1) + 1, next_payment_attempt: null });
        await save("invoice", invoice, db);
        givenUp.add(invoiceId);
        events.push(event("invoice.payment_failed", invoice, now));
      }
      if (givenUp.size === 0) throw new ConflictError("This gift has no failed charge to give up on");
      customer.open_invoices = customer.open_invoices.filter((id) => !givenUp.has(id));
      Object.assign(subscription, {
        status: "canceled",
        canceled_at: now,
        cancellation_details: { reason: "payment_failed" },
      });
      await save("customer", customer, db);
      await save("subscription", subscription, db);
      events.push(event("customer.subscription.deleted", subscription, now));
      return events;
    });
}

/** A simulated billing page, while it is open (an hour), with the state of its test card. */
export async function findSandboxBillingPage(id: string) {
  const session = await load<SandboxBillingSession>("billing_portal.session", id);
  if (!session) return null;
  const customer = await customerOf(getDb(), session.customer, session.created);
  return {
    session,
    expired: nowSeconds() - session.created > BILLING_PAGE_SECONDS,
    card: customer.card,
    owed: customer.open_invoices.length,
  };
}

/**
 * The new test card becomes the one each gift still owing a charge is taken from, as the
 * provider's billing page sets it; each gift's change is told before the charge is retried.
 */
async function putNewCardOn(db: Db, customer: SandboxCustomer, now: number): Promise<SignedEvent[]> {
  const card = newId("pm");
  const events: SignedEvent[] = [];
  const owing = new Set<string>();
  for (const invoiceId of customer.open_invoices) {
    const subscriptionId = (await load<ProviderInvoice>("invoice", invoiceId, db))?.parent?.subscription_details
      ?.subscription;
    if (typeof subscriptionId === "string") owing.add(subscriptionId);
  }
  for (const subscriptionId of owing) {
    const subscription = await load<ProviderSubscription>("subscription", subscriptionId, db);
    if (!subscription || subscription.status === "canceled") continue;
    subscription.default_payment_method = card;
    await save("subscription", subscription, db);
    events.push(event("customer.subscription.updated", subscription, now));
  }
  return events;
}

/** "Update your card" on the simulated billing page: the test card is good again, and what is owed is tried at once. */
export function fixSandboxCard(
  billingPageId: string,
): Promise<{ session: SandboxBillingSession; events: SignedEvent[] }> {
  return getDb()
    .transaction()
    .execute(async (db) => {
      const session = await load<SandboxBillingSession>("billing_portal.session", billingPageId, db);
      if (!session || nowSeconds() - session.created > BILLING_PAGE_SECONDS)
        throw new NotFoundError("This billing page has expired");
      const now = nowSeconds();
      const customer = await customerOf(db, session.customer, now);
      customer.card = "good";
      const cardChanged = await putNewCardOn(db, customer, now);
      return { session, events: [...cardChanged, ...(await retryOpenCharges(db, customer, now))] };
    });
}
