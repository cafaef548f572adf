import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeSmtpSender, smtpSender } from "~/lib/mail-transport.server";
import * as donate from "~/giving/donate/routes/donate";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import * as sandboxBilling from "~/giving/provider/routes/sandbox-billing";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as updateCard from "~/giving/recurring/routes/update-card";
import { deliverDueMail } from "~/mail/queue/server/mail-delivery.server";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { startTestMailServer, type TestMailServer } from "../../../../tests/support/smtp";
import { signedInStaff } from "../../../../tests/support/builders";

/**
 * The pages a failed charge's mail leads to, as a donor and whoever else reads them: the
 * card link is the mail's key, so the delivered mail's stored copy no longer holds it; the
 * pages are never kept by a browser; pressing on them is limited; and a sandbox billing page
 * that expired while open says so.
 */
let smtp: TestMailServer;
let visitor = 0;

beforeAll(async () => {
  smtp = await startTestMailServer();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "giving@charity.example",
    PUBLIC_URL: "http://localhost:3000",
  });
  resetEnvCache();
  closeSmtpSender();
});
afterAll(async () => {
  Object.assign(process.env, { SMTP_URL: "", MAIL_FROM: "", PUBLIC_URL: "" });
  resetEnvCache();
  closeSmtpSender();
  await smtp.close();
});
beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
  smtp.received.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A monthly gift in the sandbox whose charge staff declined: the failed charge's mail is queued. */
async function failedMonthlyGift() {
  const started = (await callRoute(donate.action, "/donate", {
    form: { name: "Maryam Yusuf", email: "maryam@example.org", purpose: "Zakat", amount: "50", frequency: "Monthly" },
  })) as Response;
  const sessionId = started.headers.get("Location")!.split("/").pop()!;
  await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent: "pay" },
    params: { sessionId },
  });
  const gift = await getDb().selectFrom("subscriptions").select("id").executeTakeFirstOrThrow();
  const { context } = await signedInStaff();
  const simulated = unwrapData(
    await callRoute(subscriptionsScreen.action, "/admin/subscriptions", {
      form: { intent: "simulate-failed-charge", subscription_id: String(gift.id) },
      context,
    }),
  );
  expect(simulated.data).toMatchObject({ ok: true });
}

const cardMail = () =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", "payment-failed").executeTakeFirstOrThrow();
const tokenIn = (text: string) => /\/update-card\/([\w-]{20,})/.exec(text)?.[1];
const press = (token: string, clientAddress = `198.51.100.${(visitor += 1)}`) =>
  callRoute(updateCard.action, `/update-card/${token}`, { form: {}, params: { token }, clientAddress });

describe("the failed charge's mail", () => {
  it("reaches the donor with the card link, and once sent its stored copy no longer holds the link's key", async () => {
    await failedMonthlyGift();
    const queued = await cardMail();
    expect(queued.status).toBe("pending");
    const token = tokenIn(queued.text_body)!;
    expect(token).toBeDefined();

    await deliverDueMail(smtpSender()!, new Date(Date.now() + 1000));
    const received = smtp.received.find((mail) => mail.subject?.includes("did not go through"))!;
    expect(tokenIn(received.text!)).toBe(token);

    const stored = await cardMail();
    expect(stored.status).toBe("sent");
    expect(stored.text_body).toContain("http://localhost:3000/update-card/(hidden once sent)");
    expect(stored.text_body).not.toContain(token);
    expect(stored.html_body).not.toContain(token);
    // The donor's own link still opens their card page.
    expect(await screenText(updateCard, `/update-card/${token}`, undefined, { token })).toContain("Update my card");
  });
});

describe("the card link's page", () => {
  it("refuses a flood of presses from one connection with 429 and when to try again", async () => {
    await failedMonthlyGift();
    const token = tokenIn((await cardMail()).text_body)!;
    const address = "192.0.2.77";
    for (let count = 0; count < 10; count += 1) expect(((await press(token, address)) as Response).status).toBe(303);
    const refused = unwrapData(await press(token, address));
    expect(refused.status).toBe(429);
    expect(new Headers(refused.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data).toEqual({
      error: "Too many submissions from your connection. Please try again in a few minutes.",
    });
    expect(await screenText(updateCard, `/update-card/${token}`, refused.data, { token })).toContain(
      "Too many submissions from your connection.",
    );
    // The page tells the browser the same wait, and is still never kept.
    const headers = new Headers(
      updateCard.headers({
        actionHeaders: new Headers(refused.headers),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(headers.get("Retry-After")).toBe(new Headers(refused.headers).get("Retry-After"));
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    // Another connection is not held back.
    expect(((await press(token)) as Response).status).toBe(303);
  });
});

describe("the sandbox billing page", () => {
  async function openBillingPage() {
    await failedMonthlyGift();
    const opened = (await press(tokenIn((await cardMail()).text_body)!)) as Response;
    const path = new URL(opened.headers.get("Location")!).pathname;
    return { path, sessionId: path.split("/").pop()! };
  }

  it("is never kept by a browser or a shared proxy", async () => {
    await openBillingPage();
    const headers = new Headers(
      sandboxBilling.headers({
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers a press after the page expired with 404 and the page's own words, charging nothing", async () => {
    const { path, sessionId } = await openBillingPage();
    expect(await screenText(sandboxBilling, path, undefined, { sessionId })).toContain("Update your card");
    const later = Date.now() + 61 * 60_000;
    vi.spyOn(Date, "now").mockReturnValue(later);

    const answer = unwrapData(
      await callRoute(sandboxBilling.action, path, { form: { intent: "update-card" }, params: { sessionId } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ expired: true });
    // With JavaScript the page is not loaded again after a refusal: the answer alone says it.
    vi.restoreAllMocks();
    expect(await screenText(sandboxBilling, path, answer.data, { sessionId })).toContain(
      "This billing page has expired. Open it again from the link you were sent.",
    );
    expect((await getDb().selectFrom("subscriptions").select("status").executeTakeFirstOrThrow()).status).toBe(
      "past_due",
    );
  });
});
