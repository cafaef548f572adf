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
 * /api/funds/, /api/disbursements/, /api/rates/ and /api/transparency as a client sees
 * them: who may call what, the shapes, the refusals, and that the public figures never
 * name a donor, a recipient or a proof document, nor count a test payment.
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

const post = (body: unknown, headers = auth) =>
  callApi(disbursementsApi.action, "/api/disbursements/", { body, headers });

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

describe("POST /api/disbursements/", () => {
  it("records a disbursement (201) with who recorded it and when, and the fund's balance drops", async () => {
    const fund = await newFund();
    await gift(fund.name, 500);
    const before = Date.now();
    const { status, body } = await post({
      fund_id: fund.id,
      amount: "150.50",
      disbursed_on: "2026-03-01",
      programme: "Wells",
      region: "Mali",
      description: "Two hand pumps",
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      kind: "disbursement",
      fund_id: fund.id,
      fund_name: fund.name,
      amount: 150.5,
      disbursed_on: "2026-03-01",
      disbursed_on_hijri: "12 Ramadan 1447 AH",
      category: null,
      category_label: "",
      programme: "Wells",
      region: "Mali",
      description: "Two hand pumps",
      has_proof: false,
      reverses_id: null,
      reversed_by_id: null,
      recorded_by: staffName,
      recorded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.parse(body.recorded_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await fundOf(fund.id)).toMatchObject({ received: 500, disbursed: 150.5, balance: 349.5 });
  });

  it("refuses a category for a fund that is not Zakat, and stores nothing", async () => {
    const fund = await newFund();
    await gift(fund.name, 500);
    const { status, body } = await post({
      fund_id: fund.id,
      amount: 10,
      disbursed_on: "2026-03-01",
      description: "Pumps",
      category: "masakin",
    });
    expect(status).toBe(422);
    expect(body.errors.category[0]).toMatch(/eight categories are for Zakat/);
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0, balance: 500 });
  });

  it("gives Zakat only to one of the eight categories", async () => {
    const zakat = await fundBySlug("zakat-al-mal");
    await gift("Zakat", 300);
    const without = await post({
      fund_id: zakat.id,
      amount: 10,
      disbursed_on: "2026-03-02",
      description: "Food parcels",
    });
    expect(without).toMatchObject({
      status: 422,
      body: { errors: { category: ["Zakat is given only to the eight categories: please choose one"] } },
    });
    const unknown = await post({
      fund_id: zakat.id,
      amount: 10,
      disbursed_on: "2026-03-02",
      description: "Food parcels",
      category: "friends",
    });
    expect(unknown).toMatchObject({
      status: 422,
      body: { errors: { category: ["Please choose one of the eight categories"] } },
    });
    const given = await post({
      fund_id: zakat.id,
      amount: 10,
      disbursed_on: "2026-03-02",
      description: "Food parcels",
      category: "masakin",
    });
    expect(given).toMatchObject({
      status: 201,
      body: { category: "masakin", category_label: "the needy (al-masakin)", fund_name: "Zakat al-Mal" },
    });
  });

  it.each([
    ["an empty body", {}, ["amount", "description", "disbursed_on", "fund_id"]],
    ["an amount that is not a number", { amount: "lots" }, ["amount"]],
    ["a negative amount", { amount: -5 }, ["amount"]],
    ["an amount with fractions of a cent", { amount: 1.005 }, ["amount"]],
    ["a date that is not a date", { disbursed_on: "2026-02-30" }, ["disbursed_on"]],
    ["a date in the future", { disbursed_on: "2999-01-01" }, ["disbursed_on"]],
    ["a fund that does not exist", { fund_id: 99999 }, ["fund_id"]],
    ["a fund that is not an id", { fund_id: "Sadaqa" }, ["fund_id"]],
  ])("refuses %s with 422 and field errors, storing nothing", async (_case, change, fields) => {
    const fund = await newFund();
    await gift(fund.name, 100);
    const body = Object.keys(change).length
      ? { fund_id: fund.id, amount: 5, disbursed_on: "2026-03-01", description: "Food", ...change }
      : change;
    const answer = await post(body);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual(expect.any(String));
    expect(Object.keys(answer.body.errors).sort()).toEqual(fields);
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0, balance: 100 });
  });

  it("refuses an overdraft with 409 saying the balance is not enough, and stores nothing", async () => {
    const fund = await newFund();
    await gift(fund.name, 100);
    const entries = async () =>
      (await getDb().selectFrom("disbursements").select("id").where("fund_id", "=", fund.id).execute()).length;
    const answer = await post({
      fund_id: fund.id,
      amount: 100.01,
      disbursed_on: "2026-03-01",
      description: "Too much",
    });
    expect(answer).toEqual({
      status: 409,
      headers: expect.anything(),
      body: {
        detail: `The ${fund.name} balance is not enough: it holds $100.00, and this disbursement is $100.01. Nothing was recorded.`,
      },
    });
    expect(await entries()).toBe(0);
    expect(
      (await post({ fund_id: fund.id, amount: 100, disbursed_on: "2026-03-01", description: "All of it" })).status,
    ).toBe(201);
    expect(
      (await post({ fund_id: fund.id, amount: 0.01, disbursed_on: "2026-03-01", description: "A cent more" })).status,
    ).toBe(409);
    expect(await entries()).toBe(1);
    expect(await fundOf(fund.id)).toMatchObject({ received: 100, disbursed: 100, balance: 0 });
  });

  it("refuses a disbursement dated before the fund had the money with 409 naming the day, and stores nothing", async () => {
    const fund = await newFund();
    await gift(fund.name, 500, { donated_at: "2026-03-01T10:00:00.000Z" });
    const answer = await post({
      fund_id: fund.id,
      amount: 500,
      disbursed_on: "2024-06-01",
      description: "Dated two years back",
    });
    expect(answer).toEqual({
      status: 409,
      headers: expect.anything(),
      body: {
        detail: `The ${fund.name} balance is not enough on 2024-06-01: it held $0.00 then, and this disbursement is $500.00. Nothing was recorded.`,
      },
    });
    expect(await fundOf(fund.id)).toMatchObject({ received: 500, disbursed: 0, balance: 500 });
    // 2024 has no figures at all, so the report answers for all years (a made-up year is never worked out).
    const report = await callApi(transparencyApi.loader, "/api/transparency?calendar=gregorian&year=2024");
    expect(report.body.year).toBeNull();
    expect(report.body.years).not.toContain(2024);
    expect(report.body.funds.find((item: { name: string }) => item.name === fund.name)).toMatchObject({
      received: 500,
      distributed: 0,
      held: 500,
    });
    expect(
      (await post({ fund_id: fund.id, amount: 500, disbursed_on: "2026-03-01", description: "The day it came" }))
        .status,
    ).toBe(201);
  });

  it("refuses a reversal dated before the entry it reverses with 422 on its date", async () => {
    const fund = await newFund();
    await gift(fund.name, 100);
    const original = (
      await post({ fund_id: fund.id, amount: 60, disbursed_on: "2026-03-01", description: "Entered twice by mistake" })
    ).body;
    const early = await post({ reverses_id: original.id, description: "Duplicate entry", disbursed_on: "2026-02-28" });
    expect(early).toMatchObject({
      status: 422,
      body: { errors: { disbursed_on: ["A reversal cannot be dated before the entry it reverses (2026-03-01)"] } },
    });
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 60, balance: 40 });
    expect(
      (await post({ reverses_id: original.id, description: "Duplicate entry", disbursed_on: "2026-03-01" })).status,
    ).toBe(201);
  });

  it("records a reversal when the body names the entry it reverses; both entries say so", async () => {
    const fund = await newFund();
    await gift(fund.name, 100);
    const original = (
      await post({ fund_id: fund.id, amount: 60, disbursed_on: "2026-03-01", description: "Entered twice by mistake" })
    ).body;
    const reversal = await post({
      reverses_id: original.id,
      description: "Duplicate entry",
      disbursed_on: "2026-03-03",
    });
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({
      kind: "reversal",
      fund_id: fund.id,
      amount: 60,
      disbursed_on: "2026-03-03",
      description: "Duplicate entry",
      reverses_id: original.id,
      reversed_by_id: null,
      recorded_by: staffName,
    });
    const reread = await callApi(disbursementApi.loader, `/api/disbursements/${original.id}`, {
      params: { id: String(original.id) },
      headers: auth,
    });
    expect(reread.body).toMatchObject({
      id: original.id,
      kind: "disbursement",
      reverses_id: null,
      reversed_by_id: reversal.body.id,
    });
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0, balance: 100 });

    // Once only, and never a reversal of a reversal.
    expect(await post({ reverses_id: original.id, description: "Again" })).toMatchObject({
      status: 409,
      body: { detail: `Entry ${original.id} was already reversed by entry ${reversal.body.id}` },
    });
    expect(await post({ reverses_id: reversal.body.id, description: "Undo the undo" })).toMatchObject({
      status: 409,
      body: { detail: `Entry ${reversal.body.id} is itself a reversal and cannot be reversed` },
    });
    expect(await post({ reverses_id: 99999, description: "Nothing" })).toMatchObject({
      status: 422,
      body: { errors: { reverses_id: ["There is no ledger entry with this number"] } },
    });
    expect(await post({ reverses_id: "", description: "Nothing" })).toMatchObject({
      status: 422,
      body: { errors: { reverses_id: expect.any(Array) } },
    });
    expect(await post({ reverses_id: original.id })).toMatchObject({
      status: 422,
      body: { errors: { description: ["Reason is required"] } },
    });
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0, balance: 100 });
  });

  it("is for staff only, and refuses bodies that are not a JSON object", async () => {
    const fund = await newFund();
    await gift(fund.name, 100);
    for (const headers of [{}, expired]) {
      expect(
        await post({ fund_id: fund.id, amount: 5, disbursed_on: "2026-03-01", description: "x" }, headers),
      ).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    }
    for (const [, body, detail] of WRONG_BODIES) {
      expect(await post(body, { ...auth, "Content-Type": "application/json" })).toMatchObject({
        status: 400,
        body: { detail },
      });
    }
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0 });
  });
});

