import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { startDonorSession } from "~/lib/donor-session.server";
import { adminContext } from "~/lib/request-context";
import * as layout from "~/routes/admin/layout";
import * as ramadanScreen from "~/routes/admin/ramadan";
import * as settingsScreen from "~/routes/admin/settings";
import * as donate from "~/routes/donate";
import * as donationSuccess from "~/routes/donation-success";
import * as myGiving from "~/routes/my-giving";
import * as sandboxCheckout from "~/routes/sandbox-checkout";
import { createTestAdmin } from "../support/admins";
import { clearGiving } from "../support/giving-records";
import { callRoute, makeContext, makeRequest, unwrapData } from "../support/routes";
import { screenHtml, screenText } from "../support/screens";
import { addDays } from "~/domain/shared/hijri";
import { eveningWords } from "~/domain/giving/ramadan-words";

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

const NIGHTS = { way: "ramadan-nights", plan: "last-ten", per_night: "10", double_odd_nights: "on", purpose: "General Donation" };

async function postDonate(form: Record<string, string>) {
  return callRoute(donate.action, "/donate?way=ramadan-nights", { form, clientAddress: newAddress() });
}

/** A donor sets up their nights and saves a card on the sandbox's page; returns the thank-you page's address. */
async function setUpNights(email: string, name = "Aisha Khan"): Promise<string> {
  const started = (await postDonate({ ...NIGHTS, name, email, intent: "save-card" })) as Response;
  expect(started.status).toBe(303);
  const sessionId = started.headers.get("Location")!.split("/").pop()!;
  const saved = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, { form: { intent: "save-card" }, params: { sessionId } })) as Response;
  expect(saved.status).toBe(303);
  return saved.headers.get("Location")!;
}

const scheduleOf = (email: string) => getDb().selectFrom("ramadan_schedules").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("the donate form's Ramadan nights", () => {
  it("shows the nights and the total without JavaScript, every typed value kept", async () => {
    const { status, data } = unwrapData(await postDonate({ ...NIGHTS, name: "Aisha Khan", email: "", intent: "show-nights" }));
    expect(status).toBe(200);
    const text = await screenText(donate, "/donate?way=ramadan-nights", data);
    // The last ten nights from the proposed first night (Sunday 7 February 2027): the 21st begins on the evening of the 27th.
    expect(text).toContain("21st night 21 Ramadan 1448 AH Saturday 27 February 2027 $20.00 Doubled: an odd night");
    expect(text).toContain("22nd night 22 Ramadan 1448 AH Sunday 28 February 2027 $10.00");
    expect(text).toContain("Only if Ramadan has thirty days");
    expect(text).toContain("In all: $150.00 if Ramadan has 30 days, $140.00 if it has 29.");
    expect(text).toContain("a proposal until the foundation confirms it");
    const html = await screenHtml(donate, "/donate?way=ramadan-nights", data);
    expect(html).toMatch(/name="name"[^>]*value="Aisha Khan"/);
    expect(html).toMatch(/name="per_night"[^>]*value="10"/);
    expect(html).toMatch(/name="double_odd_nights"[^>]*checked/);
    // The frequency radios of the other way to give are not on this form.
    expect(html).not.toContain('value="Monthly"');
  });

  it("puts a refused amount per night beside its field and keeps what was typed", async () => {
    const { status, data } = unwrapData(await postDonate({ ...NIGHTS, per_night: "0.50", name: "Aisha Khan", email: "aisha@example.org", intent: "save-card" }));
    expect(status).toBe(400);
    const html = await screenHtml(donate, "/donate?way=ramadan-nights", data);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="per_night" value="0.50"/);
    expect(await screenText(donate, "/donate?way=ramadan-nights", data)).toContain("The minimum for a night is $1");
    expect(html).toMatch(/name="email"[^>]*value="aisha@example.org"/);
    expect(await getDb().selectFrom("ramadan_schedules").selectAll().execute()).toHaveLength(0);
  });

  it("saves a card on the sandbox's page, charging nothing, and says the schedule is set up", async () => {
    const started = (await postDonate({ ...NIGHTS, name: "Aisha Khan", email: "aisha@example.org", intent: "save-card" })) as Response;
    const sessionId = started.headers.get("Location")!.split("/").pop()!;
    const page = await screenText(sandboxCheckout, `/sandbox/checkout/${sessionId}`, undefined, { sessionId });
    expect(page).toContain("Save a card for your Ramadan nights");
    expect(page).toContain("No charge now");
    expect(page).toContain("Charged now Nothing");
    expect(page).toContain("Save a card that will be declined");
    // Paying is not what this page does.
    const pay = unwrapData(await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, { form: { intent: "pay" }, params: { sessionId } }));
    expect(pay.status).toBe(400);

    const saved = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, { form: { intent: "save-card" }, params: { sessionId } })) as Response;
    const thanks = saved.headers.get("Location")!;
    expect(thanks).toMatch(/^http:\/\/localhost:3000\/donation-success\?ramadan=\d+&session_id=cs_/);
    const text = await screenText(donationSuccess, thanks);
    expect(text).toContain("Your Ramadan nights are set up, Aisha Khan!");
    expect(text).toContain("The first charge is on the evening of Saturday 27 February 2027, at 8 pm, for the 21st night.");
    expect(text).toContain("You can stop the remaining nights at any time from My giving");
    expect(await getDb().selectFrom("donations").selectAll().execute()).toHaveLength(0);
    // Another checkout's id shows nothing of this schedule.
    expect(await screenText(donationSuccess, thanks.replace(/session_id=cs_\w+/, "session_id=cs_sandbox_000000000000"))).toContain("We couldn't find these Ramadan nights");
  });
});

