import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startDonorSession } from "~/lib/donor-session.server";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as ramadanScreen from "~/giving/ramadan-nights/routes/admin-ramadan";
import * as settingsScreen from "~/content/settings/routes/admin-settings";
import * as donate from "~/giving/donate/routes/donate";
import * as donationSuccess from "~/giving/donate/routes/donation-success";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as settingApi from "~/content/settings/routes/api-setting";
import { previewRamadanNights } from "~/giving/ramadan-nights/server/ramadan-schedules.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { addDays } from "~/shared/hijri";
import { eveningWords } from "~/giving/ramadan-nights/rules/ramadan-words";
import { proposedFirstNight } from "~/giving/ramadan-nights/rules/ramadan-nights";
import { isPlausibleFirstNight, ramadanYearOn } from "~/giving/ramadan-nights/rules/ramadan-charge-window";
import { signedInStaff } from "../../../../tests/support/builders";

/**
 * The screens of Ramadan's nights, as a donor and staff meet them without JavaScript: the
 * donate form's nights and total, the sandbox's card-saving page and the thank-you page,
 * the settings of the first night and the charge hour, the staff's schedule screen, and
 * My giving's "Stop the remaining nights".
 */
let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1)}`;

beforeEach(async () => {
  await clearGiving();
  await getDb().deleteFrom("ramadan_nights").execute();
  await getDb().deleteFrom("ramadan_schedules").execute();
  await getDb().updateTable("settings").set({ value: "" }).where("key", "=", "ramadan_first_night").execute();
  await getDb().updateTable("settings").set({ value: "20" }).where("key", "=", "ramadan_charge_hour").execute();
});

const NIGHTS = {
  way: "ramadan-nights",
  plan: "last-ten",
  per_night: "10",
  double_odd_nights: "on",
  purpose: "General Donation",
};

async function postDonate(form: Record<string, string>) {
  return callRoute(donate.action, "/donate?way=ramadan-nights", { form, clientAddress: newAddress() });
}

/** A donor sets up their nights and saves a card on the sandbox's page; returns the thank-you page's address. */
async function setUpNights(email: string, name = "Aisha Khan"): Promise<string> {
  const started = (await postDonate({ ...NIGHTS, name, email, intent: "save-card" })) as Response;
  expect(started.status).toBe(303);
  const sessionId = started.headers.get("Location")!.split("/").pop()!;
  const saved = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent: "save-card" },
    params: { sessionId },
  })) as Response;
  expect(saved.status).toBe(303);
  return saved.headers.get("Location")!;
}

const NIGHT_HOUR_REFUSAL =
  "Give an hour of the night, 17 to 23 or 0 to 4: a night begins at sunset, so it is never charged in the daytime before it";

/** Runs with Stripe keys of one mode set (the fake's calls never made), then the sandbox again. */
async function withKeys(mode: "test" | "live", run: () => Promise<void>) {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: `sk_${mode}_rehearsal`,
    STRIPE_PUBLISHABLE_KEY: `pk_${mode}_rehearsal`,
    STRIPE_WEBHOOK_SECRET: "whsec_rehearsal",
  });
  resetEnvCache();
  try {
    await run();
  } finally {
    Object.assign(process.env, { STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    resetEnvCache();
    warn.mockRestore();
  }
}

const scheduleOf = (email: string) =>
  getDb().selectFrom("ramadan_schedules").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("the donate form's Ramadan nights", () => {
  it("shows the nights and the total without JavaScript, every typed value kept", async () => {
    const { status, data } = unwrapData(
      await postDonate({ ...NIGHTS, name: "Aisha Khan", email: "", intent: "show-nights" }),
    );
    expect(status).toBe(200);
    const text = await screenText(donate, "/donate?way=ramadan-nights", data);
    // The last ten nights from the proposed first night (Sunday 7 February 2027): the 21st begins on the evening of the
    // 27th.
    expect(text).toContain("21st night 21 Ramadan 1448 AH Saturday 27 February 2027 $20.00 Doubled: an odd night");
    expect(text).toContain("22nd night 22 Ramadan 1448 AH Sunday 28 February 2027 $10.00");
    expect(text).toContain("Only if Ramadan has thirty days");
    expect(text).toContain("In all: $150.00 if Ramadan has 30 days, $140.00 if it has 29.");
    expect(text).toContain("a proposal until the foundation confirms it");
    expect(text).toContain("each night is charged on its evening at 8 pm (UTC time).");
    const html = await screenHtml(donate, "/donate?way=ramadan-nights", data);
    expect(html).toMatch(/name="name"[^>]*value="Aisha Khan"/);
    expect(html).toMatch(/name="per_night"[^>]*value="10"/);
    expect(html).toMatch(/name="double_odd_nights"[^>]*checked/);
    // The frequency radios of the other way to give are not on this form.
    expect(html).not.toContain('value="Monthly"');
  });

  it("puts a refused amount per night beside its field and keeps what was typed", async () => {
    const { status, data } = unwrapData(
      await postDonate({
        ...NIGHTS,
        per_night: "0.50",
        name: "Aisha Khan",
        email: "aisha@example.org",
        intent: "save-card",
      }),
    );
    expect(status).toBe(400);
    const html = await screenHtml(donate, "/donate?way=ramadan-nights", data);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="per_night" value="0.50"/);
    expect(await screenText(donate, "/donate?way=ramadan-nights", data)).toContain("The minimum for a night is $1");
    expect(html).toMatch(/name="email"[^>]*value="aisha@example.org"/);
    expect(await getDb().selectFrom("ramadan_schedules").selectAll().execute()).toHaveLength(0);
  });

  it("saves a card on the sandbox's page, charging nothing, and says the schedule is set up", async () => {
    const started = (await postDonate({
      ...NIGHTS,
      name: "Aisha Khan",
      email: "aisha@example.org",
      intent: "save-card",
    })) as Response;
    const sessionId = started.headers.get("Location")!.split("/").pop()!;
    const page = await screenText(sandboxCheckout, `/sandbox/checkout/${sessionId}`, undefined, { sessionId });
    expect(page).toContain("Save a card for your Ramadan nights");
    expect(page).toContain("No charge now");
    expect(page).toContain("Charged now Nothing");
    expect(page).toContain("Save a card that will be declined");
    // Paying is not what this page does.
    const pay = unwrapData(
      await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
        form: { intent: "pay" },
        params: { sessionId },
      }),
    );
    expect(pay.status).toBe(400);

    const saved = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "save-card" },
      params: { sessionId },
    })) as Response;
    const thanks = saved.headers.get("Location")!;
    expect(thanks).toMatch(/^http:\/\/localhost:3000\/donation-success\?ramadan=\d+&session_id=cs_/);
    const text = await screenText(donationSuccess, thanks);
    expect(text).toContain("Your Ramadan nights are set up, Aisha Khan!");
    expect(text).toContain(
      "The first charge is on the evening of Saturday 27 February 2027, at 8 pm (UTC time), for the 21st night.",
    );
    // The 30th night with the form's own condition.
    expect(text).toContain("30th night · the evening of Monday 8 March 2027 Only if Ramadan has thirty days $10.00");
    // The mail names the first night as the form does, with the charge hour's time zone.
    const startedMail = await getDb()
      .selectFrom("outbound_mail")
      .select("text_body")
      .where("kind", "=", "ramadan-started")
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(startedMail!.text_body).toContain("from 8 pm (UTC time)");
    expect(startedMail!.text_body).toContain(
      "The first is the 21st night, beginning on the evening of Saturday 27 February 2027.",
    );
    expect(text).toContain("You can stop the remaining nights at any time from My giving");
    expect(await getDb().selectFrom("donations").selectAll().execute()).toHaveLength(0);
    // Another checkout's id shows nothing of this schedule.
    expect(
      await screenText(donationSuccess, thanks.replace(/session_id=cs_\w+/, "session_id=cs_sandbox_000000000000")),
    ).toContain("We couldn't find these Ramadan nights");
  });
});

describe("the first night and the charge hour in Settings", () => {
  it("proposes the first night from the Hijri calendar, labelled as a proposal", async () => {
    const text = await screenText(settingsScreen, "/admin/settings");
    expect(text).toContain(
      "Proposed from the Hijri calendar: Sunday 7 February 2027 — confirm it once the moon is sighted.",
    );
    expect(text).toContain("Ramadan has not begun");
  });

  it("puts refused values beside their fields, and saves good ones by the settings' rules", async () => {
    const { status, data } = unwrapData(
      await callRoute(settingsScreen.action, "/admin/settings", {
        form: { intent: "ramadan", ramadan_first_night: "2027-02-30", ramadan_charge_hour: "12" },
      }),
    );
    expect(status).toBe(400);
    const text = await screenText(settingsScreen, "/admin/settings", data);
    expect(text).toContain("Give the evening of the first night as YYYY-MM-DD");
    // Noon would charge a night in the daytime before it begins.
    expect(text).toContain(NIGHT_HOUR_REFUSAL);
    expect(text).toContain("An hour of the night, 17 to 23 or 0 to 4 (after midnight)");
    const html = await screenHtml(settingsScreen, "/admin/settings", data);
    expect(html).toMatch(/name="ramadan_charge_hour"[^>]*value="12"/);

    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan", ramadan_first_night: "2027-02-08", ramadan_charge_hour: "21" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
    const stored = await getDb()
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", ["ramadan_first_night", "ramadan_charge_hour"])
      .orderBy("key")
      .execute();
    expect(stored).toEqual([
      { key: "ramadan_charge_hour", value: "21" },
      { key: "ramadan_first_night", value: "2027-02-08" },
    ]);
    const after = await screenText(settingsScreen, "/admin/settings?saved=ramadan");
    expect(after).toContain("Ramadan settings saved.");
    expect(after).toContain("Confirmed.");
  });
});

describe("the charge hour through the API", () => {
  const put = async (value: unknown) => {
    const { auth } = await createTestAdmin();
    return callApi(settingApi.action, "/api/settings/ramadan_charge_hour", {
      method: "PUT",
      body: { value },
      headers: auth,
      params: { key: "ramadan_charge_hour" },
    });
  };

  it("refuses an hour in the daytime with 422 and why, and keeps the stored hour", async () => {
    for (const hour of ["5", "16", 12])
      expect(await put(hour)).toMatchObject({
        status: 422,
        body: { detail: expect.stringContaining(NIGHT_HOUR_REFUSAL) },
      });
    expect(await put("24")).toMatchObject({ status: 422 });
    const stored = await getDb()
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "ramadan_charge_hour")
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe("20");
    expect(await put("17")).toMatchObject({ status: 200, body: { value: "17" } });
    expect(await put(4)).toMatchObject({ status: 200, body: { value: "4" } });
  });
});

describe("a donor starting during Ramadan", () => {
  it("is shown, totalled and charged only the nights still to give, from tonight's", async () => {
    // A rehearsal: tonight is the 28th night.
    const today = new Date().toISOString().slice(0, 10);
    const evening = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    await getDb()
      .updateTable("settings")
      .set({ value: addDays(evening, -27) })
      .where("key", "=", "ramadan_first_night")
      .execute();

    const text = await screenText(donate, "/donate?way=ramadan-nights&plan=last-ten&per_night=10&double_odd_nights=on");
    expect(text).toContain(
      `Ramadan is under way: you give from the 28th night on, the evening of ${eveningWords(evening)}.`,
    );
    expect(text).not.toContain("27th night");
    // The 28th ($10), the 29th doubled ($20) and the 30th if there is one ($10).
    expect(text).toContain("In all: $40.00 if Ramadan has 30 days, $30.00 if it has 29.");
    expect(text).toContain(
      "You will give $40.00 over the last ten nights, from the 28th night ($30.00 if Ramadan has 29 days), one charge each night.",
    );

    const started = (await postDonate({
      ...NIGHTS,
      name: "Aisha Khan",
      email: "aisha@example.org",
      intent: "save-card",
    })) as Response;
    const sessionId = started.headers.get("Location")!.split("/").pop()!;
    const cardPage = await screenText(sandboxCheckout, `/sandbox/checkout/${sessionId}`, undefined, { sessionId });
    expect(cardPage).toContain("$40.00");
    expect(cardPage).not.toContain("$150.00");
    await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
      form: { intent: "save-card" },
      params: { sessionId },
    });
    const schedule = await scheduleOf("aisha@example.org");
    const written = await getDb()
      .selectFrom("ramadan_nights")
      .select(["number", "amount_cents"])
      .where("schedule_id", "=", schedule.id)
      .orderBy("number")
      .execute();
    expect(written).toEqual([
      { number: 28, amount_cents: 1000 },
      { number: 29, amount_cents: 2000 },
      { number: 30, amount_cents: 1000 },
    ]);
  });

  it("previews no night, and no total, once the nights are over", async () => {
    // The proposed first night is the evening of 2027-02-07: the 30th night is over on the morning of 2027-03-09.
    const over = await previewRamadanNights(
      { plan: "all-thirty", per_night: 10, double_odd_nights: false },
      new Date("2027-03-09T12:00:00Z"),
    );
    expect(over).toMatchObject({ nights: [], total_cents: 0, total_with_thirtieth_cents: 0 });
    const lastNight = await previewRamadanNights(
      { plan: "all-thirty", per_night: 10, double_odd_nights: false },
      new Date("2027-03-08T12:00:00Z"),
    );
    expect(lastNight.nights.map((night) => night.number)).toEqual([30]);
  });
});

describe("a rehearsal in test mode", () => {
  it("offers one press that makes tonight the 21st night, saved by the first night's rule; never with keys", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const evening = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    const firstNight = addDays(evening, -20);
    expect(await screenText(settingsScreen, "/admin/settings")).toContain(
      `Test mode only, no money moves: sets the first night to the evening of ${eveningWords(firstNight)}, so that tonight is the 21st night, the first of the last ten. Rehearse: make tonight the 21st night`,
    );
    const pressed = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan-rehearse" },
    })) as Response;
    expect(pressed.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
    const stored = await getDb()
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", ["ramadan_first_night", "ramadan_charge_hour"])
      .orderBy("key")
      .execute();
    expect(stored).toEqual([
      { key: "ramadan_charge_hour", value: "20" },
      { key: "ramadan_first_night", value: firstNight },
    ]);
    const began = evening === today ? "beginning this evening," : "which began on the evening of";
    expect(await screenText(settingsScreen, "/admin/settings?saved=ramadan")).toContain(
      `Tonight is the 21st night, ${began} ${eveningWords(evening)}.`,
    );

    // With live keys, money moves: neither offered nor done.
    await getDb().updateTable("settings").set({ value: "" }).where("key", "=", "ramadan_first_night").execute();
    await withKeys("live", async () => {
      expect(await screenText(settingsScreen, "/admin/settings")).not.toContain("Rehearse");
      const refused = unwrapData(
        await callRoute(settingsScreen.action, "/admin/settings", { form: { intent: "ramadan-rehearse" } }),
      );
      expect(refused.status).toBe(400);
      expect(
        (
          await getDb()
            .selectFrom("settings")
            .select("value")
            .where("key", "=", "ramadan_first_night")
            .executeTakeFirstOrThrow()
        ).value,
      ).toBe("");
    });
  });

  it("is offered and done with Stripe test keys too, where no money moves either", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const evening = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    const firstNight = addDays(evening, -20);
    await withKeys("test", async () => {
      const offered = await screenText(settingsScreen, "/admin/settings");
      expect(offered).toContain(
        "Test mode: any evening from 29 evenings ago to a year ahead may be set, to try the nights out of season; no money moves.",
      );
      expect(offered).toContain("Rehearse: make tonight the 21st night");
      const pressed = (await callRoute(settingsScreen.action, "/admin/settings", {
        form: { intent: "ramadan-rehearse" },
      })) as Response;
      expect(pressed.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
      expect(
        (
          await getDb()
            .selectFrom("settings")
            .select("value")
            .where("key", "=", "ramadan_first_night")
            .executeTakeFirstOrThrow()
        ).value,
      ).toBe(firstNight);
      expect(await screenText(settingsScreen, "/admin/settings?saved=ramadan")).toContain("Tonight is the 21st night");
    });
  });

  it("takes a first night out of season in the form with Stripe test keys, never with live keys", async () => {
    // Two months before the calculated evening of Ramadan 1448: never a sighting's few days.
    const firstNight = addDays(proposedFirstNight(1448), -60);
    const save = () =>
      callRoute(settingsScreen.action, "/admin/settings", {
        form: { intent: "ramadan", ramadan_first_night: firstNight, ramadan_charge_hour: "21" },
      });
    const stored = async () =>
      (
        await getDb()
          .selectFrom("settings")
          .select("value")
          .where("key", "=", "ramadan_first_night")
          .executeTakeFirstOrThrow()
      ).value;
    await withKeys("live", async () => {
      const refused = unwrapData(await save());
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain(
        "The first night must be within a few days of the calculated evening",
      );
      expect(await stored()).toBe("");
    });
    await withKeys("test", async () => {
      const saved = (await save()) as Response;
      expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
      expect(await stored()).toBe(firstNight);
    });
  });

  it("takes a first night out of season, so tonight can be one of the nights, and charges tonight's night once", async () => {
    await setUpNights("aisha@example.org");
    const today = new Date().toISOString().slice(0, 10);
    const evening = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan", ramadan_first_night: addDays(evening, -20), ramadan_charge_hour: "23" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
    const began = evening === today ? "beginning this evening," : "which began on the evening of";
    expect(await screenText(ramadanScreen, "/admin/ramadan")).toContain(
      `Tonight is the 21st night, ${began} ${eveningWords(evening)}.`,
    );

    const { context } = await signedInStaff();
    const ran = (await callRoute(ramadanScreen.action, "/admin/ramadan", {
      form: { intent: "run" },
      context,
    })) as Response;
    expect(ran.headers.get("Location")).toBe("/admin/ramadan?ran=1-0-0-0");
    const gifts = await getDb()
      .selectFrom("donations")
      .select(["email", "amount_cents", "frequency", "is_test"])
      .execute();
    expect(gifts).toEqual([{ email: "aisha@example.org", amount_cents: 2000, frequency: "Ramadan", is_test: 1 }]);
    const again = (await callRoute(ramadanScreen.action, "/admin/ramadan", {
      form: { intent: "run" },
      context,
    })) as Response;
    expect(again.headers.get("Location")).toBe("/admin/ramadan?ran=0-0-1-0");
    expect(await getDb().selectFrom("donations").selectAll().execute()).toHaveLength(1);
    expect(await screenText(ramadanScreen, "/admin/ramadan")).toContain("1 charged · 0 failed · 9 to come $20.00");
  });
});

describe("a rehearsed first night, as donors and staff read it", () => {
  it("is called a rehearsal in test mode, never a first night confirmed from the moon's sighting", async () => {
    const today = new Date().toISOString().slice(0, 10);
    // An evening whose nights can be tried but that no sighting would give (one of these is, whatever the season).
    const rehearsed = [addDays(today, -20), addDays(today, 100), addDays(today, 200)].find(
      (evening) => !isPlausibleFirstNight(evening),
    )!;
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan", ramadan_first_night: rehearsed, ramadan_charge_hour: "20" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");

    const donatePage = await screenText(donate, "/donate?way=ramadan-nights&plan=last-ten&per_night=10");
    expect(donatePage).toContain(
      `The first night is set to the evening of ${eveningWords(rehearsed)} as a rehearsal in test mode: no money moves.`,
    );
    expect(donatePage).not.toContain("confirmed from the moon's sighting");
    const settingsPage = await screenText(settingsScreen, "/admin/settings?saved=ramadan");
    expect(settingsPage).toContain(
      `A rehearsal in test mode: the nights are tried from the evening above, not from the calculation's ${eveningWords(proposedFirstNight(ramadanYearOn(today)))}.`,
    );
    expect(settingsPage).not.toContain("Confirmed.");
  });
});

