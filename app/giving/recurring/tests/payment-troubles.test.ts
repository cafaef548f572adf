import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { startDonorSession } from "~/lib/donor-session.server";
import * as donate from "~/giving/donate/routes/donate";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import * as sandboxBilling from "~/giving/provider/routes/sandbox-billing";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as updateCard from "~/giving/recurring/routes/update-card";
import { paymentTroubles } from "~/giving/recurring/server/payment-trouble-report.server";
import { syncFromProvider } from "~/giving/provider/server/provider-sync.server";
import { queryPlanOf } from "../../../../tests/support/database-engine";
import { clearGiving, donationRows, subscriptionRows } from "../../../../tests/support/giving-records";
import { callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";
import { signedInStaff } from "../../../../tests/support/builders";

/**
 * A recurring gift's failed charge, end to end: the donor's one mail per charge (however
 * the provider's events arrive) with a link to put the card right, past due with the next
 * try, the thank-you when it is paid after all, the mail when the provider gives up, the
 * staff screen's last 30 days, and the sandbox's simulation of the whole path.
 */
const DONOR = { name: "Maryam Yusuf", email: "maryam@example.org" };

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
});

async function startMonthly(): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: { ...DONOR, purpose: "Zakat", amount: "50", frequency: "Monthly" },
  })) as Response;
  expect(response.status).toBe(303);
  return response.headers.get("Location")!.split("/").pop()!;
}

function mailsOf(kind: string) {
  return getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", kind).orderBy("id").execute();
}

function historyOf(subscriptionId: number) {
  return getDb()
    .selectFrom("subscription_changes")
    .select(["kind", "actor"])
    .where("subscription_id", "=", subscriptionId)
    .orderBy("id")
    .execute();
}

function troubleRows() {
  return getDb().selectFrom("recurring_payment_troubles").selectAll().orderBy("id").execute();
}

