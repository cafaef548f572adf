import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import routeTable from "~/routes";
import * as disbursementApi from "~/funds/ledger/routes/api-disbursement";
import * as disbursementsApi from "~/funds/ledger/routes/api-disbursements";
import * as fundApi from "~/funds/funds/routes/api-fund";
import * as fundsApi from "~/funds/funds/routes/api-funds";
import * as ratesApi from "~/funds/rates/routes/api-rates";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";
import { newGift } from "../../../../tests/support/builders";

/**
 * /api/funds/ as a client sees it: who may call what, the shapes and the refusals; and
 * that every address of the funds area reaches its route and never answers a 5xx.
 */

let auth: Record<string, string>;
let staffName: string;
const expired = { Authorization: "Bearer expired-or-made-up" };

beforeAll(async () => {
  const staff = await createTestAdmin();
  auth = staff.auth;
  staffName = staff.admin.username;
});

let named = 0;
/** A restricted fund of its own for each test, so figures start at zero. */
async function newFund(description = ""): Promise<{ id: number; name: string }> {
  named += 1;
  const { status, body } = await callApi(fundsApi.action, "/api/funds/", {
    body: { name: `Well Project ${named}`, description },
    headers: auth,
  });
  expect(status).toBe(201);
  return body;
}

/** A gift as the site stores it; a gift without a fund takes its purpose's fund. */
async function gift(
  purpose: string,
  dollars: number,
  extra: { is_test?: 0 | 1; name?: string; email?: string; donated_at?: string } = {},
) {
  await newGift({ amount_cents: Math.round(dollars * 100), purpose, donated_at: "2026-02-01T10:00:00.000Z", ...extra });
}

const fundOf = async (id: number) =>
  (await callApi(fundApi.loader, `/api/funds/${id}`, { params: { id: String(id) } })).body;

/** The answers to bodies that are not a JSON object: a 400 {detail}, never a 500. */
const WRONG_BODIES: [kind: string, body: string, detail: string][] = [
  ["plain text", "amount=5", "Request body must be valid JSON"],
  ["malformed JSON", '{"name": "A"', "Request body must be valid JSON"],
  ["a JSON array", '[{"name": "A"}]', "Request body must be a JSON object"],
  ["a JSON string", '"A"', "Request body must be a JSON object"],
  ["JSON null", "null", "Request body must be a JSON object"],
];

describe("the route table", () => {
  const asRoutes = (entries: RouteConfigEntry[]): RouteObject[] =>
    entries.map(
      (entry) =>
        ({
          id: entry.file,
          path: entry.path,
          index: entry.index,
          children: entry.children ? asRoutes(entry.children) : undefined,
        }) as RouteObject,
    );

  it.each([
    ["/api/funds/", "funds/funds/routes/api-funds.ts"],
    ["/api/funds", "funds/funds/routes/api-funds.ts"],
    ["/api/funds/3", "funds/funds/routes/api-fund.ts"],
    ["/api/disbursements/", "funds/ledger/routes/api-disbursements.ts"],
    ["/api/disbursements", "funds/ledger/routes/api-disbursements.ts"],
    ["/api/disbursements/7", "funds/ledger/routes/api-disbursement.ts"],
    ["/api/rates/", "funds/rates/routes/api-rates.ts"],
    ["/api/rates", "funds/rates/routes/api-rates.ts"],
    ["/api/transparency", "funds/transparency/routes/api-transparency.ts"],
    ["/api/transparency/", "funds/transparency/routes/api-transparency.ts"],
  ])("sends %s to %s", async (address, file) => {
    const matches = matchRoutes(asRoutes(await routeTable), address);
    expect(matches?.at(-1)?.route.id).toBe(file);
  });
});

