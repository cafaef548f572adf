import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import routeTable from "~/routes";
import * as donationsScreen from "~/giving/gifts/routes/admin-donations";
import * as donationsExport from "~/giving/gifts/routes/admin-donations-export";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as subscriptionsScreen from "~/giving/recurring/routes/admin-subscriptions";
import * as donationsApi from "~/giving/gifts/routes/api-donations";
import { getAppeal, updateAppeal } from "~/appeals/appeals/server/appeals.server";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { fundId, newAppeal as buildAppeal, newGift, signedInStaff } from "../../../../tests/support/builders";
import { passwordJustGiven } from "../../../../tests/support/admins";

/**
 * Staff and the gifts designated to appeals: the Donations screen's appeal filter (with
 * the fund filter, its pages, its CSV and the API), the offline gift form and
 * POST /api/donations/ designating a gift, and the Subscriptions screen's appeal column.
 */

type DonationsData = Awaited<ReturnType<typeof donationsScreen.loader>>;
type RecordReply = {
  intent: "record";
  result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
};

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("outbound_mail").execute();
});

/** The builder's appeal, under a slug stamped with the time. */
const newAppeal = (overrides: Record<string, unknown> = {}) => buildAppeal(overrides, { slug: "stamped" });

async function fundReceived(slug: string): Promise<{ cents: number; gifts: number }> {
  const fund = await getDb()
    .selectFrom("funds")
    .select(["received_cents", "gift_count"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return { cents: fund.received_cents, gifts: fund.gift_count };
}

/** Gifts written straight into the table, as recording would leave them, one day apart. */
async function addGifts(count: number, gift: { appealId?: number | null; fund?: string; name?: string } = {}) {
  const fund = await fundId(gift.fund ?? "emergency-relief");
  for (let index = 0; index < count; index += 1) {
    await newGift({
      name: `${gift.name ?? "Donor"} ${index}`,
      email: `donor${index}@example.org`,
      amount_cents: 1000,
      frequency: "One-Time",
      fund_id: fund,
      purpose: "Emergency Relief",
      appeal_id: gift.appealId ?? null,
      donated_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    });
  }
}

async function csvLines(url: string): Promise<string[]> {
  const response = (await callRoute(donationsExport.loader, url, { headers: await passwordJustGiven() })) as Response;
  expect(response.status).toBe(200);
  return (await response.text())
    .replace(/^\ufeff/, "")
    .trim()
    .split("\n");
}

describe("the Donations screen's appeal filter", () => {
  it("lists only the appeal's gifts, a page at a time, alone and with the fund filter", async () => {
    const winter = await newAppeal();
    const other = await newAppeal();
    await addGifts(27, { appealId: winter.id, name: "Winter" });
    await addGifts(4, { appealId: other.id, name: "Other" });
    await addGifts(3, { name: "Plain" });

    const first = (await callRoute(donationsScreen.loader, `/admin/donations?appeal=${winter.id}`)) as DonationsData;
    expect(first.filter.appealId).toBe(winter.id);
    expect(first.filterProblem).toBeNull();
    expect(first.matching).toBe(27);
    expect(first.donations).toHaveLength(25);
    expect(new Set(first.donations.map((gift) => gift.appeal))).toEqual(new Set([winter.title]));
    const second = (await callRoute(
      donationsScreen.loader,
      `/admin/donations?appeal=${winter.id}&page=2`,
    )) as DonationsData;
    expect(second.page).toBe(2);
    expect(second.donations.map((gift) => gift.name)).toEqual(["Winter 1", "Winter 0"]);

    // The appeal's gifts in another fund: an appeal's fund is fixed once it has gifts, so these are made by hand.
    await addGifts(2, { appealId: winter.id, fund: "sadaqa", name: "Moved" });
    const sadaqa = await fundId("sadaqa");
    const both = (await callRoute(
      donationsScreen.loader,
      `/admin/donations?appeal=${winter.id}&fund=${sadaqa}`,
    )) as DonationsData;
    expect(both.matching).toBe(2);
    expect(both.donations.map((gift) => gift.name)).toEqual(["Moved 1", "Moved 0"]);
    const relief = await fundId("emergency-relief");
    const reliefOnly = (await callRoute(
      donationsScreen.loader,
      `/admin/donations?appeal=${other.id}&fund=${relief}`,
    )) as DonationsData;
    expect(reliefOnly.donations.map((gift) => gift.name)).toEqual(["Other 3", "Other 2", "Other 1", "Other 0"]);
  });

  it("keeps the appeal in the select, the pages, the CSV link, and offers every appeal by its title", async () => {
    const winter = await newAppeal();
    const closed = await newAppeal();
    await updateAppeal(closed.id, { status: "closed" });
    await addGifts(30, { appealId: winter.id });
    const html = await screenHtml(donationsScreen as never, `/admin/donations?appeal=${winter.id}&page=1`);
    expect(html).toMatch(
      new RegExp(
        `<select id="donation-appeal" name="appeal"[^>]*>.*<option value="${winter.id}" selected="">${winter.title}</option>`,
      ),
    );
    expect(html).toContain(`<option value="${closed.id}">${closed.title} (closed)</option>`);
    expect(html).toContain(`href="/admin/donations/export?appeal=${winter.id}"`);
    expect(html).toMatch(new RegExp(`rel="next" href="/admin/donations\\?appeal=${winter.id}&amp;page=2"`));
    const text = await screenText(donationsScreen as never, `/admin/donations?appeal=${winter.id}`);
    expect(text).toContain(`${winter.title} : $300 raised from 30 gifts.`);
  });

  it("reports an unknown appeal rather than guessing one, on the screen, in the CSV and in the API", async () => {
    const winter = await newAppeal();
    await addGifts(2, { appealId: winter.id });
    await addGifts(3);
    const unknown = (await callRoute(donationsScreen.loader, "/admin/donations?appeal=999999")) as DonationsData;
    expect(unknown.filterProblem).toBe("appeal must be an appeal's id");
    expect(unknown.filter.appealId).toBeUndefined();
    expect(unknown.matching).toBe(5);
    expect(await screenText(donationsScreen as never, "/admin/donations?appeal=winter")).toContain(
      "appeal must be an appeal's id: that part of the filter was left out.",
    );

    const csv = (await callRoute(donationsExport.loader, "/admin/donations/export?appeal=winter", {
      headers: await passwordJustGiven(),
    })) as Response;
    expect(csv.status).toBe(422);
    expect(await csv.text()).toBe("appeal must be an appeal's id");

    const { auth } = await signedInStaff();
    const api = await callApi(donationsApi.loader, "/api/donations/?appeal=999999", { headers: auth });
    expect(api.status).toBe(422);
    expect(api.body.detail).toBe("appeal must be an appeal's id");
    const filtered = await callApi(donationsApi.loader, `/api/donations/?appeal=${winter.id}`, { headers: auth });
    expect(filtered.status).toBe(200);
    expect(filtered.body.map((gift: { appeal_id: number }) => gift.appeal_id)).toEqual([winter.id, winter.id]);
  });
});

describe("the Donations CSV", () => {
  it("has the appeal, fund, fee covered, anonymity and tribute of each gift, and neutralises a formula in a title", async () => {
    const sly = await newAppeal({ title: '=HYPERLINK("http://evil.example","Click")' });
    const relief = await fundId("emergency-relief");
    await newGift({
      name: "Maryam Yusuf",
      email: "maryam@example.org",
      amount_cents: 5000,
      fee_cover_cents: 176,
      fee_fund_id: await fundId("sadaqa"),
      frequency: "One-Time",
      fund_id: relief,
      purpose: "Emergency Relief",
      appeal_id: sly.id,
      anonymous: 1,
      tribute_kind: "memory",
      tribute_name: "Fatima Ahmed",
      donated_at: "2026-02-01T10:00:00.000Z",
    });
    await addGifts(1, { fund: "sadaqa", name: "Plain" });

    const lines = await csvLines(`/admin/donations/export?appeal=${sly.id}`);
    expect(lines[0]).toBe(
      "ID,Name,Email,Amount,Frequency,Date,Fund,Designation,Appeal,Fee covered,Anonymous,Tribute,Test",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\d+,Maryam Yusuf,maryam@example\.org,50\.00,One-Time,2026-02-01T10:00:00\.000Z,Emergency Relief,,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",1\.76,yes,In memory of Fatima Ahmed,no$/,
    );
    const plain = (await csvLines("/admin/donations/export?search=Plain"))[1];
    expect(plain).toMatch(/,Sadaqa,,,0\.00,no,,no$/);
  });
});

describe("the Donations list", () => {
  it("shows the appeal and the tribute under the purpose, the fee covered under the amount, and an Anonymous mark", async () => {
    const winter = await newAppeal();
    await newGift({
      name: "Maryam Yusuf",
      email: "maryam@example.org",
      amount_cents: 5000,
      fee_cover_cents: 176,
      frequency: "One-Time",
      fund_id: await fundId("emergency-relief"),
      purpose: "Emergency Relief",
      appeal_id: winter.id,
      anonymous: 1,
      tribute_kind: "honour",
      tribute_name: "Our Mother",
      donated_at: "2026-02-01T10:00:00.000Z",
    });
    const text = await screenText(donationsScreen as never, "/admin/donations");
    expect(text).toContain("Maryam Yusuf maryam@example.org Anonymous $50 + $1.76 fee covered");
    expect(text).toContain(`Emergency Relief Appeal: ${winter.title} In honour of Our Mother`);
  });
});

describe("an offline gift designated by staff", () => {
  it("moves the appeal's raised figure and its fund's, anonymous and in someone's name, the family told once", async () => {
    const { admin, context } = await signedInStaff();
    const winter = await newAppeal({ goal: "1000" });
    const reliefBefore = await fundReceived("emergency-relief");
    const saved = (await callRoute(donationsScreen.action, "/admin/donations", {
      form: {
        intent: "record",
        name: "Friday collection",
        amount: "312.40",
        frequency: "One-Time",
        payment_method: "cash",
        purpose: "General Donation",
        appeal: String(winter.id),
        anonymous: "on",
        "tribute.kind": "memory",
        "tribute.name": "Fatima Ahmed",
        "tribute.email": "family@example.org",
      },
      context,
    })) as Response;
    expect(saved, JSON.stringify(saved)).toBeInstanceOf(Response);
    expect(saved.status).toBe(302);
    const [row] = await donationRows();
    expect(row).toMatchObject({
      appeal_id: winter.id,
      fund_id: await fundId("emergency-relief"),
      anonymous: 1,
      tribute_kind: "memory",
      tribute_name: "Fatima Ahmed",
      tribute_email: "family@example.org",
      recorded_by: admin.username,
    });
    expect(await getAppeal(winter.slug)).toMatchObject({ raised: 312.4, gifts: 1 });
    // The purpose said General Donation; the appeal's fund has the gift.
    expect(await fundReceived("emergency-relief")).toEqual({
      cents: reliefBefore.cents + 31240,
      gifts: reliefBefore.gifts + 1,
    });
    const mail = await getDb()
      .selectFrom("outbound_mail")
      .selectAll()
      .where("to_address", "=", "family@example.org")
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain("Someone who wished to remain anonymous");
    expect(mail[0]!.text_body).not.toContain("312");
  });

  it("takes a closed appeal, refuses a draft beside the field and keeps what was typed", async () => {
    const { context } = await signedInStaff();
    const draft = await newAppeal({ status: "draft" });
    const closed = await newAppeal();
    await updateAppeal(closed.id, { status: "closed" });
    const refused = unwrapData(
      await callRoute(donationsScreen.action, "/admin/donations", {
        form: {
          intent: "record",
          name: "Ramadan box",
          amount: "40",
          appeal: String(draft.id),
          anonymous: "on",
          "tribute.kind": "honour",
          "tribute.name": "Imam Ali",
        },
        context,
      }),
    );
    expect(refused.status).toBe(400);
    const result = (refused.data as RecordReply).result;
    expect(result.error?.appeal).toEqual(["Choose one of the appeals that have gone live"]);
    expect(result.initialValue).toMatchObject({
      name: "Ramadan box",
      amount: "40",
      appeal: String(draft.id),
      anonymous: "on",
      tribute: { kind: "honour", name: "Imam Ali" },
    });
    expect(await donationRows()).toHaveLength(0);
    expect((await getAppeal(draft.id, { staff: true })).raised).toBe(0);

    // Shown again: the draft is not offered, the closed appeal is, and the typed values stand.
    const html = await screenHtml(donationsScreen as never, "/admin/donations?record=1", refused.data);
    const form = html.slice(html.indexOf('id="offline-gift"'), html.indexOf('role="search"'));
    expect(form).not.toContain(`<option value="${draft.id}"`);
    expect(form).toContain(`<option value="${closed.id}">${closed.title} (closed)</option>`);
    expect(form).toContain("Choose one of the appeals that have gone live");
    expect(form).toMatch(/name="tribute\.name"[^>]*value="Imam Ali"/);
    expect(form).toMatch(/type="checkbox"[^>]*name="anonymous"[^>]*checked=""/);
    expect(form).toContain("The family is told by mail");

    const late = (await callRoute(donationsScreen.action, "/admin/donations", {
      form: { intent: "record", name: "Late collection", amount: "25", appeal: String(closed.id) },
      context,
    })) as Response;
    expect(late.status).toBe(302);
    expect(await getAppeal(closed.slug)).toMatchObject({ raised: 25, gifts: 1 });
  });

  it("is what POST /api/donations/ records too, with the same fields and the same refusal", async () => {
    const { auth } = await signedInStaff();
    const winter = await newAppeal();
    const before = await fundReceived("emergency-relief");
    const created = await callApi(donationsApi.action, "/api/donations/", {
      headers: auth,
      body: {
        name: "Bank transfer",
        amount: 120,
        payment_method: "bank_transfer",
        appeal: winter.slug,
        anonymous: true,
        tribute: { kind: "honour", name: "Our Teachers", email: "" },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      appeal: winter.title,
      appeal_id: winter.id,
      anonymous: true,
      tribute: "In honour of Our Teachers",
      fee_cover: 0,
      fund: "Emergency Relief",
    });
    expect(await getAppeal(winter.slug)).toMatchObject({ raised: 120, gifts: 1 });
    expect((await fundReceived("emergency-relief")).cents).toBe(before.cents + 12000);

    const draft = await newAppeal({ status: "draft" });
    const refused = await callApi(donationsApi.action, "/api/donations/", {
      headers: auth,
      body: { name: "A", amount: 5, appeal: draft.slug },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ appeal: ["Choose one of the appeals that have gone live"] });
    const badTribute = await callApi(donationsApi.action, "/api/donations/", {
      headers: auth,
      body: { name: "A", amount: 5, tribute: { kind: "memory" } },
    });
    expect(badTribute.status).toBe(422);
    expect(badTribute.body.errors["tribute.name"] ?? badTribute.body.errors.tribute).toBeTruthy();
    expect(await donationRows()).toHaveLength(1);
    expect(
      (await callApi(donationsApi.action, "/api/donations/", { body: { name: "A", amount: 5, appeal: winter.slug } }))
        .status,
    ).toBe(401);
  });
});

describe("the Subscriptions screen", () => {
  it("shows a recurring gift's appeal and the fee it covers", async () => {
    const winter = await newAppeal();
    await getDb()
      .insertInto("subscriptions")
      .values({
        name: "Bilal Hussain",
        email: "bilal@example.org",
        amount_cents: 2500,
        fee_cover_cents: 105,
        purpose: "Emergency Relief",
        fund_id: await fundId("emergency-relief"),
        appeal_id: winter.id,
        interval: "month",
        status: "active",
        stripe_subscription_id: "sub_appeal_1",
        created_at: "2026-02-01T10:00:00.000Z",
      } as never)
      .execute();
    const text = await screenText(subscriptionsScreen as never, "/admin/subscriptions");
    expect(text).toContain(`$25 + $1.05 fee covered Emergency Relief Appeal: ${winter.title}`);
  });
});

describe("staff only", () => {
  it("puts the Donations screen, its CSV and the offline gift form behind the sign-in, and the API behind a token", async () => {
    const admin = routeTable.find((entry) => entry.file === "staff/admin-layout/routes/admin-layout.tsx");
    const guarded = (admin?.children ?? []).map((child) => child.file);
    expect(guarded).toEqual(
      expect.arrayContaining([
        "giving/gifts/routes/admin-donations.tsx",
        "giving/gifts/routes/admin-donations-export.ts",
        "giving/recurring/routes/admin-subscriptions.tsx",
      ]),
    );
    for (const [method, pathname] of [
      ["GET", "/admin/donations?appeal=1"],
      ["POST", "/admin/donations"],
      ["GET", "/admin/donations/export?appeal=1"],
      ["GET", "/admin/subscriptions"],
    ] as const) {
      const request = makeRequest(
        pathname,
        method === "POST" ? { form: { intent: "record", name: "A", amount: "5" } } : {},
      );
      let thrown: unknown;
      try {
        await layout.middleware[0]!(
          {
            request,
            context: makeContext(),
            params: {},
            pattern: new URL(request.url).pathname,
            url: new URL(request.url),
          } as never,
          async () => new Response("the screen ran"),
        );
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${method} ${pathname}`).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(
        `/admin/login?${new URLSearchParams({ redirectTo: pathname })}`,
      );
    }
    expect((await callApi(donationsApi.loader, "/api/donations/?appeal=1")).status).toBe(401);
    expect(await donationRows()).toHaveLength(0);
  });
});
