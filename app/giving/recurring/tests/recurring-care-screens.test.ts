import { beforeEach, describe, expect, it } from "vitest";
import { resumingCharge } from "~/giving/recurring/rules/recurring-pause";
import { formatDate } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import * as donate from "~/giving/donate/routes/donate";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as signIn from "~/donors/my-giving/routes/my-giving-sign-in";
import { clearGiving, subscriptionRows } from "../../../../tests/support/giving-records";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";
import { signedInStaff } from "../../../../tests/support/builders";

/**
 * Caring for a recurring gift on the screens: the donor from My giving (through their
 * signed-in session only) and staff from Subscriptions change the amount, pause for a few
 * charges and resume; both see the gift's history; a cancellation and a new card at the
 * provider are each told to the donor by one mail.
 */
const fakeStripe = useFakeStripe();
const DONOR = "aisha@example.org";
let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1)}`;

beforeEach(async () => {
  await clearGiving();
  for (const table of ["outbound_mail", "giving_sign_in_links", "donor_sessions"] as const)
    await getDb().deleteFrom(table).execute();
});

type SignedInPage = Extract<Awaited<ReturnType<typeof myGiving.loader>>, { signedIn: true }>;

/** A monthly gift of $50 from `email`, paid at the fake Stripe; its row. */
async function giveMonthly(email = DONOR) {
  const response = (await callRoute(donate.action, "/donate", {
    form: { name: "Aisha Khan", email, purpose: "Zakat", amount: "50", frequency: "Monthly" },
    clientAddress: newAddress(),
  })) as Response;
  await deliverAll(fakeStripe().pay(response.headers.get("Location")!.split("/").pop()!));
  const rows = await subscriptionRows();
  return rows.find((row) => row.email === email)!;
}

/** Signs in as `email` from the link mailed to it; the session's Cookie header. */
async function signInAs(email = DONOR): Promise<string> {
  await callRoute(myGiving.action, "/my-giving", {
    form: { intent: "request-link", email },
    clientAddress: newAddress(),
  });
  const [mail] = await getDb()
    .selectFrom("outbound_mail")
    .select("text_body")
    .where("kind", "=", "giving-link")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .execute();
  const token = /\/my-giving\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
  const answer = (await callRoute(signIn.action, "/my-giving/sign-in", { form: { token } })) as Response;
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

const asDonor = (cookie: string, form: Record<string, string>) =>
  callRoute(myGiving.action, "/my-giving", { form, headers: { Cookie: cookie } });
const page = async (cookie: string, path = "/my-giving") =>
  (await callRoute(myGiving.loader, path, { headers: { Cookie: cookie } })) as SignedInPage;

function history(subscriptionId: number) {
  return getDb()
    .selectFrom("subscription_changes")
    .select(["kind", "from_cents", "to_cents", "actor", "actor_name"])
    .where("subscription_id", "=", subscriptionId)
    .orderBy("id")
    .execute();
}

const changeMails = () =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", "recurring-change").orderBy("id").execute();
const row = async (id: number) => (await subscriptionRows()).find((gift) => gift.id === id)!;
const timeZone = "UTC";

describe("My giving", () => {
  it("changes the amount from the next charge, kept in the gift's history by the donor, with one mail", async () => {
    const gift = await giveMonthly();
    const cookie = await signInAs();
    // The address opens the form, with today's amount in it.
    const form = await screenHtml(myGiving, `/my-giving?change=${gift.id}`, undefined, undefined, { Cookie: cookie });
    expect(form).toContain("Change the amount of your gift of $50.00 every month");
    expect(form).toMatch(/name="amount"[^>]*value="50"/);

    const done = (await asDonor(cookie, { intent: "change", id: String(gift.id), amount: "25" })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/my-giving?done=change");
    expect((await row(gift.id)).amount_cents).toBe(2500);
    const [giftItem] = fakeStripe().subscriptions.get(gift.stripe_subscription_id!)!.items.data;
    expect(giftItem.price.unit_amount).toBe(2500);
    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created", to_cents: 5000 }),
      { kind: "amount_changed", from_cents: 5000, to_cents: 2500, actor: "donor", actor_name: "" },
    ]);
    await deliverAll(fakeStripe().takeEvents());
    expect((await changeMails()).map((mail) => mail.subject)).toEqual(["[Test] Your monthly gift is now $25"]);

    const text = await screenText(myGiving, "/my-giving?done=change", undefined, undefined, { Cookie: cookie });
    expect(text).toContain("Your gift's new amount is taken from its next charge; nothing was charged now.");
    expect(text).toContain("$25.00 every month");
    expect(text).toMatch(/History .*Started by you; at \$50 .*Amount changed by you; from \$50 to \$25/);
  });

  it("refuses a bad amount beside the field, keeping what was typed, and changes nothing", async () => {
    const gift = await giveMonthly();
    const cookie = await signInAs();
    const refused = unwrapData(await asDonor(cookie, { intent: "change", id: String(gift.id), amount: "0.5" }));
    expect(refused).toMatchObject({
      status: 400,
      data: {
        intent: "change",
        field: "amount",
        values: { amount: "0.5" },
        error: expect.stringContaining("minimum donation is $1"),
      },
    });
    const html = await screenHtml(myGiving, `/my-giving?change=${gift.id}`, refused.data, undefined, {
      Cookie: cookie,
    });
    const input = new RegExp(`<input id="new-amount-${gift.id}"[^>]*>`).exec(html)![0];
    expect(input).toContain('value="0.5"');
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain(`id="new-amount-${gift.id}-error" class="field-error">The minimum donation is $1`);
    expect((await row(gift.id)).amount_cents).toBe(5000);
    expect(
      fakeStripe().requests.filter(
        (request) => request.method === "POST" && request.path.startsWith("/v1/subscriptions/"),
      ),
    ).toHaveLength(0);

    // The amount it already has: refused beside the field, before the provider is asked, and nothing is told by mail.
    const same = unwrapData(await asDonor(cookie, { intent: "change", id: String(gift.id), amount: "50" }));
    expect(same).toMatchObject({
      status: 400,
      data: { intent: "change", field: "amount", error: "That is already the amount", values: { amount: "50" } },
    });
    expect(
      await screenText(myGiving, `/my-giving?change=${gift.id}`, same.data, undefined, { Cookie: cookie }),
    ).toContain("That is already the amount");
    expect(
      fakeStripe().requests.filter(
        (request) => request.method === "POST" && request.path.startsWith("/v1/subscriptions/"),
      ),
    ).toHaveLength(0);
    expect(await history(gift.id)).toHaveLength(1);
    expect(await changeMails()).toHaveLength(0);
  });

  it("pauses for two charges, says when it resumes, and resumes early", async () => {
    const gift = await giveMonthly();
    const cookie = await signInAs();
    const pauseForm = await screenText(myGiving, `/my-giving?pause=${gift.id}`, undefined, undefined, {
      Cookie: cookie,
    });
    const resumesWith = formatDate(
      resumingCharge(new Date(gift.next_payment_date!), "month", 2).toISOString(),
      timeZone,
    );
    expect(pauseForm).toContain(`2 charges Resumes with the charge on ${resumesWith}`);

    const done = (await asDonor(cookie, { intent: "pause", id: String(gift.id), charges: "2" })) as Response;
    expect(done.headers.get("Location")).toBe("/my-giving?done=pause");
    expect((await row(gift.id)).resumes_at).not.toBeNull();
    const paused = await screenText(myGiving, "/my-giving?done=pause", undefined, undefined, { Cookie: cookie });
    expect(paused).toContain(`Paused · resumes with the charge on ${resumesWith}`);
    expect(paused).toContain("Resume now");
    // Its pause form, opened again by its address (or Back), is not offered: the gift says it is paused.
    expect(pauseForm).toContain("Pause your gift of");
    const reopened = await screenText(myGiving, `/my-giving?pause=${gift.id}`, undefined, undefined, {
      Cookie: cookie,
    });
    expect(reopened).not.toContain("Pause your gift of");
    expect(reopened).toContain(`Paused · resumes with the charge on ${resumesWith}`);

    const resumed = (await asDonor(cookie, { intent: "resume", id: String(gift.id) })) as Response;
    expect(resumed.headers.get("Location")).toBe("/my-giving?done=resume");
    expect((await row(gift.id)).resumes_at).toBeNull();
    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["paused", "donor"],
      ["resumed", "donor"],
    ]);
    const text = await screenText(myGiving, "/my-giving", undefined, undefined, { Cookie: cookie });
    expect(text).toContain(`Paused by you; resumes with the charge on ${resumesWith}`);
    expect(text).toContain("Resumed by you");

    // A pause asked for with no number of charges: beside the choice.
    const refused = unwrapData(await asDonor(cookie, { intent: "pause", id: String(gift.id), charges: "5" }));
    expect(refused).toMatchObject({
      status: 400,
      data: { field: "charges", error: "Choose to pause for 1, 2 or 3 charges" },
    });
  });

  it("refuses another donor's gift as not theirs, and changes nothing", async () => {
    const theirs = await giveMonthly("omar@example.org");
    await giveMonthly();
    const cookie = await signInAs();
    const forms: Array<Record<string, string>> = [
      { intent: "change", amount: "5" },
      { intent: "pause", charges: "1" },
      { intent: "resume" },
    ];
    for (const form of forms) {
      const refused = unwrapData(await asDonor(cookie, { ...form, id: String(theirs.id) }));
      expect(refused).toMatchObject({ status: 404, data: { error: "That recurring gift is not yours to change." } });
    }
    expect(await row(theirs.id)).toMatchObject({ amount_cents: 5000, resumes_at: null });
    // Nor does the address open a form for it.
    expect((await page(cookie, `/my-giving?change=${theirs.id}&pause=${theirs.id}`)).open).toEqual({
      change: null,
      pause: null,
    });
  });

  it("cancels as before, confirmed by one mail however often the provider's word arrives; an ended gift cannot change (409)", async () => {
    const gift = await giveMonthly();
    const cookie = await signInAs();
    const done = (await asDonor(cookie, { intent: "cancel", id: String(gift.id) })) as Response;
    expect(done.headers.get("Location")).toBe("/my-giving?canceled=1");
    const events = fakeStripe().takeEvents();
    expect(events.map((event) => event.type)).toEqual(["customer.subscription.deleted"]);
    await deliverAll([...events, ...events]);
    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["canceled", "donor"],
    ]);
    const mails = await changeMails();
    expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
      [DONOR, "[Test] Your monthly gift is canceled"],
    ]);
    expect(mails[0]!.text_body).toContain("nothing more will be charged. This change was made by you.");
    expect(mails[0]!.text_body).toContain(
      "Your gifts and their receipts stay in My giving, and you can start a new gift at any time",
    );

    const refused = unwrapData(await asDonor(cookie, { intent: "change", id: String(gift.id), amount: "10" }));
    expect(refused).toMatchObject({
      status: 409,
      data: { error: expect.stringContaining("can no longer be changed") },
    });
    const text = await screenText(myGiving, "/my-giving", refused.data, undefined, { Cookie: cookie });
    expect(text).toContain("This recurring gift has ended");
    expect(text).not.toContain("Change amount");
  });
});

describe("Subscriptions (staff)", () => {
  /** A member of staff acts; Stripe's events about it are delivered at once, as its webhook would. */
  async function asStaff(form: Record<string, string>, path = "/admin/subscriptions") {
    const { admin, context } = await signedInStaff();
    const answer = await callRoute(subscriptionsScreen.action, path, { form, context });
    await deliverAll(fakeStripe().takeEvents());
    return { answer, username: admin.username };
  }

  it("changes, pauses and resumes a gift as staff by name, shows it paused and its history", async () => {
    const gift = await giveMonthly();
    const changed = await asStaff(
      { intent: "change", id: String(gift.id), amount: "80" },
      "/admin/subscriptions?page=1",
    );
    expect((changed.answer as Response).headers.get("Location")).toBe(
      `/admin/subscriptions?page=1&done=change&gift=${gift.id}`,
    );
    expect(await screenText(subscriptionsScreen, `/admin/subscriptions?done=change&gift=${gift.id}`)).toContain(
      "Aisha Khan's gift is now $80 from its next charge",
    );

    const paused = await asStaff({ intent: "pause", id: String(gift.id), charges: "1" });
    expect((paused.answer as Response).status).toBe(303);
    const resumesWith = formatDate(
      resumingCharge(new Date(gift.next_payment_date!), "month", 1).toISOString(),
      timeZone,
    );
    const list = await screenText(subscriptionsScreen, `/admin/subscriptions?done=pause&gift=${gift.id}`);
    expect(list).toContain(
      `Aisha Khan's gift is paused and resumes with the charge on ${resumesWith}; the donor is told by mail.`,
    );
    // Its badge says paused (never active); its next payment is the charge it resumes with.
    expect(list).toContain(
      `Aisha Khan aisha@example.org $80 Zakat Monthly, on the 1st paused Test ${resumesWith} resumes after the pause`,
    );
    expect(list).toContain("Resume now");
    expect(await screenText(subscriptionsScreen, `/admin/subscriptions?pause=${gift.id}`)).not.toContain(
      "Pause Aisha Khan",
    );

    await asStaff({ intent: "resume", id: String(gift.id) });
    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      { kind: "amount_changed", from_cents: 5000, to_cents: 8000, actor: "staff", actor_name: changed.username },
      expect.objectContaining({ kind: "paused", actor: "staff", actor_name: paused.username }),
      expect.objectContaining({ kind: "resumed", actor: "staff" }),
    ]);
    expect(await changeMails()).toHaveLength(3);

    const panel = await screenText(subscriptionsScreen, `/admin/subscriptions?history=${gift.id}`);
    expect(panel).toContain("History of Aisha Khan's $80 monthly gift");
    expect(panel).toMatch(
      new RegExp(`Started by the donor; at \\$50 .*Amount changed by ${changed.username}; from \\$50 to \\$80`),
    );
  });

  it("refuses a bad pause beside its choice and a canceled gift above the list, and cancels with one mail", async () => {
    const gift = await giveMonthly();
    const bad = unwrapData((await asStaff({ intent: "pause", id: String(gift.id), charges: "0" })).answer);
    expect(bad).toMatchObject({ status: 400, data: { field: "charges", values: { charges: "0" } } });
    const form = await screenText(subscriptionsScreen, `/admin/subscriptions?pause=${gift.id}`, bad.data);
    expect(form).toContain("Choose to pause for 1, 2 or 3 charges");

    const canceled = await asStaff({ intent: "cancel", subscription_id: gift.stripe_subscription_id! });
    expect((canceled.answer as Response).status).toBe(302);
    await deliverAll(fakeStripe().takeEvents());
    expect(await history(gift.id)).toEqual([
      expect.objectContaining({ kind: "created" }),
      expect.objectContaining({ kind: "canceled", actor: "staff", actor_name: canceled.username }),
    ]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual(["[Test] Your monthly gift is canceled"]);
    const refused = unwrapData((await asStaff({ intent: "change", id: String(gift.id), amount: "10" })).answer);
    expect(refused).toMatchObject({ status: 409 });
    expect(await screenText(subscriptionsScreen, "/admin/subscriptions", refused.data)).toContain(
      "it can no longer be changed",
    );
  });
});

