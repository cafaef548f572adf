import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiptLines } from "~/giving/receipts/rules/receipts";
import { todayIn } from "~/shared/dates";
import { addDays, hijriYearOf } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import * as donate from "~/giving/donate/routes/donate";
import * as obligations from "~/giving/quick-pay/routes/obligations";
import * as receiptPage from "~/giving/receipts/routes/receipt";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as donationSuccess from "~/giving/donate/routes/donation-success";
import * as zakatCalculator from "~/giving/zakat-calculator/routes/zakat-calculator";
import * as zakatEducation from "~/content/homepage/routes/zakat-education";
import * as donationsScreen from "~/giving/gifts/routes/admin-donations";
import * as donationsApi from "~/giving/gifts/routes/api-donations";
import * as createPaymentSession from "~/giving/donate/routes/api-donation-checkout";
import * as createSubscription from "~/giving/donate/routes/api-donation-subscription-checkout";
import * as calculateZakatApi from "~/giving/zakat-calculator/routes/api-calculate-zakat";
import { givingStatement } from "~/donors/my-giving/server/my-giving.server";
import { addFund, changeFund } from "~/funds/funds/server/funds.server";
import { currentRates, recordRate } from "~/funds/rates/server/rates.server";
import { saveZakatPolicy } from "~/funds/zakat-policy/server/zakat-policy.server";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callApi, callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { signedInStaff } from "../../../../tests/support/builders";

/**
 * Gifts land in their funds: the donate form's purposes are the open funds, quick pay
 * works its amounts out from the rates register, late Zakat al-Fitr becomes Sadaqa, and
 * test money never counts in a fund. Sandbox mode (no keys), a real SQLite file.
 */
type DonateData = Exclude<Awaited<ReturnType<typeof donate.loader>>, Response>;
type ObligationsData = Awaited<ReturnType<typeof obligations.loader>>;

const DONOR = { name: "Maryam Yusuf", email: "maryam@example.org" };
const TODAY = () => todayIn("UTC");

beforeEach(clearGiving);
afterEach(async () => {
  await getDb().deleteFrom("eid_dates").execute();
});

function fund(slug: string) {
  return getDb().selectFrom("funds").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
}

async function fundOfGift(fundId: number): Promise<string> {
  return (await getDb().selectFrom("funds").select("slug").where("id", "=", fundId).executeTakeFirstOrThrow()).slug;
}

/** Posts the donate form; returns the sandbox session it opened. */
async function startAtDonate(fields: Record<string, string>, path = "/donate"): Promise<string> {
  const response = (await callRoute(donate.action, path, { form: { ...DONOR, ...fields } })) as Response;
  expect(response.status).toBe(303);
  return response.headers.get("Location")!.split("/").pop()!;
}

async function pay(sessionId: string): Promise<void> {
  const response = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent: "pay" },
    params: { sessionId },
  })) as Response;
  expect(response.status).toBe(303);
}

function sandboxSession(sessionId: string) {
  return callRoute(sandboxCheckout.loader, `/sandbox/checkout/${sessionId}`, { params: { sessionId } }) as Promise<
    Awaited<ReturnType<typeof sandboxCheckout.loader>>
  >;
}

async function donatePage(query: string): Promise<DonateData> {
  const answer = await callRoute(donate.loader, `/donate${query}`);
  expect(answer).not.toBeInstanceOf(Response);
  return answer as DonateData;
}

