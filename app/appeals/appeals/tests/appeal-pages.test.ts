import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
} from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import * as appealPage from "~/appeals/appeals/routes/appeal";
import * as appealsPage from "~/appeals/appeals/routes/appeals";
import * as homePage from "~/content/homepage/routes/home";
import * as publicLayout from "~/content/public-layout/routes/public-layout";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import { updateAppeal } from "~/appeals/appeals/server/appeals.server";
import { updateSetting } from "~/content/settings/server/settings.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callRoute, callWithRequest, ORIGIN, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { fundId, newAppeal as buildAppeal } from "../../../../tests/support/builders";

/**
 * The public appeal pages through their loaders, actions and components: /appeals, an
 * appeal's own page (its progress, supporters, donate form, draft and closed states, old
 * addresses, sharing tags), the home page's current appeals and the emergency banner.
 */

const today = () => todayIn("UTC");

/** The builder's appeal, under a numbered slug, its story of two paragraphs. */
const newAppeal = (overrides: Record<string, unknown> = {}) =>
  buildAppeal({ story: "Winter has come early.\n\nEvery blanket counts.", ...overrides }, { slug: "numbered" });

async function offlineGift(appeal: string, name: string, amount: number, extra: Record<string, unknown> = {}) {
  return recordOfflineGift({ name, amount, appeal, payment_method: "cash", ...extra }, "staff");
}

/** The page's HTML as a visitor (or, with headers, a signed-in staff member) receives it. */
async function pageHtml(path: string, headers: Record<string, string> = {}, actionData?: unknown): Promise<string> {
  const params = { slug: new URL(path, ORIGIN).pathname.split("/")[2]! };
  const Page = () =>
    createElement(appealPage.default, {
      loaderData: useLoaderData(),
      actionData: actionData ?? useActionData(),
      params,
      matches: [],
    } as never);
  const handler = createStaticHandler([
    {
      id: "appeal",
      path: "*",
      loader: ({ request }) => callWithRequest(appealPage.loader, request, { params }) as Promise<unknown>,
      Component: Page,
    },
  ]);
  const context = await handler.query(new Request(new URL(path, ORIGIN), { headers }));
  if (context instanceof Response) throw new Error(`The page answered ${context.status}`);
  return renderToString(
    createElement(StaticRouterProvider, {
      router: createStaticRouter(handler.dataRoutes, context),
      context,
      hydrate: false,
    }),
  );
}

function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function postGift(slug: string, form: Record<string, string>) {
  return callRoute(appealPage.action, `/appeals/${slug}`, {
    form: {
      amount: "50",
      frequency: "One-Time",
      name: "Maryam Siddiqui",
      email: "maryam@example.org",
      appeal: slug,
      ...form,
    },
    params: { slug },
  });
}

beforeEach(async () => {
  await clearGiving();
  const db = getDb();
  await db.deleteFrom("appeal_totals").execute();
  await db.deleteFrom("appeals").execute();
  await updateSetting("emergency_appeal", { value: "" });
});

describe("/appeals", () => {
  it("lists live appeals, featured first, then the archive; drafts never", async () => {
    await newAppeal({ title: "Ramadan Food Packs", slug: "ramadan-food-packs", goal: 1000 });
    await newAppeal({ title: "Build a Well", slug: "build-a-well", is_featured: true });
    await newAppeal({ title: "Eid Gifts for Orphans", slug: "eid-gifts", starts_on: addDays(today(), 5) });
    await newAppeal({ title: "Flood Relief 2025", slug: "flood-relief", status: "closed" });
    await newAppeal({
      title: "Last Winter",
      slug: "last-winter",
      starts_on: addDays(today(), -60),
      ends_on: addDays(today(), -30),
    });
    await newAppeal({ title: "Secret Draft Appeal", slug: "secret-draft", status: "draft" });

    const text = await screenText(appealsPage, "/appeals");
    const at = (words: string) => text.indexOf(words);
    expect(at("Current appeals")).toBeGreaterThan(-1);
    expect(at("Build a Well")).toBeGreaterThan(at("Current appeals"));
    expect(at("Ramadan Food Packs")).toBeGreaterThan(at("Build a Well"));
    expect(at("Eid Gifts for Orphans")).toBeGreaterThan(at("Current appeals"));
    expect(at("Past appeals")).toBeGreaterThan(Math.max(at("Ramadan Food Packs"), at("Eid Gifts for Orphans")));
    expect(at("Flood Relief 2025")).toBeGreaterThan(at("Past appeals"));
    expect(at("Last Winter")).toBeGreaterThan(at("Past appeals"));
    expect(text).not.toContain("Secret Draft Appeal");
    expect(text).toContain("$0 raised of $1,000 goal, 0%");
    expect(text).toContain(`Opens on`);

    const html = await screenHtml(appealsPage, "/appeals");
    expect(html).toContain('href="/appeals/build-a-well"');
    expect(html).not.toContain("secret-draft");

    // Only an appeal taking gifts now invites one: the others have no form to donate with.
    expect(text).toContain("Donate Now to Ramadan Food Packs");
    expect(text).toContain("Read more about Eid Gifts for Orphans");
    expect(text).not.toContain("Donate Now to Eid Gifts for Orphans");
    expect(text).toContain("Read more about Flood Relief 2025");
  });

  it("says when no appeal is open", async () => {
    const text = await screenText(appealsPage, "/appeals");
    expect(text).toContain("No appeals open right now");
    expect(text).not.toContain("Past appeals");
  });
});

