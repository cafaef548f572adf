import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { startDonorSession } from "~/lib/donor-session.server";
import * as appealsApi from "~/appeals/appeals/routes/api-appeals";
import * as appealApi from "~/appeals/appeals/routes/api-appeal";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callApi, makeRequest } from "../../../../tests/support/routes";
import { newGift } from "../../../../tests/support/builders";

/**
 * /api/appeals/ and /api/appeals/{slug-or-id} as a client sees them: the shapes, what the
 * public may read (never a draft), who may write, and the answers to bad requests.
 */
let auth: Record<string, string>;
let sadaqa: number;
let zakat: number;

beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
  const fund = async (slug: string) =>
    (await getDb().selectFrom("funds").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  sadaqa = await fund("sadaqa");
  zakat = await fund("zakat-al-mal");
});

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("appeals").execute();
  // Each test starts with every address unused (the site itself never frees one).
  await getDb().deleteFrom("appeal_slugs").execute();
});

const TODAY = () => todayIn("UTC");
const APPEAL = () => ({
  title: "Build a Well",
  summary: "Clean water for a village of 300 families.",
  story: "The nearest water is two hours' walk away.\n\nA well changes that.",
  fund_id: sadaqa,
  goal: 20000,
  preset_amounts: [50, 100, 250],
  starts_on: TODAY(),
  status: "live",
});

async function create(body: Record<string, unknown> = {}) {
  const answer = await callApi(appealsApi.action, "/api/appeals/", { body: { ...APPEAL(), ...body }, headers: auth });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; slug: string; status: string };
}

const one = (ref: string | number, headers: Record<string, string> = {}) =>
  callApi(appealApi.loader, `/api/appeals/${ref}`, { params: { ref: String(ref) }, headers });
const put = (ref: string | number, body: unknown, headers = auth) =>
  callApi(appealApi.action, `/api/appeals/${ref}`, { method: "PUT", body, params: { ref: String(ref) }, headers });
const remove = (ref: string | number, headers = auth) =>
  callApi(appealApi.action, `/api/appeals/${ref}`, { method: "DELETE", params: { ref: String(ref) }, headers });
const list = (query = "", headers: Record<string, string> = {}) =>
  callApi(appealsApi.loader, `/api/appeals/${query}`, { headers });

