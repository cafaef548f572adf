import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { todayIn } from "~/shared/dates";
import * as decisionApi from "~/funds/ledger/routes/api-disbursement-decision";
import * as disbursementApi from "~/funds/ledger/routes/api-disbursement";
import * as requestApi from "~/funds/ledger/routes/api-disbursement-request";
import * as disbursementsApi from "~/funds/ledger/routes/api-disbursements";
import * as ledgerScreen from "~/funds/ledger/routes/admin-funds-ledger";
import * as ledgerExport from "~/funds/ledger/routes/admin-funds-ledger-export";
import * as fundApi from "~/funds/funds/routes/api-fund";
import * as fundsApi from "~/funds/funds/routes/api-funds";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import { ensureDefaultSettings, updateSetting } from "~/content/settings/index.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import * as dashboard from "~/staff/dashboard/routes/admin-dashboard";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import { newGift } from "../../../../tests/support/builders";

/**
 * A second pair of eyes on money (decision 152), as finance staff and API clients meet it:
 * at or above the threshold a disbursement or reversal is a request that moves nothing; a
 * different person approves it (the ledger entry written then, with both names, the balance
 * checked then) or rejects it with a reason; nothing public ever shows a request.
 */

type Staff = Awaited<ReturnType<typeof createTestAdmin>>;
let asker: Staff;
let approver: Staff;
let editor: Staff;
const TODAY = todayIn("UTC");
const THRESHOLD_KEY = "disbursement_approval_threshold";

beforeAll(async () => {
  await ensureDefaultSettings();
  asker = await createTestAdmin("a-strong-password", ["finance"]);
  approver = await createTestAdmin("a-strong-password", ["finance"]);
  editor = await createTestAdmin("a-strong-password", ["editor"]);
});

afterEach(async () => {
  await updateSetting(THRESHOLD_KEY, { value: "1000" });
});

let named = 0;
/** A restricted fund of its own holding `dollars`, so figures start where the test says. */
async function fundHolding(dollars: number): Promise<{ id: number; name: string }> {
  named += 1;
  const { status, body } = await callApi(fundsApi.action, "/api/funds/", {
    body: { name: `Approvals Fund ${named}` },
    headers: asker.auth,
  });
  expect(status).toBe(201);
  await newGift({ amount_cents: Math.round(dollars * 100), purpose: body.name, donated_at: `${TODAY}T00:00:00.000Z` });
  return body;
}

const disburse = (fundId: number, amount: number | string, who: Staff = asker, extra: object = {}) =>
  callApi(disbursementsApi.action, "/api/disbursements/", {
    body: { fund_id: fundId, amount, disbursed_on: TODAY, description: "Hand pumps", ...extra },
    headers: who.auth,
  });

const decide = (id: number | string, decision: string, who: Staff | null, body?: unknown) =>
  callApi(decisionApi.action, `/api/disbursements/${id}/${decision}`, {
    method: "POST",
    params: { id: String(id), decision },
    body,
    headers: who ? who.auth : {},
  });

const fundOf = async (id: number) =>
  (await callApi(fundApi.loader, `/api/funds/${id}`, { params: { id: String(id) } })).body;

const requestsWith = async (status: string) =>
  (await callApi(disbursementsApi.loader, `/api/disbursements/?status=${status}`, { headers: asker.auth })).body as {
    id: number;
  }[];

