import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeSmtpSender, smtpSender } from "~/lib/mail-transport.server";
import * as newsletter from "~/community/newsletter/routes/newsletter";
import * as confirm from "~/community/newsletter/routes/newsletter-confirm";
import * as leave from "~/community/newsletter/routes/newsletter-unsubscribe";
import * as newsletterScreen from "~/community/newsletter/routes/admin-newsletter";
import * as oneClickApi from "~/community/newsletter/routes/api-newsletter-unsubscribe";
import { deliverDueMail } from "~/mail/queue/server/mail-delivery.server";
import { callApi, callRoute, unwrapData } from "../../../../tests/support/routes";
import { startTestMailServer, type TestMailServer } from "../../../../tests/support/smtp";

/** Double opt-in, one-click leaving (RFC 8058) and the staff's newsletter, received by a real SMTP server. */
let smtp: TestMailServer;
let visitor = 0;

beforeAll(async () => {
  smtp = await startTestMailServer();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "news@charity.example",
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
  for (const table of ["newsletter_subscribers", "outbound_mail"] as const) await getDb().deleteFrom(table).execute();
  smtp.received.length = 0;
});

async function subscribe(email: string) {
  await callRoute(newsletter.action, "/newsletter", { form: { email }, clientAddress: `192.0.2.${(visitor += 1)}` });
  await deliverDueMail(smtpSender()!);
}

const lastMailTo = (email: string) =>
  smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(email)).at(-1)!;
const linkIn = (text: string, path: string) =>
  new RegExp(`(http://localhost:3000${path}\\?token=[A-Za-z0-9_-]+)`).exec(text)![1]!;

async function confirmFrom(email: string) {
  const url = new URL(linkIn(lastMailTo(email).text!, "/newsletter/confirm"));
  // Opening the link (as a mail scanner would) confirms nothing, and says for whom; the button confirms.
  expect(await callRoute(confirm.loader, url.pathname + url.search)).toEqual({
    token: url.searchParams.get("token"),
    email,
  });
  return callRoute(confirm.action, url.pathname, { form: { token: url.searchParams.get("token")! } });
}

/** A header exactly as it travelled (unfolded: mailparser folds List-* headers into one object). */
const headerLine = (mail: ParsedMail, key: string) =>
  mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n(?=[ \t])/g, "");

const statusOf = async (email: string) =>
  (await getDb().selectFrom("newsletter_subscribers").select("status").where("email", "=", email).executeTakeFirst())
    ?.status;

describe("double opt-in", () => {
  it("subscribes an address only once its owner confirms, then welcomes it with a one-click way to leave", async () => {
    await subscribe("reader@example.org");
    expect(lastMailTo("reader@example.org").subject).toBe("Please confirm your subscription");
    expect(await statusOf("reader@example.org")).toBe("pending");

    const token = new URL(linkIn(lastMailTo("reader@example.org").text!, "/newsletter/confirm")).searchParams.get(
      "token",
    )!;
    expect(await confirmFrom("reader@example.org")).toEqual({ confirmed: true });
    expect(await statusOf("reader@example.org")).toBe("confirmed");
    await deliverDueMail(smtpSender()!);
    const welcome = lastMailTo("reader@example.org");
    expect(welcome.subject).toBe("Welcome to our newsletter");
    const leaveUrl = linkIn(welcome.text!, "/newsletter/unsubscribe");
    const leavePage = new URL(leaveUrl);
    expect(await callRoute(leave.loader, leavePage.pathname + leavePage.search)).toEqual({
      token: leavePage.searchParams.get("token"),
      email: "reader@example.org",
    });
    expect(await callRoute(leave.loader, "/newsletter/unsubscribe?token=nobody")).toEqual({
      token: "nobody",
      email: null,
    });
    // The body links to the page (one button); the header to where mail apps post their one click.
    expect(headerLine(welcome, "list-unsubscribe")).toBe(
      `List-Unsubscribe: <${leaveUrl.replace("/newsletter/", "/api/newsletter/")}>`,
    );
    expect(headerLine(welcome, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // A used confirmation link confirms nothing more.
    expect(await callRoute(confirm.action, "/newsletter/confirm", { form: { token } })).toEqual({ confirmed: false });
  });

  it("leaves in one click: a mail app's RFC 8058 post to the header's address, whatever its Origin; or the page's button", async () => {
    await subscribe("leaver@example.org");
    await confirmFrom("leaver@example.org");
    await deliverDueMail(smtpSender()!);
    const header = /<([^>]+)>/.exec(headerLine(lastMailTo("leaver@example.org"), "list-unsubscribe")!)![1]!;
    const oneClick = new URL(header);
    expect(oneClick.pathname).toBe("/api/newsletter/unsubscribe");
    const answer = await callApi(oneClickApi.action, oneClick.pathname + oneClick.search, {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
    });
    expect(answer).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect(await statusOf("leaver@example.org")).toBe("unsubscribed");
    expect(
      (await callApi(oneClickApi.action, "/api/newsletter/unsubscribe?token=nobody", { method: "POST" })).status,
    ).toBe(404);
    expect((await callApi(oneClickApi.loader, "/api/newsletter/unsubscribe?token=x")).status).toBe(405);

    // The page behind the mail's own link: one button.
    const page = new URL(linkIn(lastMailTo("leaver@example.org").text!, "/newsletter/unsubscribe"));
    expect(await callRoute(leave.action, page.pathname, { form: { token: page.searchParams.get("token")! } })).toEqual({
      unsubscribed: true,
    });
    expect(await callRoute(leave.action, "/newsletter/unsubscribe", { form: { token: "nobody" } })).toEqual({
      unsubscribed: false,
    });
  });
});

describe("the staff's newsletter", () => {
  it("goes to every confirmed subscriber through the queue, each with its own link to leave, and to nobody else", async () => {
    await subscribe("confirmed@example.org");
    await confirmFrom("confirmed@example.org");
    await subscribe("pending@example.org");
    await subscribe("gone@example.org");
    await confirmFrom("gone@example.org");
    await getDb()
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed" })
      .where("email", "=", "gone@example.org")
      .execute();
    await deliverDueMail(smtpSender()!);
    smtp.received.length = 0;

    const refused = unwrapData(
      await callRoute(newsletterScreen.action, "/admin/newsletter", {
        form: { intent: "send", issue_id: "issue-00000001", subject: "", message: "Draft kept" },
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { errors: { subject: ["Subject is required"] }, values: { message: "Draft kept" } },
    });

    const sent = (await callRoute(newsletterScreen.action, "/admin/newsletter", {
      form: {
        intent: "send",
        issue_id: "issue-00000002",
        subject: "Ramadan food parcels",
        message: "Salaam,\\n\\nThis month we packed 2,000 parcels.",
      },
    })) as Response;
    expect(sent.headers.get("Location")).toBe("/admin/newsletter?sent=1");
    // The same form sent twice (a double click) queues no second issue.
    await callRoute(newsletterScreen.action, "/admin/newsletter", {
      form: { intent: "send", issue_id: "issue-00000002", subject: "Ramadan food parcels", message: "Again" },
    });
    await deliverDueMail(smtpSender()!);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["Ramadan food parcels"]);
    const issue = smtp.received[0]!;
    expect(JSON.stringify(issue.to)).toContain("confirmed@example.org");
    expect(issue.text).toContain("This month we packed 2,000 parcels.");
    expect(headerLine(issue, "list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(headerLine(issue, "list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=/,
    );
    expect(issue.text).toContain(linkIn(issue.text!, "/newsletter/unsubscribe"));
  });
});