describe("GET /api/disbursements/", () => {
  let water: { id: number; name: string };
  let ids: Record<string, number>;

  beforeAll(async () => {
    water = await newFund();
    // Before the first entry: a disbursement spends only money that had come in by its day.
    await gift(water.name, 1000, { donated_at: "2026-01-02T10:00:00.000Z" });
    const zakat = await fundBySlug("zakat-al-fitr");
    await gift("Zakat al-Fitr", 1000, { donated_at: "2026-03-10T10:00:00.000Z" });
    const record = async (input: Record<string, unknown>, proof = "") =>
      (await recordDisbursement(input, staffName, proof)).id;
    ids = {
      pumps: await record({
        fund_id: water.id,
        amount: 100,
        disbursed_on: "2026-01-10",
        programme: "Wells",
        region: "Niger",
        description: "Hand pumps for Zinder",
      }),
      tanks: await record(
        {
          fund_id: water.id,
          amount: 200,
          disbursed_on: "2026-02-10",
          programme: "Wells",
          region: "Chad",
          description: "Water tanks",
        },
        "d5f0c3a9-proof-of-tanks.pdf",
      ),
      fitr: await record({
        fund_id: zakat.id,
        amount: 300,
        disbursed_on: "2026-03-19",
        category: "fuqara",
        programme: "Eid food",
        region: "Gaza",
        description: "Fitr food parcels",
      }),
    };
  });

  const list = async (query: string) => {
    const answer = await callApi(disbursementsApi.loader, `/api/disbursements/${query}`, { headers: auth });
    expect(answer.status, query).toBe(200);
    return answer.body.map((entry: { id: number }) => entry.id);
  };

  it("is for staff only: the public reads the ledger's aggregates at /api/transparency", async () => {
    for (const headers of [{}, expired]) {
      expect(await callApi(disbursementsApi.loader, "/api/disbursements/", { headers })).toMatchObject({
        status: 401,
        body: { detail: "Not authenticated" },
      });
      expect(
        await callApi(disbursementApi.loader, `/api/disbursements/${ids.pumps}`, {
          params: { id: String(ids.pumps) },
          headers,
        }),
      ).toMatchObject({ status: 401 });
    }
  });

  it("lists the ledger newest first, whole or by the page", async () => {
    const all = await list("");
    expect(all.indexOf(ids.fitr!)).toBeLessThan(all.indexOf(ids.tanks!));
    expect(all.indexOf(ids.tanks!)).toBeLessThan(all.indexOf(ids.pumps!));
    expect(await list(`?fund=${water.id}&limit=1`)).toEqual([ids.tanks]);
    expect(await list(`?fund=${water.id}&limit=1&offset=1`)).toEqual([ids.pumps]);
    expect(await list(`?fund=${water.id}&offset=1`)).toEqual([ids.pumps]);
    const bad = await callApi(disbursementsApi.loader, "/api/disbursements/?limit=-1", { headers: auth });
    expect(bad).toMatchObject({ status: 422, body: { detail: "limit must be a whole number between 0 and 1000" } });
  });

  it("filters by fund, category, date range and words, like the Funds screen", async () => {
    expect(await list(`?fund=${water.id}`)).toEqual([ids.tanks, ids.pumps]);
    expect(await list("?category=fuqara")).toContain(ids.fitr);
    expect(await list("?category=fuqara")).not.toContain(ids.tanks);
    expect(await list(`?fund=${water.id}&from=2026-02-01&to=2026-02-28`)).toEqual([ids.tanks]);
    expect(await list(`?fund=${water.id}&to=2026-01-10`)).toEqual([ids.pumps]);
    expect(await list("?search=zinder")).toEqual([ids.pumps]);
    expect(await list(`?search=${encodeURIComponent(staffName)}&fund=${water.id}`)).toEqual([ids.tanks, ids.pumps]);
    expect(await list("?search=no-such-words")).toEqual([]);
  });

  it.each([
    ["?fund=water", "fund must be a fund's id"],
    ["?category=friends", "category must be one of the eight categories"],
    ["?from=1%2F2%2F2026", "from must be a date as YYYY-MM-DD"],
    ["?to=yesterday&fund=x", "fund must be a fund's id; to must be a date as YYYY-MM-DD"],
    ["?from=2026-13-45", "from must be a date as YYYY-MM-DD"],
    ["?from=2026-02-01&to=2026-02-30", "to must be a date as YYYY-MM-DD"],
  ])("refuses the filter %s with 422 {detail}", async (query, detail) => {
    expect(await callApi(disbursementsApi.loader, `/api/disbursements/${query}`, { headers: auth })).toMatchObject({
      status: 422,
      body: { detail },
    });
  });

  it("says a proof document is kept, never its name", async () => {
    const one = await callApi(disbursementApi.loader, `/api/disbursements/${ids.tanks}`, {
      params: { id: String(ids.tanks) },
      headers: auth,
    });
    expect(one.body).toMatchObject({
      id: ids.tanks,
      has_proof: true,
      recorded_by: staffName,
      recorded_at: expect.any(String),
    });
    expect(one.body).not.toHaveProperty("proof_filename");
    const whole = await callApi(disbursementsApi.loader, "/api/disbursements/", { headers: auth });
    const paged = await callApi(disbursementsApi.loader, "/api/disbursements/?limit=100", { headers: auth });
    for (const text of [JSON.stringify(one.body), JSON.stringify(whole.body), JSON.stringify(paged.body)])
      expect(text).not.toContain("proof-of-tanks");
  });

  it("answers 404 for an entry that does not exist", async () => {
    for (const id of ["99999", "abc"]) {
      expect(
        await callApi(disbursementApi.loader, `/api/disbursements/${id}`, { params: { id }, headers: auth }),
      ).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
    }
  });

  it.each(["PUT", "PATCH", "DELETE"])(
    "refuses %s on an entry or the ledger (409): entries are never changed",
    async (method) => {
      const detail =
        "Ledger entries are never changed or deleted. To put a mistake right, record a reversal that names the entry.";
      const before = await getDb().selectFrom("disbursements").selectAll().orderBy("id").execute();
      const body = method === "DELETE" ? undefined : { amount: 1, description: "Changed" };
      const entry = await callApi(disbursementApi.action, `/api/disbursements/${ids.pumps}`, {
        method,
        body,
        params: { id: String(ids.pumps) },
        headers: auth,
      });
      expect(entry).toMatchObject({ status: 409, body: { detail } });
      const ledger = await callApi(disbursementsApi.action, "/api/disbursements/", { method, body, headers: auth });
      expect(ledger).toMatchObject({ status: 409, body: { detail } });
      const missing = await callApi(disbursementApi.action, "/api/disbursements/99999", {
        method,
        body,
        params: { id: "99999" },
        headers: auth,
      });
      expect(missing.status).toBe(404);
      const anonymous = await callApi(disbursementApi.action, `/api/disbursements/${ids.pumps}`, {
        method,
        body,
        params: { id: String(ids.pumps) },
      });
      expect(anonymous.status).toBe(401);
      expect(await getDb().selectFrom("disbursements").selectAll().orderBy("id").execute()).toEqual(before);
    },
  );
});