async function ledgerSize(): Promise<number> {
  const row = await getDb()
    .selectFrom("disbursements")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe("the approval threshold", () => {
  it("records $999.99 at once and makes $1,000.00 a request that moves no money", async () => {
    const fund = await fundHolding(3000);
    const below = await disburse(fund.id, 999.99);
    expect(below.status).toBe(201);
    expect(below.body).toMatchObject({ status: "recorded", kind: "disbursement", amount: 999.99, approved_by: "" });

    const entriesBefore = await ledgerSize();
    const at = await disburse(fund.id, "1000.00");
    expect(at.status).toBe(201);
    expect(at.body).toMatchObject({
      status: "requested",
      id: expect.any(Number),
      kind: "disbursement",
      fund_id: fund.id,
      amount: 1000,
      requested_by: asker.admin.username,
      decided_by: "",
      entry_id: null,
    });
    expect(await ledgerSize()).toBe(entriesBefore);
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 999.99, balance: 2000.01 });
    expect((await requestsWith("requested")).map((request) => request.id)).toContain(at.body.id);
  });

  it("names its number for what it is: an entry's entry_id, a request's request_id, each read at its own address", async () => {
    const fund = await fundHolding(3000);
    const below = await disburse(fund.id, 10);
    expect(below.body).toMatchObject({ status: "recorded", entry_id: below.body.id, request_id: null });
    const entry = await callApi(disbursementApi.loader, `/api/disbursements/${below.body.entry_id}`, {
      params: { id: String(below.body.entry_id) },
      headers: asker.auth,
    });
    expect(entry.body).toMatchObject({ id: below.body.entry_id, amount: 10 });

    const at = await disburse(fund.id, 1500);
    expect(at.body).toMatchObject({ status: "requested", request_id: at.body.id, entry_id: null });
    const readRequest = (id: number | string, who: Staff) =>
      callApi(requestApi.loader, `/api/disbursements/requests/${id}`, {
        params: { id: String(id) },
        headers: who.auth,
      });
    expect((await readRequest(at.body.request_id, approver)).body).toMatchObject({
      id: at.body.request_id,
      status: "requested",
      amount: 1500,
      requested_by: asker.admin.username,
    });
    const approved = await decide(at.body.request_id, "approve", approver);
    expect(approved.status).toBe(200);
    const decided = (await readRequest(at.body.request_id, asker)).body;
    expect(decided).toMatchObject({
      status: "approved",
      decided_by: approver.admin.username,
      entry_id: expect.any(Number),
    });

    expect((await readRequest(999_999, asker)).status).toBe(404);
    expect((await readRequest("six", asker)).status).toBe(404);
  });

  it("with a threshold of 0 asks a second person for every disbursement", async () => {
    await updateSetting(THRESHOLD_KEY, { value: "0" });
    const fund = await fundHolding(10);
    const { status, body } = await disburse(fund.id, 0.01);
    expect(status).toBe(201);
    expect(body.status).toBe("requested");
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 0, balance: 10 });
  });

  it("still refuses a request the balance cannot cover, and bad input, as recording does", async () => {
    const fund = await fundHolding(1500);
    const over = await disburse(fund.id, 2000);
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/balance is not enough/);
    const bad = await disburse(fund.id, "lots");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain("amount");
  });

  it("refuses a threshold that is not an amount, beside the setting", async () => {
    await expect(updateSetting(THRESHOLD_KEY, { value: "-5" })).rejects.toMatchObject({ status: 422 });
    await expect(updateSetting(THRESHOLD_KEY, { value: "a lot" })).rejects.toMatchObject({ status: 422 });
  });
});