describe("the staff's Ramadan schedule screen", () => {
  it("is for signed-in staff only", async () => {
    const request = makeRequest("/admin/ramadan");
    const guard = async () =>
      layout.middleware[0]!(
        {
          request,
          context: makeContext(),
          params: {},
          pattern: new URL(request.url).pathname,
          url: new URL(request.url),
        } as never,
        async () => new Response(),
      );
    const thrown = await guard().then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Framadan");
  });

  it("lists the schedules with their nights, filtered, and stops one after a confirmation", async () => {
    await setUpNights("aisha@example.org");
    await setUpNights("bilal@example.org", "Bilal Ahmed");
    const text = await screenText(ramadanScreen, "/admin/ramadan");
    expect(text).toContain(
      "Ramadan has not begun: the first night begins on the evening of Sunday 7 February 2027 (proposed, not yet confirmed).",
    );
    expect(text).toMatch(
      /Aisha Khan aisha@example.org The last ten nights \$10\.00 a night, doubled on the odd nights of the last ten General Donation active Test 0 charged · 0 failed · 10 to come \$0\.00/,
    );
    expect(await screenText(ramadanScreen, "/admin/ramadan?email=bilal@example.org")).not.toContain("Aisha Khan");

    const aisha = await scheduleOf("aisha@example.org");
    const nights = await screenText(ramadanScreen, `/admin/ramadan?schedule=${aisha.id}`);
    expect(nights).toContain("Nights of Aisha Khan");
    expect(nights).toContain("21st night Saturday 27 February 2027 $20.00 to come");

    const confirm = await screenText(ramadanScreen, `/admin/ramadan?stop=${aisha.id}`);
    expect(confirm).toContain("Stop the remaining nights of Aisha Khan?");
    const { admin, context } = await signedInStaff();
    const stopped = (await callRoute(ramadanScreen.action, "/admin/ramadan", {
      form: { intent: "stop", id: String(aisha.id) },
      context,
    })) as Response;
    expect(stopped.headers.get("Location")).toBe(`/admin/ramadan?stopped=${aisha.id}`);
    expect(await scheduleOf("aisha@example.org")).toMatchObject({ status: "stopped", stopped_by: admin.username });
    expect(await screenText(ramadanScreen, stopped.headers.get("Location")!)).toContain(
      "The remaining nights of Aisha Khan are stopped",
    );
    expect((await scheduleOf("bilal@example.org")).status).toBe("active");

    // Running tonight's charges outside Ramadan charges nothing, and says so.
    const ran = (await callRoute(ramadanScreen.action, "/admin/ramadan", {
      form: { intent: "run" },
      context,
    })) as Response;
    expect(ran.headers.get("Location")).toBe("/admin/ramadan?ran=0-0-0-0");
    expect(await screenText(ramadanScreen, ran.headers.get("Location")!)).toContain(
      "Tonight's charges ran: 0 charged, 0 failed, 0 already charged, 0 missed.",
    );
  });
});