describe("/api/rates/", () => {
  it("shows the register to anyone: every rate with its date, authority and note, the ones in force marked, naming no staff", async () => {
    const { status, body } = await callApi(ratesApi.loader, "/api/rates/", { headers: expired });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const fitr = body.find((rate: { rate_key: string }) => rate.rate_key === "fitr_per_person");
    expect(fitr).toEqual({
      id: expect.any(Number),
      rate_key: "fitr_per_person",
      label: "Zakat al-Fitr, per person",
      amount: 12,
      effective_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      authority: expect.any(String),
      note: expect.any(String),
      to_confirm: true,
      is_current: true,
    });
    const gold = body.find((rate: { rate_key: string }) => rate.rate_key === "gold_per_gram");
    const silver = body.find((rate: { rate_key: string }) => rate.rate_key === "silver_per_gram");
    expect([gold.amount, silver.amount]).toEqual([65, 0.85]);
  });

  it("tells staff who recorded each rate and when; everyone else never", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "kaffarah_per_person",
        amount: 11,
        effective_on: today,
        authority: "Fiqh Council of North America",
      },
      headers: auth,
    });
    expect(created.status).toBe(201);

    const forStaff = (await callApi(ratesApi.loader, "/api/rates/", { headers: auth })).body;
    expect(forStaff.find((rate: { id: number }) => rate.id === created.body.id)).toMatchObject({
      recorded_by: staffName,
      recorded_at: expect.any(String),
    });
    expect(forStaff.every((rate: object) => "recorded_by" in rate && "recorded_at" in rate)).toBe(true);

    for (const headers of [{}, expired]) {
      const { status, body } = await callApi(ratesApi.loader, "/api/rates/", { headers });
      expect(status).toBe(200);
      expect(body).toHaveLength(forStaff.length);
      expect(body.some((rate: object) => "recorded_by" in rate || "recorded_at" in rate)).toBe(false);
      expect(JSON.stringify(body)).not.toContain(staffName);
    }
  });

  it("lets staff set a new rate (201); the old one stays in the history, no longer in force", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const created = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "fidya_per_day",
        amount: "15",
        effective_on: today,
        authority: "Fiqh Council of North America",
        note: "Two meals",
      },
      headers: auth,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        rate_key: "fidya_per_day",
        amount: 15,
        effective_on: today,
        authority: "Fiqh Council of North America",
        note: "Two meals",
        to_confirm: false,
        recorded_by: staffName,
      },
    });
    const later = await callApi(ratesApi.action, "/api/rates/", {
      body: {
        rate_key: "fidya_per_day",
        amount: 16,
        effective_on: "2999-01-01",
        authority: "Fiqh Council of North America",
      },
      headers: auth,
    });
    expect(later.status).toBe(201);

    const { body } = await callApi(ratesApi.loader, "/api/rates/");
    const fidya = body.filter((rate: { rate_key: string }) => rate.rate_key === "fidya_per_day");
    expect(fidya.map((rate: { amount: number; is_current: boolean }) => [rate.amount, rate.is_current])).toEqual([
      [16, false],
      [15, true],
      [12, false],
    ]);
    expect(body.filter((rate: { is_current: boolean }) => rate.is_current)).toHaveLength(5);
  });

  it("refuses anonymous callers (401), bad rates (422) and bodies that are not a JSON object (400)", async () => {
    const good = { rate_key: "gold_per_gram", amount: 70, effective_on: "2026-01-01", authority: "Market price" };
    for (const headers of [{}, expired]) {
      expect(await callApi(ratesApi.action, "/api/rates/", { body: good, headers })).toMatchObject({ status: 401 });
    }
    const bad = await callApi(ratesApi.action, "/api/rates/", {
      body: { rate_key: "platinum", amount: 0, effective_on: "soon" },
      headers: auth,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["amount", "authority", "effective_on", "rate_key"]);
    for (const [, body, detail] of WRONG_BODIES) {
      expect(
        await callApi(ratesApi.action, "/api/rates/", {
          body,
          headers: { ...auth, "Content-Type": "application/json" },
        }),
      ).toMatchObject({ status: 400, body: { detail } });
    }
    const put = await callApi(ratesApi.action, "/api/rates/", { method: "PUT", body: good, headers: auth });
    expect(put).toMatchObject({ status: 405 });
    const { body } = await callApi(ratesApi.loader, "/api/rates/");
    expect(
      body.some(
        (rate: { amount: number; rate_key: string }) => rate.rate_key === "gold_per_gram" && rate.amount === 70,
      ),
    ).toBe(false);
  });
});