describe("deciding a request", () => {
  it("never lets the person who asked approve or reject it", async () => {
    const fund = await fundHolding(2000);
    const { body: request } = await disburse(fund.id, 1500);
    const approve = await decide(request.id, "approve", asker);
    expect(approve.status).toBe(403);
    expect(approve.body.detail).toBe(
      "You asked for this disbursement: another person holding finance or owner must approve or reject it",
    );
    const reject = await decide(request.id, "reject", asker, { reason: "Changed my mind" });
    expect(reject.status).toBe(403);
    expect(await fundOf(fund.id)).toMatchObject({ balance: 2000 });
    expect((await requestsWith("requested")).map((row) => row.id)).toContain(request.id);
  });

  it("lets a second person approve it: the entry is written with both names and the balance moves", async () => {
    const fund = await fundHolding(6000);
    const { body: request } = await disburse(fund.id, 5000, asker, { programme: "Wells", region: "Mali" });
    const { status, body } = await decide(request.id, "approve", approver);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: request.id,
      status: "approved",
      decided_by: approver.admin.username,
      decided_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      entry_id: expect.any(Number),
    });
    const entry = await callApi(disbursementApi.loader, `/api/disbursements/${body.entry_id}`, {
      params: { id: String(body.entry_id) },
      headers: approver.auth,
    });
    expect(entry.body).toMatchObject({
      kind: "disbursement",
      amount: 5000,
      programme: "Wells",
      region: "Mali",
      recorded_by: asker.admin.username,
      requested_by: asker.admin.username,
      approved_by: approver.admin.username,
      approved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await fundOf(fund.id)).toMatchObject({ disbursed: 5000, balance: 1000 });
    expect((await requestsWith("approved")).map((row) => row.id)).toContain(request.id);
    expect((await requestsWith("requested")).map((row) => row.id)).not.toContain(request.id);

    // Decided once: a second approval or a rejection is a 409, and nothing more moves.
    expect((await decide(request.id, "approve", approver)).status).toBe(409);
    expect((await decide(request.id, "reject", approver, { reason: "Too late" })).status).toBe(409);
    expect(await fundOf(fund.id)).toMatchObject({ balance: 1000 });
  });

  it("checks the balance when it is approved: spent meanwhile, it is refused (422) and the request waits", async () => {
    const fund = await fundHolding(1500);
    const { body: request } = await disburse(fund.id, 1000);
    expect((await disburse(fund.id, 600, approver)).body.status).toBe("recorded");
    const entriesBefore = await ledgerSize();
    const { status, body } = await decide(request.id, "approve", approver);
    expect(status).toBe(422);
    expect(body.detail).toMatch(/balance is not enough: it holds \$900\.00, and this disbursement is \$1,000\.00/);
    expect(body.errors.amount).toEqual([expect.stringMatching(/balance is not enough.*the request still waits/)]);
    expect(await ledgerSize()).toBe(entriesBefore);
    expect(await fundOf(fund.id)).toMatchObject({ balance: 900 });
    expect((await requestsWith("requested")).map((row) => row.id)).toContain(request.id);
  });

  it("needs a reason to reject, and keeps it", async () => {
    const fund = await fundHolding(2000);
    const { body: request } = await disburse(fund.id, 1200);
    const missing = await decide(request.id, "reject", approver, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toEqual(["Please give the reason for rejecting it"]);
    const blank = await decide(request.id, "reject", approver, { reason: "   " });
    expect(blank.status).toBe(422);
    const { status, body } = await decide(request.id, "reject", approver, { reason: "Paid from another fund" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "rejected", reason: "Paid from another fund", entry_id: null });
    expect(await fundOf(fund.id)).toMatchObject({ balance: 2000 });
    expect((await decide(request.id, "approve", approver)).status).toBe(409);
  });

  it("answers 404 for an unknown request or decision, 403 without finance, 401 signed out", async () => {
    expect((await decide(987654, "approve", approver)).status).toBe(404);
    expect((await decide("abc", "approve", approver)).status).toBe(404);
    const fund = await fundHolding(2000);
    const { body: request } = await disburse(fund.id, 1500);
    expect((await decide(request.id, "ponder", approver)).status).toBe(404);
    const byEditor = await decide(request.id, "approve", editor);
    expect(byEditor.status).toBe(403);
    expect((await decide(request.id, "approve", null)).status).toBe(401);
    expect(
      (await callApi(disbursementsApi.loader, "/api/disbursements/?status=pending", { headers: asker.auth })).status,
    ).toBe(422);
  });
});

