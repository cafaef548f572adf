import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import { getEnv, resetEnvCache } from "~/lib/env.server";
import * as donate from "~/giving/donate/routes/donate";
import * as receiptPage from "~/giving/receipts/routes/receipt";
import * as syncApi from "~/giving/provider/routes/api-sync-provider";
import * as donationsApi from "~/giving/gifts/routes/api-donations";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callApi, callRoute } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";

/**
 * A receipt for every gift, exactly once however often the provider's events arrive:
 * one-time, each recurring charge, synced, and offline gifts with an email.
 */
const fakeStripe = useFakeStripe();
const DONOR = { name: "Aisha Khan", email: "aisha@example.org" };

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
});

async function donateWithForm(fields: Record<string, string>): Promise<string> {
  const response = (await callRoute(donate.action, "/donate", {
    form: { ...DONOR, purpose: "Zakat", ...fields },
  })) as Response;
  expect(response.status).toBe(303);
  return response.headers.get("Location")!.split("/").pop()!;
}

const receipts = () =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", "receipt").orderBy("id").execute();

async function openReceipt(url: string) {
  const token = new URL(url).pathname.split("/").pop()!;
  return callRoute(receiptPage.loader, `/receipts/${token}`, { params: { token } }) as Promise<
    Awaited<ReturnType<typeof receiptPage.loader>>
  >;
}