async function setEidTo(day: string): Promise<void> {
  await getDb()
    .insertInto("eid_dates")
    .values({ hijri_year: hijriYearOf(TODAY()), eid_al_fitr_on: day, set_by: "test", set_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("hijri_year").doUpdateSet({ eid_al_fitr_on: day }))
    .execute();
}

async function fitrCents(): Promise<number> {
  return Math.round((await currentRates()).fitr_per_person.amount * 100);
}

describe("gifts land in their funds", () => {
  it("a sandbox gift for Zakat lands in Zakat al-Mal, marked as a test, and never counts in the fund", async () => {
    const before = await fund("zakat-al-mal");
    await pay(await startAtDonate({ amount: "80", purpose: "Zakat" }));
    const [gift] = await donationRows();
    expect(gift).toMatchObject({ purpose: "Zakat", is_test: 1, amount_cents: 8000, designation: "" });
    expect(await fundOfGift(gift!.fund_id)).toBe("zakat-al-mal");
    const after = await fund("zakat-al-mal");
    expect([after.received_cents, after.gift_count]).toEqual([before.received_cents, before.gift_count]);
  });

  it("an offline gift for Orphan Care raises that fund's money in, and the API names its fund", async () => {
    const { context, auth } = await signedInStaff();
    const before = await fund("orphan-care");
    const saved = (await callRoute(donationsScreen.action, "/admin/donations", {
      form: {
        intent: "record",
        name: "Friday collection",
        amount: "250.50",
        purpose: "Orphan Care",
        payment_method: "cash",
      },
      context,
    })) as Response;
    expect(saved.status).toBe(302);
    const after = await fund("orphan-care");
    expect(after.received_cents - before.received_cents).toBe(25_050);
    expect(after.gift_count - before.gift_count).toBe(1);

    const api = await callApi(donationsApi.loader, "/api/donations/", { headers: auth });
    expect(api.body[0]).toMatchObject({ purpose: "Orphan Care", fund: "Orphan Care", designation: "", amount: 250.5 });
    const screen = (await callRoute(donationsScreen.loader, "/admin/donations")) as Awaited<
      ReturnType<typeof donationsScreen.loader>
    >;
    expect(screen.donations[0]).toMatchObject({ fund: "Orphan Care" });
  });

  it("offline gifts and API clients may give to every open fund, the obligations' included", async () => {
    const { auth } = await signedInStaff();
    const screen = (await callRoute(donationsScreen.loader, "/admin/donations?record=1")) as Awaited<
      ReturnType<typeof donationsScreen.loader>
    >;
    expect(screen.purposes.map((option) => option.value)).toEqual(
      expect.arrayContaining(["General Donation", "Zakat", "Zakat al-Fitr", "Fidya", "Kaffarah", "Orphan Care"]),
    );
    expect(screen.purposes).toContainEqual({ value: "Zakat", label: "Zakat (Zakat al-Mal)" });

    const fidya = await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "Hajja Fatima", amount: 360, purpose: "fidya" },
      headers: auth,
    });
    expect(fidya).toMatchObject({ status: 201, body: { purpose: "Fidya", fund: "Fidya" } });
    const api = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 60, purpose: "Zakat al-Fitr", frequency: "One-Time" },
    });
    expect(api.status).toBe(200);
    expect((await sandboxSession(api.body.id)).purpose).toBe("Zakat al-Fitr");
    await pay(api.body.id);
    const fitr = (await donationRows()).find((gift) => gift.stripe_checkout_session_id === api.body.id)!;
    expect(await fundOfGift(fitr.fund_id)).toBe("zakat-al-fitr");
  });

  it("a fund staff add is on the donate form and takes gifts; once archived it leaves the form and is refused everywhere", async () => {
    const { context, auth } = await signedInStaff();
    const winter = await addFund({ name: "Winter Appeal", description: "Blankets and heating" });
    const open = await donatePage("");
    expect(open.purposes).toEqual([
      "General Donation",
      "Zakat",
      "Emergency Relief",
      "Orphan Care",
      "Food & Water Aid",
      "Education",
      "Healthcare",
      "Winter Appeal",
    ]);
    expect((await donatePage("?purpose=winter%20appeal&amount=40")).initial).toMatchObject({
      purpose: "Winter Appeal",
      amount: "40",
    });

    // A checkout started while the fund was open and paid after it closed: still the fund the donor chose.
    const started = await startAtDonate({ amount: "40", purpose: "Winter Appeal" });
    await changeFund(winter.id, { archived: true });
    await pay(started);
    const [gift] = await donationRows();
    expect(gift).toMatchObject({ purpose: "Winter Appeal", designation: "" });
    expect(gift!.fund_id).toBe(winter.id);

    expect((await donatePage("")).purposes).not.toContain("Winter Appeal");
    const refusal = ["Please choose one of the listed purposes"];
    const form = unwrapData(
      await callRoute(donate.action, "/donate", { form: { ...DONOR, amount: "40", purpose: "Winter Appeal" } }),
    );
    expect(form.status).toBe(400);
    expect((form.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({ purpose: refusal });
    const oneTime = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 40, purpose: "Winter Appeal" },
    });
    expect(oneTime).toMatchObject({ status: 422, body: { errors: { purpose: refusal } } });
    const monthly = await callApi(createSubscription.action, "/api/donations/create-subscription", {
      body: { ...DONOR, amount: 40, purpose: "Winter Appeal", interval: "month" },
    });
    expect(monthly).toMatchObject({ status: 422, body: { errors: { purpose: refusal } } });
    const offline = unwrapData(
      await callRoute(donationsScreen.action, "/admin/donations", {
        form: { intent: "record", name: "Cash box", amount: "5", purpose: "Winter Appeal" },
        context,
      }),
    );
    expect(offline.status).toBe(400);
    const offlineApi = await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "Cash box", amount: 5, purpose: "Winter Appeal" },
      headers: auth,
    });
    expect(offlineApi).toMatchObject({ status: 422, body: { errors: { purpose: refusal } } });
    const made = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 40, purpose: "Rockets" },
    });
    expect(made.status).toBe(422);
    // An empty purpose is still a general donation.
    const general = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
      body: { ...DONOR, amount: 40, purpose: "" },
    });
    expect(general.status).toBe(200);
    expect(await donationRows()).toHaveLength(1);
  });
});

