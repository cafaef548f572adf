import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as disbursementApi from "~/funds/ledger/routes/api-disbursement";
import * as disbursementsApi from "~/funds/ledger/routes/api-disbursements";
import * as fundApi from "~/funds/funds/routes/api-fund";
import * as fundsApi from "~/funds/funds/routes/api-funds";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";
import { newGift } from "../../../../tests/support/builders";

/**
 * /api/disbursements/ as a client sees it: who may call what, the shapes, the refusals,
 * and that a proof document is never named.
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
      // Below the approval threshold: recorded at once, nobody else asked to approve it.
      status: "recorded",
      entry_id: body.id,
      request_id: null,
      requested_by: "",
      approved_by: "",
      approved_at: null,
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
    expect(bad).toMatchObject({
      status: 422,
      body: {
        detail: "limit must be a whole number between 0 and 1000",
        errors: { limit: ["limit must be a whole number between 0 and 1000"] },
      },
    });
    const twice = await callApi(disbursementsApi.loader, "/api/disbursements/?from=soon&to=later", { headers: auth });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(["from", "to"]);
    const status = await callApi(disbursementsApi.loader, "/api/disbursements/?status=bogus", { headers: auth });
    expect(status.body).toMatchObject({ errors: { status: [expect.stringContaining("status must be")] } });
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