describe("the staff's Ramadan list, a page at a time", () => {
  it("pages the schedules in the query with their nights counted, and opens any schedule by its id", async () => {
    const fund = await getDb()
      .selectFrom("funds")
      .select(["id", "purpose"])
      .where("purpose", "=", "General Donation")
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 27 }, (_, index) => ({
      name: `Donor ${index + 1}`,
      email: `donor${index + 1}@example.org`,
      plan: "last-ten" as const,
      per_night_cents: 500,
      purpose: fund.purpose,
      fund_id: fund.id,
      hijri_year: 1448,
      status: index === 0 ? ("stopped" as const) : ("active" as const),
    }));
    const ids = (await getDb().insertInto("ramadan_schedules").values(rows).returning("id").execute()).map(
      (row) => row.id,
    );
    // The first donor's nights: two given ($5 each), one failed, seven stopped.
    await getDb()
      .insertInto("ramadan_nights")
      .values(
        Array.from({ length: 10 }, (_, index) => ({
          schedule_id: ids[0]!,
          number: 21 + index,
          evening: addDays("2027-02-27", index),
          amount_cents: 500,
          status: index < 2 ? ("charged" as const) : index === 2 ? ("failed" as const) : ("stopped" as const),
        })),
      )
      .execute();
    await getDb()
      .insertInto("ramadan_nights")
      .values(
        Array.from({ length: 10 }, (_, index) => ({
          schedule_id: ids[26]!,
          number: 21 + index,
          evening: addDays("2027-02-27", index),
          amount_cents: 500,
        })),
      )
      .execute();

    const first = await screenText(ramadanScreen, "/admin/ramadan");
    expect(first).toContain("Showing 1–25 of 27");
    expect(first).toContain("Donor 27 donor27@example.org");
    expect(first).toContain("0 charged · 0 failed · 10 to come $0.00");
    expect(first).not.toContain("Donor 1 donor1@example.org");
    expect(first).toContain("10 nights are still to come.");
    const second = await screenText(ramadanScreen, "/admin/ramadan?page=2");
    expect(second).toContain("Showing 26–27 of 27");
    expect(second).toMatch(/Donor 1 donor1@example\.org .* 2 charged · 1 failed · 0 to come \$10\.00/);
    // The oldest schedule opens from page 1 and from a filter it is not in.
    const opened = await screenText(ramadanScreen, `/admin/ramadan?status=active&schedule=${ids[0]}`);
    expect(opened).toContain("Nights of Donor 1");
    expect(opened).toContain("21st night Saturday 27 February 2027 $5.00 charged");
    expect(await screenText(ramadanScreen, `/admin/ramadan?stop=${ids[1]}`)).toContain(
      "Stop the remaining nights of Donor 2?",
    );
    expect(await screenText(ramadanScreen, "/admin/ramadan?status=stopped")).toContain("Showing 1–1 of 1");
  });
});