describe("a donor's statement", () => {
  it("counts both Zakat funds as Zakat, and lists what each gift was for", async () => {
    const { auth } = await signedInStaff();
    const day = TODAY();
    for (const [purpose, amount] of [
      ["Zakat", 100],
      ["Zakat al-Fitr", 48],
      ["Orphan Care", 30],
    ] as const) {
      const answer = await callApi(donationsApi.action, "/api/donations/", {
        body: { name: "Bilal", email: "bilal@example.org", amount, purpose, donated_at: day },
        headers: auth,
      });
      expect(answer.status).toBe(201);
    }
    const statement = await givingStatement("bilal@example.org", Number(day.slice(0, 4)));
    expect(statement).toMatchObject({ total_cents: 17_800, zakat_cents: 14_800 });
    expect(statement!.gifts.map((gift) => [gift.fund, gift.is_zakat])).toEqual([
      ["Zakat al-Mal", true],
      ["Zakat al-Fitr", true],
      ["Orphan Care", false],
    ]);
  });
});

describe("quick pay", () => {
  it("leads from its forms to the donate page, and sends an incomplete request back with what is missing", async () => {
    const page = (await callRoute(obligations.loader, "/obligations")) as ObligationsData;
    expect(page.fitr).toMatchObject({
      cents: await fitrCents(),
      effective_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(page.fitr.authority).not.toBe("");
    expect(page.eid).toMatchObject({ passed: false, confirmed: false });

    const next = (await callRoute(obligations.loader, "/obligations?obligation=fitr&people=5")) as Response;
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toBe("/donate?obligation=fitr&people=5");
    const kaffarah = (await callRoute(
      obligations.loader,
      "/obligations?obligation=kaffarah&reason=oath&count=2",
    )) as Response;
    expect(kaffarah.headers.get("Location")).toBe("/donate?obligation=kaffarah&reason=oath&count=2");

    const missing = (await callRoute(obligations.loader, "/obligations?obligation=fidya&days=0")) as ObligationsData;
    expect(missing.asked).toEqual({
      obligation: "fidya",
      values: { obligation: "fidya", days: "0" },
      errors: { days: ["Please enter a whole number of days from 1 to 360"] },
    });
    const back = (await callRoute(donate.loader, "/donate?obligation=fitr&people=many")) as Response;
    expect(back.headers.get("Location")).toBe("/obligations?obligation=fitr&people=many");
  });

  it("marks the starting rates as to be confirmed, until staff set their own", async () => {
    const page = (await callRoute(obligations.loader, "/obligations")) as ObligationsData;
    expect([page.fitr.to_confirm, page.fidya.to_confirm, page.kaffarah.to_confirm]).toEqual([true, true, true]);
    const html = await screenHtml(obligations as never, "/obligations");
    expect(html.match(/>to be confirmed<\/span>/g)).toHaveLength(3);
    expect(await screenText(obligations as never, "/obligations")).toContain(
      "A starting rate the site came with, which our staff have yet to confirm.",
    );
  });

  it("takes the donor back from the donate page to the request's own form, filled in, to change it", async () => {
    const fitr = await donatePage("?obligation=fitr&people=5");
    expect(fitr.quickPay?.changeTo).toBe("/obligations?obligation=fitr&people=5&change=1#fitr-title");
    expect((await donatePage("?obligation=kaffarah&reason=oath&count=2")).quickPay?.changeTo).toBe(
      "/obligations?obligation=kaffarah&reason=oath&count=2&change=1#kaffarah-title",
    );

    // The complete request stays on quick pay this time, in its form, with nothing marked missing.
    const back = (await callRoute(
      obligations.loader,
      "/obligations?obligation=fitr&people=5&change=1",
    )) as ObligationsData;
    expect(back.asked).toEqual({ obligation: "fitr", values: { obligation: "fitr", people: "5" }, errors: {} });
    const html = await screenHtml(
      obligations as never,
      "/obligations?obligation=kaffarah&reason=oath&count=2&change=1",
    );
    expect(html).toMatch(/<input[^>]*id="kaffarah-count"[^>]*value="2"/);
    expect(html).toMatch(/<input type="radio"[^>]*name="reason" checked="" value="oath"\/>/);
    expect(html).not.toContain('role="alert"');
    // Sent again from the form (which carries no `change`), it goes on to the donate page.
    const sent = (await callRoute(
      obligations.loader,
      "/obligations?obligation=kaffarah&reason=oath&count=3",
    )) as Response;
    expect(sent.headers.get("Location")).toBe("/donate?obligation=kaffarah&reason=oath&count=3");
  });

  it("works each amount out from the rates register, and follows a new rate", async () => {
    const { admin } = await signedInStaff();
    const fitr = await fitrCents();
    expect((await donatePage("?obligation=fitr&people=5")).quickPay).toMatchObject({
      designation: "Zakat al-Fitr for 5 people",
      amountCents: 5 * fitr,
      fund: "Zakat al-Fitr",
      late: false,
    });
    await recordRate(
      { rate_key: "fitr_per_person", amount: 15, effective_on: TODAY(), authority: "The foundation's scholars" },
      admin.username,
    );
    await recordRate(
      { rate_key: "fidya_per_day", amount: 9.5, effective_on: TODAY(), authority: "The foundation's scholars" },
      admin.username,
    );
    await recordRate(
      { rate_key: "kaffarah_per_person", amount: 8, effective_on: TODAY(), authority: "The foundation's scholars" },
      admin.username,
    );
    // A rate dated tomorrow waits for its day.
    await recordRate(
      {
        rate_key: "fitr_per_person",
        amount: 99,
        effective_on: addDays(TODAY(), 1),
        authority: "The foundation's scholars",
      },
      admin.username,
    );

    expect((await donatePage("?obligation=fitr&people=5")).quickPay).toMatchObject({
      designation: "Zakat al-Fitr for 5 people",
      amountCents: 7500,
    });
    expect((await donatePage("?obligation=fitr&people=1")).quickPay).toMatchObject({
      designation: "Zakat al-Fitr for 1 person",
      amountCents: 1500,
    });
    expect((await donatePage("?obligation=fidya&days=30")).quickPay).toMatchObject({
      designation: "Fidya for 30 days",
      amountCents: 28_500,
      fund: "Fidya",
    });
    expect((await donatePage("?obligation=kaffarah&reason=fast&count=2")).quickPay).toMatchObject({
      designation: "Kaffarah for 2 broken fasts (120 people fed)",
      amountCents: 120 * 800,
      fund: "Kaffarah",
    });
    expect((await donatePage("?obligation=kaffarah&reason=oath&count=1")).quickPay).toMatchObject({
      designation: "Kaffarah for 1 broken oath (10 people fed)",
      amountCents: 8000,
    });

    // The foundation's view that one Kaffarah covers several fasts.
    await saveZakatPolicy({ body: "Our policy.", kaffarah_per_fast: "false" }, admin.username);
    expect((await callRoute(obligations.loader, "/obligations")) as ObligationsData).toMatchObject({
      kaffarahPerFast: false,
    });
    expect((await donatePage("?obligation=kaffarah&reason=fast&count=2")).quickPay).toMatchObject({
      designation: "Kaffarah for 2 broken fasts (60 people fed)",
      amountCents: 60 * 800,
    });
    await saveZakatPolicy({ body: "Our policy.", kaffarah_per_fast: "true" }, admin.username);
  });

  it("ignores a posted amount: the gift is worked out again, lands in its fund, and its receipt says what it was for", async () => {
    const fitr = await fitrCents();
    const sessionId = await startAtDonate({
      obligation: "fitr",
      people: "5",
      amount: "1",
      purpose: "Healthcare",
      frequency: "Monthly",
    });
    const session = await sandboxSession(sessionId);
    expect(session).toMatchObject({
      amountCents: 5 * fitr,
      purpose: "Zakat al-Fitr",
      designation: "Zakat al-Fitr for 5 people",
      frequency: "One-Time",
    });
    await pay(sessionId);
    const [gift] = await donationRows();
    expect(gift).toMatchObject({
      amount_cents: 5 * fitr,
      purpose: "Zakat al-Fitr",
      designation: "Zakat al-Fitr for 5 people",
      frequency: "One-Time",
      is_test: 1,
    });
    expect(await fundOfGift(gift!.fund_id)).toBe("zakat-al-fitr");

    const thanks = await callRoute(donationSuccess.loader, `/donation-success?session_id=${sessionId}`);
    expect(thanks).toMatchObject({
      status: "paid",
      gift: { purpose: "Zakat al-Fitr", designation: "Zakat al-Fitr for 5 people" },
    });

    const receipt = (await callRoute(receiptPage.loader, `/receipts/${gift!.receipt_token}`, {
      params: { token: gift!.receipt_token! },
    })) as Awaited<ReturnType<typeof receiptPage.loader>>;
    expect(receipt.gift).toMatchObject({
      fund: "Zakat al-Fitr",
      designation: "Zakat al-Fitr for 5 people",
      is_zakat: true,
    });
    expect(receiptLines(receipt.gift, "UTC")).toEqual(
      expect.arrayContaining([
        ["Fund", "Zakat al-Fitr"],
        ["Given for", "Zakat al-Fitr for 5 people"],
      ]),
    );
    const mail = await getDb()
      .selectFrom("outbound_mail")
      .select("text_body")
      .where("dedupe_key", "=", `receipt-${gift!.id}`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Given for: Zakat al-Fitr for 5 people");
    expect(mail.text_body).toContain("Your Zakat is kept apart and given only to those eligible to receive it.");
  });

  it("a canceled quick-pay checkout comes back to the same request, never an amount", async () => {
    const sessionId = await startAtDonate({ obligation: "kaffarah", reason: "oath", count: "3" });
    const response = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "cancel" },
      params: { sessionId },
    })) as Response;
    const back = new URL(response.headers.get("Location")!);
    expect(`${back.pathname}${back.search}`).toBe("/donate?obligation=kaffarah&reason=oath&count=3&checkout=canceled");
    expect(await donatePage(back.search)).toMatchObject({
      checkoutCanceled: true,
      quickPay: { designation: "Kaffarah for 3 broken oaths (30 people fed)" },
    });
  });

  it("refuses a quick-pay amount beyond what a card gift may be, whatever the rates say", async () => {
    const { admin } = await signedInStaff();
    await recordRate(
      {
        rate_key: "kaffarah_per_person",
        amount: 999_999,
        effective_on: TODAY(),
        authority: "A rate typed far too high",
      },
      admin.username,
    );
    const refused = unwrapData(
      await callRoute(donate.action, "/donate", {
        form: { ...DONOR, obligation: "kaffarah", reason: "fast", count: "3" },
      }),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      count: ["For gifts of a million dollars or more, please contact us"],
    });
    expect(await donationRows()).toHaveLength(0);
  });

  it("refuses a tampered request with its reason, and asks for the donor", async () => {
    const tampered = unwrapData(
      await callRoute(donate.action, "/donate", { form: { ...DONOR, obligation: "fitr", people: "500" } }),
    );
    expect(tampered.status).toBe(400);
    expect((tampered.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      people: ["Please enter a whole number of people from 1 to 50"],
    });
    const nameless = unwrapData(
      await callRoute(donate.action, "/donate", { form: { obligation: "fidya", days: "3", name: "", email: "x" } }),
    );
    expect((nameless.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      name: ["Please enter your full name"],
      email: ["Please enter a valid email address"],
    });
    expect(await donationRows()).toHaveLength(0);
  });
});