async function onlyGift() {
  const rows = await subscriptionRows();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The card link's token, as the donor reads it in the failed charge's mail. */
async function cardToken(): Promise<string> {
  const [mail] = await mailsOf("payment-failed");
  const token = /\/update-card\/([\w-]+)/.exec(mail!.text_body)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function asStaff(form: Record<string, string>) {
  const { context } = await signedInStaff();
  return unwrapData(await callRoute(subscriptionsScreen.action, "/admin/subscriptions", { form, context }));
}

const isoFromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("with Stripe", () => {
  const fakeStripe = useFakeStripe();

  async function givingMonthly() {
    await deliverAll(fakeStripe().pay(await startMonthly()));
    const gift = await onlyGift();
    return { gift, providerId: gift.stripe_subscription_id! };
  }

  /** The charge fails, and its second try fails too: the events of both, for the test to deliver. */
  function failTwice(providerId: string) {
    const [firstTry, pastDue] = fakeStripe().failRenewal(providerId);
    const invoiceId = firstTry!.data.object.id as string;
    const [secondTry] = fakeStripe().retryInvoice(invoiceId, "declined");
    return { firstTry: firstTry!, pastDue: pastDue!, secondTry: secondTry!, invoiceId };
  }

  it("mails the donor once per failed charge, however often and in whatever order its events arrive, and keeps the latest next try", async () => {
    const { gift, providerId } = await givingMonthly();
    const { firstTry, pastDue, secondTry, invoiceId } = failTwice(providerId);
    // The second try's news first, then the first try's, each twice, the subscription's between.
    await deliverAll([secondTry, firstTry, pastDue, secondTry, firstTry]);

    const mails = await mailsOf("payment-failed");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: DONOR.email, subject: "[Test] Your monthly gift did not go through" });
    expect(mails[0]!.text_body).toContain("We tried to take your monthly gift of $50 for Zakat");
    expect(mails[0]!.text_body).toMatch(/Update my card: http:\/\/localhost:\d+\/update-card\/[\w-]{40,}/);
    expect(mails[0]!.text_body).not.toContain(providerId);

    const row = await onlyGift();
    expect(row.status).toBe("past_due");
    expect(row.next_retry_at).toBe(isoFromSeconds(secondTry.data.object.next_payment_attempt));
    expect(await troubleRows()).toEqual([
      expect.objectContaining({
        subscription_id: gift.id,
        stripe_invoice_id: invoiceId,
        attempts: 2,
        recovered_at: null,
        lost_at: null,
      }),
    ]);
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toMatch(
      /past_due\s*Test\s*Past due · next try \w{3} \d{1,2}, \d{4}/,
    );
  });

  it("opens a fresh billing portal session on each press of the mail's link, for that donor's customer only", async () => {
    const { gift, providerId } = await givingMonthly();
    await deliverAll(fakeStripe().failRenewal(providerId));
    const token = await cardToken();
    const path = `/update-card/${token}`;

    const page = await screenText(updateCard, path, undefined, { token });
    expect(page).toContain("Your monthly gift of $50 for Zakat (test)");
    expect(page).toContain("Update my card");
    expect(page).not.toContain(DONOR.email);
    expect(page).not.toContain(DONOR.name);
    expect(fakeStripe().portalSessions).toHaveLength(0);

    for (const press of [1, 2]) {
      const answer = (await callRoute(updateCard.action, path, { form: {}, params: { token } })) as Response;
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(fakeStripe().portalSessions[press - 1]!.url);
    }
    expect(fakeStripe().portalSessions.map((session) => [session.customer, session.return_url])).toEqual([
      [gift.stripe_customer_id, `http://localhost:3000${path}`],
      [gift.stripe_customer_id, `http://localhost:3000${path}`],
    ]);

    // A made-up or altered link opens nothing.
    const stranger = "x".repeat(43);
    expect(
      unwrapData(await callRoute(updateCard.loader, `/update-card/${stranger}`, { params: { token: stranger } }))
        .status,
    ).toBe(404);
    expect(
      unwrapData(
        await callRoute(updateCard.action, `/update-card/${stranger}`, { form: {}, params: { token: stranger } }),
      ).status,
    ).toBe(404);
    expect(fakeStripe().portalSessions).toHaveLength(2);
  });

  it("clears past due when the charge is paid after all, and thanks the donor once", async () => {
    const { gift, providerId } = await givingMonthly();
    const { firstTry, pastDue, secondTry, invoiceId } = failTwice(providerId);
    await deliverAll([firstTry, pastDue, secondTry]);
    const paid = fakeStripe().retryInvoice(invoiceId, "paid");
    await deliverAll([...paid, ...paid]);

    const row = await onlyGift();
    expect(row).toMatchObject({ status: "active", next_retry_at: null });
    expect((await troubleRows())[0]).toMatchObject({
      subscription_id: gift.id,
      recovered_at: expect.any(String),
      lost_at: null,
    });
    expect((await donationRows()).filter((donation) => donation.stripe_invoice_id === invoiceId)).toHaveLength(1);
    const thanks = await mailsOf("payment-recovered");
    expect(thanks).toHaveLength(1);
    expect(thanks[0]).toMatchObject({
      to_address: DONOR.email,
      subject: "[Test] Thank you: your monthly gift is back on track",
    });
    expect(await mailsOf("payment-failed")).toHaveLength(1);

    // The old link now says there is nothing left to do, and opens no billing page.
    const token = await cardToken();
    expect(await screenText(updateCard, `/update-card/${token}`, undefined, { token })).toContain(
      "your gift is back on track",
    );
    expect(
      unwrapData(await callRoute(updateCard.action, `/update-card/${token}`, { form: {}, params: { token } })).status,
    ).toBe(409);
  });

  it("recovers through Sync when the payment's webhook never arrived", async () => {
    const { providerId } = await givingMonthly();
    const { firstTry, pastDue, invoiceId } = failTwice(providerId);
    await deliverAll([firstTry, pastDue]);
    fakeStripe().retryInvoice(invoiceId, "paid");
    await syncFromProvider();
    expect(await onlyGift()).toMatchObject({ status: "active", next_retry_at: null });
    expect((await troubleRows())[0]).toMatchObject({ recovered_at: expect.any(String) });
    expect(await mailsOf("payment-recovered")).toHaveLength(1);
  });

  it("sends nothing for a failed try reported after the charge was paid", async () => {
    const { providerId } = await givingMonthly();
    const { firstTry, invoiceId } = failTwice(providerId);
    await deliverAll(fakeStripe().retryInvoice(invoiceId, "paid"));
    await deliverAll([firstTry]);
    expect(await onlyGift()).toMatchObject({ status: "active", next_retry_at: null });
    expect(await mailsOf("payment-failed")).toHaveLength(0);
    expect(await mailsOf("payment-recovered")).toHaveLength(0);
  });

  it("ends the gift when the provider gives up, and tells the donor once how to start again", async () => {
    const { gift, providerId } = await givingMonthly();
    const { firstTry, pastDue, invoiceId } = failTwice(providerId);
    const lastTry = fakeStripe().retryInvoice(invoiceId, "last-declined");
    await deliverAll([firstTry, pastDue, ...lastTry]);
    expect(await onlyGift()).toMatchObject({ status: "past_due", next_retry_at: null });
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toContain("Past due · no more tries");

    const ended = fakeStripe().giveUp(providerId);
    await deliverAll([...ended, ...ended]);
    expect(await onlyGift()).toMatchObject({ status: "canceled", next_retry_at: null });
    expect((await troubleRows())[0]).toMatchObject({
      subscription_id: gift.id,
      recovered_at: null,
      lost_at: expect.any(String),
    });
    const lost = await mailsOf("payment-lost");
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ to_address: DONOR.email, subject: "[Test] Your monthly gift has stopped" });
    expect(lost[0]!.text_body).toContain(
      "Start my gift again: http://localhost:3000/donate?amount=50&frequency=Monthly&purpose=Zakat",
    );
    // Its history says it ended, but the lost gift's mail is the donor's only word of it.
    expect(await historyOf(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      { kind: "canceled", actor: "provider" },
    ]);
    expect(await mailsOf("recurring-change")).toHaveLength(0);
    // The prefilled form is the same gift.
    expect(await screenText(donate as never, "/donate?amount=50&frequency=Monthly&purpose=Zakat")).toContain(
      "You will give $50 today and every month",
    );
  });

  it("offers no simulation with keys, and refuses one posted anyway", async () => {
    const { gift } = await givingMonthly();
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).not.toContain("Simulate failed charge");
    const answer = await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, message: "Failed charges can only be simulated in sandbox mode" });
    expect((await onlyGift()).status).toBe("active");
    expect(
      unwrapData(await callRoute(sandboxBilling.loader, "/sandbox/billing/bps_x", { params: { sessionId: "bps_x" } }))
        .status,
    ).toBe(404);
  });
});

