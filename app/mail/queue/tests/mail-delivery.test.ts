import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { equalsIgnoringCase } from "~/lib/sql-dialect.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeSmtpSender, smtpSender } from "~/lib/mail-transport.server";
import * as outboxScreen from "~/mail/outbox/routes/admin-outbox";
import { submitContactMessage } from "~/community/contacts/server/contacts.server";
import { deliverDueMail, RETRY_WAITS_SECONDS } from "~/mail/queue/server/mail-delivery.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { requestGivingLink } from "~/donors/my-giving/server/my-giving.server";
import { signUpVolunteer } from "~/community/volunteers/server/volunteers.server";
import { queryPlanOf, whileWritesFail } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError } from "../../../../tests/support/routes";
import { startTestMailServer, type TestMailServer } from "../../../../tests/support/smtp";

/**
 * Mail: written with its cause, delivered to a real SMTP server, retried, never lost; kept for the Outbox without
 * SMTP_URL.
 */
let smtp: TestMailServer;
let visitor = 0;
const fromNewVisitor = () => ({ clientAddress: `203.0.113.${(visitor += 1)}` });
const MESSAGE = { name: "Yusuf Ali", email: "yusuf@example.org", message: "Salaam, a question about Zakat on gold." };

function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvCache();
  closeSmtpSender();
}

beforeAll(async () => {
  smtp = await startTestMailServer();
});
afterAll(async () => {
  closeSmtpSender();
  await smtp.close();
});
beforeEach(async () => {
  await getDb().deleteFrom("outbound_mail").execute();
  smtp.received.length = 0;
  smtp.refuseWith = null;
});
afterEach(() => configure({ SMTP_URL: "", MAIL_FROM: "", STAFF_NOTIFY_EMAIL: "", PUBLIC_URL: "" }));

const mailRows = () => getDb().selectFrom("outbound_mail").selectAll().orderBy("id").execute();

describe("without SMTP_URL", () => {
  it("keeps the staff's note about a new message for the Outbox, and sends nothing", async () => {
    // Links in mail name the site by PUBLIC_URL, never by the request's Host.
    configure({ SMTP_URL: "", STAFF_NOTIFY_EMAIL: "staff@charity.example", PUBLIC_URL: "https://charity.example" });
    const stored = await submitContactMessage(MESSAGE, fromNewVisitor());
    const [row] = await mailRows();
    expect(row).toMatchObject({
      kind: "staff-notification",
      to_address: "staff@charity.example",
      status: "kept",
      subject: "New contact message from Yusuf Ali",
    });
    expect(row!.text_body).toContain("https://charity.example/admin/contacts?status=pending");
    expect(smtpSender()).toBeNull();

    const outbox = (await callRoute(outboxScreen.loader, `/admin/outbox?view=${row!.id}`)) as Awaited<
      ReturnType<typeof outboxScreen.loader>
    >;
    expect(outbox.delivering).toBe(false);
    expect(outbox.counts.kept).toBe(1);
    expect(outbox.viewing).toMatchObject({ to: "staff@charity.example", status: "kept" });
    expect(outbox.viewing!.html).toContain("Al-Amanah Foundation");
    expect(stored.id).toBeGreaterThan(0);
  });

  it("finds one recipient's mail in the Outbox, in any letter case, through its index", async () => {
    configure({ STAFF_NOTIFY_EMAIL: "staff@charity.example" });
    await recordOfflineGift(
      { name: "Aisha Khan", email: "aisha@example.org", amount: "10", payment_method: "cash" },
      "staff",
    );
    await submitContactMessage(MESSAGE, fromNewVisitor());
    const find = async (query: string) =>
      (
        (await callRoute(outboxScreen.loader, `/admin/outbox?${query}`)) as Awaited<
          ReturnType<typeof outboxScreen.loader>
        >
      ).messages.map((message) => message.to);
    expect(await find("search=AISHA%40Example.org")).toEqual(["aisha@example.org"]);
    expect(await find("search=aisha%40example.org&status=failed")).toEqual([]);
    expect((await find("")).length).toBe(2);
    // The Outbox's own comparison, in either engine's words.
    const plan = await queryPlanOf(
      sql`select id from outbound_mail where ${equalsIgnoringCase(sql.ref("to_address"), "a@b.c")} order by created_at desc`,
    );
    expect(plan).toContain("outbound_mail_to_nocase");
  });

  it("writes nothing when no staff address is set", async () => {
    configure({ STAFF_NOTIFY_EMAIL: "" });
    await signUpVolunteer({ name: "Maryam", email: "maryam@example.org", interest: "Fundraising" }, fromNewVisitor());
    expect(await mailRows()).toEqual([]);
  });

  it("keeps a message and its note together: if the note cannot be written, the message is not kept either", async () => {
    configure({ STAFF_NOTIFY_EMAIL: "staff@charity.example" });
    await whileWritesFail("outbound_mail", "insert", "disk full", () =>
      expect(submitContactMessage({ ...MESSAGE, name: "Lost Note" }, fromNewVisitor())).rejects.toThrow("disk full"),
    );
    expect(
      await getDb().selectFrom("contact_submissions").select("id").where("name", "=", "Lost Note").execute(),
    ).toEqual([]);
  });
});