describe("reversals at or above the threshold", () => {
  it("are requested too, once per entry, and a second person's approval puts the money back", async () => {
    const fund = await fundHolding(3000);
    const { body: request } = await disburse(fund.id, 2500);
    const entryId = (await decide(request.id, "approve", approver)).body.entry_id;
    const reversal = await callApi(disbursementsApi.action, "/api/disbursements/", {
      body: { reverses_id: entryId, description: "Recorded twice" },
      headers: approver.auth,
    });
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({ status: "requested", kind: "reversal", reverses_id: entryId, amount: 2500 });
    const again = await callApi(disbursementsApi.action, "/api/disbursements/", {
      body: { reverses_id: entryId, description: "Recorded twice" },
      headers: asker.auth,
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already waits for approval/);
    expect(await fundOf(fund.id)).toMatchObject({ balance: 500 });

    expect((await decide(reversal.body.id, "approve", approver)).status).toBe(403);
    const approved = await decide(reversal.body.id, "approve", asker);
    expect(approved.status).toBe(200);
    const written = await callApi(disbursementApi.loader, `/api/disbursements/${approved.body.entry_id}`, {
      params: { id: String(approved.body.entry_id) },
      headers: asker.auth,
    });
    expect(written.body).toMatchObject({
      kind: "reversal",
      reverses_id: entryId,
      requested_by: approver.admin.username,
      approved_by: asker.admin.username,
    });
    expect(await fundOf(fund.id)).toMatchObject({ balance: 3000 });
  });

  it("are recorded at once below the threshold", async () => {
    const fund = await fundHolding(100);
    const { body: entry } = await disburse(fund.id, 40);
    const reversal = await callApi(disbursementsApi.action, "/api/disbursements/", {
      body: { reverses_id: entry.id, description: "Wrong fund" },
      headers: asker.auth,
    });
    expect(reversal.body).toMatchObject({ status: "recorded", kind: "reversal", reverses_id: entry.id });
  });
});

describe("nothing public shows a request", () => {
  it("leaves the transparency report, the fund's balance and the ledger as they were", async () => {
    const fund = await fundHolding(4000);
    const reportBefore = await callApi(transparencyApi.loader, "/api/transparency");
    const fundBefore = await fundOf(fund.id);
    const ledgerBefore = await callApi(disbursementsApi.loader, `/api/disbursements/?fund=${fund.id}`, {
      headers: asker.auth,
    });
    const { body: request } = await disburse(fund.id, 3500, asker, { description: "Secret-ish request" });
    expect(request.status).toBe("requested");
    expect((await callApi(transparencyApi.loader, "/api/transparency")).body).toEqual(reportBefore.body);
    expect(await fundOf(fund.id)).toEqual(fundBefore);
    expect(
      (await callApi(disbursementsApi.loader, `/api/disbursements/?fund=${fund.id}`, { headers: asker.auth })).body,
    ).toEqual(ledgerBefore.body);
    const funds = await callApi(fundsApi.loader, "/api/funds/");
    expect(JSON.stringify(funds.body)).not.toContain("Secret-ish request");
  });
});

describe("the ledger screen and its CSV", () => {
  it("lists what waits, opens ?approve= and ?reject= without JavaScript, and shows both names", async () => {
    const fund = await fundHolding(3000);
    const { body: request } = await disburse(fund.id, 2000, asker, { description: "Screen walk" });
    const listed = await screenText(ledgerScreen as never, "/admin/funds/ledger");
    expect(listed).toContain("Waiting for approval");
    expect(listed).toContain(`R${request.id}`);
    expect(listed).toContain("Screen walk");

    const confirm = await screenText(ledgerScreen as never, `/admin/funds/ledger?approve=${request.id}`);
    expect(confirm).toContain(`Approve request R${request.id}?`);
    const rejecting = await screenText(ledgerScreen as never, `/admin/funds/ledger?reject=${request.id}`);
    expect(rejecting).toContain(`Reject request R${request.id}?`);

    // The person who asked: no confirmation opens for them, a post is refused with the words, and nothing moves.
    const ownConfirmation = unwrapData(
      await callRoute(ledgerScreen.loader, `/admin/funds/ledger?approve=${request.id}`, {
        context: makeContext("203.0.113.10", asker.admin),
      }),
    ).data as { approving: { requested_by: string } | null; me: string };
    expect(ownConfirmation.approving?.requested_by).toBe(ownConfirmation.me);
    const own = unwrapData(
      await callRoute(ledgerScreen.action, "/admin/funds/ledger", {
        form: { intent: "approve", request_id: String(request.id) },
        context: makeContext("203.0.113.10", asker.admin),
      }),
    );
    expect(own.status).toBe(403);
    expect((own.data as { message: string }).message).toMatch(/You asked for this disbursement/);

    const noReason = unwrapData(
      await callRoute(ledgerScreen.action, "/admin/funds/ledger", {
        form: { intent: "reject", request_id: String(request.id), reason: "" },
        context: makeContext("203.0.113.10", approver.admin),
      }),
    );
    expect(noReason.status).toBe(400);

    const approved = (await callRoute(ledgerScreen.action, "/admin/funds/ledger?fund=" + fund.id, {
      form: { intent: "approve", request_id: String(request.id) },
      context: makeContext("203.0.113.10", approver.admin),
    })) as Response;
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(`/admin/funds/ledger?fund=${fund.id}&approved=${request.id}`);
    const after = await screenText(ledgerScreen as never, `/admin/funds/ledger?fund=${fund.id}&approved=${request.id}`);
    expect(after).toContain(`Request R${request.id} approved`);
    expect(after).toContain(`Requested by ${asker.admin.username}`);
    expect(after).toContain(`Approved by ${approver.admin.username}`);

    const csv = await (
      (await callRoute(ledgerExport.loader, `/admin/funds/ledger.csv?fund=${fund.id}`)) as Response
    ).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(header).toMatch(/,Recorded by,Recorded at,Requested by,Approved by,Approved at$/);
    expect(row).toMatch(
      new RegExp(
        `,${asker.admin.username},[^,]+,${asker.admin.username},${approver.admin.username},\\d{4}-\\d{2}-\\d{2}T`,
      ),
    );
  });

  it("writes the request, the approval and the rejection into the audit trail", async () => {
    const fund = await fundHolding(3000);
    const { body: first } = await disburse(fund.id, 1000);
    const { body: second } = await disburse(fund.id, 1100);
    await decide(first.id, "approve", approver);
    await decide(second.id, "reject", approver, { reason: "Duplicate" });
    const rows = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "entity_id", "summary"])
      .where("entity", "=", "disbursement_request")
      .where("entity_id", "in", [String(first.id), String(second.id)])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.action, row.entity_id])).toEqual([
      ["request", String(first.id)],
      ["request", String(second.id)],
      ["approve", String(first.id)],
      ["reject", String(second.id)],
    ]);
    expect(rows[2]!.summary).toContain(`requested by ${asker.admin.username}`);

    // The entry the approval wrote has a history of its own: its History link shows both names.
    const approved = await callApi(requestApi.loader, `/api/disbursements/requests/${first.id}`, {
      params: { id: String(first.id) },
      headers: asker.auth,
    });
    const entryHistory = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary"])
      .where("entity", "=", "ledger-entry")
      .where("entity_id", "=", String(approved.body.entry_id))
      .execute();
    expect(entryHistory).toEqual([
      {
        action: "create",
        summary: `Disbursement of $1,000.00 from ${fund.name}: requested by ${asker.admin.username}, approved by ${approver.admin.username} (request #${first.id})`,
      },
    ]);
  });

  it("writes a disbursement below the threshold, recorded at once, and its reversal into the entry's history", async () => {
    const fund = await fundHolding(2000);
    const { status, body: entry } = await disburse(fund.id, 250);
    expect(status).toBe(201);
    expect(entry).toMatchObject({ status: "recorded" });
    const reversal = await callApi(disbursementsApi.action, "/api/disbursements/", {
      body: { reverses_id: entry.id, description: "Recorded twice" },
      headers: approver.auth,
    });
    expect(reversal.body).toMatchObject({ status: "recorded", kind: "reversal" });
    const rows = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "summary", "changes"])
      .where("entity", "=", "ledger-entry")
      .where("entity_id", "=", String(entry.id))
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.action, row.summary])).toEqual([
      ["create", `Disbursement of $250.00 from ${fund.name}`],
      ["reverse", `Entry #${entry.id} of $250.00 reversed by entry #${reversal.body.id}`],
    ]);
    expect(JSON.parse(rows[0]!.changes)).toMatchObject({ amount: [null, 250], description: [null, "Hand pumps"] });
  });
});