describe("the first night and the charge hour in Settings", () => {
  it("proposes the first night from the Hijri calendar, labelled as a proposal", async () => {
    const text = await screenText(settingsScreen, "/admin/settings");
    expect(text).toContain("Proposed from the Hijri calendar: Sunday 7 February 2027 — confirm it once the moon is sighted.");
    expect(text).toContain("Ramadan has not begun");
  });

  it("puts refused values beside their fields, and saves good ones by the settings' rules", async () => {
    const { status, data } = unwrapData(
      await callRoute(settingsScreen.action, "/admin/settings", { form: { intent: "ramadan", ramadan_first_night: "2027-02-30", ramadan_charge_hour: "24" } }),
    );
    expect(status).toBe(400);
    const text = await screenText(settingsScreen, "/admin/settings", data);
    expect(text).toContain("Give the evening of the first night as YYYY-MM-DD");
    expect(text).toContain("Give the hour as a whole number from 0 to 23");
    const html = await screenHtml(settingsScreen, "/admin/settings", data);
    expect(html).toMatch(/name="ramadan_charge_hour"[^>]*value="24"/);

    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan", ramadan_first_night: "2027-02-08", ramadan_charge_hour: "21" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
    const stored = await getDb().selectFrom("settings").select(["key", "value"]).where("key", "in", ["ramadan_first_night", "ramadan_charge_hour"]).orderBy("key").execute();
    expect(stored).toEqual([
      { key: "ramadan_charge_hour", value: "21" },
      { key: "ramadan_first_night", value: "2027-02-08" },
    ]);
    const after = await screenText(settingsScreen, "/admin/settings?saved=ramadan");
    expect(after).toContain("Ramadan settings saved.");
    expect(after).toContain("Confirmed.");
  });
});

