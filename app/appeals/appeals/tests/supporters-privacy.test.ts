import { beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import * as home from "~/content/homepage/routes/home";
import * as appealPage from "~/appeals/appeals/routes/appeal";
import * as appealsPage from "~/appeals/appeals/routes/appeals";
import * as appealApi from "~/appeals/appeals/routes/api-appeal";
import * as appealsApi from "~/appeals/appeals/routes/api-appeals";
import * as createPaymentSession from "~/giving/donate/routes/api-donation-checkout";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import { createAppeal } from "~/appeals/appeals/server/appeals.server";
import { getAppealDetail } from "~/giving/gifts/server/appeal-gifts.server";
import { listDonations, recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { fundId } from "../../../../tests/support/builders";

/**
 * What the public reads of an appeal's supporters: a first name, or "Anonymous" when the
 * donor asked, and never a surname, an email, an anonymous donor's name or the person a
 * gift honours' address; and no draft, anywhere. Every public page and endpoint that
 * shows appeals is read in full (HTML and JSON), in sandbox mode, on a real SQLite file.
 */
const TODAY = () => todayIn("UTC");

/** Donors with names no page would print for another reason. */
const NAMED = { name: "Benedikta Quorrington", email: "benedikta.q@example.org" };
const NAMED_BY_CARD = { name: "Oswin Marchbanks-Tully", email: "oswin.mt@example.org" };
const ANONYMOUS = { name: "Xanthia Pellowsworth", email: "xanthia.p@example.org" };
const ANONYMOUS_BY_CARD = { name: "Thaddeus Wrenfield", email: "thaddeus.w@example.org" };
const TRIBUTE = { kind: "memory", name: "Grandmother Ysolde", email: "ysolde.family@example.org" };

/** Nothing of these may appear on a public page or in a public answer. */
const NEVER_PUBLIC = [
  "Quorrington",
  "Marchbanks",
  "Tully",
  "Xanthia",
  "Pellowsworth",
  "Thaddeus",
  "Wrenfield",
  "benedikta.q",
  "oswin.mt",
  "xanthia.p",
  "thaddeus.w",
  "example.org",
  "ysolde.family",
  "Secret Draft Zeta",
  "secret-draft-zeta",
];

let live: { id: number; slug: string };
let draft: { id: number; slug: string };

/** A gift by card in the sandbox, through the API and the simulated checkout. */
async function giveByCard(donor: { name: string; email: string }, amount: number, choices: Record<string, unknown>) {
  const session = await callApi(createPaymentSession.action, "/api/donations/create-payment-session", {
    body: { ...donor, amount, frequency: "One-Time", appeal: live.slug, ...choices },
    clientAddress: `198.51.100.${Math.floor(amount) % 250}`,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const sessionId = session.body.id as string;
  const paid = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent: "pay" },
    params: { sessionId },
  })) as Response;
  expect(paid.status).toBe(303);
}

beforeAll(async () => {
  const fund_id = await fundId("emergency-relief");
  const appeal = (title: string, status: string) =>
    createAppeal({
      title,
      summary: "Blankets and heaters for families in tents.",
      story: "Winter has come early.",
      fund_id,
      goal: "20000",
      starts_on: addDays(TODAY(), -3),
      ends_on: addDays(TODAY(), 30),
      status,
      is_featured: "on",
    });
  live = await appeal("Winter Warmth", "live");
  draft = await appeal("Secret Draft Zeta", "draft");

  await recordOfflineGift({ ...NAMED, amount: "120", appeal: live.slug, payment_method: "cash" }, "staff");
  await recordOfflineGift(
    { ...ANONYMOUS, amount: "75", appeal: live.slug, anonymous: "on", tribute: TRIBUTE, payment_method: "cheque" },
    "staff",
  );
  await giveByCard(NAMED_BY_CARD, 40, { tribute: { kind: "honour", name: "Our Imam", email: "" } });
  await giveByCard(ANONYMOUS_BY_CARD, 55, { anonymous: true, cover_fees: true });
});

/** Fails naming the first thing that must never be public, if the text holds any. */
function expectNothingPrivate(text: string, where: string): void {
  for (const secret of NEVER_PUBLIC) expect(text.includes(secret), `${where} shows "${secret}"`).toBe(false);
}