describe("GET /api/transparency", () => {
  const donor = { name: "Zubaydah Quintessa-Farrow", email: "zq.farrow.donor@example.org" };
  const recipient = "Nadira Okonkwo-Vale";
  const proof = "c81e728d-receipt-signed-by-nadira.jpg";

  beforeAll(async () => {
    await gift("Zakat", 2_000, { ...donor, donated_at: "2026-01-05T10:00:00.000Z" });
    await gift("Emergency Relief", 750, { ...donor, donated_at: "2026-01-06T10:00:00.000Z" });
    const zakat = await fundBySlug("zakat-al-mal");
    await recordDisbursement(
      {
        fund_id: zakat.id,
        amount: 400,
        disbursed_on: "2026-02-01",
        category: "gharimin",
        programme: "Debt relief",
        region: "Amman",
        description: `Rent arrears paid for ${recipient}`,
      },
      staffName,
      proof,
    );
  });

  it("answers anyone, ignoring a stale token, with the report's figures in dollars", async () => {
    const anonymous = await callApi(transparencyApi.loader, "/api/transparency");
    const stale = await callApi(transparencyApi.loader, "/api/transparency", { headers: expired });
    expect(anonymous.status).toBe(200);
    expect(stale.body).toEqual(anonymous.body);
    expect(anonymous.body).toMatchObject({
      calendar: "hijri",
      year: null,
      latest_entry_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(anonymous.body.funds.map((fund: { name: string }) => fund.name)).toEqual(
      expect.arrayContaining(["Zakat al-Mal", "Zakat al-Fitr", "Fidya", "Kaffarah"]),
    );
    expect(anonymous.body.zakat.by_category).toHaveLength(8);
    expect(anonymous.body.zakat.by_category.find((item: { key: string }) => item.key === "gharimin")).toMatchObject({
      english: "debtors",
      arabic: "al-gharimin",
    });
    const gregorian = await callApi(transparencyApi.loader, "/api/transparency?calendar=gregorian&year=2026");
    expect(gregorian.body).toMatchObject({ calendar: "gregorian", year: 2026 });
    expect(gregorian.body.zakat.by_year.map((item: { year: number }) => item.year)).toEqual([2026]);
  });

  it("over all years, agrees with each fund's figures in /api/funds/", async () => {
    const report = (await callApi(transparencyApi.loader, "/api/transparency")).body;
    const funds = (await callApi(fundsApi.loader, "/api/funds/")).body;
    expect(report.funds.length).toBeGreaterThan(4);
    for (const item of report.funds) {
      const fund = funds.find((candidate: { name: string }) => candidate.name === item.name);
      expect([item.received, item.distributed, item.held], item.name).toEqual([
        fund.received,
        fund.disbursed,
        fund.balance,
      ]);
    }
  });

  it("never names a donor or a recipient, nor a proof document, in any calendar or year", async () => {
    for (const query of [
      "",
      "?calendar=gregorian",
      "?calendar=gregorian&year=2026",
      "?calendar=hijri&year=1447",
      "?year=nonsense",
    ]) {
      const { status, body } = await callApi(transparencyApi.loader, `/api/transparency${query}`);
      expect(status).toBe(200);
      const text = JSON.stringify(body);
      for (const secret of [
        "Zubaydah",
        "Quintessa",
        "Farrow",
        "zq.farrow",
        "@example.org",
        "Nadira",
        "Okonkwo",
        proof,
        "c81e728d",
        "Rent arrears",
        "Amman",
        staffName,
      ]) {
        expect(text, `${secret} in ${query}`).not.toContain(secret);
      }
    }
  });

  it("never counts a test payment, in the report or the funds", async () => {
    const report = async () => (await callApi(transparencyApi.loader, "/api/transparency?calendar=gregorian")).body;
    const funds = async () => (await callApi(fundsApi.loader, "/api/funds/")).body;
    const [reportBefore, fundsBefore] = [await report(), await funds()];
    for (const purpose of ["Zakat", "Emergency Relief", "General Donation", "Zakat al-Fitr"]) {
      await gift(purpose, 99_999, { is_test: 1, name: "Sandbox Sam", donated_at: "2026-01-07T10:00:00.000Z" });
    }
    await gift("Zakat", 1_234, { is_test: 1, donated_at: "2024-05-01T10:00:00.000Z" });
    expect(await report()).toEqual(reportBefore);
    expect(await funds()).toEqual(fundsBefore);
    const zakat = fundsBefore.find((fund: { slug: string }) => fund.slug === "zakat-al-mal");
    expect(zakat.received).toBeGreaterThanOrEqual(2_000);
    expect(zakat.received).toBeLessThan(99_999);
  });

  it("is read-only", async () => {
    expect(
      await callApi(transparencyApi.action, "/api/transparency", { body: { year: 1 }, headers: auth }),
    ).toMatchObject({ status: 405, body: { detail: "Method not allowed" } });
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
