import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { makeContext, makeRequest } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { createTestAdmin, passwordJustGiven } from "../../../../tests/support/admins";
import { guardApi } from "~/staff/access/server/access.server";
import * as auditScreen from "~/staff/audit/routes/admin-audit";
import * as auditExport from "~/staff/audit/routes/admin-audit-export";
import * as auditApi from "~/staff/audit/routes/api-audit";
import { runAsActor } from "~/lib/request-actor.server";

type AuditData = Awaited<ReturnType<typeof auditScreen.loader>>;

let amina: { id: number; name: string };
let bilal: { id: number; name: string };

/** Entries written as they were: Amina edits stories through December 2026, Bilal changes a rate on the 3rd. */
beforeAll(async () => {
  const made = [await createTestAdmin(), await createTestAdmin()];
  amina = { id: made[0]!.admin.id, name: "Amina Yusuf" };
  bilal = { id: made[1]!.admin.id, name: "Bilal Ahmed" };
  await getDb().updateTable("admins").set({ name: amina.name }).where("id", "=", amina.id).execute();
  await getDb().updateTable("admins").set({ name: bilal.name }).where("id", "=", bilal.id).execute();
  const rows = Array.from({ length: 60 }, (_, index) => ({
    at: `2026-12-${String(1 + Math.floor(index / 10)).padStart(2, "0")}T10:00:${String(index % 60).padStart(2, "0")}.000Z`,
    actor_id: amina.id,
    actor_name: amina.name,
    action: index === 0 ? "create" : "update",
    entity: "story",
    entity_id: String(100 + (index % 3)),
    summary: `Story: Winter appeal ${index}`,
    changes: JSON.stringify({ title: [`Winter ${index - 1}`, `Winter ${index}`] }),
    address: "198.51.100.7",
    user_agent: "Firefox/140",
  }));
  rows.push({
    at: "2026-12-03T12:00:00.000Z",
    actor_id: bilal.id,
    actor_name: bilal.name,
    action: "update",
    entity: "rate",
    entity_id: "gold",
    summary: "Gold price",
    changes: JSON.stringify({ price: ["80.00", "82.50"] }),
    address: "203.0.113.5",
    user_agent: "Chrome/140",
  });
  await getDb().insertInto("audit_entries").values(rows).execute();
});

async function screen(query = ""): Promise<AuditData> {
  const { loader } = auditScreen;
  return (await loader({
    request: makeRequest(`/admin/audit${query}`),
    url: new URL(`http://x/admin/audit${query}`),
  } as never)) as AuditData;
}

describe("the Audit screen", () => {
  it("shows who did what, when, to which record, what changed, from where and in which browser, newest first", async () => {
    const text = await screenText(auditScreen as never, "/admin/audit");
    expect(text).toContain("Audit");
    expect(text).toContain("2026-12-06 10:00:59");
    expect(text).toContain("Amina Yusuf");
    expect(text).toContain("story #102");
    expect(text).toContain("Story: Winter appeal 59");
    expect(text).toContain("title: Winter 58 → Winter 59");
    expect(text).toContain("198.51.100.7");
    expect(text).toContain("Firefox/140");
    expect(text).toContain("Showing 1–25 of 61");
    const first = await screen();
    expect(first.entries[0]!.summary).toBe("Story: Winter appeal 59");
    const third = await screen("?page=3");
    expect(third.entries.map((entry) => entry.summary)).toContain("Story: Winter appeal 0");
    expect(third.entries).toHaveLength(11);
    // The screen, like every staff list, shows the last page there is when asked past it.
    expect(await screen(`?actor=${amina.id}&page=9`)).toMatchObject({ page: 3, total: 60 });
  });

  it("filters by person, action, kind, a record and UTC days, in the address, and offers the trail's own words", async () => {
    expect((await screen(`?actor=${bilal.id}`)).entries.map((entry) => entry.summary)).toEqual(["Gold price"]);
    expect((await screen("?action=create")).entries.map((entry) => entry.summary)).toEqual(["Story: Winter appeal 0"]);
    expect((await screen("?entity=rate")).total).toBe(1);
    const history = await screen("?entity=story&entity_id=101");
    expect(history.total).toBe(20);
    expect(history.entries.every((entry) => entry.entity_id === "101")).toBe(true);
    const days = await screen("?from=2026-12-02&to=2026-12-03");
    expect(days.total).toBe(21);
    expect(days.entries.at(-1)!.at).toBe("2026-12-02T10:00:10.000Z");
    const both = await screen(`?actor=${amina.id}&from=2026-12-03&to=2026-12-03`);
    expect(both.total).toBe(10);
    const words = await screen();
    expect(words.actions).toEqual(expect.arrayContaining(["create", "update"]));
    expect(words.entities).toEqual(expect.arrayContaining(["rate", "story"]));
    expect(words.people.map((person) => person.name)).toEqual(expect.arrayContaining(["Amina Yusuf", "Bilal Ahmed"]));

    const html = await screenHtml(auditScreen as never, `/admin/audit?actor=${bilal.id}`);
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toMatch(new RegExp(`<option value="${bilal.id}" selected="">Bilal Ahmed</option>`));
    expect(html).toContain(`href="/admin/audit.csv?actor=${bilal.id}"`);
    expect(await screenText(auditScreen as never, "/admin/audit?entity=story&entity_id=101")).toContain(
      "The history of story #101",
    );
  });

  it("says which part of a filter it could not use", async () => {
    const text = await screenText(auditScreen as never, "/admin/audit?from=2026-13-01&action=update");
    expect(text).toContain("from must be a date as YYYY-MM-DD: that part of the filter was left out.");
    expect(await screenText(auditScreen as never, "/admin/audit?from=2026-12-05&to=2026-12-01")).toContain(
      "from must not be after to",
    );
  });
});

