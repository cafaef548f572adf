import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { requestBodyProblem } from "~/lib/request-limits.server";
import { discard, readMultipartForm } from "~/lib/uploads.server";
import { emailKey, sealCaseValue } from "~/applications/records/index.server";
import * as page from "~/applications/my-application/routes/my-application";
import * as signIn from "~/applications/my-application/routes/my-application-sign-in";
import * as exportRoute from "~/applications/my-application/routes/my-application-export";
import { applicantMails, newApplication, requestDocument } from "../../../../tests/support/applicant-cases";
import { callRoute, callWithRequest, multipartRequest, unwrapData } from "../../../../tests/support/routes";

/**
 * /my-application: a family signs in by a mailed link (the form answers the same for any
 * address), sees where each application stands, withdraws one, and downloads everything held
 * about them.
 */
let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1) % 250}`;

beforeEach(async () => {
  for (const table of ["outbound_mail", "applicant_sign_in_links", "applicant_sessions"] as const)
    await getDb().deleteFrom(table).execute();
});

const askForLink = async (email: string) =>
  (await callRoute(page.action, "/my-application", {
    form: { intent: "request-link", email },
    clientAddress: newAddress(),
  })) as Response;
const linkMails = () => applicantMails("application-link");
const tokenIn = (text: string) => /\/my-application\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

async function signInWith(token: string): Promise<string> {
  const answer = (await callRoute(signIn.action, "/my-application/sign-in", { form: { token } })) as Response;
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/my-application");
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

async function signedIn(email: string): Promise<string> {
  await askForLink(email);
  const mail = (await linkMails()).at(-1)!;
  return signInWith(tokenIn(mail.text_body));
}

type Loaded = Awaited<ReturnType<typeof page.loader>>;
type SignedInPage = Extract<Loaded, { signedIn: true }>;
const load = async (cookie: string, search = "") =>
  (await callRoute(page.loader, `/my-application${search}`, { headers: { Cookie: cookie } })) as Loaded;

describe("signing in", () => {
  it("answers the same for any address, and mails a link only where an application was sent from", async () => {
    const family = await newApplication("Amina.Yusuf@Example.org");
    for (const email of [" amina.yusuf@example.org ", "stranger@example.org"]) {
      const answer = await askForLink(email);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/my-application?sent=1");
    }
    const mails = await linkMails();
    expect(mails.map((mail) => mail.to_address)).toEqual(["amina.yusuf@example.org"]);
    expect(mails[0]!.subject).toBe("Your link to your application");
    const token = tokenIn(mails[0]!.text_body);
    // Neither the address nor the link is kept: the email's keyed hash and the token's hash.
    const [link] = await getDb().selectFrom("applicant_sign_in_links").selectAll().execute();
    expect(link!.email_key).toBe(emailKey(family.email));
    expect(link!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(link)).not.toMatch(/amina|example\.org/i);
    expect(JSON.stringify(link)).not.toContain(token);

    const cookie = await signInWith(token);
    // The session is kept by its id's hash: the cookie's id is nowhere in the table.
    const sessionId = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const [session] = await getDb().selectFrom("applicant_sessions").selectAll().execute();
    expect(session!.email_key).toBe(emailKey(family.email));
    expect(JSON.stringify(session)).not.toContain(sessionId.replace(/^"/, ""));

    const loaded = (await load(cookie)) as SignedInPage;
    expect(loaded.signedIn).toBe(true);
    expect(loaded.email).toBe("Amina.Yusuf@Example.org");
    expect(loaded.applications.map((application) => application.ref)).toEqual([family.ref]);
    expect(loaded.applications[0]!.state_words).toBe(
      "We have received your application. A case worker will look at it soon.",
    );

    // The link works once.
    const again = unwrapData(await callRoute(signIn.action, "/my-application/sign-in", { form: { token } }));
    expect(again.data).toEqual({ expired: true });

    // Signing out ends the session on the server.
    const out = (await callRoute(page.action, "/my-application", {
      form: { intent: "sign-out" },
      headers: { Cookie: cookie },
    })) as Response;
    expect(out.headers.get("Location")).toBe("/my-application?signed-out=1");
    expect((await load(cookie)).signedIn).toBe(false);
  });

  it("refuses a malformed address beside its field, keeping what was typed, and ignores the honeypot", async () => {
    const refused = unwrapData(
      await callRoute(page.action, "/my-application", {
        form: { intent: "request-link", email: "amina@" },
        clientAddress: newAddress(),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ kind: "link", field: "email", email: "amina@" });
    const family = await newApplication();
    const bot = (await callRoute(page.action, "/my-application", {
      form: { intent: "request-link", email: family.email, website: "http://spam.example" },
      clientAddress: newAddress(),
    })) as Response;
    expect(bot.headers.get("Location")).toBe("/my-application?sent=1");
    expect(await linkMails()).toEqual([]);
  });

  it("sends at most five links an hour to one address", async () => {
    const family = await newApplication();
    for (let ask = 0; ask < 7; ask += 1) expect((await askForLink(family.email)).status).toBe(303);
    expect(await linkMails()).toHaveLength(5);
  });

  it("does nothing for a visitor without a session but ask for a link", async () => {
    const family = await newApplication();
    const answer = (await callRoute(page.action, "/my-application", {
      form: { intent: "withdraw", ref: family.ref },
    })) as Response;
    expect(answer.status).toBe(303);
    expect(
      (await getDb().selectFrom("applications").select("state").where("id", "=", family.id).executeTakeFirstOrThrow())
        .state,
    ).toBe("submitted");
  });
});

describe("a stranger's upload", () => {
  it("is read past and kept nowhere: without a session the page only asks for a link", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    const request = multipartRequest("/my-application", {
      intent: "upload",
      ref: family.ref,
      request_id: String(requestId),
      document: { data: new TextEncoder().encode("%PDF-1.4 forged"), name: "x.pdf", type: "application/pdf" },
    });
    const answer = (await callWithRequest(page.action, request)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/my-application");
    expect(
      await getDb().selectFrom("application_documents").selectAll().where("application_id", "=", family.id).execute(),
    ).toEqual([]);
    const incoming = await readdir(path.resolve(getEnv().UPLOADS_DIR, ".incoming")).catch(() => []);
    expect(incoming).toEqual([]);
  });
});

describe("a refused upload from a signed-in family", () => {
  const incomingFiles = () => readdir(path.resolve(getEnv().UPLOADS_DIR, ".incoming")).catch(() => [] as string[]);
  const post = (cookie: string, fields: Record<string, string>) => {
    const request = multipartRequest("/my-application", {
      ...fields,
      document: {
        data: new TextEncoder().encode("%PDF-1.4 a statement"),
        name: "statement.pdf",
        type: "application/pdf",
      },
    });
    request.headers.set("Cookie", cookie);
    return callWithRequest(page.action, request);
  };

  it("leaves nothing received on disk, whichever way it is refused", async () => {
    const family = await newApplication();
    const other = await newApplication();
    const requestId = await requestDocument(family);
    const otherRequestId = await requestDocument(other);
    const cookie = await signedIn(family.email);
    const refusals: [Record<string, string>, number][] = [
      // Another family's reference, with that family's own request.
      [{ intent: "upload", ref: other.ref, request_id: String(otherRequestId) }, 404],
      // A request that does not exist.
      [{ intent: "upload", ref: family.ref, request_id: "999999" }, 404],
      // Another intent carrying a file.
      [{ intent: "withdraw", ref: other.ref }, 404],
      [{ intent: "sign-in-somehow", ref: family.ref, request_id: String(requestId) }, 400],
    ];
    for (const [fields, status] of refusals) {
      // An unknown intent is refused by a thrown answer.
      const answer = await post(cookie, fields).catch((thrown: unknown) => {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      });
      expect(unwrapData(answer).status, fields.intent).toBe(status);
      expect(await incomingFiles(), fields.intent).toEqual([]);
    }
    const stored = await getDb()
      .selectFrom("application_documents")
      .select("id")
      .where("application_id", "in", [family.id, other.id])
      .execute();
    expect(stored).toEqual([]);
  });

  it("over 10 MB reaches the page, which answers beside the file field and keeps nothing", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    const cookie = await signedIn(family.email);
    const elevenMegabytes = new Uint8Array(11 * 1024 * 1024).fill(0x20);
    elevenMegabytes.set(new TextEncoder().encode("%PDF-1.4\n"));
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "upload", ref: family.ref, request_id: String(requestId) }))
      form.append(name, value);
    form.append("document", new Blob([elevenMegabytes], { type: "application/pdf" }), "scan.pdf");
    const sent = new Request("http://localhost:3000/my-application", { method: "POST", body: form });
    const body = new Uint8Array(await sent.arrayBuffer());
    // The server's early refusal (a page that knows nothing of the form) lets it through...
    expect(body.length).toBeGreaterThan(11 * 1024 * 1024);
    expect(requestBodyProblem("POST", "/my-application", String(body.length), undefined)).toBeNull();
    // ...and the page answers it beside the file.
    const request = new Request("http://localhost:3000/my-application", {
      method: "POST",
      body,
      headers: { "Content-Type": sent.headers.get("Content-Type")!, Cookie: cookie },
    });
    const answer = unwrapData(await callWithRequest(page.action, request));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ kind: "upload", requestId, error: "The file is larger than 10 MB" });
    expect(await incomingFiles()).toEqual([]);
  });

  it("is received readable by the server alone while it waits", async () => {
    const request = multipartRequest("/my-application", {
      document: {
        data: new TextEncoder().encode("%PDF-1.4 a statement"),
        name: "statement.pdf",
        type: "application/pdf",
      },
    });
    const { file } = await readMultipartForm(request, "document", 1024);
    try {
      expect(file).not.toBeNull();
      expect((await stat(file!.path)).mode & 0o777).toBe(0o600);
    } finally {
      await discard(file);
    }
  });
});

describe("the family's page", () => {
  it("shows requests with their documents, messages, the decision with its reason, and payments", async () => {
    const family = await newApplication();
    await requestDocument(family, "A bank statement", "2027-03-10");
    const message = await getDb()
      .insertInto("application_messages")
      .values({
        application_id: family.id,
        kind: "message",
        author: "Case Worker",
        body_sealed: sealCaseValue(family.ref, "message", { body: "Thank you, we have what we need." }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await getDb()
      .insertInto("application_messages")
      .values({
        application_id: family.id,
        kind: "note",
        author: "Case Worker",
        body_sealed: sealCaseValue(family.ref, "message", { body: "Staff only: call the landlord" }),
      })
      .execute();
    const cookie = await signedIn(family.email);
    let shown = (await load(cookie)).signedIn ? ((await load(cookie)) as SignedInPage).applications[0]! : null;
    expect(shown).toMatchObject({
      state: "documents_requested",
      state_words: "We need some documents from you before we can go on. Please see below.",
      requests: [
        { what: "A bank statement", why: "To check the income you gave", due_on: "2027-03-10", fulfilled_at: null },
      ],
      messages: [{ id: message.id, body: "Thank you, we have what we need." }],
      decision: null,
      can_withdraw: true,
      takes_documents: true,
    });

    await getDb()
      .updateTable("applications")
      .set({
        state: "paid",
        decided_at: "2027-03-20T10:00:00.000Z",
        approved_cents: 150_000,
        decision_sealed: sealCaseValue(family.ref, "decision", { reason: "Rent arrears are covered in full." }),
      })
      .where("id", "=", family.id)
      .execute();
    await getDb()
      .insertInto("application_payments")
      .values([
        {
          application_id: family.id,
          amount_cents: 150_000,
          method: "third_party",
          due_on: "2027-03-21",
          status: "paid",
          paid_on: "2027-03-21",
          payee_sealed: sealCaseValue(family.ref, "payee", { name: "Landlord Ltd" }),
        },
        {
          application_id: family.id,
          amount_cents: 9_900,
          method: "bank_transfer",
          due_on: "2027-04-21",
          status: "due",
        },
      ])
      .execute();
    shown = ((await load(cookie)) as SignedInPage).applications[0]!;
    expect(shown).toMatchObject({
      state_words: "The help has been paid.",
      decision: { outcome: "approved", reason: "Rent arrears are covered in full.", approved_cents: 150_000 },
      payments: [{ amount_cents: 150_000, paid_on: "2027-03-21" }],
      can_withdraw: false,
      takes_documents: false,
    });
    expect(JSON.stringify(shown)).not.toContain("Landlord");
  });

  it("withdraws an application after a confirmation, once, and only the family's own", async () => {
    const family = await newApplication();
    const other = await newApplication();
    const cookie = await signedIn(family.email);
    const confirming = (await load(cookie, `?withdraw=${family.ref}`)) as SignedInPage;
    expect(confirming.withdrawing?.ref).toBe(family.ref);
    // Another family's reference opens no confirmation here.
    expect(((await load(cookie, `?withdraw=${other.ref}`)) as SignedInPage).withdrawing).toBeNull();

    const done = (await callRoute(page.action, "/my-application", {
      form: { intent: "withdraw", ref: family.ref },
      headers: { Cookie: cookie },
    })) as Response;
    expect(done.headers.get("Location")).toBe("/my-application?withdrawn=1");
    const row = await getDb()
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", family.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe("withdrawn");
    expect(row.closed_at).not.toBeNull();
    const audit = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity_id", "=", family.ref)
      .where("action", "=", "withdraw")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_name).toBe("Applicant");

    const twice = unwrapData(
      await callRoute(page.action, "/my-application", {
        form: { intent: "withdraw", ref: family.ref },
        headers: { Cookie: cookie },
      }),
    );
    expect(twice.status).toBe(409);
    const notTheirs = unwrapData(
      await callRoute(page.action, "/my-application", {
        form: { intent: "withdraw", ref: other.ref },
        headers: { Cookie: cookie },
      }),
    );
    expect(notTheirs.status).toBe(404);
    expect(
      (await getDb().selectFrom("applications").select("state").where("id", "=", other.id).executeTakeFirstOrThrow())
        .state,
    ).toBe("submitted");
  });

  it("downloads with the assessment, the sums, each payment's method and payee, and staff's notes", async () => {
    const family = await newApplication();
    await getDb()
      .updateTable("applications")
      .set({
        state: "paid",
        category: "gharimin",
        assessment_sealed: sealCaseValue(family.ref, "assessment", { reason: "Rent arrears after lost shifts" }),
        shortfall_cents: 45_000,
        recommended_plan: "monthly",
        recommended_cents: 30_000,
        recommended_months: 3,
        recommended_at: "2027-03-18T10:00:00.000Z",
        decided_at: "2027-03-20T10:00:00.000Z",
        approved_cents: 90_000,
        paid_cents: 30_000,
        decision_sealed: sealCaseValue(family.ref, "decision", { reason: "Approved as recommended." }),
      })
      .where("id", "=", family.id)
      .execute();
    await getDb()
      .insertInto("application_payments")
      .values([
        {
          application_id: family.id,
          amount_cents: 30_000,
          method: "third_party",
          due_on: "2027-03-21",
          status: "paid",
          paid_on: "2027-03-21",
          payee_sealed: sealCaseValue(family.ref, "payee", { payee: "Leeds Homes Ltd" }),
        },
        {
          application_id: family.id,
          amount_cents: 30_000,
          method: "bank_transfer",
          due_on: "2027-04-21",
          status: "due",
        },
      ])
      .execute();
    await getDb()
      .insertInto("application_messages")
      .values({
        application_id: family.id,
        kind: "note",
        author: "Case Worker",
        body_sealed: sealCaseValue(family.ref, "message", { body: "Called the landlord: arrears confirmed" }),
      })
      .execute();
    const cookie = await signedIn(family.email);
    const answer = (await callRoute(exportRoute.loader, "/my-application/export", {
      headers: { Cookie: cookie },
    })) as Response;
    const [held] = ((await answer.json()) as { applications: Record<string, unknown>[] }).applications;
    expect(Object.keys(held!)).toEqual(
      expect.arrayContaining(["assessment", "amounts", "payments", "staff_notes", "decision"]),
    );
    expect(held).toMatchObject({
      assessment: {
        category: "gharimin",
        reason: "Rent arrears after lost shifts",
        monthly_shortfall: 450,
        recommendation: {
          plan: "monthly",
          each: 300,
          months: 3,
          total: 900,
          recommended_at: "2027-03-18T10:00:00.000Z",
        },
      },
      amounts: { recommended: 900, approved: 900, paid: 300 },
      decision: { outcome: "approved", reason: "Approved as recommended.", approved: 900 },
      payments: [
        {
          amount: 300,
          method: "third_party",
          payee: "Leeds Homes Ltd",
          status: "paid",
          due_on: "2027-03-21",
          paid_on: "2027-03-21",
        },
        { amount: 300, method: "bank_transfer", payee: null, status: "due", due_on: "2027-04-21", paid_on: null },
      ],
      staff_notes: [{ body: "Called the landlord: arrears confirmed" }],
    });
    expect((held!.assessment as { category_label: string }).category_label).not.toBe("");
    expect((held!.staff_notes as { written_at: string }[])[0]!.written_at).toBeTruthy();
  });

  it("downloads everything held about the family as JSON, audited, and nothing of another family", async () => {
    const family = await newApplication();
    const second = await newApplication(family.email);
    const other = await newApplication();
    await requestDocument(family, "A bank statement", "2027-03-10");
    await getDb()
      .insertInto("application_messages")
      .values({
        application_id: family.id,
        kind: "message",
        author: "Case Worker",
        body_sealed: sealCaseValue(family.ref, "message", { body: "Please send the statement." }),
        created_at: nowIso(),
      })
      .execute();
    const cookie = await signedIn(family.email);
    const answer = (await callRoute(exportRoute.loader, "/my-application/export", {
      headers: { Cookie: cookie },
    })) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="my-application-data.json"');
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await answer.json()) as { applications: Record<string, unknown>[] };
    expect(body.applications.map((application) => application.ref)).toEqual([second.ref, family.ref]);
    expect(body.applications[1]).toMatchObject({
      ref: family.ref,
      state: "documents_requested",
      household_size: 4,
      requested: 1900,
      application: {
        name: "Amina Yusuf",
        email: family.email,
        phone: "07700 900123",
        adults: 2,
        children_ages: [4, 7],
        income_work: 1200,
        cost_housing: 950,
      },
      document_requests: [{ what: "A bank statement", why: "To check the income you gave", due_on: "2027-03-10" }],
      documents: [],
      messages: [{ body: "Please send the statement." }],
      decision: null,
      payments: [],
    });
    expect(JSON.stringify(body)).not.toContain(other.ref);
    const audited = await getDb()
      .selectFrom("audit_entries")
      .select("entity_id")
      .where("action", "=", "export")
      .where("entity", "=", "application")
      .where("entity_id", "in", [family.ref, second.ref, other.ref])
      .execute();
    expect(audited.map((entry) => entry.entity_id).sort()).toEqual([family.ref, second.ref].sort());

    const signedOut = (await callRoute(exportRoute.loader, "/my-application/export")) as Response;
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe("/my-application");
  });
});