describe("Zakat al-Fitr after the Eid prayer", () => {
  it("is said plainly on quick pay and the donate page, and recorded under general Sadaqa", async () => {
    const fitr = await fitrCents();
    const eid = addDays(TODAY(), -3);
    await setEidTo(eid);
    const page = (await callRoute(obligations.loader, "/obligations")) as ObligationsData;
    expect(page.eid).toMatchObject({ date: eid, passed: true, confirmed: true });
    expect((await donatePage("?obligation=fitr&people=5")).quickPay).toMatchObject({
      designation: "Zakat al-Fitr for 5 people, given after Eid as Sadaqa",
      amountCents: 5 * fitr,
      fund: "Sadaqa",
      late: true,
      eidOn: eid,
    });

    await pay(await startAtDonate({ obligation: "fitr", people: "5" }));
    const [gift] = await donationRows();
    expect(gift).toMatchObject({
      purpose: "General Donation",
      designation: "Zakat al-Fitr for 5 people, given after Eid as Sadaqa",
      amount_cents: 5 * fitr,
    });
    expect(await fundOfGift(gift!.fund_id)).toBe("sadaqa");
  });

  it("is judged when the money arrives: a checkout started before Eid and paid after it becomes Sadaqa", async () => {
    const sessionId = await startAtDonate({ obligation: "fitr", people: "3" });
    expect(await sandboxSession(sessionId)).toMatchObject({
      purpose: "Zakat al-Fitr",
      designation: "Zakat al-Fitr for 3 people",
    });
    await setEidTo(TODAY());
    await pay(sessionId);
    const [gift] = await donationRows();
    expect(gift).toMatchObject({
      purpose: "General Donation",
      designation: "Zakat al-Fitr for 3 people, given after Eid as Sadaqa",
    });
    expect(await fundOfGift(gift!.fund_id)).toBe("sadaqa");
    const receipt = (await callRoute(receiptPage.loader, `/receipts/${gift!.receipt_token}`, {
      params: { token: gift!.receipt_token! },
    })) as Awaited<ReturnType<typeof receiptPage.loader>>;
    expect(receipt.gift).toMatchObject({
      fund: "Sadaqa",
      is_zakat: false,
      designation: "Zakat al-Fitr for 3 people, given after Eid as Sadaqa",
    });
  });

  it("applies to an offline gift by the day it was received", async () => {
    const { context } = await signedInStaff();
    await setEidTo(addDays(TODAY(), -10));
    for (const day of [addDays(TODAY(), -11), addDays(TODAY(), -10)]) {
      const saved = (await callRoute(donationsScreen.action, "/admin/donations", {
        form: { intent: "record", name: "Masjid Fitr box", amount: "120", purpose: "Zakat al-Fitr", donated_at: day },
        context,
      })) as Response;
      expect(saved.status).toBe(302);
    }
    const [before, after] = await donationRows();
    expect(before).toMatchObject({ purpose: "Zakat al-Fitr", designation: "" });
    expect(after).toMatchObject({
      purpose: "General Donation",
      designation: "Zakat al-Fitr, given after Eid as Sadaqa",
    });
  });
});

