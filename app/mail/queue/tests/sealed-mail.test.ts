import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forgetKeyRing } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { databaseFilePath, resetEnvCache } from "~/lib/env.server";
import { closeSmtpSender, smtpSender } from "~/lib/mail-transport.server";
import * as outboxScreen from "~/mail/outbox/routes/admin-outbox";
import { queueMail } from "~/mail/queue/index.server";
import { deliverDueMail } from "~/mail/queue/server/mail-delivery.server";
import { testEngine } from "../../../../tests/support/database-engine";
import { callRoute } from "../../../../tests/support/routes";
import { startTestMailServer, type TestMailServer } from "../../../../tests/support/smtp";

/**
 * Mail to an applicant (issue 31, decision 169): kept sealed, opened only to be sent or shown. Neither its
 * address nor its words are anywhere in the database in plain text.
 */
let smtp: TestMailServer;

const ADDRESS = "fatima.applicant@example.org";
const WORDS = "Your application ZA-TEST0001 was received: a case worker reads it within ten days.";

function configure(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetEnvCache();
  closeSmtpSender();
}

const queuePersonal = (dedupeKey = "application-received:1") =>
  queueMail(getDb(), {
    kind: "application-received",
    to: ADDRESS,
    subject: "We received your application",
    greeting: "Dear Fatima Rahman,",
    paragraphs: [WORDS],
    dedupeKey,
    personal: true,
  });

const mailRows = () => getDb().selectFrom("outbound_mail").selectAll().orderBy("id").execute();

/** Whether the text is anywhere in what the database keeps: the SQLite file's bytes, or PostgreSQL's rows. */
async function storedAnywhere(text: string): Promise<boolean> {
  if (testEngine() === "postgres") {
    const { rows } = await sql<{ row: string }>`select outbound_mail::text as row from outbound_mail`.execute(getDb());
    return rows.some((row) => row.row.includes(text));
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(getDb());
  const file = databaseFilePath();
  const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]);
  return bytes.includes(Buffer.from(text));
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
});
afterEach(() => configure({ SMTP_URL: "", MAIL_FROM: "", PUBLIC_URL: "" }));

describe("an applicant's mail", () => {
  it("is kept sealed: the row holds no plain address or words, and the database file holds neither", async () => {
    await queuePersonal();
    const [row] = await mailRows();
    expect(row).toMatchObject({ sealed: 1, subject: "We received your application", status: "kept" });
    for (const column of [row!.to_address, row!.text_body, row!.html_body]) {
      expect(column).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(column).not.toContain("fatima");
      expect(column).not.toContain("ZA-TEST0001");
    }
    expect(await storedAnywhere(ADDRESS)).toBe(false);
    expect(await storedAnywhere("Fatima Rahman")).toBe(false);
    // The check can fail: a staff note written plainly is found.
    await queueMail(getDb(), {
      kind: "staff-note",
      to: "staff.visible@example.org",
      subject: "Note",
      paragraphs: ["x"],
    });
    expect(await storedAnywhere("staff.visible@example.org")).toBe(true);
  });

  it("is opened for the Outbox, in the list and when read", async () => {
    await queuePersonal();
    const [row] = await mailRows();
    const outbox = (await callRoute(outboxScreen.loader, `/admin/outbox?view=${row!.id}`)) as Awaited<
      ReturnType<typeof outboxScreen.loader>
    >;
    expect(outbox.messages.map((message) => message.to)).toEqual([ADDRESS]);
    expect(outbox.viewing).toMatchObject({ to: ADDRESS, subject: "We received your application" });
    expect(outbox.viewing!.text).toContain(WORDS);
    expect(outbox.viewing!.html).toContain("Dear Fatima Rahman,");
  });

  it("is shown in the Outbox as sealed, not as an error, when the key that sealed it is gone", async () => {
    await queuePersonal();
    const [row] = await mailRows();
    const otherKey = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";
    const siteKey = process.env.DATA_ENCRYPTION_KEY!;
    try {
      Object.assign(process.env, { DATA_ENCRYPTION_KEY: otherKey });
      resetEnvCache();
      forgetKeyRing();
      const outbox = (await callRoute(outboxScreen.loader, `/admin/outbox?view=${row!.id}`)) as Awaited<
        ReturnType<typeof outboxScreen.loader>
      >;
      expect(outbox.messages[0]!.to).toBe("(sealed with a data key this site does not have)");
      expect(outbox.viewing!.text).toBe("(sealed with a data key this site does not have)");
    } finally {
      Object.assign(process.env, { DATA_ENCRYPTION_KEY: siteKey });
      resetEnvCache();
      forgetKeyRing();
    }
  });

  it("is queued once per cause, as any mail", async () => {
    await queuePersonal("application-received:7");
    await queuePersonal("application-received:7");
    expect(await mailRows()).toHaveLength(1);
  });

  it("is delivered over SMTP to the applicant, with its words, and stays sealed once sent", async () => {
    configure({
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Al-Amanah" <help@charity.example>',
      PUBLIC_URL: "https://charity.example",
    });
    await queuePersonal();
    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe(ADDRESS);
    expect(mail.subject).toBe("We received your application");
    expect(mail.text).toContain(WORDS);
    expect(mail.html).toContain("Dear Fatima Rahman,");
    const [row] = await mailRows();
    expect(row).toMatchObject({ status: "sent", sealed: 1 });
    expect(row!.to_address).not.toContain(ADDRESS);
    expect(await storedAnywhere(ADDRESS)).toBe(false);
  });

  it("is not sent when it does not open (another key): it waits, and the log names no address", async () => {
    configure({
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Al-Amanah" <help@charity.example>',
      PUBLIC_URL: "https://charity.example",
    });
    await queuePersonal();
    const [row] = await mailRows();
    // Sealed to another message: it must not open as this one.
    await getDb()
      .updateTable("outbound_mail")
      .set({ message_id: "<another@charity.example>" })
      .where("id", "=", row!.id)
      .execute();
    expect(await deliverDueMail(smtpSender()!)).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    expect(smtp.received).toHaveLength(0);
    const [after] = await mailRows();
    expect(after!.last_error).toMatch(/does not open/);
  });
});