describe("a rehearsal in test mode", () => {
  it("takes a first night out of season, so tonight can be one of the nights, and charges tonight's night once", async () => {
    await setUpNights("aisha@example.org");
    const today = new Date().toISOString().slice(0, 10);
    const evening = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    const saved = (await callRoute(settingsScreen.action, "/admin/settings", {
      form: { intent: "ramadan", ramadan_first_night: addDays(evening, -20), ramadan_charge_hour: "23" },
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/settings?saved=ramadan");
    const began = evening === today ? "beginning this evening," : "which began on the evening of";
    expect(await screenText(ramadanScreen, "/admin/ramadan")).toContain(`Tonight is the 21st night, ${began} ${eveningWords(evening)}.`);

    const { admin } = await createTestAdmin();
    const context = makeContext();
    context.set(adminContext, admin);
    const ran = (await callRoute(ramadanScreen.action, "/admin/ramadan", { form: { intent: "run" }, context })) as Response;
    expect(ran.headers.get("Location")).toBe("/admin/ramadan?ran=1-0-0-0");
    const gifts = await getDb().selectFrom("donations").select(["email", "amount_cents", "frequency", "is_test"]).execute();
    expect(gifts).toEqual([{ email: "aisha@example.org", amount_cents: 2000, frequency: "Ramadan", is_test: 1 }]);
    const again = (await callRoute(ramadanScreen.action, "/admin/ramadan", { form: { intent: "run" }, context })) as Response;
    expect(again.headers.get("Location")).toBe("/admin/ramadan?ran=0-0-1-0");
    expect(await getDb().selectFrom("donations").selectAll().execute()).toHaveLength(1);
    expect(await screenText(ramadanScreen, "/admin/ramadan")).toContain("1 charged · 0 failed · 9 to come $20.00");
  });
});

describe("the staff's Ramadan schedule screen", () => {
  it("is for signed-in staff only", async () => {
    const request = makeRequest("/admin/ramadan");
    const guard = async () => layout.middleware[0]!({ request, context: makeContext(), params: {}, unstable_pattern: "", url: new URL(request.url) } as never, async () => new Response());
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
    expect(text).toContain("Ramadan has not begun: the first night begins on the evening of Sunday 7 February 2027 (proposed, not yet confirmed).");
    expect(text).toMatch(/Aisha Khan aisha@example.org The last ten nights \$10\.00 a night, doubled on the odd nights of the last ten General Donation active Test 0 charged · 0 failed · 10 to come \$0\.00/);
    expect(await screenText(ramadanScreen, "/admin/ramadan?email=bilal@example.org")).not.toContain("Aisha Khan");

    const aisha = await scheduleOf("aisha@example.org");
    const nights = await screenText(ramadanScreen, `/admin/ramadan?schedule=${aisha.id}`);
    expect(nights).toContain("Nights of Aisha Khan");
    expect(nights).toContain("21st night Saturday 27 February 2027 $20.00 to come");

    const confirm = await screenText(ramadanScreen, `/admin/ramadan?stop=${aisha.id}`);
    expect(confirm).toContain("Stop the remaining nights of Aisha Khan?");
    const { admin } = await createTestAdmin();
    const context = makeContext();
    context.set(adminContext, admin);
    const stopped = (await callRoute(ramadanScreen.action, "/admin/ramadan", { form: { intent: "stop", id: String(aisha.id) }, context })) as Response;
    expect(stopped.headers.get("Location")).toBe(`/admin/ramadan?stopped=${aisha.id}`);
    expect(await scheduleOf("aisha@example.org")).toMatchObject({ status: "stopped", stopped_by: admin.username });
    expect(await screenText(ramadanScreen, stopped.headers.get("Location")!)).toContain("The remaining nights of Aisha Khan are stopped");
    expect((await scheduleOf("bilal@example.org")).status).toBe("active");

    // Running tonight's charges outside Ramadan charges nothing, and says so.
    const ran = (await callRoute(ramadanScreen.action, "/admin/ramadan", { form: { intent: "run" }, context })) as Response;
    expect(ran.headers.get("Location")).toBe("/admin/ramadan?ran=0-0-0-0");
    expect(await screenText(ramadanScreen, ran.headers.get("Location")!)).toContain("Tonight's charges ran: 0 charged, 0 failed, 0 already charged, 0 missed.");
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
    expect(page).toContain("The last ten nights, $10.00 a night, doubled on the odd nights of the last ten · General Donation");
    expect(page).toContain("Active · 0 given ($0.00) · 0 declined · 10 to come");
    expect(page).not.toContain("Bilal");

    // Someone else's schedule, by its number: refused, and it keeps its nights.
    const refused = unwrapData(await callRoute(myGiving.action, "/my-giving", { form: { intent: "stop-ramadan", id: String(bilal.id) }, headers }));
    expect(refused.status).toBe(404);
    expect(refused.data).toEqual({ error: "Those Ramadan nights are not yours, or are already stopped." });
    expect((await scheduleOf("bilal@example.org")).status).toBe("active");
    // Nor is the confirmation offered for it.
    expect(await screenText(myGivingWith(headers), `/my-giving?stop-ramadan=${bilal.id}`)).not.toContain("Stop the remaining nights?");

    expect(await screenText(myGivingWith(headers), `/my-giving?stop-ramadan=${aisha.id}`)).toContain("Stop the remaining nights? 10 nights still to come will not be charged.");
    const stopped = (await callRoute(myGiving.action, "/my-giving", { form: { intent: "stop-ramadan", id: String(aisha.id) }, headers })) as Response;
    expect(stopped.headers.get("Location")).toBe("/my-giving?ramadan-stopped=1");
    expect(await scheduleOf("aisha@example.org")).toMatchObject({ status: "stopped", stopped_by: "donor" });
    const nights = await getDb().selectFrom("ramadan_nights").select("status").where("schedule_id", "=", aisha.id).execute();
    expect(new Set(nights.map((night) => night.status))).toEqual(new Set(["stopped"]));
    expect(await screenText(myGivingWith(headers), "/my-giving?ramadan-stopped=1")).toContain("The remaining nights are stopped");
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