describe("the calculator's prices", () => {
  it("come from the rates register, stated with their date, and a donor's own still win", async () => {
    const { admin } = await signedInStaff();
    const starting = unwrapData(await callRoute(zakatCalculator.loader, "/zakat-calculator")).data as Awaited<
      ReturnType<typeof zakatCalculator.loader>
    >["data"];
    expect(starting.prices).toMatchObject({
      gold_price_per_gram: 65,
      silver_price_per_gram: 0.85,
      gold_as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      gold_to_confirm: true,
      silver_to_confirm: true,
    });
    // The starting prices say they are not yet the foundation's own, as /transparency does.
    const calculatorText = await screenText(zakatCalculator as never, "/zakat-calculator");
    expect(calculatorText).toMatch(
      /gold \$65 a gram as of .+? AH\) to be confirmed , silver \$0\.85 a gram as of .+? AH\) to be confirmed \./,
    );
    expect(calculatorText).toContain(
      "A price marked to be confirmed is a starting figure our staff have yet to confirm.",
    );
    const educationText = await screenText(zakatEducation as never, "/zakat-education");
    expect(educationText).toMatch(/per gram to be confirmed Silver nisab/);
    expect(educationText).toContain("Both are starting figures the site came with, to be confirmed by our staff.");

    await recordRate(
      { rate_key: "gold_per_gram", amount: 100, effective_on: TODAY(), authority: "Bullion desk" },
      admin.username,
    );
    await recordRate(
      { rate_key: "silver_per_gram", amount: 1.5, effective_on: TODAY(), authority: "Bullion desk" },
      admin.username,
    );
    const now = unwrapData(await callRoute(zakatCalculator.loader, "/zakat-calculator")).data as Awaited<
      ReturnType<typeof zakatCalculator.loader>
    >["data"];
    expect(now.prices).toEqual({
      gold_price_per_gram: 100,
      silver_price_per_gram: 1.5,
      gold_as_of: TODAY(),
      silver_as_of: TODAY(),
      gold_to_confirm: false,
      silver_to_confirm: false,
    });
    expect(await screenText(zakatCalculator as never, "/zakat-calculator")).not.toContain("to be confirmed");
    expect(await screenText(zakatEducation as never, "/zakat-education")).not.toContain("to be confirmed");

    const api = await callApi(calculateZakatApi.action, "/api/donations/calculate-zakat", {
      body: { cash: 100, gold_weight: 10 },
    });
    expect(api.body).toMatchObject({ gold: 25, nisab: { basis: "silver", threshold: 918.54 } });
    const own = await callApi(calculateZakatApi.action, "/api/donations/calculate-zakat", {
      body: { cash: 1000, gold_weight: 10, gold_price_per_gram: 65 },
    });
    expect(own.body.gold).toBe(16.25);
  });
});
