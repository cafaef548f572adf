import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { runDocumentDeadlines } from "~/applications/documents/index.server";
import { applicantMails, newApplication, requestDocument } from "../../../../tests/support/applicant-cases";

/**
 * The round that keeps families' document deadlines: a reminder two days before the due date,
 * once; a lapse once the date has passed after that reminder; each mail once, its subject
 * naming nothing of the family. The clock is passed in.
 */
const day = (date: string) => new Date(`${date}T09:00:00Z`);
const mails = applicantMails;
const stateOf = async (id: number) =>
  getDb().selectFrom("applications").select(["state", "closed_at"]).where("id", "=", id).executeTakeFirstOrThrow();

beforeEach(async () => {
  await getDb().deleteFrom("outbound_mail").execute();
});

describe("the document deadlines round", () => {
  it("reminds two days before the due date, once, then lapses the case after the date, once", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family, "A bank statement", "2027-03-10");

    // Three days before: nothing yet.
    expect(await runDocumentDeadlines(day("2027-03-07"))).toMatchObject({ reminded: 0, lapsed: 0 });
    expect(await mails("application-document-reminder")).toEqual([]);

    expect(await runDocumentDeadlines(day("2027-03-08"))).toMatchObject({ reminded: 1, lapsed: 0 });
    expect(await runDocumentDeadlines(day("2027-03-09"))).toMatchObject({ reminded: 0, lapsed: 0 });
    const [reminder] = await mails("application-document-reminder");
    expect(await mails("application-document-reminder")).toHaveLength(1);
    expect(reminder).toMatchObject({ to_address: family.email, subject: "A reminder about your application" });
    expect(reminder!.subject).not.toMatch(/Amina|Yusuf|\$|bank|rent/i);
    const request = await getDb()
      .selectFrom("application_document_requests")
      .select("reminded_at")
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(request.reminded_at).toBe(day("2027-03-08").toISOString());

    // On the due date the case still waits.
    await runDocumentDeadlines(day("2027-03-10"));
    expect((await stateOf(family.id)).state).toBe("documents_requested");

    expect(await runDocumentDeadlines(day("2027-03-11"))).toMatchObject({ lapsed: 1 });
    expect(await stateOf(family.id)).toEqual({ state: "lapsed", closed_at: day("2027-03-11").toISOString() });
    expect(await runDocumentDeadlines(day("2027-03-12"))).toMatchObject({ reminded: 0, lapsed: 0 });
    const lapsed = await mails("application-lapsed");
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]).toMatchObject({ to_address: family.email, subject: "Your application has lapsed" });
    const audit = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity", "=", "application")
      .where("entity_id", "=", family.ref)
      .where("action", "=", "lapse")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_name: "System" });
    expect(audit[0]!.changes).not.toContain("lapsed");
  });

  it("leaves alone a case whose documents arrived, or that moved on, and gives a late reminder two days", async () => {
    const answered = await newApplication();
    const answeredRequest = await requestDocument(answered, "A bank statement", "2027-05-10");
    await getDb()
      .updateTable("application_document_requests")
      .set({ fulfilled_at: "2027-05-01T10:00:00.000Z" })
      .where("id", "=", answeredRequest)
      .execute();
    await getDb()
      .updateTable("applications")
      .set({ state: "under_assessment" })
      .where("id", "=", answered.id)
      .execute();
    const withdrawn = await newApplication();
    await requestDocument(withdrawn, "A bank statement", "2027-05-10");
    await getDb().updateTable("applications").set({ state: "withdrawn" }).where("id", "=", withdrawn.id).execute();
    // Asked for with a date already past (the server was down): reminded now, lapsed no sooner than two days on.
    const late = await newApplication();
    await requestDocument(late, "A tenancy agreement", "2027-05-09");

    expect(await runDocumentDeadlines(day("2027-05-12"))).toMatchObject({ reminded: 1, lapsed: 0 });
    expect((await mails("application-document-reminder")).map((mail) => mail.to_address)).toEqual([late.email]);
    expect(await runDocumentDeadlines(day("2027-05-13"))).toMatchObject({ lapsed: 0 });
    expect(await runDocumentDeadlines(day("2027-05-14"))).toMatchObject({ lapsed: 1 });
    expect((await stateOf(late.id)).state).toBe("lapsed");
    expect((await stateOf(answered.id)).state).toBe("under_assessment");
    expect((await stateOf(withdrawn.id)).state).toBe("withdrawn");
  });
});

describe("two requests due the same day", () => {
  it("are one reminder listing both, and one lapse", async () => {
    const family = await newApplication();
    await requestDocument(family, "A bank statement", "2027-07-10");
    await requestDocument(family, "A tenancy agreement", "2027-07-10");

    expect(await runDocumentDeadlines(day("2027-07-08"))).toMatchObject({ reminded: 1 });
    expect(await runDocumentDeadlines(day("2027-07-09"))).toMatchObject({ reminded: 0 });
    const reminders = await mails("application-document-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text_body).toContain("we are still waiting for: A bank statement; A tenancy agreement.");
    const reminded = await getDb()
      .selectFrom("application_document_requests")
      .select("reminded_at")
      .where("application_id", "=", family.id)
      .execute();
    expect(reminded.map((request) => request.reminded_at)).toEqual([
      day("2027-07-08").toISOString(),
      day("2027-07-08").toISOString(),
    ]);

    expect(await runDocumentDeadlines(day("2027-07-11"))).toMatchObject({ lapsed: 1 });
    expect(await runDocumentDeadlines(day("2027-07-12"))).toMatchObject({ lapsed: 0 });
    expect(await mails("application-lapsed")).toHaveLength(1);
    expect((await stateOf(family.id)).state).toBe("lapsed");
  });
});

describe("received uploads left behind", () => {
  it("are removed by the round once an hour old; a file still arriving stays", async () => {
    const incoming = path.resolve(getEnv().UPLOADS_DIR, ".incoming");
    await mkdir(incoming, { recursive: true });
    const old = path.join(incoming, "left-behind-by-a-crash");
    const fresh = path.join(incoming, "still-arriving");
    await writeFile(old, "%PDF-1.4 a statement");
    await writeFile(fresh, "%PDF-1.4 another");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    try {
      await runDocumentDeadlines(day("2027-03-01"));
      const left = await readdir(incoming);
      expect(left).not.toContain("left-behind-by-a-crash");
      expect(left).toContain("still-arriving");
    } finally {
      await rm(old, { force: true });
      await rm(fresh, { force: true });
    }
  });
});