describe("at the provider", () => {
  it("keeps a new card as 'card updated' by the provider, once under a repeated event, with one mail", async () => {
    const gift = await giveMonthly();
    expect(gift.default_payment_method).toMatch(/^pm_/);
    const events = fakeStripe().updateAtProvider(gift.stripe_subscription_id!, {
      default_payment_method: "pm_new_card",
    });
    await deliverAll([...events, ...events]);
    expect((await row(gift.id)).default_payment_method).toBe("pm_new_card");
    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["card_updated", "provider"],
    ]);
    expect((await changeMails()).map((mail) => mail.subject)).toEqual([
      "[Test] The card for your monthly gift is updated",
    ]);

    const cookie = await signInAs();
    expect(await screenText(myGiving, "/my-giving", undefined, undefined, { Cookie: cookie })).toContain(
      "Card updated at the card payment provider",
    );
  });

  it("ends a gift the provider canceled with one mail, said to be the provider's doing", async () => {
    const gift = await giveMonthly();
    const subscription = fakeStripe().subscriptions.get(gift.stripe_subscription_id!)!;
    const ended = { ...subscription, status: "canceled", canceled_at: Math.floor(Date.now() / 1000) };
    const event = {
      id: "evt_ended_at_provider",
      object: "event",
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000) + 5,
      livemode: false,
      data: { object: ended },
    };
    await deliverAll([event, event] as never);
    expect((await history(gift.id)).map((line) => [line.kind, line.actor])).toEqual([
      ["created", "donor"],
      ["canceled", "provider"],
    ]);
    const mails = await changeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("at the card payment provider");
  });
});
