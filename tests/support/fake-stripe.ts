import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small, stateful Stripe-compatible server for the tests: the real Stripe SDK talks
 * to it through STRIPE_API_BASE. It keeps checkout sessions, subscriptions and invoices
 * in memory, answers in Stripe's shapes (API 2026-10-28) and errors, and can play the
 * part of a donor (pay, saveCard), of time passing (renew, failRenewal, retryInvoice, giveUp) and of an outage
 * (failNext). Events it produces are returned to the test, which decides how to deliver them.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fake keeps Stripe's open-ended JSON objects as it builds and returns them
type StripeObject = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: StripeObject;
  headers: IncomingMessage["headers"];
}

export interface FakeStripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: StripeObject };
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(10).toString("hex")}`;
}

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) back into objects. */
export function parseStripeForm(text: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: StripeObject = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment];
    });
  }
  return root;
}

const clone = <T>(value: T): T => structuredClone(value);

/** One interval later, kept within the month as Stripe does (Jan 31 -> Feb 28). */
function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear() + (interval === "year" ? 1 : 0);
  const month = date.getUTCMonth() + (interval === "year" ? 0 : 1);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return Math.floor(date.getTime() / 1000);
}

export async function startFakeStripe() {
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const portalSessions: StripeObject[] = [];
  const invoices = new Map<string, StripeObject>();
  // Ramadan's saved cards: customers, setup intents, payment methods and off-session charges.
  const customers = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject & { declines: boolean; processing?: boolean }>();
  const paymentIntents = new Map<string, StripeObject>();
  /** Each idempotency key's first answer, given again to a request sent again with it. */
  const idempotentAnswers = new Map<string, [number, unknown]>();
  /** What the app sent to create each checkout session. */
  const sessionParams = new Map<string, StripeObject>();
  const requests: RecordedRequest[] = [];
  /** Events produced by the app's own calls (a subscription update), for the test to deliver. */
  const emitted: FakeStripeEvent[] = [];
  const failures: { method: string; path: RegExp; status: number; message: string }[] = [];
  let clock = Math.floor(Date.now() / 1000);
  const tick = () => (clock += 1);

  const event = (type: string, object: StripeObject, created = tick()): FakeStripeEvent => ({
    id: id("evt"),
    object: "event",
    type,
    created,
    api_version: "2026-10-28.endive",
    livemode: false,
    data: { object: clone(object) },
  });

  function list(all: StripeObject[], query: URLSearchParams, path: string) {
    const since = Number(query.get("created[gte]") ?? 0);
    const items = all.filter((item) => item.created >= since);
    const limit = Number(query.get("limit") ?? 10);
    const after = query.get("starting_after");
    const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
    const page = items.slice(start, start + limit);
    return { object: "list", url: path, has_more: start + limit < items.length, data: page };
  }

  function createSession(body: StripeObject): StripeObject {
    const lineItems: StripeObject[] = body.line_items ?? [];
    if (!body.mode || (!lineItems.length && body.mode !== "setup") || !body.success_url) {
      throw Object.assign(new Error("Missing required param: mode, line_items or success_url."), { status: 400 });
    }
    const anchor = body.subscription_data?.billing_cycle_anchor;
    if (body.mode === "subscription" && anchor !== undefined) {
      // Stripe's rule: a future moment before the subscription's natural next billing date.
      const interval = lineItems.find((item) => item.price_data?.recurring)?.price_data.recurring.interval ?? "month";
      const now = Math.floor(Date.now() / 1000);
      const natural = addInterval(now, interval);
      if (!(Number(anchor) > now && Number(anchor) < natural)) {
        throw Object.assign(
          new Error(`billing_cycle_anchor cannot be later than next natural billing date (${natural}) for plan`),
          { status: 400 },
        );
      }
    }
    const amountTotal = lineItems.reduce((sum, item) => {
      const recurring = item.price_data?.recurring;
      // A recurring line anchored later with proration 'none' costs nothing today.
      const dueToday =
        recurring &&
        body.subscription_data?.proration_behavior === "none" &&
        body.subscription_data?.billing_cycle_anchor;
      return sum + (dueToday ? 0 : Number(item.price_data.unit_amount) * Number(item.quantity ?? 1));
    }, 0);
    const sessionId = id("cs");
    const session = {
      id: sessionId,
      object: "checkout.session",
      created: tick(),
      livemode: false,
      mode: body.mode,
      status: "open",
      payment_status: "unpaid",
      amount_total: body.mode === "setup" ? null : amountTotal,
      currency: lineItems[0]?.price_data?.currency ?? body.currency ?? null,
      metadata: body.metadata ?? {},
      customer: body.customer ?? null,
      setup_intent: null,
      customer_email: body.customer_email ?? null,
      customer_details: null,
      payment_intent: null,
      subscription: null,
      invoice: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    sessionParams.set(sessionId, body);
    return session;
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: StripeObject,
    idempotencyKey?: string,
  ): [number, unknown] {
    const match = (pattern: RegExp) => path.match(pattern);
    let found: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        created: tick(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === "GET" && (found = match(/^\/v1\/setup_intents\/([^/]+)$/)))
      return lookup(setupIntents, found[1]!, "setup_intent");
    if (method === "POST" && path === "/v1/payment_intents") {
      // Stripe's idempotency: the same key answers as it first did, and charges nothing more.
      if (idempotencyKey && idempotentAnswers.has(idempotencyKey)) return clone(idempotentAnswers.get(idempotencyKey)!);
      const answer = createPaymentIntent(body);
      if (idempotencyKey) idempotentAnswers.set(idempotencyKey, clone(answer));
      return answer;
    }
    if (method === "GET" && (found = match(/^\/v1\/payment_intents\/([^/]+)$/)))
      return lookup(paymentIntents, found[1]!, "payment_intent");
    if (method === "POST" && path === "/v1/checkout/sessions") return [200, createSession(body)];
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const portal = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${id("portal")}`,
      };
      portalSessions.push(portal);
      return [200, portal];
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const status = query.get("status");
      return [
        200,
        list(
          [...sessions.values()].filter((s) => !status || s.status === status),
          query,
          path,
        ),
      ];
    }
    if (method === "GET" && (found = match(/^\/v1\/checkout\/sessions\/([^/]+)$/)))
      return lookup(sessions, found[1]!, "checkout.session");
    if (method === "GET" && path === "/v1/subscriptions") return [200, list([...subscriptions.values()], query, path)];
    if (method === "GET" && (found = match(/^\/v1\/subscriptions\/([^/]+)$/)))
      return lookup(subscriptions, found[1]!, "subscription");
    if (method === "POST" && (found = match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(found[1]!);
      if (!subscription) return missing("subscription", found[1]!);
      updateSubscription(subscription, body);
      emitted.push(event("customer.subscription.updated", subscription));
      return [200, subscription];
    }
    if (method === "DELETE" && (found = match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(found[1]!);
      if (!subscription) return missing("subscription", found[1]!);
      subscription.status = "canceled";
      subscription.canceled_at = tick();
      subscription.cancellation_details = { reason: "cancellation_requested" };
      emitted.push(event("customer.subscription.deleted", subscription));
      return [200, subscription];
    }
    if (method === "GET" && path === "/v1/invoices") {
      const status = query.get("status");
      return [
        200,
        list(
          [...invoices.values()].filter((i) => !status || i.status === status),
          query,
          path,
        ),
      ];
    }
    if (method === "GET" && (found = match(/^\/v1\/invoices\/([^/]+)$/))) return lookup(invoices, found[1]!, "invoice");
    return [
      404,
      { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  /**
   * Stripe's subscription update, as far as this site uses it: items replaced by id with a
   * new price_data (or deleted, or added), pause_collection set or cleared (""), and the
   * default_payment_method (a new card, as the billing portal sets it).
   */
  function updateSubscription(subscription: StripeObject, body: StripeObject) {
    if (subscription.status === "canceled") {
      throw Object.assign(new Error("A canceled subscription can only update its cancellation_details and metadata."), {
        status: 400,
      });
    }
    for (const change of (body.items as StripeObject[] | undefined) ?? []) {
      const items = subscription.items.data as StripeObject[];
      const index = items.findIndex((item) => item.id === change.id);
      if (change.id && index < 0)
        throw Object.assign(new Error(`No such subscription item: '${change.id}'`), { status: 400 });
      if (change.deleted === "true") {
        items.splice(index, 1);
        continue;
      }
      const data = change.price_data;
      if (!data?.product || !data.recurring?.interval)
        throw Object.assign(new Error("Missing required param: items[][price_data][product]."), { status: 400 });
      const price = {
        id: id("price"),
        currency: data.currency,
        product: data.product,
        unit_amount: Number(data.unit_amount),
        recurring: { interval: data.recurring.interval },
      };
      if (index >= 0) items[index]!.price = price;
      else items.push({ id: id("si"), current_period_end: items[0]?.current_period_end, price });
    }
    if (typeof body.default_payment_method === "string")
      subscription.default_payment_method = body.default_payment_method || null;
    if (body.pause_collection === "") subscription.pause_collection = null;
    else if (body.pause_collection) {
      subscription.pause_collection = {
        behavior: body.pause_collection.behavior,
        resumes_at: body.pause_collection.resumes_at ? Number(body.pause_collection.resumes_at) : null,
      };
    }
  }

  /**
   * An off-session charge of a saved card, confirmed at once: succeeded, or declined by the
   * card's bank (a 402 card_error carrying the payment intent, as Stripe answers).
   */
  function createPaymentIntent(body: StripeObject): [number, unknown] {
    if (body.confirm !== "true" || body.off_session !== "true") {
      throw Object.assign(new Error("This fake only confirms off-session charges of a saved card."), { status: 400 });
    }
    const method = paymentMethods.get(body.payment_method);
    if (!method || method.customer !== body.customer) {
      return [
        400,
        {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such PaymentMethod: '${body.payment_method}'`,
          },
        },
      ];
    }
    const declined = method.declines;
    // A charge the bank settles later: under way ('processing') until settlePaymentIntent.
    if (method.processing && !declined) {
      const processing = {
        id: id("pi"),
        object: "payment_intent",
        created: tick(),
        livemode: false,
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        payment_method: body.payment_method,
        metadata: body.metadata ?? {},
        status: "processing",
        last_payment_error: null,
      };
      paymentIntents.set(processing.id, processing);
      return [200, processing];
    }
    const intent = {
      id: id("pi"),
      object: "payment_intent",
      created: tick(),
      livemode: false,
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer,
      payment_method: body.payment_method,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      status: declined ? "requires_payment_method" : "succeeded",
      last_payment_error: declined
        ? {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
          }
        : null,
    };
    paymentIntents.set(intent.id, intent);
    if (!declined) {
      emitted.push(event("payment_intent.succeeded", intent));
      return [200, intent];
    }
    emitted.push(event("payment_intent.payment_failed", intent));
    return [402, { error: { ...intent.last_payment_error, payment_intent: clone(intent) } }];
  }

  function lookup(store: Map<string, StripeObject>, key: string, kind: string): [number, unknown] {
    const object = store.get(key);
    return object ? [200, object] : missing(kind, key);
  }

  function missing(kind: string, key: string): [number, unknown] {
    return [
      404,
      { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${key}'` } },
    ];
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://fake-stripe");
    const method = request.method ?? "GET";
    const text = Buffer.concat(chunks).toString();
    const query = url.searchParams;
    const body = method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    requests.push({ method, path: url.pathname, query, body, headers: request.headers });
    response.setHeader("Content-Type", "application/json");
    response.setHeader("Request-Id", id("req"));

    const failure = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failure >= 0) {
      const { status, message } = failures.splice(failure, 1)[0]!;
      // Tells the SDK not to retry, so an outage is one quick failure.
      response.setHeader("Stripe-Should-Retry", "false");
      response.statusCode = status;
      response.end(JSON.stringify({ error: { type: "api_error", message } }));
      return;
    }
    try {
      const key = request.headers["idempotency-key"];
      const [status, payload] = route(method, url.pathname, query, body, typeof key === "string" ? key : undefined);
      response.statusCode = status;
      response.end(JSON.stringify(payload));
    } catch (error) {
      response.statusCode = (error as { status?: number }).status ?? 500;
      response.end(JSON.stringify({ error: { type: "invalid_request_error", message: (error as Error).message } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    customers,
    setupIntents,
    paymentMethods,
    paymentIntents,
    event,

    /** The provider's clock (seconds); events are stamped from it and move it on. */
    now: () => clock,
    advanceClock(seconds: number) {
      clock += seconds;
    },

    /** The next matching call fails with this status, without SDK retries. */
    failNext(method: string, path: RegExp, status = 503, message = "The payment service is temporarily unavailable") {
      failures.push({ method, path, status, message });
    },

    /** The parameters the app sent to create a checkout session. */
    checkoutParams(sessionId: string): StripeObject {
      const params = sessionParams.get(sessionId);
      if (!params) throw new Error(`No session ${sessionId}`);
      return params;
    },

    /**
     * The donor pays on the hosted page: the events Stripe would send, in its usual order.
     * A recurring gift's subscription is created 'incomplete' and made 'active' by its
     * first payment within the same second, as Stripe does.
     */
    pay(sessionId: string): FakeStripeEvent[] {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      const params = sessionParams.get(sessionId)!;
      const customer = id("cus");
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer,
        customer_details: { email: session.customer_email, name: session.metadata.donor_name ?? null },
      });
      if (session.mode === "payment") {
        session.payment_intent = id("pi");
        return [event("checkout.session.completed", session)];
      }
      // Each recurring line is an item of its own (a gift, and a card fee covered beside it).
      const recurringItems = (params.line_items as StripeObject[]).filter((item) => item.price_data?.recurring);
      const interval = recurringItems[0]!.price_data.recurring.interval as string;
      const anchor = Number(params.subscription_data?.billing_cycle_anchor ?? addInterval(clock, interval));
      const created = tick();
      const subscription = {
        id: id("sub"),
        object: "subscription",
        created,
        livemode: false,
        status: "incomplete",
        customer,
        metadata: params.subscription_data?.metadata ?? {},
        canceled_at: null,
        pause_collection: null,
        // The card the checkout saved; the billing portal (or updateAtProvider) replaces it.
        default_payment_method: id("pm"),
        billing_cycle_anchor: anchor,
        items: {
          data: recurringItems.map((item) => ({
            id: id("si"),
            current_period_end: anchor,
            price: {
              id: id("price"),
              currency: item.price_data.currency,
              product: id("prod"),
              unit_amount: Number(item.price_data.unit_amount),
              recurring: { interval },
            },
          })),
        },
      };
      subscriptions.set(subscription.id, subscription);
      const subscriptionCreated = event("customer.subscription.created", subscription, created);
      const invoice = this.invoiceFor(subscription, session.amount_total, "subscription_create", created, anchor);
      subscription.status = "active";
      Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
      return [
        subscriptionCreated,
        event("invoice.paid", invoice, created),
        event("customer.subscription.updated", subscription, created),
        event("checkout.session.completed", session),
      ];
    },

    invoiceFor(
      subscription: StripeObject,
      amount: number,
      reason: string,
      start: number,
      end: number,
      status = "paid",
    ) {
      const invoice = {
        id: id("in"),
        object: "invoice",
        created: tick(),
        livemode: false,
        status,
        amount_paid: status === "paid" ? amount : 0,
        billing_reason: reason,
        customer: subscription.customer,
        customer_email: subscription.metadata.donor_email ?? null,
        customer_name: subscription.metadata.donor_name ?? null,
        status_transitions: { paid_at: status === "paid" ? clock : null },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscription.id, metadata: clone(subscription.metadata) },
        },
        lines: { data: [{ amount, period: { start, end } }] },
      };
      invoices.set(invoice.id, invoice);
      return invoice;
    },

    /**
     * The donor saves a card on a setup-mode checkout: the setup intent succeeds with a new
     * payment method (one its bank always declines, when asked), and the checkout's event.
     */
    saveCard(sessionId: string, { declines = false }: { declines?: boolean } = {}): FakeStripeEvent[] {
      const session = sessions.get(sessionId);
      if (!session || session.mode !== "setup") throw new Error(`No setup session ${sessionId}`);
      const customer = session.customer ?? id("cus");
      const method = { id: id("pm"), object: "payment_method", customer, declines };
      paymentMethods.set(method.id, method);
      const setupIntent = {
        id: id("seti"),
        object: "setup_intent",
        created: tick(),
        livemode: false,
        status: "succeeded",
        customer,
        payment_method: method.id,
      };
      setupIntents.set(setupIntent.id, setupIntent);
      Object.assign(session, {
        status: "complete",
        payment_status: "no_payment_required",
        customer,
        setup_intent: setupIntent.id,
        customer_details: { email: session.customer_email, name: null },
      });
      return [event("checkout.session.completed", session)];
    },

    /** The card's bank declines (or, again, accepts) its charges from now on. */
    setCardDeclines(paymentMethodId: string, declines: boolean) {
      const method = paymentMethods.get(paymentMethodId);
      if (!method) throw new Error(`No payment method ${paymentMethodId}`);
      method.declines = declines;
    },

    /** The card's charges are under way at the bank ('processing') until settled, or again settled at once. */
    setCardProcessing(paymentMethodId: string, processing: boolean) {
      const method = paymentMethods.get(paymentMethodId);
      if (!method) throw new Error(`No payment method ${paymentMethodId}`);
      method.processing = processing;
    },

    /** The bank settles a charge that was under way: paid or declined, with Stripe's event. */
    settlePaymentIntent(paymentIntentId: string, outcome: "succeeded" | "declined"): FakeStripeEvent[] {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`No payment intent ${paymentIntentId}`);
      if (outcome === "succeeded") {
        Object.assign(intent, { status: "succeeded" });
        return [event("payment_intent.succeeded", intent)];
      }
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
      });
      return [event("payment_intent.payment_failed", intent)];
    },

    /** The events the app's own calls produced since last asked (each once). */
    takeEvents(): FakeStripeEvent[] {
      return emitted.splice(0, emitted.length);
    },

    /** A change made in Stripe's dashboard or billing portal: the same update, and its event. */
    updateAtProvider(subscriptionId: string, changes: StripeObject): FakeStripeEvent[] {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
      updateSubscription(subscription, changes);
      return [event("customer.subscription.updated", subscription)];
    },

    /**
     * The next scheduled charge: a new paid invoice and a new period; while paused (the
     * charge falls before resumes_at) the charge is skipped and only the period moves on.
     * Once collection resumes, the pause is cleared, as Stripe does.
     */
    renew(subscriptionId: string): FakeStripeEvent[] {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = subscription.items.data[0];
      const start = item.current_period_end;
      const end = addInterval(start, item.price.recurring.interval);
      clock = Math.max(clock, start);
      const pause = subscription.pause_collection;
      if (pause?.resumes_at && start >= pause.resumes_at) subscription.pause_collection = null;
      else if (pause) {
        for (const each of subscription.items.data) each.current_period_end = end;
        return [event("customer.subscription.updated", subscription)];
      }
      const invoice = this.invoiceFor(subscription, chargeOf(subscription), "subscription_cycle", start, end);
      for (const each of subscription.items.data) each.current_period_end = end;
      subscription.status = "active";
      return [event("invoice.paid", invoice), event("customer.subscription.updated", subscription)];
    },

    /** The next scheduled charge is declined: the invoice stays open and the subscription is past due. */
    failRenewal(subscriptionId: string): FakeStripeEvent[] {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = subscription.items.data[0];
      clock = Math.max(clock, item.current_period_end);
      const invoice = this.invoiceFor(
        subscription,
        chargeOf(subscription),
        "subscription_cycle",
        item.current_period_end,
        addInterval(item.current_period_end, item.price.recurring.interval),
        "open",
      );
      // Stripe's retry schedule: the first try, and the next one planned a few days on.
      Object.assign(invoice, {
        amount_due: chargeOf(subscription),
        attempt_count: 1,
        next_payment_attempt: clock + 3 * 86_400,
      });
      subscription.status = "past_due";
      return [event("invoice.payment_failed", invoice), event("customer.subscription.updated", subscription)];
    },

    /**
     * The provider's next try at a failed invoice: paid (with a good card), or declined again
     * with a later try planned, or, on the last try, none (next_payment_attempt null).
     */
    retryInvoice(invoiceId: string, outcome: "paid" | "declined" | "last-declined"): FakeStripeEvent[] {
      const invoice = invoices.get(invoiceId)!;
      const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      clock = Math.max(clock, invoice.next_payment_attempt ?? clock) + 1;
      invoice.attempt_count = (invoice.attempt_count ?? 1) + 1;
      if (outcome !== "paid") {
        invoice.next_payment_attempt = outcome === "declined" ? clock + 3 * 86_400 : null;
        return [event("invoice.payment_failed", invoice)];
      }
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.amount_due,
        next_payment_attempt: null,
        status_transitions: { paid_at: clock },
      });
      subscription.status = "active";
      return [event("invoice.paid", invoice), event("customer.subscription.updated", subscription)];
    },

    /** After its last try, the provider cancels the subscription for the unpaid charge. */
    giveUp(subscriptionId: string): FakeStripeEvent[] {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, {
        status: "canceled",
        canceled_at: tick(),
        cancellation_details: { reason: "payment_failed" },
      });
      return [event("customer.subscription.deleted", subscription)];
    },

    /** Forgets everything, as a fresh account would be. */
    reset() {
      for (const store of [
        sessions,
        subscriptions,
        invoices,
        sessionParams,
        customers,
        setupIntents,
        paymentMethods,
        paymentIntents,
        idempotentAnswers,
      ])
        store.clear();
      requests.length = 0;
      emitted.length = 0;
      portalSessions.length = 0;
      failures.length = 0;
      clock = Math.floor(Date.now() / 1000);
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What one charge of a subscription costs: every item's price. */
function chargeOf(subscription: StripeObject): number {
  return (subscription.items.data as StripeObject[]).reduce((sum, item) => sum + Number(item.price.unit_amount), 0);
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
