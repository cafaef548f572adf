import { mkdir, readdir, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/lib/service-errors";
import { todayIn } from "~/shared/dates";
import type { Admin } from "~/staff/accounts";
import { extendDocumentRequest, runDocumentDeadlines } from "~/applications/documents/index.server";
import { addDays } from "~/applications/documents/rules/document-rules";
import { requestDocuments } from "~/applications/cases/server/case-actions.server";
import { createTestAdmin } from "../../../../tests/support/admins";
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

describe("moving a request's due date", () => {
  const today = () => todayIn(getEnv().SITE_TIMEZONE);
  const inDays = (days: number) => addDays(today(), days);
  const at = (date: string) => new Date(`${date}T12:00:00Z`);
  let caseworker: Admin;
  let editor: Admin;
  beforeAll(async () => {
    caseworker = (await createTestAdmin("a-strong-password", ["caseworker"])).admin;
    editor = (await createTestAdmin("a-strong-password", ["editor"])).admin;
  });
  const requestRow = (id: number) =>
    getDb()
      .selectFrom("application_document_requests")
      .select(["due_on", "reminded_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("gives the family the new date, reminds them again before it, and does not lapse the case on the old one", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family, "A bank statement", inDays(1));
    expect(await runDocumentDeadlines(at(today()))).toMatchObject({ reminded: 1 });

    expect(await extendDocumentRequest(family.ref, requestId, inDays(20), caseworker)).toEqual({ due_on: inDays(20) });
    expect(await requestRow(requestId)).toEqual({ due_on: inDays(20), reminded_at: null });
    const [moved] = await mails("application-document-date-moved");
    expect(moved).toMatchObject({ to_address: family.email, subject: "A new date for your documents" });
    expect(moved!.text_body).toContain("A bank statement");

    // Past the old date and its reminder's two days: the case still waits.
    expect(await runDocumentDeadlines(at(inDays(5)))).toMatchObject({ lapsed: 0 });
    expect((await stateOf(family.id)).state).toBe("documents_requested");
    // Reminded again two days before the new date.
    await runDocumentDeadlines(at(inDays(18)));
    expect(await mails("application-document-reminder")).toHaveLength(2);

    const [audit] = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity_id", "=", family.ref)
      .where("action", "=", "extend-document-request")
      .execute();
    expect(audit).toMatchObject({ actor_id: caseworker.id });
    // The fields named, never their values.
    expect(JSON.parse(audit!.changes!)).toEqual({ fields: [null, ["due_on", "reminded_at"]] });
    expect(audit!.changes).not.toContain(inDays(20));
  });

  it("refuses a date in the past, a request not of the case or already answered, and staff without the role", async () => {
    const family = await newApplication();
    const other = await newApplication();
    const requestId = await requestDocument(family, "A bank statement", inDays(3));
    const othersRequest = await requestDocument(other, "A tenancy agreement", inDays(3));
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );

    const past = await refusal(extendDocumentRequest(family.ref, requestId, inDays(-1), caseworker));
    expect(past).toBeInstanceOf(ValidationError);
    expect((past as ValidationError).fieldErrors).toEqual({ due: ["The due date cannot be in the past"] });
    expect(await refusal(extendDocumentRequest(family.ref, othersRequest, inDays(9), caseworker))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await refusal(extendDocumentRequest("ZA-NOPE", requestId, inDays(9), caseworker))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await refusal(extendDocumentRequest(family.ref, requestId, inDays(9), editor))).toBeInstanceOf(
      ForbiddenError,
    );
    await getDb()
      .updateTable("application_document_requests")
      .set({ fulfilled_at: new Date().toISOString() })
      .where("id", "=", requestId)
      .execute();
    expect(await refusal(extendDocumentRequest(family.ref, requestId, inDays(9), caseworker))).toBeInstanceOf(
      ConflictError,
    );
    expect(await requestRow(requestId)).toMatchObject({ due_on: inDays(3) });
    expect(await mails("application-document-date-moved")).toEqual([]);
  });

  it("a new request carries an older overdue one to its date, so the case does not lapse on it", async () => {
    const family = await newApplication();
    const overdue = await requestDocument(family, "A bank statement", inDays(-10));
    await getDb()
      .updateTable("application_document_requests")
      .set({ reminded_at: at(inDays(-12)).toISOString() })
      .where("id", "=", overdue)
      .execute();
    await getDb().updateTable("applications").set({ state: "under_assessment" }).where("id", "=", family.id).execute();

    const { request_ids } = await requestDocuments(
      family.ref,
      { documents: [{ what: "Payslips for March", why: "To confirm the wages" }], due: inDays(14) },
      caseworker,
    );
    expect(await requestRow(overdue)).toEqual({ due_on: inDays(14), reminded_at: null });
    expect(await requestRow(request_ids[0]!)).toMatchObject({ due_on: inDays(14) });
    const [asked] = await mails("application-documents-requested");
    expect(asked!.text_body).toContain("Still missing from before, and now due by the same date: A bank statement.");

    expect(await runDocumentDeadlines(at(today()))).toMatchObject({ lapsed: 0 });
    expect((await stateOf(family.id)).state).toBe("documents_requested");
  });
});
