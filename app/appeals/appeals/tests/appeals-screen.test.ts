import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatDate, todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { startDonorSession } from "~/lib/donor-session.server";
import { getEnv } from "~/lib/env.server";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as screen from "~/appeals/appeals/routes/admin-appeals";
import { getAppeal } from "~/appeals/appeals/server/appeals.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving } from "../../../../tests/support/giving-records";
import { phonePhoto } from "../../../../tests/support/photos";
import {
  callRoute,
  callWithRequest,
  makeContext,
  makeRequest,
  multipartRequest,
  unwrapData,
} from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { fundId, newAppeal, newGift } from "../../../../tests/support/builders";

/**
 * The Appeals screen as staff use it without JavaScript: plain posts of the form (web
 * form and multipart, as a browser sends them), the list with its search, status filter
 * and pages, and the rules a saved appeal keeps (its address, its fund, its status).
 */
type ScreenData = Awaited<ReturnType<typeof screen.loader>>;
type Reply = {
  result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  refused?: string;
  missing?: true;
};

const TODAY = () => todayIn("UTC");
let sadaqa: number;
let zakat: number;
let fidya: number;
let zakatAlFitr: number;

beforeAll(async () => {
  sadaqa = await fundId("sadaqa");
  zakat = await fundId("zakat-al-mal");
  fidya = await fundId("fidya");
  zakatAlFitr = await fundId("zakat-al-fitr");
});

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("appeals").execute();
  // Each test starts with every address unused (the site itself never frees one).
  await getDb().deleteFrom("appeal_slugs").execute();
});

/** The value of the ticked radio button of a group, in rendered HTML. */
function checkedValue(html: string, name: string): string | undefined {
  const ticked = (html.match(/<input[^>]*>/g) ?? []).find(
    (tag) => tag.includes(`name="${name}"`) && / checked=""/.test(tag),
  );
  return ticked ? /value="([^"]*)"/.exec(ticked)?.[1] : undefined;
}

function appealForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    title: "Winter Emergency in Gaza",
    slug: "",
    summary: "Blankets, heaters and hot meals for families sheltering through the winter.",
    story: "Night temperatures fall below freezing.\n\nEvery gift buys warmth.",
    story_format: "plain",
    image_filename: "",
    video_url: "",
    fund_id: String(sadaqa),
    goal: "20000",
    preset_amounts: "50, 100, 250",
    starts_on: TODAY(),
    ends_on: "",
    status: "draft",
    ...fields,
  };
}

/** Posts the form as a browser without JavaScript does (an unticked box sends nothing). */
async function post(fields: Record<string, string>) {
  return callRoute(screen.action, "/admin/appeals", { form: fields });
}

function savedId(result: unknown): number {
  expect(result).toBeInstanceOf(Response);
  const location = (result as Response).headers.get("Location")!;
  expect(location).toMatch(/^\/admin\/appeals\?saved=\d+$/);
  return Number(location.split("=")[1]);
}

async function create(fields: Record<string, string> = {}): Promise<number> {
  return savedId(await post(appealForm(fields)));
}