async function give(appealId: number, name: string, cents: number, anonymous = false, minutesAgo = 0) {
  await newGift({
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}@example.org`,
    amount_cents: cents,
    donated_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    fund_id: sadaqa,
    appeal_id: appealId,
    anonymous: anonymous ? 1 : 0,
  });
}

describe("POST /api/appeals/", () => {
  it("creates an appeal in the API's shape, money in dollars, its address made from the title", async () => {
    const { status, body } = await callApi(appealsApi.action, "/api/appeals/", { body: APPEAL(), headers: auth });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      slug: "build-a-well",
      title: "Build a Well",
      summary: APPEAL().summary,
      story: APPEAL().story,
      story_format: "plain",
      image_filename: "",
      video_url: "",
      fund_id: sadaqa,
      fund: { id: sadaqa, name: "Sadaqa", is_zakat: false },
      goal: 20000,
      preset_amounts: [50, 100, 250],
      starts_on: TODAY(),
      ends_on: null,
      status: "live",
      phase: "open",
      is_featured: false,
      went_live_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      raised: 0,
      gifts: 0,
      test_gifts: false,
      fund_locked: false,
    });
    // The same title again gets the next free address.
    expect((await create()).slug).toBe("build-a-well-2");
  });

  it("answers bad input with 422 and the errors by field", async () => {
    const { status, body } = await callApi(appealsApi.action, "/api/appeals/", {
      body: {
        ...APPEAL(),
        title: "",
        goal: "lots",
        preset_amounts: [50, 2.5],
        slug: "Not An Address!",
        status: "open",
      },
      headers: auth,
    });
    expect(status).toBe(422);
    expect(body.detail).toEqual(expect.any(String));
    expect(Object.keys(body.errors).sort()).toEqual(["goal", "preset_amounts", "slug", "status", "title"]);
    const missingFund = await callApi(appealsApi.action, "/api/appeals/", {
      body: { ...APPEAL(), fund_id: 999_999 },
      headers: auth,
    });
    expect(missingFund).toMatchObject({ status: 422, body: { errors: { fund_id: ["Choose one of the open funds"] } } });
    expect(await getDb().selectFrom("appeals").select("id").execute()).toEqual([]);
  });

  it("refuses a body that is not JSON, as every endpoint does", async () => {
    const answer = await callApi(appealsApi.action, "/api/appeals/", {
      body: "title=Build+a+Well",
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: "Request body must be valid JSON" } });
    const array = await callApi(appealsApi.action, "/api/appeals/", {
      body: "[]",
      headers: { ...auth, "Content-Type": "application/json" },
    });
    expect(array).toMatchObject({ status: 400, body: { detail: "Request body must be a JSON object" } });
  });
});

describe("GET /api/appeals/", () => {
  it("shows the public live and closed appeals only, and staff every one, with status and search filters and paging", async () => {
    const draft = await create({ title: "Secret Draft", status: "draft" });
    const live = await create({ title: "Ramadan Food Packs" });
    const closed = await create({ title: "Winter Emergency", status: "closed" });

    const publicList = await list();
    expect(publicList.status).toBe(200);
    expect(publicList.body.map((appeal: { id: number }) => appeal.id)).toEqual([closed.id, live.id]);
    expect(JSON.stringify(publicList.body)).not.toContain("Secret Draft");
    // Asking for drafts, or holding a stale token, shows the public nothing more.
    expect((await list("?status=draft")).body).toEqual([]);
    expect((await list("?search=secret")).body).toEqual([]);
    expect((await list("", { Authorization: "Bearer stale-token" })).body).toHaveLength(2);

    const staff = await list("", auth);
    expect(staff.body.map((appeal: { id: number }) => appeal.id)).toEqual([closed.id, live.id, draft.id]);
    expect((await list("?status=draft", auth)).body.map((appeal: { title: string }) => appeal.title)).toEqual([
      "Secret Draft",
    ]);
    expect((await list("?search=FOOD", auth)).body.map((appeal: { title: string }) => appeal.title)).toEqual([
      "Ramadan Food Packs",
    ]);
    expect((await list("?limit=1&offset=1", auth)).body.map((appeal: { id: number }) => appeal.id)).toEqual([live.id]);
    expect((await list("?limit=1")).body.map((appeal: { id: number }) => appeal.id)).toEqual([closed.id]);

    expect(await list("?status=open")).toMatchObject({
      status: 422,
      body: { detail: "status must be one of draft, live, closed" },
    });
    expect(await list("?limit=lots")).toMatchObject({ status: 422 });
  });
});

describe("GET /api/appeals/{slug-or-id}", () => {
  it("answers by address or number with raised, goal, gifts and the latest supporters by first name or 'Anonymous'", async () => {
    const appeal = await create();
    await give(appeal.id, "Aisha Khan", 5000, false, 3);
    await give(appeal.id, "Omar Farouk", 12000, true, 2);
    await give(appeal.id, "Yusuf Ali", 2500, false, 1);

    const bySlug = await one("build-a-well");
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({
      id: appeal.id,
      slug: "build-a-well",
      raised: 195,
      goal: 20000,
      gifts: 3,
      test_gifts: false,
    });
    expect(bySlug.body.supporters).toEqual([
      { name: "Yusuf", amount: 25, donated_at: expect.any(String) },
      { name: "Anonymous", amount: 120, donated_at: expect.any(String) },
      { name: "Aisha", amount: 50, donated_at: expect.any(String) },
    ]);
    const text = JSON.stringify(bySlug.body);
    for (const hidden of ["Omar", "Farouk", "Khan", "@example.org"]) expect(text).not.toContain(hidden);
    expect((await one(appeal.id)).body).toEqual(bySlug.body);
  });

  it("is a 404 to the public for a draft, an unknown appeal or a malformed address, and shows staff the draft", async () => {
    const draft = await create({ title: "Draft Appeal", status: "draft" });
    expect(await one(draft.id)).toMatchObject({ status: 404, body: { detail: "Appeal not found" } });
    expect(await one("draft-appeal")).toMatchObject({ status: 404, body: { detail: "Appeal not found" } });
    expect(await one("draft-appeal", { Authorization: "Bearer stale-token" })).toMatchObject({ status: 404 });
    expect(await one("draft-appeal", auth)).toMatchObject({
      status: 200,
      body: { id: draft.id, status: "draft", phase: "draft", supporters: [] },
    });
    expect(await one("no-such-appeal")).toMatchObject({ status: 404, body: { detail: "Appeal not found" } });
    expect(await one("999999", auth)).toMatchObject({ status: 404, body: { detail: "Appeal not found" } });
    expect(await one("x".repeat(500), auth)).toMatchObject({ status: 404 });
  });

  it("reads an address before a number, and an earlier address of a renamed draft", async () => {
    const first = await create({ title: "First" });
    const numbered = await create({ title: "Numbered", slug: String(first.id) });
    expect((await one(String(first.id))).body.id).toBe(numbered.id);

    const draft = await create({ title: "Old Name", status: "draft" });
    await put(draft.id, { slug: "new-name", status: "live" });
    const earlier = await one("old-name");
    expect(earlier.status).toBe(200);
    expect(earlier.body).toMatchObject({ id: draft.id, slug: "new-name" });
    expect(earlier.body).not.toHaveProperty("movedTo");
  });
});

describe("PUT /api/appeals/{slug-or-id}", () => {
  it("changes only what is sent", async () => {
    const draft = await create({ status: "draft", is_featured: true });
    const closed = await put("build-a-well", { status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      id: draft.id,
      status: "closed",
      phase: "closed",
      title: "Build a Well",
      goal: 20000,
      is_featured: true,
      preset_amounts: [50, 100, 250],
    });
    const noGoal = await put(draft.id, { goal: null, preset_amounts: "" });
    expect(noGoal.body).toMatchObject({ goal: null, preset_amounts: [], status: "closed" });
  });

  it("keeps the address once live, the fund once there are gifts, and never goes back to draft (422 by field)", async () => {
    const live = await create();
    expect(await put(live.id, { slug: "elsewhere" })).toMatchObject({
      status: 422,
      body: { errors: { slug: [expect.stringMatching(/cannot change once the appeal has gone live/)] } },
    });
    expect(await put(live.id, { status: "draft" })).toMatchObject({
      status: 422,
      body: { errors: { status: [expect.stringMatching(/not made a draft again/)] } },
    });
    await give(live.id, "Aisha Khan", 5000);
    expect(await put(live.id, { fund_id: zakat })).toMatchObject({
      status: 422,
      body: { errors: { fund_id: [expect.stringMatching(/cannot change once the appeal has gifts/)] } },
    });
    expect(await put(live.id, { ends_on: "2000-01-01" })).toMatchObject({
      status: 422,
      body: { errors: { ends_on: ["The end date cannot be before the start date"] } },
    });
    expect((await one(live.id)).body).toMatchObject({
      slug: "build-a-well",
      status: "live",
      fund_id: sadaqa,
      ends_on: null,
    });
  });

  it("answers an unknown appeal with 404 and a body that is not JSON with 400", async () => {
    expect(await put("no-such-appeal", { title: "x" })).toMatchObject({
      status: 404,
      body: { detail: "Appeal not found" },
    });
    const live = await create();
    const answer = await callApi(appealApi.action, `/api/appeals/${live.id}`, {
      method: "PUT",
      body: "{not json",
      params: { ref: String(live.id) },
      headers: { ...auth, "Content-Type": "application/json" },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: "Request body must be valid JSON" } });
  });
});

describe("DELETE /api/appeals/{slug-or-id}", () => {
  it("deletes a draft (204) and never gives its address to another appeal", async () => {
    const draft = await create({ status: "draft" });
    expect((await remove("build-a-well")).status).toBe(204);
    expect(await one(draft.id, auth)).toMatchObject({ status: 404 });
    expect((await create()).slug).toBe("build-a-well-2");
    const taken = await callApi(appealsApi.action, "/api/appeals/", {
      body: { ...APPEAL(), slug: "build-a-well" },
      headers: auth,
    });
    expect(taken).toMatchObject({
      status: 422,
      body: { errors: { slug: [expect.stringMatching(/belongs, or belonged, to another appeal/)] } },
    });
  });

  it("refuses an appeal that has gone live, closed or not, with 409 {detail}; an unknown one is a 404", async () => {
    const live = await create();
    const refused = await remove(live.id);
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: expect.stringMatching(/Only a draft can be deleted/) },
    });
    await put(live.id, { status: "closed" });
    expect(await remove(live.id)).toMatchObject({ status: 409 });
    expect((await one(live.id)).status).toBe(200);
    expect(await remove("no-such-appeal")).toMatchObject({ status: 404, body: { detail: "Appeal not found" } });
  });
});

describe("who may write", () => {
  it("answers every staff method 401 without staff, a donor signed in to My giving included", async () => {
    const appeal = await create({ status: "draft" });
    const donorCookie = (await startDonorSession("aisha@example.org", makeRequest("/my-giving"))).split(";")[0]!;
    const callers: Record<string, string>[] = [{}, { Authorization: "Bearer stale-token" }, { Cookie: donorCookie }];
    for (const headers of callers) {
      const created = await callApi(appealsApi.action, "/api/appeals/", { body: APPEAL(), headers });
      expect(created).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
      expect((await put(appeal.id, { status: "live" }, headers)).status).toBe(401);
      expect((await remove(appeal.id, headers)).status).toBe(401);
    }
    expect(await getDb().selectFrom("appeals").select(["id", "status"]).execute()).toEqual([
      { id: appeal.id, status: "draft" },
    ]);
  });

  it("refuses a change sent by a browser from another site", async () => {
    const answer = await callApi(appealsApi.action, "/api/appeals/", {
      body: APPEAL(),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer).toMatchObject({ status: 403, body: { detail: "Cross-site request refused" } });
  });
});