describe("the audit trail's CSV", () => {
  it("streams the filtered entries with their changes, and records the export itself", async () => {
    const headers = await passwordJustGiven();
    const response = (await runAsActor(
      { id: amina.id, name: amina.name, address: "192.0.2.1", userAgent: "Edge" },
      () =>
        auditExport.loader({
          request: makeRequest("/admin/audit.csv", { headers }),
          url: new URL(`http://x/admin/audit.csv?entity=rate`),
        } as never),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="audit.csv"');
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("ID,When (UTC),Person,Person ID,Action,Kind,Record,Summary,Changes,Address,Browser");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `2026-12-03T12:00:00.000Z,Bilal Ahmed,${bilal.id},update,rate,gold,Gold price,price: 80.00 → 82.50,203.0.113.5,Chrome/140`,
    );
    const exported = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("action", "=", "export")
      .where("entity", "=", "audit")
      .executeTakeFirstOrThrow();
    expect(exported).toMatchObject({
      actor_name: "Amina Yusuf",
      summary: "Audit trail CSV (entity=rate)",
      address: "192.0.2.1",
    });
  });

  it("reads every entry across its batches, newest first", async () => {
    const response = (await auditExport.loader({
      request: makeRequest("/admin/audit.csv", { headers: await passwordJustGiven() }),
      url: new URL("http://x/admin/audit.csv?entity=story"),
    } as never)) as Response;
    const lines = (await response.text()).trim().split("\n");
    expect(lines).toHaveLength(61);
    expect(lines[1]).toContain("Story: Winter appeal 59");
    expect(lines[60]).toContain("Story: Winter appeal 0");
  });

  it("refuses a filter it cannot read", async () => {
    const response = (await auditExport.loader({
      request: makeRequest("/admin/audit.csv", { headers: await passwordJustGiven() }),
      url: new URL("http://x/admin/audit.csv?to=yesterday"),
    } as never)) as Response;
    expect(response.status).toBe(422);
  });
});

/** GET /api/audit/ as a client calls it: through the API's guard, with a bearer token. */
async function getAudit(query: string, headers: Record<string, string> = {}) {
  const request = makeRequest(`/api/audit/${query}`, { headers });
  const context = makeContext("203.0.113.10", null);
  const url = new URL(request.url);
  let response: Response;
  try {
    response = await guardApi(
      { request, url, pattern: "api/audit", context } as never,
      async () =>
        (await auditApi.loader({ request, url, params: {}, context, pattern: "api/audit" } as never)) as Response,
    );
  } catch (thrown) {
    response = thrown as Response;
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("GET /api/audit/", () => {
  it("answers an owner with a page of entries and how many match", async () => {
    const { auth } = await createTestAdmin();
    const answer = await getAudit(
      `?actor=${amina.id}&action=update&entity=story&page=2&from=2026-12-01&to=2026-12-31`,
      auth,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 2, page_size: 50, total: 59, total_capped: false, has_more: false });
    expect(answer.body.items).toHaveLength(9);
    expect(answer.body.items[0]).toMatchObject({
      actor_id: amina.id,
      actor_name: "Amina Yusuf",
      action: "update",
      entity: "story",
      address: "198.51.100.7",
      user_agent: "Firefox/140",
      changes: { title: ["Winter 8", "Winter 9"] },
    });
  });

  it("refuses anyone but an owner, and a signed-out caller", async () => {
    const editor = await createTestAdmin("a-strong-password", ["editor", "finance"]);
    const refused = await getAudit("", editor.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/Owner/);
    expect((await getAudit("")).status).toBe(401);
  });

  it("answers 422 for a date or a page it cannot read", async () => {
    const { auth } = await createTestAdmin();
    const bad = await getAudit("?from=2026-02-30", auth);
    expect(bad).toMatchObject({
      status: 422,
      body: { detail: "from must be a date as YYYY-MM-DD", errors: { from: ["from must be a date as YYYY-MM-DD"] } },
    });
    expect((await getAudit("?to=12/01/2026", auth)).status).toBe(422);
    expect((await getAudit("?page=0", auth)).body).toMatchObject({
      errors: { page: ["page must be a whole number from 1"] },
    });
  });

  it("answers a page past the end empty, with the real total and the page asked for", async () => {
    const { auth } = await createTestAdmin();
    const past = await getAudit(`?actor=${amina.id}&entity=story&page=5`, auth);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], page: 5, page_size: 50, total: 60, has_more: false });
  });

  it("reads a range that ends on the last day there is, and answers 422 for a year it cannot write", async () => {
    const { auth } = await createTestAdmin();
    const toTheEnd = await getAudit(`?actor=${amina.id}&entity=story&from=2026-12-06&to=9999-12-31`, auth);
    expect(toTheEnd.status).toBe(200);
    expect(toTheEnd.body).toMatchObject({ total: 10 });
    expect(toTheEnd.body.items[0]).toMatchObject({ summary: "Story: Winter appeal 59" });
    const yearZero = await getAudit("?from=0000-01-01", auth);
    expect(yearZero).toMatchObject({ status: 422, body: { detail: "from must be a date as YYYY-MM-DD" } });
    expect((await getAudit("?to=10000-01-01", auth)).status).toBe(422);
  });
});