const rowOf = (id: number) => getDb().selectFrom("appeals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a new appeal from the form", () => {
  it("is saved from a multipart post with every field, its address made from the title", async () => {
    const result = await callWithRequest(
      screen.action,
      multipartRequest("/admin/appeals", {
        ...appealForm({
          is_featured: "on",
          story_format: "markdown",
          ends_on: "2099-01-31",
          video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        }),
        image_file: { data: await phonePhoto(900, 600), name: "IMG_1.JPG", type: "image/jpeg" },
      }),
    );
    const row = await rowOf(savedId(result));
    expect(row).toMatchObject({
      slug: "winter-emergency-in-gaza",
      title: "Winter Emergency in Gaza",
      story_format: "markdown",
      fund_id: sadaqa,
      goal_cents: 2_000_000,
      preset_amounts: "50,100,250",
      starts_on: TODAY(),
      ends_on: "2099-01-31",
      status: "draft",
      is_featured: 1,
      went_live_at: null,
      video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(row.image_filename).not.toBe("");
    expect(existsSync(path.join(getEnv().UPLOADS_DIR, "appeals", row.image_filename))).toBe(true);

    const text = await screenText(screen, "/admin/appeals?saved=1");
    expect(text).toContain("Appeal saved.");
    expect(text).toContain("Winter Emergency in Gaza /appeals/winter-emergency-in-gaza");
    expect(text).toContain("Draft Featured");
    expect(text).toContain("$0 raised of $20,000 goal, 0%");
    expect(text).toContain("0 gifts");
  });

  it("is a draft, not featured, when the boxes are left as they are; a second with the same title gets the next address", async () => {
    const first = await rowOf(await create({ goal: "", preset_amounts: "" }));
    expect(first).toMatchObject({ is_featured: 0, goal_cents: null, preset_amounts: "", status: "draft" });
    const second = await rowOf(await create());
    expect(second.slug).toBe("winter-emergency-in-gaza-2");
  });

  it("opens with today's date in the foundation's time zone, and offers only the funds an appeal may raise for", async () => {
    const data = (await callRoute(screen.loader, "/admin/appeals?new=1")) as ScreenData;
    expect(data.today).toBe(TODAY());
    const offered = data.funds.map((fund) => fund.id);
    expect(offered).toEqual(expect.arrayContaining([sadaqa, zakat]));
    expect(offered).not.toContain(fidya);
    expect(offered).not.toContain(zakatAlFitr);
    const html = await screenHtml(screen, "/admin/appeals?new=1");
    expect(html).toContain(`value="${TODAY()}"`);
    expect(checkedValue(html, "story_format")).toBe("plain");
    expect(html).toContain("Markdown may also use headings");
    expect(checkedValue(html, "status")).toBe("draft");
  });

  it("refuses bad input beside its fields and keeps what was typed", async () => {
    const result = await post(
      appealForm({
        title: "",
        preset_amounts: "fifty",
        goal: "-5",
        summary: "Kept as typed",
        story_format: "markdown",
      }),
    );
    const { status, data } = unwrapData(result);
    expect(status).toBe(400);
    const error = (data as Reply).result!.error!;
    expect(error.title).toEqual(["Title is required"]);
    expect(error.preset_amounts![0]).toMatch(/whole-dollar amounts/);
    expect(error.goal).toBeDefined();
    const text = await screenText(screen, "/admin/appeals", data);
    expect(text).toContain("Title is required");
    const html = await screenHtml(screen, "/admin/appeals", data);
    expect(html).toContain('value="fifty"');
    expect(html).toContain("Kept as typed");
    expect(checkedValue(html, "story_format")).toBe("markdown");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="title"|<input[^>]*name="title"[^>]*aria-invalid="true"/,
    );

    const backwards = unwrapData(await post(appealForm({ starts_on: "2030-05-10", ends_on: "2030-05-01" })));
    expect(backwards.status).toBe(400);
    expect((backwards.data as Reply).result!.error!.ends_on).toEqual(["The end date cannot be before the start date"]);
    expect(await getDb().selectFrom("appeals").select("id").execute()).toEqual([]);

    // A quick-pay fund passes the form's shape, and the service refuses it beside the field.
    const quickPay = unwrapData(await post(appealForm({ fund_id: String(fidya) })));
    expect(quickPay.status).toBe(400);
    expect((quickPay.data as Reply).result!.error!.fund_id![0]).toMatch(/quick pay/);
  });
});

describe("an appeal edited", () => {
  it("may change its address while a draft (the old one still leads to it), and not once it has gone live", async () => {
    const id = await create();
    savedId(await post(appealForm({ id: String(id), slug: "winter-appeal" })));
    expect((await rowOf(id)).slug).toBe("winter-appeal");
    expect(await getAppeal("winter-emergency-in-gaza", { staff: true })).toMatchObject({
      id,
      movedTo: "winter-appeal",
    });

    savedId(await post(appealForm({ id: String(id), slug: "winter-appeal", status: "live" })));
    const live = await rowOf(id);
    expect(live.status).toBe("live");
    expect(live.went_live_at).not.toBeNull();

    const moved = unwrapData(await post(appealForm({ id: String(id), slug: "another-address", status: "live" })));
    expect(moved.status).toBe(400);
    expect((moved.data as Reply).result!.error!.slug![0]).toMatch(/cannot change once the appeal has gone live/);
    expect((await rowOf(id)).slug).toBe("winter-appeal");

    // The form shows why: the address is read-only and "Draft" is no longer offered.
    const html = await screenHtml(screen, `/admin/appeals?edit=${id}`);
    expect(html).toMatch(/<input[^>]*name="slug"[^>]*readOnly|<input[^>]*readOnly[^>]*name="slug"/i);
    expect(html).toContain("The address cannot change: the appeal has gone live");
    expect(html).not.toMatch(/name="status"[^>]*value="draft"/);
    expect(html).toMatch(/name="status"[^>]*value="closed"/);

    const backToDraft = unwrapData(await post(appealForm({ id: String(id), slug: "winter-appeal", status: "draft" })));
    expect(backToDraft.status).toBe(400);
    expect((backToDraft.data as Reply).result!.error!.status![0]).toMatch(/not made a draft again/);

    savedId(
      await post(
        appealForm({ id: String(id), slug: "winter-appeal", status: "closed", title: "Winter Emergency (closed)" }),
      ),
    );
    expect(await rowOf(id)).toMatchObject({
      status: "closed",
      title: "Winter Emergency (closed)",
      slug: "winter-appeal",
    });
  });

  it("keeps its fund once it has gifts, and the form offers no other", async () => {
    const id = await create({ status: "live" });
    await newGift({
      name: "Aisha Khan",
      email: "aisha@example.org",
      amount_cents: 5000,
      donated_at: new Date().toISOString(),
      fund_id: sadaqa,
      appeal_id: id,
    });
    const moved = unwrapData(
      await post(
        appealForm({ id: String(id), slug: "winter-emergency-in-gaza", status: "live", fund_id: String(zakat) }),
      ),
    );
    expect(moved.status).toBe(400);
    expect((moved.data as Reply).result!.error!.fund_id![0]).toMatch(/cannot change once the appeal has gifts/);
    expect((await rowOf(id)).fund_id).toBe(sadaqa);

    const html = await screenHtml(screen, `/admin/appeals?edit=${id}`);
    const select = /<select[^>]*name="fund_id"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
    expect(select.match(/<option/g)).toHaveLength(1);
    expect(html).toContain("The fund cannot change: the appeal has gifts");
    expect(await screenText(screen, "/admin/appeals")).toContain("$50 raised of $20,000 goal, 0% 1 gift");
  });

  it("answers a post for an appeal deleted meanwhile with a notice", async () => {
    const { status, data } = unwrapData(await post(appealForm({ id: "999999" })));
    expect(status).toBe(404);
    expect(await screenText(screen, "/admin/appeals", data)).toContain("That appeal no longer exists.");
  });
});

describe("deleting", () => {
  it("removes a draft, whose address is never given to another appeal", async () => {
    const id = await create({ title: "Ramadan Food Packs" });
    expect(await screenText(screen, `/admin/appeals?delete=${id}`)).toContain(
      "Are you sure you want to delete this draft appeal?",
    );
    const result = (await post({ intent: "delete", id: String(id) })) as Response;
    expect(result.headers.get("Location")).toBe("/admin/appeals?deleted=1");
    expect(await getDb().selectFrom("appeals").select("id").execute()).toEqual([]);

    const again = await rowOf(await create({ title: "Ramadan Food Packs" }));
    expect(again.slug).toBe("ramadan-food-packs-2");
    const taken = unwrapData(await post(appealForm({ title: "Another", slug: "ramadan-food-packs" })));
    expect(taken.status).toBe(400);
    expect((taken.data as Reply).result!.error!.slug![0]).toMatch(/belongs, or belonged, to another appeal/);
  });

  it("refuses a live appeal with a notice, and offers no Delete for it", async () => {
    const id = await create({ status: "live" });
    const { status, data } = unwrapData(await post({ intent: "delete", id: String(id) }));
    expect(status).toBe(409);
    expect((data as Reply).refused).toMatch(/Only a draft can be deleted/);
    expect(await rowOf(id)).toMatchObject({ status: "live" });
    const text = await screenText(screen, `/admin/appeals?delete=${id}`, data);
    expect(text).toContain("Only a draft can be deleted");
    expect(text).not.toContain("Are you sure");

    const html = await screenHtml(screen, "/admin/appeals");
    expect(html).not.toContain(`?delete=${id}`);
    expect(html).toContain(`href="/appeals/winter-emergency-in-gaza"`);
    expect(html).toContain(`?edit=${id}`);
  });
});

describe("the list", () => {
  async function addAppeals(
    count: number,
    fields: Partial<{ status: "draft" | "live" | "closed"; title: string }> = {},
    from = 0,
  ) {
    for (let index = from; index < from + count; index += 1) {
      await newAppeal(
        {
          slug: `appeal-${index}`,
          title: fields.title ?? `Appeal ${index}`,
          summary: "A summary",
          story: "A story",
          fund_id: sadaqa,
          starts_on: "2026-01-01",
          status: fields.status ?? "draft",
        },
        { createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() },
      );
    }
  }

  it("says each appeal's facts under its title on a phone, where only the title and the actions have columns", async () => {
    const id = await create({ status: "live", ends_on: "" });
    await newGift({
      name: "Aisha Khan",
      email: "aisha@example.org",
      amount_cents: 5000,
      donated_at: new Date().toISOString(),
      fund_id: sadaqa,
      appeal_id: id,
    });
    const html = await screenHtml(screen, "/admin/appeals");
    const headers = [...html.matchAll(/<th scope="col" class="([^"]*)">(?:<span[^>]*>)?([^<]*)/g)].map((match) => [
      match[2],
      match[1]!.includes("hidden sm:table-cell"),
    ]);
    expect(headers).toEqual([
      ["Appeal", false],
      ["Status", true],
      ["Fund", true],
      ["Raised", true],
      ["Gifts", true],
      ["Dates", true],
      ["Actions", false],
    ]);
    const cells = /<tbody[^>]*><tr>([\s\S]*?)<\/tr>/.exec(html)![1]!.match(/<td class="[^"]*"/g)!;
    expect(cells.map((cell) => cell.includes("hidden") && cell.includes("sm:table-cell"))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    const facts = /<div class="([^"]*)" data-testid="appeal-facts">([\s\S]*?)<\/div>/.exec(html)!;
    expect(facts[1]).toContain("sm:hidden");
    const factsText = facts[2]!
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    expect(factsText).toBe(
      `Live Sadaqa $50 raised of $20,000 goal, 0% 1 gift ${formatDate(TODAY(), "UTC")} no end date`,
    );
  });

  it("shows the newest first, 25 to a page", async () => {
    await addAppeals(30);
    const first = (await callRoute(screen.loader, "/admin/appeals")) as ScreenData;
    expect(first.total).toBe(30);
    expect(first.appeals).toHaveLength(25);
    expect(first.appeals[0]!.title).toBe("Appeal 29");
    const second = (await callRoute(screen.loader, "/admin/appeals?page=2")) as ScreenData;
    expect(second.appeals.map((appeal) => appeal.title)).toEqual([
      "Appeal 4",
      "Appeal 3",
      "Appeal 2",
      "Appeal 1",
      "Appeal 0",
    ]);
    expect(await screenText(screen, "/admin/appeals?page=2")).toContain("Showing 26–30 of 30");
  });

  it("filters by words and by status, together", async () => {
    await addAppeals(3, { status: "draft" });
    await addAppeals(2, { status: "live", title: "Build a Well" }, 3);
    await addAppeals(1, { status: "closed", title: "Build a Well in Sindh" }, 5);
    const live = (await callRoute(screen.loader, "/admin/appeals?status=live")) as ScreenData;
    expect(live.appeals.map((appeal) => appeal.status)).toEqual(["live", "live"]);
    const well = (await callRoute(screen.loader, "/admin/appeals?search=WELL")) as ScreenData;
    expect(well.total).toBe(3);
    const both = (await callRoute(screen.loader, "/admin/appeals?search=sindh&status=closed")) as ScreenData;
    expect(both.appeals.map((appeal) => appeal.title)).toEqual(["Build a Well in Sindh"]);
    const none = (await callRoute(screen.loader, "/admin/appeals?search=sindh&status=live")) as ScreenData;
    expect(none).toMatchObject({ total: 0, appeals: [] });
    expect(await screenText(screen, "/admin/appeals?search=sindh&status=live")).toContain("No appeals match");
    const percent = (await callRoute(screen.loader, "/admin/appeals?search=%25")) as ScreenData;
    expect(percent.total).toBe(0);

    const bogus = (await callRoute(screen.loader, "/admin/appeals?status=open")) as ScreenData;
    expect(bogus.total).toBe(6);
    expect(await screenText(screen, "/admin/appeals?status=open")).toContain(
      "status must be one of draft, live, closed",
    );
    // The filter form keeps what it filters by, and works as a plain GET.
    const html = await screenHtml(screen, "/admin/appeals?search=well&status=closed");
    const search = /<form[^>]*role="search"[^>]*>/.exec(html)![0];
    expect(search).toContain('method="get"');
    expect(html).toContain('<option value="closed" selected="">');
    expect(html).toContain('value="well"');
  });
});