describe("an appeal's supporters, as the public reads them", () => {
  /** Supporters by amount (offline gifts are dated by their day, so "newest" is not the order they were typed in). */
  const byAmount = (supporters: { name: string; amount: number }[]) =>
    supporters.map(({ name, amount }) => ({ name, amount })).sort((a, b) => a.amount - b.amount);
  const EXPECTED = [
    { name: "Oswin", amount: 40 },
    { name: "Anonymous", amount: 55 },
    { name: "Anonymous", amount: 75 },
    { name: "Benedikta", amount: 120 },
  ];

  it("are first names, or Anonymous, newest first, with their amounts", async () => {
    const detail = await getAppealDetail(live.slug);
    expect(byAmount(detail.supporters)).toEqual(EXPECTED);
    const dates = detail.supporters.map((supporter) => supporter.donated_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expectNothingPrivate(JSON.stringify(detail), "getAppealDetail");
  });

  it("are so in GET /api/appeals/{slug} and by the appeal's number", async () => {
    for (const ref of [live.slug, String(live.id)]) {
      const answer = await callApi(appealApi.loader, `/api/appeals/${ref}`, { params: { ref } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ slug: live.slug, raised: 290, gifts: 4 });
      expect(byAmount(answer.body.supporters)).toEqual(EXPECTED);
      expect(Object.keys(answer.body.supporters[0]).sort()).toEqual(["amount", "donated_at", "name"]);
      expectNothingPrivate(JSON.stringify(answer.body), `/api/appeals/${ref}`);
    }
  });

  it("are so in GET /api/appeals/, which lists no draft", async () => {
    for (const url of ["/api/appeals/", "/api/appeals/?limit=50&offset=0", "/api/appeals"]) {
      const answer = await callApi(appealsApi.loader, url);
      expect(answer.status).toBe(200);
      expect(answer.body.map((appeal: { slug: string }) => appeal.slug)).toContain(live.slug);
      expectNothingPrivate(JSON.stringify(answer.body), url);
    }
  });

  it("are so on the appeal's page, in every word and attribute of it", async () => {
    const html = await screenHtml(appealPage, `/appeals/${live.slug}`, undefined, { slug: live.slug });
    const text = await screenText(appealPage, `/appeals/${live.slug}`, undefined, { slug: live.slug });
    expect(text).toContain("Winter Warmth");
    expect(text).toContain("Benedikta");
    expect(text).toContain("Oswin");
    expect(text.match(/Anonymous/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expectNothingPrivate(html, "the appeal's page");
  });

  it("never reach /appeals or the home page", async () => {
    const list = await screenHtml(appealsPage, "/appeals");
    expect(list).toContain("Winter Warmth");
    expectNothingPrivate(list, "/appeals");
    const front = await screenHtml(home, "/");
    expect(front).toContain("Winter Warmth");
    expectNothingPrivate(front, "the home page");
  });

  it("are whole for staff, who keep every name, email and the anonymous flag", async () => {
    const gifts = await listDonations({ appealId: live.id });
    expect(gifts.map((gift) => [gift.name, gift.anonymous])).toEqual(
      expect.arrayContaining([
        [ANONYMOUS.name, true],
        [ANONYMOUS_BY_CARD.name, true],
        [NAMED.name, false],
        [NAMED_BY_CARD.name, false],
      ]),
    );
  });
});

describe("a draft appeal", () => {
  it("is not found by the public, by its address or its number, in the API or as a page", async () => {
    for (const ref of [draft.slug, String(draft.id)]) {
      const answer = await callApi(appealApi.loader, `/api/appeals/${ref}`, { params: { ref } });
      expect(answer.status, ref).toBe(404);
      expectNothingPrivate(JSON.stringify(answer.body), `/api/appeals/${ref}`);
    }
    const page = await callRoute(appealPage.loader, `/appeals/${draft.slug}`, { params: { slug: draft.slug } });
    expect(page).toMatchObject({ init: { status: 404 } });
  });

  it("is visible to staff with their token", async () => {
    const { auth } = await createTestAdmin();
    const answer = await callApi(appealApi.loader, `/api/appeals/${draft.slug}`, {
      params: { ref: draft.slug },
      headers: auth,
    });
    expect(answer).toMatchObject({ status: 200, body: { slug: draft.slug, status: "draft" } });
    const all = await callApi(appealsApi.loader, "/api/appeals/", { headers: auth });
    expect(all.body.map((appeal: { slug: string }) => appeal.slug)).toEqual(
      expect.arrayContaining([draft.slug, live.slug]),
    );
  });
});