describe("an appeal's page", () => {
  it("shows the progress in words, the gifts, the days left and supporters by first name or Anonymous only", async () => {
    const appeal = await newAppeal({
      goal: 200,
      ends_on: addDays(today(), 11),
      story:
        "## Why now\n\nFamilies **need** heaters.\n\n- Blankets\n- Stoves\n\n[Our report](javascript:alert(1)) and <script>alert(1)</script>",
      story_format: "markdown",
    });
    await offlineGift(appeal.slug, "Khadija Rahman", 100);
    await offlineGift(appeal.slug, "Zaynab Haddad-Okafor", 24, { anonymous: true });

    const html = await pageHtml(`/appeals/${appeal.slug}`);
    const text = textOf(html);
    expect(html).toContain('aria-valuetext="$124 raised of $200 goal, 62%"');
    expect(html).toContain('role="progressbar"');
    expect(text).toContain("$124 raised of $200 goal, 62%");
    expect(text).toContain("2 gifts · 12 days left");
    expect(text).toContain("Khadija");
    expect(text).toContain("Anonymous");
    expect(text).toContain("$24");
    expect(text).toContain("Today");
    for (const hidden of ["Rahman", "Zaynab", "Haddad", "Okafor"]) expect(html).not.toContain(hidden);
    expect(text).toContain("Gifts to this appeal go to Emergency Relief");
    expect(text).not.toContain("Includes test gifts");

    // The story's Markdown as elements; nothing typed becomes markup or a script link.
    expect(html).toContain("<h2>Why now</h2>");
    expect(html).toContain("<strong>need</strong>");
    expect(html).toContain("<li>Blankets</li>");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    // The donate form is designated to the appeal and posts to its page.
    expect(html).toContain(`action="/appeals/${appeal.slug}#give"`);
    expect(html).toMatch(new RegExp(`<input type="hidden" name="appeal" value="${appeal.slug}"`));
    expect(text).toContain("Donate Now");
  });

  it("names the Zakat rule on a Zakat appeal, takes its own preset amounts, and says Last day", async () => {
    const appeal = await newAppeal({
      fund_id: await fundId("zakat-al-mal"),
      preset_amounts: "40, 80",
      ends_on: today(),
    });
    const html = await pageHtml(`/appeals/${appeal.slug}`);
    const text = textOf(html);
    expect(text).toContain("Zakat is given only to eligible recipients.");
    expect(html).toContain('href="/transparency"');
    expect(text).toContain("$40 $80");
    expect(text).not.toContain("$1,000");
    expect(text).toContain("0 gifts · Last day");
    expect(text).toContain("$0 raised");
  });

  it("is a 404 for the public while a draft, and a marked preview without a form for staff", async () => {
    const appeal = await newAppeal({ status: "draft", title: "Quiet Draft" });
    const answer = await callRoute(appealPage.loader, `/appeals/${appeal.slug}`, { params: { slug: appeal.slug } });
    expect(unwrapData(answer).status).toBe(404);

    const { auth } = await createTestAdmin();
    const html = await pageHtml(`/appeals/${appeal.slug}`, auth);
    const text = textOf(html);
    expect(html).toMatch(/data-testid="phase-marker"[^>]*>Draft</);
    expect(text).toContain("Quiet Draft");
    expect(text).toContain("only staff can see this page");
    // A draft takes no gift, so nobody is invited to be its first.
    expect(text).toContain("No gifts yet: gifts open once the appeal is live.");
    expect(text).not.toContain("yours could be the first");
    expect(html).not.toContain("<form");
    const meta = appealPage.meta({
      loaderData: (await callRoute(appealPage.loader, `/appeals/${appeal.slug}`, {
        params: { slug: appeal.slug },
        headers: auth,
      })) as never,
    } as never);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("a closed or ended appeal says so, has no form, and points to the live appeals and /donate", async () => {
    const closed = await newAppeal({ status: "closed" });
    const ended = await newAppeal({ starts_on: addDays(today(), -20), ends_on: addDays(today(), -1) });
    for (const [appeal, words, marker] of [
      [closed, "This appeal has closed.", "Closed"],
      [ended, "This appeal has ended.", "Ended"],
    ] as const) {
      const html = await pageHtml(`/appeals/${appeal.slug}`);
      expect(textOf(html)).toContain(words);
      expect(html).toMatch(new RegExp(`data-testid="phase-marker"[^>]*>${marker}<`));
      expect(textOf(html)).toContain("No gifts were given to this appeal online.");
      expect(html).not.toContain("<form");
      expect(html).toContain('href="/appeals"');
      expect(html).toContain('href="/donate"');
    }
    const upcoming = await newAppeal({ starts_on: "2099-03-04" });
    const upcomingHtml = await pageHtml(`/appeals/${upcoming.slug}`);
    expect(upcomingHtml).not.toContain('data-testid="phase-marker"');
    const text = textOf(upcomingHtml);
    expect(text).toContain("This appeal opens for gifts on March 4, 2099.");
    expect(text).toContain("Opens on March 4, 2099");
  });

  it("invites sharing only while the appeal takes gifts: never once it has closed or ended, nor before it opens", async () => {
    const open = await newAppeal();
    const openHtml = await pageHtml(`/appeals/${open.slug}`);
    expect(textOf(openHtml)).toContain("Share this appeal");
    expect(openHtml).toContain(`href="https://wa.me/?text=`);
    const closed = await newAppeal({ status: "closed" });
    const ended = await newAppeal({ starts_on: addDays(today(), -20), ends_on: addDays(today(), -1) });
    const upcoming = await newAppeal({ starts_on: addDays(today(), 5) });
    for (const appeal of [closed, ended, upcoming]) {
      const html = await pageHtml(`/appeals/${appeal.slug}`);
      expect(textOf(html), appeal.slug).not.toContain("Share this appeal");
      for (const network of ["wa.me", "facebook.com/sharer", "x.com/intent", "mailto:"])
        expect(html, appeal.slug).not.toContain(network);
    }
  });

  it("the form without JavaScript: a 303 to the sandbox checkout, the session carrying the appeal; paid, the page moves", async () => {
    const appeal = await newAppeal({ goal: 100 });
    const answer = (await postGift(appeal.slug, {
      name: "Maryam Siddiqui",
      amount: "25",
      anonymous: "on",
      cover_fees: "on",
      appeal: "another-appeal",
    })) as Response;
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location")!;
    expect(location).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sandbox_[0-9a-f]+$/);
    const sessionId = location.split("/").pop()!;
    const stored = await getDb()
      .selectFrom("sandbox_objects")
      .select("data")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    const session = JSON.parse(stored.data) as {
      metadata: Record<string, string>;
      sandbox: { appeal_title: string; fee_cover_cents: number };
      cancel_url: string;
    };
    expect(session.metadata.appeal).toBe(String(appeal.id));
    expect(session.sandbox.appeal_title).toBe(appeal.title);
    expect(session.sandbox.fee_cover_cents).toBeGreaterThan(0);
    expect(session.cancel_url).toContain(`/appeals/${appeal.slug}?`);

    const paid = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "pay" },
      params: { sessionId },
    })) as Response;
    expect(paid.status).toBe(303);
    expect(await donationRows()).toMatchObject([{ appeal_id: appeal.id, amount_cents: 2500, anonymous: 1 }]);

    const html = await pageHtml(`/appeals/${appeal.slug}`);
    const text = textOf(html);
    expect(text).toContain("$25 raised of $100 goal, 25%");
    expect(text).toContain("1 gift");
    expect(text).toContain("Includes test gifts (no money moved)");
    expect(text).toContain("Anonymous");
    expect(html).not.toContain("Maryam");
    expect(html).not.toContain("Siddiqui");
  });

  it("a preset button without JavaScript only fills in the amount; field errors keep what was typed", async () => {
    const appeal = await newAppeal();
    const preset = unwrapData(
      await postGift(appeal.slug, {
        amount: "",
        __intent__: JSON.stringify({ type: "update", payload: { name: "amount", value: "100" } }),
      }),
    );
    expect(preset.status).toBe(200);
    const missing = unwrapData(await postGift(appeal.slug, { email: "not-an-email" }));
    expect(missing.status).toBe(400);
    const html = await pageHtml(`/appeals/${appeal.slug}`, {}, missing.data);
    expect(textOf(html)).toContain("Please enter a valid email address");
    expect(html).toContain('value="Maryam Siddiqui"');
  });

  it("a gift posted after the appeal closed is refused with the reason, and the typed gift is kept", async () => {
    const appeal = await newAppeal();
    await updateAppeal(appeal.id, { status: "closed" });
    const refused = unwrapData(await postGift(appeal.slug, { amount: "75", frequency: "Monthly" }));
    expect(refused.status).toBe(409);
    const reply = refused.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error[""]![0]).toContain("has closed and no longer takes gifts");
    expect(reply.result.initialValue).toMatchObject({
      name: "Maryam Siddiqui",
      email: "maryam@example.org",
      amount: "75",
      frequency: "Monthly",
    });
    expect(await getDb().selectFrom("sandbox_objects").select("id").execute()).toHaveLength(0);

    const html = await pageHtml(`/appeals/${appeal.slug}`, {}, refused.data);
    const text = textOf(html);
    expect(text).toContain("has closed and no longer takes gifts");
    expect(text).toContain("Nothing was charged.");
    expect(html).toContain('href="/donate?amount=75&amp;frequency=Monthly"');
    expect(html).not.toContain("<form");
  });

  it("a refused gift's way to /donate keeps the donor's ticks as well as the amount and frequency", async () => {
    const appeal = await newAppeal();
    await updateAppeal(appeal.id, { status: "closed" });
    const refused = unwrapData(
      await postGift(appeal.slug, { amount: "40", frequency: "Annually", anonymous: "on", cover_fees: "on" }),
    );
    expect(refused.status).toBe(409);
    const html = await pageHtml(`/appeals/${appeal.slug}`, {}, refused.data);
    expect(html).toContain('href="/donate?amount=40&amp;frequency=Annually&amp;anonymous=on&amp;cover_fees=on"');
    expect(textOf(html)).toContain("Give your $40 where it is needed most");
  });

  it("an address the appeal had before answers 301 with its address now, keeping the query", async () => {
    const appeal = await newAppeal({ status: "draft", slug: "winter-appeal-draft" });
    await updateAppeal(appeal.id, { slug: "winter-appeal", status: "live" });
    const moved = (await callRoute(appealPage.loader, "/appeals/winter-appeal-draft?checkout=canceled&amount=20", {
      params: { slug: "winter-appeal-draft" },
    })) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/appeals/winter-appeal?checkout=canceled&amount=20");
    const byNumber = (await callRoute(appealPage.loader, `/appeals/${appeal.id}`, {
      params: { slug: String(appeal.id) },
    })) as Response;
    expect(byNumber.status).toBe(301);
    expect(byNumber.headers.get("Location")).toBe("/appeals/winter-appeal");
    const unknown = await callRoute(appealPage.loader, "/appeals/no-such-appeal", {
      params: { slug: "no-such-appeal" },
    });
    expect(unwrapData(unknown).status).toBe(404);
  });

  it("back from a canceled checkout, the gift and the donor's ticks are kept", async () => {
    const appeal = await newAppeal();
    const html = await pageHtml(
      `/appeals/${appeal.slug}?amount=75&frequency=Monthly&anonymous=on&cover_fees=on&checkout=canceled`,
    );
    // Without JavaScript the donor's name and email cannot come back: they are never in the address.
    expect(textOf(html)).toContain(
      "Your checkout was canceled and nothing was charged. The amount and frequency you chose are kept below, with your ticks. Please type your name and email again, and any tribute: we never put them in a web address.",
    );
    const input = (...attributes: string[]) =>
      new RegExp(`<input${attributes.map((attribute) => `(?=[^>]*${attribute})`).join("")}[^>]*>`);
    expect(html).toMatch(input('name="amount"', 'value="75"'));
    expect(html).toMatch(input('value="Monthly"', 'checked=""'));
    expect(html).not.toMatch(input('value="One-Time"', 'checked=""'));
    expect(html).toMatch(input('name="anonymous"', 'checked=""'));
    expect(html).toMatch(input('name="cover_fees"', 'checked=""'));
    expect(textOf(html)).toContain("You will give $75 + $2.55 card fee = $77.55 today and every month");
  });

  it("has its sharing tags: the summary, the photo's absolute address, the page's own", async () => {
    const appeal = await newAppeal({
      image_filename: "https://images.example.org/winter.jpg",
      summary: "Heaters for 500 families before the snow.",
    });
    const loaderData = await callRoute(appealPage.loader, `/appeals/${appeal.slug}`, { params: { slug: appeal.slug } });
    const tags = appealPage.meta({ loaderData } as never);
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: `${appeal.title} | Al-Amanah Foundation` },
        { property: "og:title", content: appeal.title },
        { property: "og:description", content: "Heaters for 500 families before the snow." },
        { property: "og:type", content: "website" },
        { property: "og:url", content: `${ORIGIN}/appeals/${appeal.slug}` },
        { property: "og:image", content: "https://images.example.org/winter.jpg" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
    expect(appealPage.meta({ loaderData: undefined } as never)).toEqual([
      { title: "Appeal not found | Al-Amanah Foundation" },
    ]);
  });
});