describe("where a person who may approve is told", () => {
  it("says on the dashboard how many wait for them, never their own, and nothing to those who may not approve", async () => {
    const seenBy = async (who: Staff) =>
      (
        (await callRoute(dashboard.loader, "/admin", {
          context: makeContext("203.0.113.10", who.admin),
        })) as { approvalsWaiting: number }
      ).approvalsWaiting;
    const [askerBefore, approverBefore] = [await seenBy(asker), await seenBy(approver)];
    const fund = await fundHolding(5000);
    const { body: request } = await disburse(fund.id, 1000);
    const waitingForApprover = await seenBy(approver);
    expect(waitingForApprover).toBe(approverBefore + 1);
    // The asker's own request is not theirs to decide.
    expect(await seenBy(asker)).toBe(askerBefore);
    expect(await seenBy(editor)).toBe(0);
    expect(await screenText(dashboard as never, "/admin")).toMatch(/\d+ disbursements? waits? for approval\./);
    await decide(request.id, "reject", approver, { reason: "Counted" });
    expect(await seenBy(approver)).toBe(waitingForApprover - 1);
  });
});

describe("the threshold on the Settings screen", () => {
  it("is shown, saved by its rule, and applies to the next disbursement", async () => {
    expect(await screenText(settingsScreen as never, "/admin/settings")).toContain("Second person needed from");
    const refused = unwrapData(
      await callRoute(settingsScreen.action, "/admin/settings", { form: { intent: "approvals", threshold: "-1" } }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Enter an amount in dollars from 0 to 10000000");
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "approvals", threshold: "250" },
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await screenText(settingsScreen as never, "/admin/settings?saved=approvals")).toContain("Approvals saved.");
    const fund = await fundHolding(1000);
    expect((await disburse(fund.id, 249.99)).body.status).toBe("recorded");
    expect((await disburse(fund.id, 250)).body.status).toBe("requested");
  });
});
