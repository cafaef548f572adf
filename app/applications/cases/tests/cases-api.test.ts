import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as apiAccess from "~/staff/access/routes/api-access";
import * as listRoute from "~/applications/cases/routes/api-applications";
import * as caseRoute from "~/applications/cases/routes/api-application";
import * as actionRoute from "~/applications/cases/routes/api-application-action";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callRoute, makeContext, makeRequest, type CallOptions } from "../../../../tests/support/routes";
import { familyInput, newCase } from "./case-builders";

/**
 * The staff API for cases, through the API's guard as a real request meets it: who may call
 * it (401 signed out, 403 for an editor), the list and its filters, one case with the family's
 * fields and its audit entry, and every action's answers (200, 404, 409, 422).
 */

type Staff = Awaited<ReturnType<typeof createTestAdmin>>;
let caseworker: Staff;
let finance: Staff;
let editor: Staff;

beforeAll(async () => {
  caseworker = await createTestAdmin("a-strong-password", ["caseworker"]);
  finance = await createTestAdmin("a-strong-password", ["finance"]);
  editor = await createTestAdmin("a-strong-password", ["editor"]);
});

type RouteModule = { loader: (args: never) => unknown; action: (args: never) => unknown };

/** Calls a route behind the API's guard (staff/access), as the route table nests it. */
async function api(
  module: RouteModule,
  pattern: string,
  path: string,
  options: CallOptions & { who?: Staff | null } = {},
): Promise<{ status: number; body: unknown }> {
  const { who = caseworker, ...call } = options;
  const headers = { ...call.headers, ...(who ? who.auth : {}) };
  const request = makeRequest(path, { ...call, headers });
  const context = makeContext("203.0.113.20", null);
  const handler = request.method === "GET" ? module.loader : module.action;
  let response: Response;
  try {
    response = (await apiAccess.middleware[0]!(
      { request, context, params: call.params ?? {}, pattern, url: new URL(request.url) } as never,
      async () => (await callRoute(handler, path, { ...call, headers, context, method: request.method })) as Response,
    )) as Response;
  } catch (thrown) {
    response = thrown as Response;
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const post = (ref: string, action: string, body: unknown, who: Staff | null = caseworker) =>
  api(actionRoute, "/api/applications/:ref/:action", `/api/applications/${ref}/${action}`, {
    method: "POST",
    body,
    params: { ref, action },
    who,
  });

describe("who may call the cases' API", () => {
  it("answers 401 signed out and 403 to an editor, reading and writing", async () => {
    const { ref } = await newCase();
    const list = (who: Staff | null) => api(listRoute, "/api/applications", "/api/applications/", { who });
    expect((await list(null)).status).toBe(401);
    const refused = await list(editor);
    expect(refused.status).toBe(403);
    expect((refused.body as { detail: string }).detail).toMatch(/^This needs the Case worker or Finance role/);
    expect((await post(ref, "assign", { caseworker: editor.admin.username }, editor)).status).toBe(403);
    expect((await post(ref, "assign", { caseworker: caseworker.admin.username }, null)).status).toBe(401);
    expect((await list(finance)).status).toBe(200);
  });
});

describe("GET /api/applications/", () => {
  it("lists cases newest first in dollars, with no family field, filtered by state, category and case worker", async () => {
    const me = await createTestAdmin("a-strong-password", ["caseworker"]);
    const first = await newCase();
    const second = await newCase();
    await post(second.ref, "assign", { caseworker: me.admin.username }, me);
    const all = await api(listRoute, "/api/applications", "/api/applications/", { who: me });
    expect(all.status).toBe(200);
    const envelope = all.body as { items: Record<string, unknown>[]; page: number; page_size: number; total: number };
    const total = await getDb()
      .selectFrom("applications")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(envelope).toMatchObject({ page: 1, page_size: 50, total: Number(total.count) });
    const items = envelope.items;
    const refs = items.map((item) => item.ref);
    expect(refs.indexOf(second.ref)).toBeLessThan(refs.indexOf(first.ref));
    const item = items.find((each) => each.ref === first.ref)!;
    expect(item).toMatchObject({
      ref: first.ref,
      state: "submitted",
      category: null,
      requested: 1900,
      recommended: null,
      approved: null,
      paid: 0,
      household_size: 4,
      assigned_to: null,
    });
    expect(item).not.toHaveProperty("applicant");
    expect(JSON.stringify(all.body)).not.toContain(first.input.name);

    const mine = await api(listRoute, "/api/applications", "/api/applications/?caseworker=mine&state=open", {
      who: me,
    });
    expect(mine.body).toEqual({
      items: [expect.objectContaining({ ref: second.ref, assigned_to: expect.objectContaining({ id: me.admin.id }) })],
      page: 1,
      page_size: 50,
      total: 1,
      has_more: false,
    });
  });

  it("answers a page at a time with the total counted, and an empty page past the end", async () => {
    const me = await createTestAdmin("a-strong-password", ["caseworker"]);
    const made = [await newCase(), await newCase(), await newCase()];
    for (const { ref } of made) await post(ref, "assign", { caseworker: me.admin.username }, me);
    const page = (query: string) =>
      api(listRoute, "/api/applications", `/api/applications/?caseworker=mine&${query}`, { who: me });
    const first = await page("page_size=2");
    expect(first.body).toMatchObject({ page: 1, page_size: 2, total: 3, has_more: true });
    expect((first.body as { items: { ref: string }[] }).items.map((each) => each.ref)).toEqual([
      made[2]!.ref,
      made[1]!.ref,
    ]);
    const second = await page("page_size=2&page=2");
    expect(second.body).toMatchObject({ page: 2, total: 3, has_more: false, items: [{ ref: made[0]!.ref }] });
    expect((await page("page_size=2&page=9")).body).toEqual({
      items: [],
      page: 9,
      page_size: 2,
      total: 3,
      has_more: false,
    });
  });

  it("answers 422 with each bad parameter named", async () => {
    const bad = await api(listRoute, "/api/applications", "/api/applications/?state=lost&category=everyone&page=0");
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(["category", "page", "state"]);
    for (const query of ["page_size=0", "page_size=201", "page=x", "limit=1", "offset=0"]) {
      const refused = await api(listRoute, "/api/applications", `/api/applications/?${query}`);
      expect(refused.status, query).toBe(422);
    }
  });
});

describe("GET /api/applications/{ref}", () => {
  it("gives the family's fields to a case worker and writes the reading to the audit trail", async () => {
    const input = familyInput();
    const { ref } = await newCase(input);
    const read = await api(caseRoute, "/api/applications/:ref", `/api/applications/${ref}`, { params: { ref } });
    expect(read.status).toBe(200);
    const body = read.body as Record<string, unknown> & { applicant: Record<string, unknown>; warnings: object };
    expect(body.applicant).toMatchObject({ name: input.name, email: input.email, adults: 2, children_ages: [4, 9] });
    expect(body.warnings).toMatchObject({ duplicates: [], cap: { cap: 6000, passed: false } });
    const views = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity", "=", "application")
      .where("entity_id", "=", ref)
      .where("action", "=", "view")
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]!.actor_id).toBe(caseworker.admin.id);
    expect(views[0]!.changes).toBe("{}");
  });

  it("answers 404 for a reference that names nothing", async () => {
    const read = await api(caseRoute, "/api/applications/:ref", "/api/applications/ZA-NOPE", {
      params: { ref: "ZA-NOPE" },
    });
    expect(read.status).toBe(404);
  });
});