describe("who may open the screen", () => {
  async function guard(headers: Record<string, string> = {}) {
    const context = makeContext();
    const request = makeRequest("/admin/appeals?new=1", { headers });
    try {
      await layout.middleware[0]!(
        { request, context, params: {}, pattern: new URL(request.url).pathname, url: new URL(request.url) } as never,
        async () => new Response(),
      );
      return "allowed";
    } catch (thrown) {
      return (thrown as Response).headers.get("Location");
    }
  }

  it("sends the public and a signed-in donor to the staff sign-in, and lets staff in", async () => {
    const signIn = `/admin/login?${new URLSearchParams({ redirectTo: "/admin/appeals?new=1" })}`;
    expect(await guard()).toBe(signIn);
    const donorCookie = (await startDonorSession("aisha@example.org", makeRequest("/my-giving"))).split(";")[0]!;
    expect(await guard({ Cookie: donorCookie })).toBe(signIn);
    expect(await guard({ Cookie: "charity_admin=forged" })).toBe(signIn);

    const { admin, password } = await createTestAdmin();
    const answer = (await callRoute(login.action, "/admin/login", {
      form: { username: admin.username, password, redirectTo: "/admin/appeals" },
      clientAddress: "198.51.100.40",
    })) as Response;
    expect(await guard({ Cookie: answer.headers.get("Set-Cookie")!.split(";")[0]! })).toBe("allowed");
  });
});