describe("My giving's Ramadan nights", () => {
  it("lists the donor's nights and stops only the donor's own", async () => {
    await setUpNights("aisha@example.org");
    await setUpNights("bilal@example.org", "Bilal Ahmed");
    const aisha = await scheduleOf("aisha@example.org");
    const bilal = await scheduleOf("bilal@example.org");
    const cookie = (await startDonorSession("aisha@example.org", makeRequest("/my-giving"))).split(";")[0]!;
    const headers = { Cookie: cookie };

    const page = await screenText(myGivingWith(headers), "/my-giving");
    expect(page).toContain("Ramadan nights");
    expect(page).toContain(
      "The last ten nights, $10.00 a night, doubled on the odd nights of the last ten · General Donation",
    );
    expect(page).toContain("Active · 0 given ($0.00) · 0 declined · 10 to come");
    expect(page).toContain(
      "30th night · the evening of Monday 8 March 2027 Only if Ramadan has thirty days $10.00 · to come",
    );
    expect(page).not.toContain("Bilal");

    // Someone else's schedule, by its number: refused, and it keeps its nights.
    const refused = unwrapData(
      await callRoute(myGiving.action, "/my-giving", {
        form: { intent: "stop-ramadan", id: String(bilal.id) },
        headers,
      }),
    );
    expect(refused.status).toBe(404);
    expect(refused.data).toEqual({ error: "Those Ramadan nights are not yours, or are already stopped." });
    expect((await scheduleOf("bilal@example.org")).status).toBe("active");
    // Nor is the confirmation offered for it.
    expect(await screenText(myGivingWith(headers), `/my-giving?stop-ramadan=${bilal.id}`)).not.toContain(
      "Stop the remaining nights?",
    );

    expect(await screenText(myGivingWith(headers), `/my-giving?stop-ramadan=${aisha.id}`)).toContain(
      "Stop the remaining nights? 10 nights still to come will not be charged.",
    );
    const stopped = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "stop-ramadan", id: String(aisha.id) },
      headers,
    })) as Response;
    expect(stopped.headers.get("Location")).toBe("/my-giving?ramadan-stopped=1");
    expect(await scheduleOf("aisha@example.org")).toMatchObject({ status: "stopped", stopped_by: "donor" });
    const nights = await getDb()
      .selectFrom("ramadan_nights")
      .select("status")
      .where("schedule_id", "=", aisha.id)
      .execute();
    expect(new Set(nights.map((night) => night.status))).toEqual(new Set(["stopped"]));
    expect(await screenText(myGivingWith(headers), "/my-giving?ramadan-stopped=1")).toContain(
      "The remaining nights are stopped",
    );
  });
});

/** My giving's screen as a signed-in donor's browser asks for it (the cookie on every request). */
function myGivingWith(headers: Record<string, string>) {
  return {
    default: myGiving.default,
    loader: (args: { request: Request }) => {
      const request = new Request(args.request.url, { headers });
      return myGiving.loader({ ...args, request, url: new URL(request.url) } as never);
    },
  } as never;
}
