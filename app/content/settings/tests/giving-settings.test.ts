import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import routeTable from "~/routes";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import * as settingApi from "~/content/settings/routes/api-setting";
import * as settingsApi from "~/content/settings/routes/api-settings";
import { updateAppeal } from "~/appeals/appeals/server/appeals.server";
import { getSetting, updateSetting } from "~/content/settings/server/settings.server";
import { currentCardFee } from "~/giving/donate/server/card-fee.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { newAppeal } from "../../../../tests/support/builders";

/**
 * The Giving section of Settings: the card fee a donor may cover (per cent and fixed
 * part, with an example) and what the emergency banner points to, saved through the
 * settings' own rules, with and without JavaScript.
 */

type SettingsData = Awaited<ReturnType<typeof settingsScreen.loader>>;
type Reply = { key: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

let appealCount = 0;

/** The builder's appeal (for Emergency Relief) as a Ramadan appeal that began yesterday, in the status asked for. */
async function appealIn(status: "draft" | "live" | "closed" = "live") {
  appealCount += 1;
  const appeal = await newAppeal({
    title: `Ramadan Food Packs ${appealCount}`,
    slug: `ramadan-food-packs-${appealCount}`,
    summary: "Food for a month.",
    story: "Families fast on little.",
    starts_on: addDays(todayIn("UTC"), -1),
    status: status === "closed" ? "live" : status,
  });
  return status === "closed" ? updateAppeal(appeal.id, { status: "closed" }) : appeal;
}

function save(form: Record<string, string>) {
  return callRoute(settingsScreen.action, "/admin/settings", { form: { intent: "giving", ...form } });
}

beforeEach(async () => {
  await updateSetting("card_fee_percent", { value: "2.9" });
  await updateSetting("card_fee_fixed", { value: "0.30" });
  await updateSetting("emergency_appeal", { value: "" });
});

const CHOOSE_BANNER = "Choose the banner's own words, no banner, or the address of a live appeal";

describe("the Giving section of Settings", () => {
  it("shows the stored fee with its example, and offers the banner's own words, none, and each live appeal by title", async () => {
    const live = await appealIn("live");
    const draft = await appealIn("draft");
    const closed = await appealIn("closed");
    const data = (await callRoute(settingsScreen.loader, "/admin/settings")) as SettingsData;
    expect(data.giving).toEqual({ card_fee_percent: "2.9", card_fee_fixed: "0.30", emergency_appeal: "" });
    expect(data.bannerChoices.slice(0, 2)).toEqual([
      { value: "", label: "The general emergency banner" },
      { value: "off", label: "No banner" },
    ]);
    const values = data.bannerChoices.map((choice) => choice.value);
    expect(values).toContain(live.slug);
    expect(data.bannerChoices.find((choice) => choice.value === live.slug)?.label).toBe(live.title);
    expect(values).not.toContain(draft.slug);
    expect(values).not.toContain(closed.slug);

    const text = await screenText(settingsScreen as never, "/admin/settings");
    // 2.9% + $0.30 on $50: $51.80 charged, $1.80 kept by the provider, $50.00 arrives.
    expect(text).toContain("A $50 gift: the donor may add $1.80 so that all of it arrives.");
    const html = await screenHtml(settingsScreen as never, "/admin/settings");
    // Each giving setting is edited in one place only; the statistics list stays the four figures.
    for (const key of ["card_fee_percent", "card_fee_fixed", "emergency_appeal"])
      expect(html.split(`name="${key}"`)).toHaveLength(2);
    expect(data.statistics.map((setting) => setting.key)).toEqual([
      "meals_provided",
      "families_supported",
      "orphans_cared_for",
      "total_raised",
    ]);
    expect(html).toMatch(/<input[^>]*name="card_fee_percent"[^>]*value="2.9"/);
    expect(html).toMatch(/aria-describedby="[^"]*card-fee-example"[^>]*name="card_fee_percent"/);
  });

  it("saves a valid fee and banner, and the fee a donor is asked to cover follows", async () => {
    const live = await appealIn("live");
    expect(await currentCardFee()).toEqual({ basisPoints: 290, fixedCents: 30 });
    const saved = (await save({
      card_fee_percent: "3.5%",
      card_fee_fixed: "$0.25",
      emergency_appeal: live.slug,
    })) as Response;
    expect(saved, JSON.stringify(saved)).toBeInstanceOf(Response);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=giving");
    expect((await getSetting("card_fee_percent")).value).toBe("3.5");
    expect((await getSetting("card_fee_fixed")).value).toBe("0.25");
    expect((await getSetting("emergency_appeal")).value).toBe(live.slug);
    expect(await currentCardFee()).toEqual({ basisPoints: 350, fixedCents: 25 });

    const text = await screenText(settingsScreen as never, "/admin/settings?saved=giving");
    expect(text).toContain("Giving settings saved.");
    // 3.5% + $0.25 on $50: the smallest total T with T - round(3.5% of T) - 25c >= $50 is $52.07.
    expect(text).toContain("A $50 gift: the donor may add $2.07 so that all of it arrives.");

    const off = (await save({ card_fee_percent: "0", card_fee_fixed: "0", emergency_appeal: "off" })) as Response;
    expect(off.status).toBe(302);
    expect((await getSetting("emergency_appeal")).value).toBe("off");
    expect(await currentCardFee()).toEqual({ basisPoints: 0, fixedCents: 0 });
    const general = (await save({ card_fee_percent: "2.9", card_fee_fixed: "0.30", emergency_appeal: "" })) as Response;
    expect(general.status, JSON.stringify(general)).toBe(302);
    expect((await getSetting("emergency_appeal")).value).toBe("");
  });

  it.each(["abc", "25", "-1"])(
    "refuses a per cent of %s beside the field, keeps what was typed and saves nothing",
    async (typed) => {
      const refused = unwrapData(
        await save({ card_fee_percent: typed, card_fee_fixed: "0.50", emergency_appeal: "off" }),
      );
      expect(refused.status).toBe(400);
      const reply = refused.data as Reply;
      expect(reply.key).toBe("giving");
      expect(reply.result.error?.card_fee_percent).toEqual(["Enter the per cent as a number from 0 to 20, e.g. 2.9"]);
      expect(reply.result.error?.card_fee_fixed).toBeUndefined();
      expect(reply.result.initialValue).toMatchObject({
        card_fee_percent: typed,
        card_fee_fixed: "0.50",
        emergency_appeal: "off",
      });
      expect((await getSetting("card_fee_percent")).value).toBe("2.9");
      expect((await getSetting("card_fee_fixed")).value).toBe("0.3");
      expect((await getSetting("emergency_appeal")).value).toBe("");
      expect(await currentCardFee()).toEqual({ basisPoints: 290, fixedCents: 30 });

      // Without JavaScript the page comes back with the error beside the field and the typed values in place.
      const html = await screenHtml(settingsScreen as never, "/admin/settings", refused.data);
      expect(html).toMatch(new RegExp(`<input[^>]*name="card_fee_percent"[^>]*value="${typed}"`));
      expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="card_fee_percent"/);
      expect(html).toContain("Enter the per cent as a number from 0 to 20, e.g. 2.9");
      expect(html).toMatch(/<option value="off" selected="">No banner<\/option>/);
    },
  );

  it("refuses a fixed part over $5, an empty fee, and a banner that is not offered", async () => {
    const draft = await appealIn("draft");
    const fixed = unwrapData(await save({ card_fee_percent: "2.9", card_fee_fixed: "9", emergency_appeal: "" }));
    expect((fixed.data as Reply).result.error?.card_fee_fixed).toEqual([
      "Enter the fixed amount in dollars from 0 to 5, e.g. 0.30",
    ]);
    const empty = unwrapData(await save({ card_fee_percent: "", card_fee_fixed: "0.30", emergency_appeal: "" }));
    expect(empty.status).toBe(400);
    expect((empty.data as Reply).result.error?.card_fee_percent).toBeDefined();
    const banner = unwrapData(
      await save({ card_fee_percent: "2.9", card_fee_fixed: "0.30", emergency_appeal: draft.slug }),
    );
    expect(banner.status).toBe(400);
    expect((banner.data as Reply).result.error?.emergency_appeal).toEqual([CHOOSE_BANNER]);
    expect((await getSetting("emergency_appeal")).value).toBe("");
    // Refused before anything is saved: the fee typed beside it stays as it was.
    const withFee = unwrapData(
      await save({ card_fee_percent: "4", card_fee_fixed: "0.30", emergency_appeal: draft.slug }),
    );
    expect(withFee.status).toBe(400);
    expect((await getSetting("card_fee_percent")).value).toBe("2.9");
    expect(await screenText(settingsScreen as never, "/admin/settings", withFee.data)).toContain(CHOOSE_BANNER);
  });

  it("keeps offering the appeal the banner points to after it closes, so saving the fee leaves the banner alone", async () => {
    const appeal = await appealIn("live");
    expect(
      ((await save({ card_fee_percent: "2.9", card_fee_fixed: "0.30", emergency_appeal: appeal.slug })) as Response)
        .status,
    ).toBe(302);
    await updateAppeal(appeal.id, { status: "closed" });
    const data = (await callRoute(settingsScreen.loader, "/admin/settings")) as SettingsData;
    expect(data.bannerChoices.at(-1)).toEqual({ value: appeal.slug, label: `${appeal.title} (not live)` });
    expect(
      ((await save({ card_fee_percent: "3", card_fee_fixed: "0.30", emergency_appeal: appeal.slug })) as Response)
        .status,
    ).toBe(302);
    expect(await currentCardFee()).toEqual({ basisPoints: 300, fixedCents: 30 });
  });

  it("reads a stored fee by the rule it was saved under, falling back to the usual card price for anything outside it", async () => {
    // Written past the rule, as an older copy or a hand edit of the database might leave them.
    const store = (key: string, value: string) =>
      getDb().updateTable("settings").set({ value }).where("key", "=", key).execute();
    for (const [percent, fixed] of [
      ["", ""],
      ["2.955", "0.305"],
      ["25", "6"],
      ["-1", "-0.30"],
      ["lots", "some"],
    ]) {
      await store("card_fee_percent", percent!);
      await store("card_fee_fixed", fixed!);
      expect(await currentCardFee(), `${percent} + ${fixed}`).toEqual({ basisPoints: 290, fixedCents: 30 });
    }
    await store("card_fee_percent", "20");
    await store("card_fee_fixed", "5");
    expect(await currentCardFee()).toEqual({ basisPoints: 2000, fixedCents: 500 });
    await store("card_fee_percent", "0");
    await store("card_fee_fixed", "0");
    expect(await currentCardFee()).toEqual({ basisPoints: 0, fixedCents: 0 });
  });

  it("leaves the impact statistics form as it was", async () => {
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { key: "meals_provided", value: "1,200" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=meals_provided");
    const refused = unwrapData(
      await callRoute(settingsScreen.action, "/admin/settings", { form: { key: "card_fee_percent", value: "3" } }),
    );
    expect(refused.status).toBe(400);
    expect((await getSetting("card_fee_percent")).value).toBe("2.9");
  });

  it("is for staff only: the screen and its form behind the sign-in, the settings API behind a token", async () => {
    const admin = routeTable.find((entry) => entry.file === "staff/admin-layout/routes/admin-layout.tsx");
    expect((admin?.children ?? []).map((child) => child.file)).toContain("content/settings/routes/admin-settings.tsx");
    for (const [method, pathname] of [
      ["GET", "/admin/settings"],
      ["POST", "/admin/settings"],
    ] as const) {
      const request = makeRequest(
        pathname,
        method === "POST"
          ? { form: { intent: "giving", card_fee_percent: "9", card_fee_fixed: "1", emergency_appeal: "off" } }
          : {},
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
    const put = await callApi(settingApi.action, "/api/settings/card_fee_percent", {
      method: "PUT",
      body: { value: "9" },
      params: { key: "card_fee_percent" },
    });
    expect(put.status).toBe(401);
    expect((await getSetting("card_fee_percent")).value).toBe("2.9");
  });
});

describe("the banner setting through the settings API", () => {
  let auth: Record<string, string>;
  beforeEach(async () => {
    ({ auth } = await createTestAdmin());
  });
  const put = (value: unknown) =>
    callApi(settingApi.action, "/api/settings/emergency_appeal", {
      method: "PUT",
      body: { value },
      headers: auth,
      params: { key: "emergency_appeal" },
    });
  const publicValue = async () => {
    const listed = await callApi(settingsApi.loader, "/api/settings/");
    return (listed.body as { key: string; value: string }[]).find((setting) => setting.key === "emergency_appeal")
      ?.value;
  };

  it("names only a live appeal, so a draft's address never reaches the public list", async () => {
    const draft = await appealIn("draft");
    const closed = await appealIn("closed");
    const live = await appealIn("live");
    for (const value of [draft.slug, closed.slug, "no-such-appeal", String(live.id), "not an address", 7]) {
      const refused = await put(value);
      expect(refused.status, String(value)).toBe(422);
      expect(refused.body).toEqual({ detail: `value: ${CHOOSE_BANNER}`, errors: { value: [CHOOSE_BANNER] } });
      expect(await publicValue()).toBe("");
    }
    const named = await put(` ${live.slug.toUpperCase()} `);
    expect(named).toMatchObject({ status: 200, body: { key: "emergency_appeal", value: live.slug } });
    expect(await publicValue()).toBe(live.slug);
    expect((await put("off")).body.value).toBe("off");
    expect((await put("")).body.value).toBe("");
  });

  it("keeps the appeal already named once it closes, and refuses a draft when the setting is created again", async () => {
    const appeal = await appealIn("live");
    expect((await put(appeal.slug)).status).toBe(200);
    await updateAppeal(appeal.id, { status: "closed" });
    expect((await put(appeal.slug)).status).toBe(200);

    const draft = await appealIn("draft");
    const removed = await callApi(settingApi.action, "/api/settings/emergency_appeal", {
      method: "DELETE",
      headers: auth,
      params: { key: "emergency_appeal" },
    });
    expect(removed.status).toBe(204);
    const create = (value: string) =>
      callApi(settingsApi.action, "/api/settings/", { body: { key: " emergency_appeal ", value }, headers: auth });
    const refused = await create(draft.slug);
    expect(refused).toMatchObject({ status: 422, body: { errors: { value: [CHOOSE_BANNER] } } });
    expect(await publicValue()).toBeUndefined();
    expect((await create("off")).status).toBe(201);
    expect(await publicValue()).toBe("off");
  });
});