describe("POST /api/applications/{ref}/{action}", () => {
  it("walks a case from assignment to recommendation, answering the case as it now is", async () => {
    const { ref } = await newCase();
    const assigned = await post(ref, "assign", { caseworker: caseworker.admin.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ ref, state: "under_assessment", assigned_to: { id: caseworker.admin.id } });
    const requested = await post(ref, "request-documents", {
      documents: [{ what: "Bank statement", why: "To see the income" }],
      due: "2099-01-31",
    });
    expect(requested.body).toMatchObject({ state: "documents_requested" });
    const due = await getDb()
      .selectFrom("application_document_requests")
      .innerJoin("applications", "applications.id", "application_document_requests.application_id")
      .select("due_on")
      .where("applications.ref", "=", ref)
      .executeTakeFirstOrThrow();
    expect(due.due_on).toBe("2099-01-31");
    // The documents slice moves the case back under assessment when the last upload arrives.
    await getDb().updateTable("applications").set({ state: "under_assessment" }).where("ref", "=", ref).execute();
    const assessed = await post(ref, "assess", {
      category: "masakin",
      reason: "Income below essential costs",
      recommended: { plan: "once", amount: 750.5 },
    });
    expect(assessed.status).toBe(200);
    expect(assessed.body).toMatchObject({
      state: "recommended",
      category: "masakin",
      recommended: 750.5,
      recommended_plan: "once",
      shortfall: 350.5,
    });
  });

  it("answers 422 with field errors, 409 for a state that does not allow it, 404 for an unknown action", async () => {
    const { ref } = await newCase();
    const bad = await post(ref, "assign", { caseworker: "" });
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: object }).errors).toHaveProperty("caseworker");
    const notStaff = await post(ref, "assign", { caseworker: "nobody-at-all" });
    expect(notStaff.status).toBe(422);

    const early = await post(ref, "assess", {
      category: "masakin",
      reason: "x",
      recommended: { plan: "once", amount: 10 },
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ detail: 'A case that is submitted cannot be given "assess"' });
    const approve = await post(ref, "approve", {});
    expect(approve.status).toBe(409);
    expect((approve.body as { detail: string }).detail).toBe('A case that is submitted cannot be given "approve"');

    await post(ref, "assign", { caseworker: caseworker.admin.username });
    const badAssessment = await post(ref, "assess", { category: "masakin", recommended: { plan: "weekly" } });
    expect(badAssessment.status).toBe(422);
    expect(Object.keys((badAssessment.body as { errors: object }).errors)).toEqual(
      expect.arrayContaining(["reason", "recommended.plan", "recommended.amount"]),
    );
    const noDocuments = await post(ref, "request-documents", { documents: "a bank statement" });
    expect(noDocuments.status).toBe(422);

    const unknown = await post(ref, "celebrate", {});
    expect(unknown.status).toBe(404);
    const noCase = await post("ZA-NOPE", "assign", { caseworker: caseworker.admin.username });
    expect(noCase.status).toBe(404);
  });

  it("refuses a recommendation past the household's cap with 422 under recommended.amount, unless acknowledged", async () => {
    const { ref } = await newCase();
    await post(ref, "assign", { caseworker: caseworker.admin.username });
    const assessment = { category: "fuqara", reason: "Low income", recommended: { plan: "once", amount: 7000 } };
    const refused = await post(ref, "assess", assessment);
    expect(refused.status).toBe(422);
    const errors = (refused.body as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toEqual(["recommended.amount"]);
    expect(errors["recommended.amount"]![0]).toBe(
      '$7,000.00 in all passes what the household may still receive under its twelve-month cap ($6,000.00 of $6,000.00). Send "acknowledge_cap": true to recommend it all the same.',
    );
    expect((await post(ref, "assess", { ...assessment, acknowledge_cap: "yes" })).status).toBe(422);
    const monthly = await post(ref, "assess", {
      ...assessment,
      recommended: { plan: "monthly", amount: 600, months: 11 },
    });
    expect(monthly.status).toBe(422);
    const acknowledged = await post(ref, "assess", { ...assessment, acknowledge_cap: true });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({ state: "recommended", recommended: 7000 });
  });

  it("answers a malformed body for each case worker's action in words (422 or 400), never a 500", async () => {
    const { ref } = await newCase();
    await post(ref, "assign", { caseworker: caseworker.admin.username });
    const shapes: [string, unknown][] = [
      ["assign", { caseworker: { id: 1 } }],
      ["assign", { caseworker: [1, 2] }],
      ["request-documents", { documents: "x" }],
      ["request-documents", { documents: [1, "x", null] }],
      ["request-documents", { documents: { what: "x" }, due: 5 }],
      ["assess", { category: ["fuqara"], reason: { text: "x" }, recommended: "x" }],
      [
        "assess",
        { category: "fuqara", reason: "x", recommended: { plan: "once", amount: "lots" }, acknowledge_cap: 1 },
      ],
      ["assess", []],
      ["assign", "a person"],
    ];
    for (const [action, body] of shapes) {
      const answer = await post(ref, action, body);
      // A field of the wrong shape is a 422 naming it; a body that is no JSON object, the API's 400.
      expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(
        Array.isArray(body) || typeof body !== "object" ? 400 : 422,
      );
      expect(typeof (answer.body as { detail: unknown }).detail).toBe("string");
    }
  });

  it("hands a decision, a payment and closing to the grants slice", async () => {
    const { ref } = await newCase();
    await post(ref, "assign", { caseworker: caseworker.admin.username });
    await post(ref, "assess", { category: "fuqara", reason: "Low income", recommended: { plan: "once", amount: 100 } });
    const approve = await post(ref, "approve", {}, finance);
    expect(approve.status).toBe(200);
    expect(approve.body).toMatchObject({ ref, state: "approved" });
  });
});