describe("in the sandbox", () => {
  async function givingMonthly() {
    const sessionId = await startMonthly();
    const response = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "pay" },
      params: { sessionId },
    })) as Response;
    expect(response.status).toBe(303);
    return onlyGift();
  }

  it("lets staff decline a charge; the mail's link leads to the simulated billing page, and updating the card recovers the gift", async () => {
    const gift = await givingMonthly();
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toContain("Simulate failed charge");
    const before = Date.now();
    const simulated = await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    expect(simulated.data).toMatchObject({ ok: true, message: expect.stringContaining("Charge declined") });

    const pastDue = await onlyGift();
    expect(pastDue.status).toBe("past_due");
    const retryIn = Date.parse(pastDue.next_retry_at!) - before;
    expect(retryIn).toBeGreaterThan(3 * 86_400_000 - 5_000);
    expect(retryIn).toBeLessThan(3 * 86_400_000 + 5_000);
    const failed = await mailsOf("payment-failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text_body).toContain("We will try the card again on");

    // The donor follows the link, presses the button, and lands on the simulated billing page.
    const token = await cardToken();
    const opened = (await callRoute(updateCard.action, `/update-card/${token}`, {
      form: {},
      params: { token },
    })) as Response;
    const billingPath = new URL(opened.headers.get("Location")!).pathname;
    expect(billingPath).toMatch(/^\/sandbox\/billing\/bps_sandbox_\w+$/);
    const sessionId = billingPath.split("/").pop()!;
    expect(await screenText(sandboxBilling, billingPath, undefined, { sessionId })).toContain(
      "Test card: declined · one charge owed",
    );

    const fixed = (await callRoute(sandboxBilling.action, billingPath, {
      form: { intent: "update-card" },
      params: { sessionId },
    })) as Response;
    expect(fixed.status).toBe(303);
    expect(new URL(fixed.headers.get("Location")!).pathname).toBe(`/update-card/${token}`);

    expect(await onlyGift()).toMatchObject({ status: "active", next_retry_at: null });
    expect((await troubleRows())[0]).toMatchObject({ recovered_at: expect.any(String), lost_at: null });
    expect(await donationRows()).toHaveLength(2);
    expect(await mailsOf("payment-recovered")).toHaveLength(1);
    expect(await mailsOf("payment-failed")).toHaveLength(1);
    // The new card is in the gift's history, as Stripe's billing page would have it.
    expect(await historyOf(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      { kind: "card_updated", actor: "provider" },
    ]);
    expect((await mailsOf("recurring-change")).map((mail) => mail.subject)).toEqual([
      "[Test] The card for your monthly gift is updated",
    ]);
    expect(await screenText(subscriptionsScreen, `/admin/subscriptions?history=${gift.id}`)).toContain(
      "Card updated at the card payment provider",
    );
  });

  it("makes a gift past due with its next try when its charge fails just after changes made here", async () => {
    const gift = await givingMonthly();
    const changes: Record<string, string>[] = [
      { intent: "change", amount: "20" },
      { intent: "pause", charges: "1" },
      { intent: "resume" },
    ];
    for (const form of changes) {
      expect((await asStaff({ ...form, id: String(gift.id) })).status).toBe(303);
    }
    const simulated = await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    expect(simulated.data).toMatchObject({ ok: true });
    expect(await onlyGift()).toMatchObject({
      status: "past_due",
      amount_cents: 2000,
      next_retry_at: expect.any(String),
    });
    expect(await mailsOf("payment-failed")).toHaveLength(1);
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toMatch(
      /past_due\s*Test\s*Past due · next try \w{3} \d{1,2}, \d{4}/,
    );

    // A past-due gift waits for its card: no change to it until then.
    const refused = await asStaff({ intent: "change", id: String(gift.id), amount: "30" });
    expect(refused).toMatchObject({ status: 409, data: { error: expect.stringContaining("did not go through") } });
    expect((await onlyGift()).amount_cents).toBe(2000);
  });

  it("declines no charge of a paused gift, and does not offer it", async () => {
    const gift = await givingMonthly();
    expect((await asStaff({ intent: "pause", id: String(gift.id), charges: "2" })).status).toBe(303);
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).not.toContain("Simulate failed charge");
    const refused = await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    expect(refused).toMatchObject({ status: 409, data: { ok: false, message: expect.stringContaining("paused") } });
    expect(await onlyGift()).toMatchObject({ status: "active", next_retry_at: null });
    expect(await mailsOf("payment-failed")).toHaveLength(0);
  });

  it("tells the signed-in donor in My giving that the gift is past due, when it is tried next, and offers the card page", async () => {
    const gift = await givingMonthly();
    const cookie = (await startDonorSession(DONOR.email, makeRequest("/my-giving/sign-in"))).split(";")[0]!;
    expect(await screenText(myGiving, "/my-giving", undefined, undefined, { Cookie: cookie })).not.toContain(
      "Update payment card",
    );
    await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    const text = await screenText(myGiving, "/my-giving", undefined, undefined, { Cookie: cookie });
    expect(text).toMatch(/Payment due: your card was declined · next try \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain("Update payment card");
    const opened = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "update-card", id: String(gift.id) },
      headers: { Cookie: cookie },
    })) as Response;
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("Location")!).pathname).toMatch(/^\/sandbox\/billing\/bps_sandbox_\w+$/);
  });

  it("lets a donor who would rather stop than put the card right cancel a past-due gift from My giving, told once, the failed charge written off", async () => {
    const gift = await givingMonthly();
    await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    const cookie = (await startDonorSession(DONOR.email, makeRequest("/my-giving/sign-in"))).split(";")[0]!;
    expect(await screenText(myGiving, "/my-giving", undefined, undefined, { Cookie: cookie })).toContain("Cancel");
    expect(
      await screenText(myGiving, `/my-giving?cancel=${gift.id}`, undefined, undefined, { Cookie: cookie }),
    ).toContain("will stop now");

    const canceled = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "cancel", id: String(gift.id) },
      headers: { Cookie: cookie },
    })) as Response;
    expect(canceled.headers.get("Location")).toBe("/my-giving?canceled=1");
    expect(await onlyGift()).toMatchObject({ status: "canceled", next_retry_at: null });
    expect(await historyOf(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      { kind: "canceled", actor: "donor" },
    ]);
    expect((await mailsOf("recurring-change")).map((mail) => mail.subject)).toEqual([
      "[Test] Your monthly gift is canceled",
    ]);
    expect(await mailsOf("payment-lost")).toHaveLength(0);
    expect((await troubleRows())[0]).toMatchObject({ lost_at: expect.any(String), recovered_at: null });
  });

  it("offers staff Cancel on a past-due and on a paused gift, and cancels both", async () => {
    const gift = await givingMonthly();
    await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    const providerId = gift.stripe_subscription_id!;
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toContain("Cancel");
    expect(await screenText(subscriptionsScreen, `/admin/subscriptions?cancel=${providerId}`)).toContain(
      "Are you sure",
    );
    expect((await asStaff({ intent: "cancel", subscription_id: providerId })).status).toBe(302);
    expect(await onlyGift()).toMatchObject({ status: "canceled" });

    await clearGiving();
    const paused = await givingMonthly();
    expect((await asStaff({ intent: "pause", id: String(paused.id), charges: "2" })).status).toBe(303);
    expect(
      await screenText(subscriptionsScreen, `/admin/subscriptions?cancel=${paused.stripe_subscription_id}`),
    ).toContain("Are you sure");
    expect((await asStaff({ intent: "cancel", subscription_id: paused.stripe_subscription_id! })).status).toBe(302);
    expect(await onlyGift()).toMatchObject({ status: "canceled" });
  });

  it("tries again with the card still declined without a second mail, then gives up and ends the gift", async () => {
    const gift = await givingMonthly();
    await asStaff({ intent: "simulate-failed-charge", subscription_id: String(gift.id) });
    const retried = await asStaff({ intent: "retry-charge", subscription_id: String(gift.id) });
    expect(retried.data).toMatchObject({ ok: true, message: "Charge tried again: the card was declined again." });
    expect((await troubleRows())[0]).toMatchObject({ attempts: 2, recovered_at: null });
    expect(await mailsOf("payment-failed")).toHaveLength(1);

    const gaveUp = await asStaff({ intent: "simulate-giving-up", subscription_id: String(gift.id) });
    expect(gaveUp.data).toMatchObject({ ok: true });
    expect(await onlyGift()).toMatchObject({ status: "canceled", next_retry_at: null });
    expect((await troubleRows())[0]).toMatchObject({ lost_at: expect.any(String) });
    expect(await mailsOf("payment-lost")).toHaveLength(1);
    expect((await historyOf(gift.id)).map((line) => line.kind)).toEqual(["created", "canceled"]);
    expect(await mailsOf("recurring-change")).toHaveLength(0);
    // The ended gift's link tells the donor how to start again.
    const token = await cardToken();
    expect(await screenText(updateCard, `/update-card/${token}`, undefined, { token })).toContain(
      "Start my gift again",
    );
  });

  it("counts the last 30 days' failed, recovered and lost charges in one query over its index", async () => {
    const gift = await givingMonthly();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const rows = [
      { failed_at: daysAgo(5) },
      { failed_at: daysAgo(40) },
      { failed_at: daysAgo(6), recovered_at: daysAgo(3) },
      { failed_at: daysAgo(40), recovered_at: daysAgo(31) },
      { failed_at: daysAgo(12), lost_at: daysAgo(10) },
      { failed_at: daysAgo(45), lost_at: daysAgo(2) },
    ];
    await getDb()
      .insertInto("recurring_payment_troubles")
      .values(
        rows.map((row, index) => ({
          ...row,
          subscription_id: gift.id,
          stripe_invoice_id: `in_made_up_${index}`,
          amount_cents: 5000,
          is_test: 1 as const,
        })),
      )
      .execute();

    // The open charge is still being tried while its gift has a next try.
    await getDb()
      .updateTable("subscriptions")
      .set({ status: "past_due", next_retry_at: daysAgo(-2) })
      .where("id", "=", gift.id)
      .execute();
    const report = await paymentTroubles();
    expect(report.counts).toEqual({ failed: 1, noMoreTries: 0, recovered: 1, lost: 2 });
    expect(report.rows.map((row) => row.outcome)).toEqual(["lost", "recovered", "failed", "lost"]);

    const plan = await queryPlanOf(
      sql`select count(*) from recurring_payment_troubles where coalesce(lost_at, recovered_at, failed_at) >= ${daysAgo(30)}`,
    );
    expect(plan).toContain("recurring_payment_troubles_latest");

    const text = await screenText(subscriptionsScreen, "/admin/subscriptions");
    expect(text).toContain("Payment troubles, last 30 days");
    expect(text).toMatch(
      /Failed, still being tried\s*1\s*Failed, no more tries\s*0\s*The provider stopped trying.*Recovered\s*1\s*Paid after a failed charge\s*Lost\s*2/,
    );

    // Once the provider stops trying, the charge is counted as no longer tried.
    await getDb().updateTable("subscriptions").set({ next_retry_at: null }).where("id", "=", gift.id).execute();
    expect((await paymentTroubles()).counts).toEqual({ failed: 1, noMoreTries: 1, recovered: 1, lost: 2 });
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions")).toMatch(
      /Failed, still being tried\s*0\s*Failed, no more tries\s*1/,
    );
  });

  it("refuses staff actions to anyone not signed in", async () => {
    const gift = await givingMonthly();
    for (const intent of ["simulate-failed-charge", "retry-charge", "simulate-giving-up"]) {
      const request = makeRequest("/admin/subscriptions", { form: { intent, subscription_id: String(gift.id) } });
      let thrown: unknown;
      try {
        await layout.middleware[0]!(
          {
            request,
            context: makeContext(),
            params: {},
            pattern: new URL(request.url).pathname,
            url: new URL(request.url),
          } as never,
          async () => new Response("the screen ran"),
        );
      } catch (error) {
        thrown = error;
      }
      expect(thrown, intent).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
    }
    expect((await onlyGift()).status).toBe("active");
    expect(await troubleRows()).toHaveLength(0);
  });
});