describe("the home page's current appeals", () => {
  it("shows the featured appeals open for gifts with their progress, and nothing when there are none", async () => {
    const none = (await callRoute(homePage.loader, "/")) as { appeals: unknown[] };
    expect(none.appeals).toEqual([]);
    expect(await screenText(homePage, "/")).not.toContain("Current appeals");

    const featured = await newAppeal({ title: "Featured Winter", is_featured: true, goal: 400 });
    await newAppeal({ title: "Not Featured", is_featured: false });
    await newAppeal({ title: "Featured But Closed", is_featured: true, status: "closed" });
    await offlineGift(featured.slug, "Omar Farouk", 100);
    const text = await screenText(homePage, "/");
    expect(text).toContain("Current appeals");
    expect(text).toContain("Featured Winter");
    expect(text).toContain("$100 raised of $400 goal, 25%");
    expect(text).not.toContain("Not Featured");
    expect(text).not.toContain("Featured But Closed");
    expect(await screenHtml(homePage, "/")).toContain('href="/appeals"');
  });
});

describe("the emergency banner", () => {
  async function banner() {
    const html = await screenHtml(publicLayout as never, "/");
    const match = /<aside aria-label="Emergency appeal"[\s\S]*?<\/aside>/.exec(html);
    return match ? { text: textOf(match[0]), html: match[0] } : null;
  }

  it("keeps its own words when the setting is empty, and disappears when it is off", async () => {
    const general = await banner();
    expect(general!.text).toContain("Emergency Appeal: families displaced by floods");
    expect(general!.html).toContain('href="/donate"');
    await updateSetting("emergency_appeal", { value: "off" });
    expect(await banner()).toBeNull();
  });

  it("names an open appeal and links to it; an appeal that is not open leaves the general words", async () => {
    const open = await newAppeal({
      title: "Earthquake Response",
      summary: `Shelter and clean water for families who lost their homes. ${"Every gift helps. ".repeat(20)}`,
    });
    await updateSetting("emergency_appeal", { value: open.slug });
    const named = await banner();
    expect(named!.text).toContain("Earthquake Response:");
    expect(named!.text).toContain("Shelter and clean water");
    expect(named!.text).toContain("…");
    expect(named!.html).toContain(`href="/appeals/${open.slug}"`);
    expect(named!.html).not.toContain('href="/donate"');

    await updateAppeal(open.id, { status: "closed" });
    const fallback = await banner();
    expect(fallback!.text).toContain("Emergency Appeal: families displaced by floods");
    expect(fallback!.html).toContain('href="/donate"');

    await updateSetting("emergency_appeal", { value: "no-such-appeal" });
    expect((await banner())!.html).toContain('href="/donate"');
  });
});

describe("the footer", () => {
  it("links to the appeals", async () => {
    expect(await screenHtml(publicLayout as never, "/")).toContain('href="/appeals"');
  });
});