describe("with SMTP_URL", () => {
  beforeEach(() =>
    configure({
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Al-Amanah Giving" <giving@charity.example>',
      STAFF_NOTIFY_EMAIL: "staff@charity.example",
      PUBLIC_URL: "https://charity.example",
    }),
  );

  it("delivers a queued note to the SMTP server, HTML with a plain-text part, from MAIL_FROM", async () => {
    await signUpVolunteer(
      { name: "Maryam Said", email: "maryam@example.org", interest: "Fundraising" },
      fromNewVisitor(),
    );
    expect((await mailRows())[0]!.status).toBe("pending");
    const round = await deliverDueMail(smtpSender()!);
    expect(round).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe("New volunteer: Maryam Said (Fundraising)");
    expect(mail.from?.text).toBe('"Al-Amanah Giving" <giving@charity.example>');
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe("staff@charity.example");
    expect(mail.text).toContain("https://charity.example/admin/volunteers");
    expect(mail.html).toContain("Open Volunteers");
    expect(mail.messageId).toBe((await mailRows())[0]!.message_id);
    expect((await mailRows())[0]).toMatchObject({ status: "sent", attempts: 1, last_error: "" });
    // Nothing is due any more: a second round sends nothing twice.
    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries a refused message within 30 seconds, then with growing waits, and sends it once the server accepts", async () => {
    await submitContactMessage(MESSAGE, fromNewVisitor());
    smtp.refuseWith = "Mailbox busy, try later";
    const started = Date.now();
    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await mailRows();
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/Mailbox busy/);
    const firstWait = Date.parse(row!.next_attempt_at) - started;
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(30_000 + 1_000);
    // Not due yet: nothing is tried before its time.
    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ claimed: 0 });

    smtp.refuseWith = null;
    expect(await deliverDueMail(smtpSender()!, new Date(Date.parse(row!.next_attempt_at) + 1))).toMatchObject({
      sent: 1,
    });
    [row] = await mailRows();
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["New contact message from Yusuf Ali"]);
  });

  it("gives up after about a day of refusals and shows the message as failed", async () => {
    expect(RETRY_WAITS_SECONDS[0]).toBeLessThanOrEqual(30);
    const day = RETRY_WAITS_SECONDS.reduce((total, wait) => total + wait, 0);
    expect(day).toBeGreaterThan(20 * 3600);
    expect(day).toBeLessThan(30 * 3600);

    await submitContactMessage(MESSAGE, fromNewVisitor());
    smtp.refuseWith = "Still busy";
    let clock = Date.now();
    for (let attempt = 0; attempt <= RETRY_WAITS_SECONDS.length; attempt += 1) {
      await deliverDueMail(smtpSender()!, new Date(clock));
      clock += 30 * 3600 * 1000;
    }
    const [row] = await mailRows();
    expect(row).toMatchObject({ status: "failed", attempts: RETRY_WAITS_SECONDS.length + 1 });
    expectLoggedError(/failed for good after 10 attempts: .*Still busy/);
    expect(smtp.received).toEqual([]);
    const outbox = (await callRoute(outboxScreen.loader, "/admin/outbox?status=failed")) as Awaited<
      ReturnType<typeof outboxScreen.loader>
    >;
    expect(outbox.messages.map((message) => message.status)).toEqual(["failed"]);
  });

  it("delivers a gift's receipt to the donor, with its amount and the link to the printable receipt", async () => {
    const zone = process.env.SITE_TIMEZONE;
    // Where the foundation is (UTC+5), this gift came on New Year's Day 2025: its receipt says so.
    configure({
      ORG_LEGAL_NAME: "Al-Amanah Foundation Inc.",
      ORG_TAX_ID: "12-3456789",
      PUBLIC_URL: "https://give.example.org",
      SITE_TIMEZONE: "Asia/Karachi",
    });
    try {
      const gift = await recordOfflineGift(
        {
          name: "Omar Farooq",
          email: "omar@example.org",
          amount: "250",
          purpose: "Zakat",
          payment_method: "cheque",
          donated_at: "2024-12-31T23:30:00Z",
        },
        "staff",
      );
      await deliverDueMail(smtpSender()!);
      const mail = smtp.received.find((received) => received.subject?.includes("Your receipt"))!;
      expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe("omar@example.org");
      expect(mail.subject).toBe(
        `Your receipt R-2025-${String(gift.id).padStart(6, "0")}: $250.00 to Al-Amanah Foundation Inc.`,
      );
      expect(mail.text).toContain("Date: January 1, 2025");
      expect(mail.text).toContain("Amount: $250.00 USD");
      expect(mail.text).toContain("Tax ID: 12-3456789");
      expect(mail.text).toMatch(
        /View and print your receipt: https:\/\/give\.example\.org\/receipts\/[A-Za-z0-9_-]{22}/,
      );
      expect(mail.html).toContain("Al-Amanah Foundation Inc.");
    } finally {
      configure({
        ORG_LEGAL_NAME: "",
        ORG_TAX_ID: "",
        PUBLIC_URL: "https://charity.example",
        SITE_TIMEZONE: zone ?? "UTC",
      });
    }
  });

  it("delivers a donor's sign-in link for My giving", async () => {
    await recordOfflineGift(
      { name: "Hafsa", email: "hafsa@example.org", amount: "10", payment_method: "cash" },
      "staff",
    );
    await requestGivingLink({ email: "Hafsa@Example.org" }, fromNewVisitor());
    await deliverDueMail(smtpSender()!);
    const link = smtp.received.find((mail) => mail.subject === "Your link to your giving")!;
    expect((Array.isArray(link.to) ? link.to[0] : link.to)?.text).toBe("hafsa@example.org");
    expect(link.text).toMatch(/See my giving: https:\/\/charity\.example\/my-giving\/sign-in\?token=[A-Za-z0-9_-]{43}/);
  });

  it("after a restart, sends what was waiting and what was cut off mid-send, each once", async () => {
    await submitContactMessage({ ...MESSAGE, name: "Waiting" }, fromNewVisitor());
    await submitContactMessage({ ...MESSAGE, name: "Cut Off" }, fromNewVisitor());
    // The process stopped while the second was being sent: its claim lapses two minutes later.
    await getDb()
      .updateTable("outbound_mail")
      .set({ status: "sending", next_attempt_at: new Date(Date.now() + 120_000).toISOString() })
      .where("subject", "=", "New contact message from Cut Off")
      .execute();
    closeSmtpSender(); // a new process: a new connection

    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ sent: 1 });
    expect(await deliverDueMail(smtpSender()!, new Date(Date.now() + 121_000))).toMatchObject({ sent: 1 });
    expect(await deliverDueMail(smtpSender()!, new Date(Date.now() + 3600_000))).toMatchObject({ claimed: 0 });
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([
      "New contact message from Cut Off",
      "New contact message from Waiting",
    ]);
    expect((await mailRows()).map((row) => row.status)).toEqual(["sent", "sent"]);
  });
});