describe("receipts", () => {
  it("one per gift, however often the provider repeats its events, with everything a tax return needs", async () => {
    const sessionId = await donateWithForm({ amount: "50", frequency: "One-Time" });
    const events = fakeStripe().pay(sessionId);
    await deliverAll(events);
    await deliverAll(events);
    await deliverAll(events);

    const [gift] = await donationRows();
    const sent = await receipts();
    expect(sent).toHaveLength(1);
    const receipt = sent[0]!;
    // The year where the foundation is (SITE_TIMEZONE, as the server reads it), not UTC's.
    const year = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: getEnv().SITE_TIMEZONE }).format(
      new Date(gift!.donated_at),
    );
    const number = `R-${year}-${String(gift!.id).padStart(6, "0")}`;
    expect(receipt).toMatchObject({
      to_address: "aisha@example.org",
      status: "kept",
      dedupe_key: `receipt-${gift!.id}`,
    });
    expect(receipt.subject).toBe(`[Test] Your receipt ${number}: $50.00 to Al-Amanah Foundation`);
    // The day where the foundation is, in both calendars: a donor keeps the year of their Zakat by the Hijri one.
    const day = todayIn(getEnv().SITE_TIMEZONE, new Date(gift!.donated_at));
    for (const line of [
      `Receipt number: ${number}`,
      `Hijri date: ${formatHijri(day)}`,
      "Amount: $50.00 USD",
      "Purpose: Zakat",
      "Frequency: One-Time",
      "Your Zakat is kept apart and given only to those eligible to receive it.",
      "No goods or services were provided in exchange for this contribution.",
      "Tax ID: 00-0000000",
    ]) {
      expect(receipt.text_body).toContain(line);
    }
    const link = /View and print your receipt: (\S+)/.exec(receipt.text_body)![1]!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/receipts\/[A-Za-z0-9_-]{22}$/);
    expect(receipt.html_body).toContain(link);

    const page = await openReceipt(link);
    expect(page.gift).toMatchObject({ id: gift!.id, amount_cents: 5000, purpose: "Zakat", is_test: true });
    expect(page.organisation).toMatchObject({
      legalName: "Al-Amanah Foundation",
      taxId: "00-0000000",
      address: expect.stringContaining("Charity Lane"),
    });
    const token = new URL(link).pathname.split("/").pop()!;
    expect(await screenText(receiptPage as never, `/receipts/${token}`, undefined, { token })).toContain(
      `Hijri date ${formatHijri(day)} Amount $50.00 USD`,
    );
  });

  it("names the foundation as ORG_* set it, in the receipt, the mail's footer and its sender", async () => {
    const settings = {
      ORG_LEGAL_NAME: "Nur Relief Trust",
      ORG_TAX_ID: "12-3456789",
      ORG_ADDRESS: "7 Mosque Road, Leeds LS1 1AA",
      ORG_EMAIL: "giving@nur.example",
    };
    Object.assign(process.env, settings);
    resetEnvCache();
    try {
      const sessionId = await donateWithForm({ amount: "20", frequency: "One-Time", purpose: "Emergency Relief" });
      await deliverAll(fakeStripe().pay(sessionId));
      const [receipt] = await receipts();
      expect(receipt!.subject).toMatch(/to Nur Relief Trust$/);
      expect(receipt!.text_body).toContain("Nur Relief Trust\n7 Mosque Road, Leeds LS1 1AA\nTax ID: 12-3456789");
      expect(receipt!.text_body).toMatch(/--\nNur Relief Trust\n7 Mosque Road, Leeds LS1 1AA\ngiving@nur.example$/);
      expect(receipt!.html_body).toContain("giving@nur.example");
      for (const body of [receipt!.text_body, receipt!.html_body]) {
        expect(body).not.toContain("Al-Amanah");
        expect(body).not.toContain("Charity Lane");
        expect(body).not.toContain("info@example.org");
      }
    } finally {
      for (const name of Object.keys(settings)) delete process.env[name];
      resetEnvCache();
    }
  });

  it("one for each charge of a monthly gift, repeated renewals included", async () => {
    const sessionId = await donateWithForm({ amount: "25", frequency: "Monthly", purpose: "Orphan Care" });
    await deliverAll(fakeStripe().pay(sessionId));
    const subscriptionId = fakeStripe().sessions.get(sessionId)!.subscription as string;
    const renewal = fakeStripe().renew(subscriptionId);
    await deliverAll(renewal);
    await deliverAll(renewal);

    expect(await donationRows()).toHaveLength(2);
    const sent = await receipts();
    expect(sent).toHaveLength(2);
    for (const receipt of sent) {
      expect(receipt.text_body).toContain("Frequency: Monthly");
      expect(receipt.text_body).toContain("Purpose: Orphan Care");
      expect(receipt.text_body).not.toContain("Your Zakat is kept apart");
    }
  });

  it("one for a gift Sync recovers, and none again on the next Sync", async () => {
    const { auth } = await createTestAdmin();
    const missed = await donateWithForm({ amount: "20" });
    fakeStripe().pay(missed);
    expect(
      (await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth })).body,
    ).toEqual({ synced: 1 });
    expect(await receipts()).toHaveLength(1);
    expect(
      (await callApi(syncApi.action, "/api/donations/sync-stripe-data", { method: "POST", headers: auth })).body,
    ).toEqual({ synced: 0 });
    expect(await receipts()).toHaveLength(1);
  });

  it("one for an offline gift with an email; a receipt page but no mail for one without", async () => {
    const { auth } = await createTestAdmin();
    const withEmail = await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "Omar Farooq", email: "omar@example.org", amount: 120, payment_method: "cash" },
      headers: auth,
    });
    expect(withEmail.status).toBe(201);
    await callApi(donationsApi.action, "/api/donations/", {
      body: { name: "Anonymous at the mosque", amount: 40, payment_method: "cash" },
      headers: auth,
    });
    const sent = await receipts();
    expect(sent.map((receipt) => receipt.to_address)).toEqual(["omar@example.org"]);
    expect(sent[0]!.text_body).toContain("Amount: $120.00 USD");
    expect(sent[0]!.subject).not.toContain("[Test]");
    const tokens = await getDb().selectFrom("donations").select("receipt_token").execute();
    expect(tokens).toHaveLength(2);
    expect(tokens.every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.receipt_token ?? ""))).toBe(true);
  });

  it("answers 404 for a token that names no gift", async () => {
    for (const token of ["not-a-receipt", "x".repeat(200)]) {
      const answer = await callRoute(receiptPage.loader, `/receipts/${token}`, { params: { token } });
      expect(answer).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
    }
  });
});