describe("GET /api/funds/", () => {
  it("lists every fund to anyone, ignoring a stale token, with the same figures staff see", async () => {
    const anonymous = await callApi(fundsApi.loader, "/api/funds/");
    const stale = await callApi(fundsApi.loader, "/api/funds/", { headers: expired });
    const staff = await callApi(fundsApi.loader, "/api/funds/", { headers: auth });
    expect(anonymous.status).toBe(200);
    expect(stale).toMatchObject({ status: 200, body: anonymous.body });
    expect(staff.body).toEqual(anonymous.body);
    const names = anonymous.body.map((fund: { name: string }) => fund.name);
    expect(names.slice(0, 10)).toEqual([
      "Sadaqa",
      "Zakat al-Mal",
      "Zakat al-Fitr",
      "Fidya",
      "Kaffarah",
      "Emergency Relief",
      "Orphan Care",
      "Food & Water Aid",
      "Education",
      "Healthcare",
    ]);
    const obligations = anonymous.body
      .filter((fund: { is_obligation: boolean }) => fund.is_obligation)
      .map((fund: { name: string }) => fund.name);
    expect(obligations).toEqual(["Zakat al-Mal", "Zakat al-Fitr", "Fidya", "Kaffarah"]);
    const zakat = anonymous.body
      .filter((fund: { is_zakat: boolean }) => fund.is_zakat)
      .map((fund: { name: string }) => fund.name);
    expect(zakat).toEqual(["Zakat al-Mal", "Zakat al-Fitr"]);
  });

  it("shows each fund's received, disbursed and balance in dollars, from live gifts only", async () => {
    const fund = await newFund("Wells in the Sahel");
    await gift(fund.name, 250.5);
    await gift(fund.name, 49.5);
    await gift(fund.name, 10_000, { is_test: 1 });
    await recordDisbursement(
      { fund_id: fund.id, amount: 120.25, disbursed_on: "2026-02-10", description: "Pump parts" },
      staffName,
    );

    const { body } = await callApi(fundsApi.loader, "/api/funds/");
    expect(body.find((item: { id: number }) => item.id === fund.id)).toEqual({
      id: fund.id,
      slug: expect.stringMatching(/^well-project-\d+$/),
      name: fund.name,
      purpose: fund.name,
      description: "Wells in the Sahel",
      kind: "restricted",
      is_zakat: false,
      is_obligation: false,
      archived: false,
      received: 300,
      disbursed: 120.25,
      balance: 179.75,
      gift_count: 2,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("keeps archived funds, flagged and listed last", async () => {
    const fund = await newFund();
    await callApi(fundApi.action, `/api/funds/${fund.id}`, {
      method: "PUT",
      body: { archived: true },
      params: { id: String(fund.id) },
      headers: auth,
    });
    const { body } = await callApi(fundsApi.loader, "/api/funds/");
    expect(body.at(-1)).toMatchObject({ id: fund.id, archived: true });
    expect(body.filter((item: { archived: boolean }) => !item.archived).length).toBeGreaterThanOrEqual(10);
  });
});

describe("POST /api/funds/", () => {
  it("adds a restricted fund for staff (201), its name its donate-form purpose", async () => {
    const { status, body } = await callApi(fundsApi.action, "/api/funds/", {
      body: { name: "  Ramadan Iftar Meals ", description: "Iftar for 500 families" },
      headers: auth,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      slug: "ramadan-iftar-meals",
      name: "Ramadan Iftar Meals",
      purpose: "Ramadan Iftar Meals",
      description: "Iftar for 500 families",
      kind: "restricted",
      is_obligation: false,
      archived: false,
      received: 0,
      disbursed: 0,
      balance: 0,
    });
    // A gift for it lands in it.
    await gift("Ramadan Iftar Meals", 20);
    expect(await fundOf(body.id)).toMatchObject({ received: 20, balance: 20, gift_count: 1 });
  });

  it("answers 401 without a valid token", async () => {
    for (const headers of [{}, expired]) {
      const answer = await callApi(fundsApi.action, "/api/funds/", { body: { name: "Nobody's Fund" }, headers });
      expect(answer).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    }
    expect(
      await getDb().selectFrom("funds").select("id").where("name", "=", "Nobody's Fund").executeTakeFirst(),
    ).toBeUndefined();
  });

  it.each([
    ["no name", {}, "name", "Name is required"],
    ["an empty name", { name: "  " }, "name", "Name is required"],
    ["a name too long", { name: "x".repeat(81) }, "name", "Name must be at most 80 characters"],
    ["a name a fund has", { name: "zakat al-mal" }, "name", "A fund with this name already exists"],
    ["a donate-form word a fund has", { name: "General Donation" }, "name", "A fund with this name already exists"],
    [
      "a description that is not text",
      { name: "Fresh Fund", description: 5 },
      "description",
      "Description must be text",
    ],
  ])("refuses %s with 422 and a field error", async (_case, body, field, message) => {
    const answer = await callApi(fundsApi.action, "/api/funds/", { body, headers: auth });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual(expect.any(String));
    expect(answer.body.errors[field]).toEqual([message]);
  });

  it.each(WRONG_BODIES)("refuses %s with 400 {detail}", async (_kind, body, detail) => {
    const answer = await callApi(fundsApi.action, "/api/funds/", {
      body,
      headers: { ...auth, "Content-Type": "application/json" },
    });
    expect(answer).toEqual({ status: 400, headers: expect.anything(), body: { detail } });
  });

  it.each([
    "Zakat for Gaza",
    "ZAKAT APPEAL",
    "Zakah Relief",
    "Winter Fitr Parcels",
    "fidya meals",
    "Kaffarah Meals",
    "Kaffara Fund",
    "Kafarah Food",
  ])("refuses a restricted fund named %s with 422: a restricted fund holds Sadaqa, and adds nothing", async (name) => {
    const before = (await callApi(fundsApi.loader, "/api/funds/")).body.length;
    const answer = await callApi(fundsApi.action, "/api/funds/", {
      body: { name, description: "Named like an obligation" },
      headers: auth,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.name).toEqual([
      "A restricted fund holds Sadaqa: Zakat, Zakat al-Fitr, Fidya and Kaffarah are given to their own funds. Please choose a name that does not suggest them.",
    ]);
    expect((await callApi(fundsApi.loader, "/api/funds/")).body).toHaveLength(before);
  });
});

describe("GET and PUT /api/funds/{id}", () => {
  it("shows one fund to anyone, and 404 for one that does not exist", async () => {
    const zakat = await fundBySlug("zakat-al-mal");
    const answer = await callApi(fundApi.loader, `/api/funds/${zakat.id}`, {
      params: { id: String(zakat.id) },
      headers: expired,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        id: zakat.id,
        name: "Zakat al-Mal",
        purpose: "Zakat",
        kind: "zakat",
        is_zakat: true,
        is_obligation: true,
      },
    });
    for (const id of ["99999", "abc", "0"]) {
      expect(await callApi(fundApi.loader, `/api/funds/${id}`, { params: { id } })).toMatchObject({
        status: 404,
        body: { detail: expect.any(String) },
      });
    }
  });

  it("lets staff change the description and archive or reopen a restricted fund", async () => {
    const fund = await newFund("Old words");
    const put = (body: unknown) =>
      callApi(fundApi.action, `/api/funds/${fund.id}`, {
        method: "PUT",
        body,
        params: { id: String(fund.id) },
        headers: auth,
      });
    expect(await put({ description: "New words" })).toMatchObject({
      status: 200,
      body: { description: "New words", archived: false },
    });
    expect(await put({ archived: true })).toMatchObject({
      status: 200,
      body: { description: "New words", archived: true },
    });
    // Sending its own name back is not a rename.
    expect(await put({ name: fund.name, archived: false })).toMatchObject({
      status: 200,
      body: { name: fund.name, archived: false },
    });
  });

  it("refuses a rename (422), a new kind (422), a flag that is not one (422) and archiving a fixed fund (409)", async () => {
    const fund = await newFund();
    const put = (id: number, body: unknown) =>
      callApi(fundApi.action, `/api/funds/${id}`, { method: "PUT", body, params: { id: String(id) }, headers: auth });
    const rename = await put(fund.id, { name: "Another Name" });
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name[0]).toMatch(/A fund's name never changes/);
    expect((await put(fund.id, { purpose: "Something else" })).body.errors.name[0]).toMatch(/never changes/);
    expect(await put(fund.id, { kind: "zakat" })).toMatchObject({
      status: 422,
      body: { errors: { kind: ["A fund's kind never changes"] } },
    });
    expect(await put(fund.id, { archived: "maybe" })).toMatchObject({
      status: 422,
      body: { errors: { archived: ["Must be true or false"] } },
    });
    expect(await fundOf(fund.id)).toMatchObject({ name: fund.name, kind: "restricted", archived: false });

    for (const slug of ["zakat-al-mal", "zakat-al-fitr", "fidya", "kaffarah", "sadaqa"]) {
      const fixed = await fundBySlug(slug);
      const answer = await put(fixed.id, { archived: true });
      expect(answer, slug).toMatchObject({
        status: 409,
        body: { detail: `${fixed.name} is one of the foundation's fixed funds and cannot be archived` },
      });
      expect((await fundOf(fixed.id)).archived).toBe(false);
    }
    expect(await put(99999, { description: "x" })).toMatchObject({ status: 404 });
  });

  it("is for staff only, and refuses bodies that are not a JSON object", async () => {
    const fund = await newFund("Kept");
    for (const headers of [{}, expired]) {
      const answer = await callApi(fundApi.action, `/api/funds/${fund.id}`, {
        method: "PUT",
        body: { description: "Changed" },
        params: { id: String(fund.id) },
        headers,
      });
      expect(answer).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    }
    for (const [, body, detail] of WRONG_BODIES) {
      const answer = await callApi(fundApi.action, `/api/funds/${fund.id}`, {
        method: "PUT",
        body,
        params: { id: String(fund.id) },
        headers: { ...auth, "Content-Type": "application/json" },
      });
      expect(answer).toMatchObject({ status: 400, body: { detail } });
    }
    const deleted = await callApi(fundApi.action, `/api/funds/${fund.id}`, {
      method: "DELETE",
      params: { id: String(fund.id) },
      headers: auth,
    });
    expect(deleted).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
    expect(await fundOf(fund.id)).toMatchObject({ description: "Kept" });
  });
});

describe("odd requests", () => {
  const ODD_BODIES: unknown[] = [
    {},
    { fund_id: {}, amount: [], disbursed_on: 5, description: true, category: 3, programme: {}, region: [] },
    { reverses_id: { id: 1 }, description: ["x"] },
    { reverses_id: true, disbursed_on: null, description: "x" },
    { reverses_id: 1e20, description: "x" },
    { fund_id: 1, amount: 1e300, disbursed_on: "2026-01-01", description: "x" },
    { fund_id: -1, amount: "NaN", disbursed_on: "0000-00-00", description: "\u0000" },
    { name: ["Fund"], description: {}, archived: [], kind: null, purpose: 5 },
    { name: null, archived: null, description: null },
    { rate_key: ["fidya_per_day"], amount: {}, effective_on: [], authority: 1, note: false },
    "not json at all",
  ];
  const ODD_QUERIES = [
    "?limit=abc",
    "?offset=-3",
    "?fund=1e5",
    "?search=%22",
    "?search=*",
    "?search=a%20OR%20b",
    "?from=2026-13-45",
    "?calendar=x&year=-1",
    "?year=99999999999",
  ];
  const ROUTES: [
    name: string,
    module: { loader: (args: never) => unknown; action: (args: never) => unknown },
    address: string,
  ][] = [
    ["funds", fundsApi, "/api/funds/"],
    ["fund", fundApi, "/api/funds/2"],
    ["disbursements", disbursementsApi, "/api/disbursements/"],
    ["disbursement", disbursementApi, "/api/disbursements/1"],
    ["rates", ratesApi, "/api/rates/"],
    ["transparency", transparencyApi, "/api/transparency"],
  ];

  it.each(ROUTES)("/api/%s never answers 5xx, whatever it is sent", async (_name, module, address) => {
    const params = { id: address.split("/").filter(Boolean).at(-1)! };
    for (const query of ODD_QUERIES) {
      for (const headers of [{}, auth, expired]) {
        const answer = await callApi(module.loader, `${address}${query}`, { params, headers });
        expect(answer.status, `GET ${address}${query}`).toBeLessThan(500);
      }
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const body of ODD_BODIES) {
        const answer = await callApi(module.action, address, {
          method,
          body: typeof body === "string" ? body : JSON.stringify(body),
          params,
          headers: { ...auth, "Content-Type": "application/json" },
        });
        expect(answer.status, `${method} ${address} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (answer.status >= 400)
          expect(answer.body.detail, `${method} ${address} ${JSON.stringify(body)}`).toEqual(expect.any(String));
      }
    }
  });
});
