import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startDonorSession } from "~/lib/donor-session.server";
import * as zakatCalculator from "~/giving/zakat-calculator/routes/zakat-calculator";
import * as confirmPage from "~/donors/zakat-reminders/routes/zakat-reminder-confirm";
import * as stopPage from "~/donors/zakat-reminders/routes/zakat-reminder-stop";
import * as stopApi from "~/donors/zakat-reminders/routes/api-zakat-reminder-stop";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import { askForZakatReminder } from "~/donors/zakat-reminders/server/zakat-reminders.server";
import { sendDueZakatReminders } from "~/donors/zakat-reminders/server/zakat-reminder-sending.server";
import type * as mailArea from "~/mail/queue/index.server";
import { deliverDueMail } from "~/mail/queue/server/mail-delivery.server";
import { callApi, callRoute, expectLoggedError, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";

/**
 * The yearly Zakat reminder: asked for under a calculation, confirmed by its owner, sent
 * once on its day by the background round (however many rounds run, and after a round
 * that stopped half-way), with last year's figures only when they were kept, and stopped
 * in one click. A signed-in donor sees and deletes theirs in My giving.
 */

// A round that stops half-way: the mail of the next reminder cannot be written, once.
const crash = vi.hoisted(() => ({ next: false }));
vi.mock("~/mail/queue/index.server", async (importOriginal) => {
  const original = await importOriginal<typeof mailArea>();
  return {
    ...original,
    queueMail: async (...args: Parameters<typeof original.queueMail>) => {
      if (crash.next && args[1].kind === "zakat-reminder") {
        crash.next = false;
        throw new Error("the server stopped here");
      }
      return original.queueMail(...args);
    },
  };
});

let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1)}`;

beforeEach(async () => {
  for (const table of ["outbound_mail", "zakat_reminders"] as const) await getDb().deleteFrom(table).execute();
});

/** The calculator's figures as its reminder form carries them (hidden fields), plus the reminder's own fields. */
const FIGURES = {
  cash: "12000",
  gold_weight: "20",
  liabilities: "500",
  gold_price_per_gram: "65",
  silver_price_per_gram: "0.85",
  nisab_basis: "silver",
  agriculture_irrigation: "irrigated",
};

async function askOnCalculator(fields: Record<string, string>) {
  return unwrapData(
    await callRoute(zakatCalculator.action, "/zakat-calculator", {
      form: { intent: "remind-me", ...FIGURES, ...fields },
      clientAddress: newAddress(),
    }),
  );
}

const mailsOf = (kind: string) =>
  getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", kind).orderBy("id").execute();
const linkIn = (text: string, path: string) =>
  new RegExp(`http://localhost:3000${path.replace("?", "\\?")}([A-Za-z0-9_-]+)`).exec(text)?.[1];
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Asks on the calculator and presses the confirmation link, as the donor does. */
async function askAndConfirm(email: string, keepFigures: boolean) {
  const asked = await askOnCalculator({ email, ...(keepFigures ? { keep_figures: "on" } : {}) });
  expect(asked.status).toBe(200);
  const [mail] = (await mailsOf("zakat-reminder-confirm"))
    .filter((row) => row.to_address === email.toLowerCase())
    .slice(-1);
  const token = linkIn(mail!.text_body, "/zakat-reminders/confirm?token=")!;
  const confirmed = unwrapData(await callRoute(confirmPage.action, "/zakat-reminders/confirm", { form: { token } }))
    .data as { confirmed: { id: number; due_on: string } | null };
  expect(confirmed.confirmed).not.toBeNull();
  return confirmed.confirmed!;
}

describe("asking for a reminder under a calculation", () => {
  it("keeps it waiting for its owner, mails a link kept only as a hash, and confirms it on one press showing the Hijri date", async () => {
    const asked = await askOnCalculator({ email: "Hafsa@Example.org", keep_figures: "on" });
    expect(asked.status).toBe(200);
    const answer = asked.data as {
      result: { initialValue: Record<string, unknown> };
      reminder: { status: string; message: string };
    };
    expect(answer.reminder.status).toBe("asked");
    expect(answer.reminder.message).toMatch(
      /^Thank you! Please check your inbox at hafsa@example\.org and confirm your reminder for .+ AH\)\.$/,
    );
    // The calculation comes back too, so the page without JavaScript still shows it.
    expect(answer.result.initialValue).toMatchObject({ cash: "12000", gold_weight: "20" });

    const [row] = await getDb().selectFrom("zakat_reminders").selectAll().execute();
    expect(row).toMatchObject({ email: "hafsa@example.org", confirmed_at: null, reminded_for: null });
    expect(JSON.parse(row!.kept_figures!)).toEqual({
      amounts: { cash: 12000, liabilities: 500, gold_weight: 20 },
      nisab_basis: "silver",
      agriculture_irrigation: "irrigated",
    });
    const [mail] = await mailsOf("zakat-reminder-confirm");
    expect(mail!.subject).toBe("Please confirm your Zakat reminder");
    const token = linkIn(mail!.text_body, "/zakat-reminders/confirm?token=")!;
    expect(row!.confirm_token_hash).toBe(hash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Opening the link confirms nothing: a mail scanner may open it.
    const page = await screenText(confirmPage as never, `/zakat-reminders/confirm?token=${token}`);
    expect(page).toContain("Press the button to confirm that we may write to hafsa@example.org");
    expect(
      (await getDb().selectFrom("zakat_reminders").select("confirmed_at").executeTakeFirstOrThrow()).confirmed_at,
    ).toBeNull();

    const pressed = unwrapData(
      await callRoute(confirmPage.action, "/zakat-reminders/confirm", { form: { token } }),
    ).data;
    const shown = await screenText(confirmPage as never, `/zakat-reminders/confirm?token=${token}`, pressed);
    expect(shown).toMatch(/Your Zakat is due again on \w+ \d+, \d{4} \(\d+ [\w' ]+ \d{4} AH\)/);
    expect(shown).toContain("Your figures are kept");
    const again = unwrapData(await callRoute(confirmPage.action, "/zakat-reminders/confirm", { form: { token } })).data;
    expect(again).toEqual({ confirmed: null });
  });

  it("answers a bad email beside its field, keeping what was typed and the calculation", async () => {
    const refused = await askOnCalculator({ email: "not-an-email", keep_figures: "on" });
    expect(refused.status).toBe(400);
    expect((refused.data as { reminder: unknown }).reminder).toEqual({
      status: "invalid",
      error: "Please enter a valid email address",
      field: "email",
      email: "not-an-email",
      keep_figures: true,
    });
    const html = await screenHtml(zakatCalculator as never, "/zakat-calculator", refused.data);
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("Please enter a valid email address");
    expect(html).toMatch(/<input type="hidden" name="cash" value="12000"\/>/);
    expect(html).toMatch(/id="zakat-reminder-keep"[^>]*checked=""/);
    expect(html).toContain('aria-describedby="zakat-reminder-keep-description"');
    expect(await getDb().selectFrom("zakat_reminders").selectAll().execute()).toEqual([]);
  });

  it("sends at most three confirmations an hour to one inbox, however its address is +tagged", async () => {
    for (const email of [
      "victim+1@example.org",
      "Victim+2@example.org",
      "victim@example.org",
      "victim+3@example.org",
      "victim+zakat@example.org",
    ]) {
      expect((await askOnCalculator({ email })).status).toBe(200);
    }
    expect((await mailsOf("zakat-reminder-confirm")).map((mail) => mail.to_address)).toEqual([
      "victim+1@example.org",
      "victim+2@example.org",
      "victim@example.org",
    ]);
    // Another inbox, even one whose name begins alike, is not held back.
    await askOnCalculator({ email: "victim2@example.org" });
    await askOnCalculator({ email: "victim+1@example.com" });
    expect(await mailsOf("zakat-reminder-confirm")).toHaveLength(5);
  });

  it("keeps an unconfirmed ask and its figures for seven days only: later its link confirms nothing, and the round deletes it", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ask = (email: string, days: number) =>
      askForZakatReminder({ email, keep_figures: "on", ...FIGURES }, { clientAddress: newAddress() }, daysAgo(days));
    await ask("late@example.org", 8);
    await ask("in-time@example.org", 6);
    const tokenOf = async (email: string) =>
      linkIn(
        (await mailsOf("zakat-reminder-confirm")).find((mail) => mail.to_address === email)!.text_body,
        "/zakat-reminders/confirm?token=",
      )!;
    expect((await mailsOf("zakat-reminder-confirm"))[0]!.text_body).toContain(
      "Please confirm with the button below within 7 days.",
    );
    const late = await tokenOf("late@example.org");

    expect(await screenText(confirmPage as never, `/zakat-reminders/confirm?token=${late}`)).toContain(
      "This link has already been used or is no longer valid.",
    );
    expect(
      unwrapData(await callRoute(confirmPage.action, "/zakat-reminders/confirm", { form: { token: late } })).data,
    ).toEqual({ confirmed: null });
    expect(
      (
        await getDb()
          .selectFrom("zakat_reminders")
          .select("confirmed_at")
          .where("email", "=", "late@example.org")
          .executeTakeFirstOrThrow()
      ).confirmed_at,
    ).toBeNull();

    await sendDueZakatReminders();
    expect(
      (await getDb().selectFrom("zakat_reminders").select(["email", "kept_figures"]).execute()).map((row) => [
        row.email,
        row.kept_figures !== null,
      ]),
    ).toEqual([["in-time@example.org", true]]);
    const inTime = unwrapData(
      await callRoute(confirmPage.action, "/zakat-reminders/confirm", {
        form: { token: await tokenOf("in-time@example.org") },
      }),
    ).data;
    expect(inTime).toMatchObject({ confirmed: { email: "in-time@example.org", status: "planned" } });
    // A confirmed reminder stays however old its ask.
    await sendDueZakatReminders(new Date(Date.now() + 30 * 86_400_000));
    expect(await getDb().selectFrom("zakat_reminders").select("email").execute()).toEqual([
      { email: "in-time@example.org" },
    ]);
  });

  it("quietly ignores a filled honeypot", async () => {
    const bot = await askOnCalculator({ email: "bot@example.org", website: "http://spam.example" });
    expect(bot.status).toBe(200);
    expect(await getDb().selectFrom("zakat_reminders").selectAll().execute()).toEqual([]);
    expect(await mailsOf("zakat-reminder-confirm")).toEqual([]);
  });
});

describe("the day a reminder falls on", () => {
  const ask = (now: string) =>
    askForZakatReminder({ email: "table@example.org" }, { clientAddress: newAddress() }, new Date(now));

  it.each([
    // calculated at (UTC), its Hijri date, due again on, reminded on
    ["2026-11-25T10:00:00Z", "15 Jumada II 1448 AH", "2027-11-14", "2027-11-04"],
    ["2026-06-15T10:00:00Z", "29 Dhu al-Hijjah 1447 AH", "2027-06-04", "2027-05-25"],
    ["2026-06-16T10:00:00Z", "1 Muharram 1448 AH", "2027-06-06", "2027-05-27"],
    // The 30th of a month that has 29 days the next year: its 29th.
    ["2027-06-05T10:00:00Z", "30 Dhu al-Hijjah 1448 AH", "2028-05-24", "2028-05-14"],
    ["2026-03-19T10:00:00Z", "30 Ramadan 1447 AH", "2027-03-08", "2027-02-26"],
  ])("calculated at %s (%s): due %s, reminded %s", async (now, hijri, dueOn, remindOn) => {
    const { plan } = await ask(now);
    expect(plan.calculated_hijri).toBe(hijri);
    const row = await getDb().selectFrom("zakat_reminders").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ calculated_hijri: hijri, due_on: dueOn, remind_on: remindOn });
  });

  it("counts the calculation's day where the foundation is (SITE_TIMEZONE)", async () => {
    process.env.SITE_TIMEZONE = "Asia/Karachi";
    resetEnvCache();
    try {
      // 20:00 UTC on 15 June is already 16 June (1 Muharram 1448) in Karachi.
      const { plan } = await ask("2026-06-15T20:00:00Z");
      expect(plan).toMatchObject({
        calculated_on: "2026-06-16",
        calculated_hijri: "1 Muharram 1448 AH",
        due_on: "2027-06-06",
      });
    } finally {
      process.env.SITE_TIMEZONE = "UTC";
      resetEnvCache();
    }
  });
});

describe("sending", () => {
  async function plannedReminder(email: string, keepFigures: boolean) {
    const confirmed = await askAndConfirm(email, keepFigures);
    return getDb().selectFrom("zakat_reminders").selectAll().where("id", "=", confirmed.id).executeTakeFirstOrThrow();
  }
  const at = (day: string) => new Date(`${day}T09:00:00Z`);
  const dayBefore = (day: string) => new Date(new Date(`${day}T09:00:00Z`).getTime() - 86_400_000);

  it("sends nothing before the day, then once on it, however many rounds run, and moves on to the next Hijri year", async () => {
    const planned = await plannedReminder("once@example.org", true);
    expect(await sendDueZakatReminders(dayBefore(planned.remind_on))).toMatchObject({ sent: 0 });
    expect(await mailsOf("zakat-reminder")).toEqual([]);

    const [first, second] = await Promise.all([
      sendDueZakatReminders(at(planned.remind_on)),
      sendDueZakatReminders(at(planned.remind_on)),
    ]);
    expect(first!.sent + second!.sent).toBe(1);
    expect((await sendDueZakatReminders(at(planned.remind_on))).sent).toBe(0);
    const mails = await mailsOf("zakat-reminder");
    expect(mails).toHaveLength(1);
    // Without SMTP the mail is kept for the Outbox.
    expect(mails[0]).toMatchObject({
      to_address: "once@example.org",
      status: "kept",
      dedupe_key: `zakat-reminder-${planned.id}-${planned.due_on}`,
    });
    expect(mails[0]!.subject).toBe("Your Zakat is due again soon");
    const moved = await getDb()
      .selectFrom("zakat_reminders")
      .selectAll()
      .where("id", "=", planned.id)
      .executeTakeFirstOrThrow();
    expect(moved.reminded_for).toBe(planned.due_on);
    expect(moved.due_on > planned.due_on).toBe(true);
    expect(moved.remind_on > planned.remind_on).toBe(true);
  });

  it("after a round that stopped half-way, the next sends what was left, and nothing twice", async () => {
    const one = await plannedReminder("first@example.org", false);
    const two = await plannedReminder("second@example.org", false);
    const day = [one.remind_on, two.remind_on].sort()[1]!;
    crash.next = true;
    const broken = await sendDueZakatReminders(at(day));
    expect(broken).toMatchObject({ sent: 1, failed: 1 });
    expectLoggedError(/could not be sent: Error: the server stopped here/);
    expect(await mailsOf("zakat-reminder")).toHaveLength(1);
    // The restart's first round.
    expect((await sendDueZakatReminders(at(day))).sent).toBe(1);
    expect((await sendDueZakatReminders(at(day))).sent).toBe(0);
    expect((await mailsOf("zakat-reminder")).map((mail) => mail.to_address).sort()).toEqual([
      "first@example.org",
      "second@example.org",
    ]);
  });

  it("carries last year's figures only when they were kept, and the stop link stops it", async () => {
    const kept = await plannedReminder("kept@example.org", true);
    const bare = await plannedReminder("bare@example.org", false);
    await sendDueZakatReminders(at([kept.remind_on, bare.remind_on].sort()[1]!));
    const [keptMail] = (await mailsOf("zakat-reminder")).filter((mail) => mail.to_address === "kept@example.org");
    const [bareMail] = (await mailsOf("zakat-reminder")).filter((mail) => mail.to_address === "bare@example.org");

    const figuresKey = linkIn(keptMail!.text_body, "/zakat-calculator?reminder=")!;
    expect(figuresKey).toBeDefined();
    expect(keptMail!.text_body).not.toContain("12000");
    const calculator = unwrapData(await callRoute(zakatCalculator.loader, `/zakat-calculator?reminder=${figuresKey}`));
    expect(calculator.headers).toEqual({ "Cache-Control": "private, no-store" });
    expect((calculator.data as { kept: unknown }).kept).toEqual({
      cash: "12000",
      liabilities: "500",
      gold_weight: "20",
      nisab_basis: "silver",
      agriculture_irrigation: "irrigated",
    });
    expect(await screenHtml(zakatCalculator as never, `/zakat-calculator?reminder=${figuresKey}`)).toMatch(
      /name="cash"[^>]*value="12000"/,
    );

    expect(bareMail!.text_body).toContain("Work out my Zakat: http://localhost:3000/zakat-calculator\n");
    expect(bareMail!.text_body).not.toContain("reminder=");
    expect(bareMail!.text_body).toContain("enter what you hold today");

    const stopKey = linkIn(keptMail!.text_body, "/zakat-reminders/stop?token=")!;
    expect(JSON.parse(keptMail!.headers)).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/api/zakat-reminders/stop?token=${stopKey}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await screenText(stopPage as never, `/zakat-reminders/stop?token=${stopKey}`)).toContain(
      "Press the button and kept@example.org will receive no more yearly Zakat reminders",
    );
    const stopped = unwrapData(
      await callRoute(stopPage.action, "/zakat-reminders/stop", { form: { token: stopKey } }),
    ).data;
    expect(stopped).toEqual({ stopped: true });
    const row = await getDb()
      .selectFrom("zakat_reminders")
      .selectAll()
      .where("id", "=", kept.id)
      .executeTakeFirstOrThrow();
    expect(row.stopped_at).not.toBeNull();
    expect(row.kept_figures).toBeNull();
    expect(
      (
        unwrapData(await callRoute(zakatCalculator.loader, `/zakat-calculator?reminder=${figuresKey}`)).data as {
          kept: unknown;
        }
      ).kept,
    ).toBeNull();

    // The next year's day comes: the stopped one is not sent, the other is.
    const nextYear = await getDb()
      .selectFrom("zakat_reminders")
      .select(["remind_on"])
      .where("id", "=", bare.id)
      .executeTakeFirstOrThrow();
    await sendDueZakatReminders(at(row.remind_on > nextYear.remind_on ? row.remind_on : nextYear.remind_on));
    expect((await mailsOf("zakat-reminder")).filter((mail) => mail.to_address === "kept@example.org")).toHaveLength(1);
    expect((await mailsOf("zakat-reminder")).filter((mail) => mail.to_address === "bare@example.org")).toHaveLength(2);

    // A mail app's one-click stop.
    const bareKey = linkIn(
      (await mailsOf("zakat-reminder")).filter((mail) => mail.to_address === "bare@example.org")[1]!.text_body,
      "/zakat-reminders/stop?token=",
    )!;
    const oneClick = await callApi(stopApi.action, `/api/zakat-reminders/stop?token=${bareKey}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick).toMatchObject({ status: 200, body: { stopped: true } });
    expect((await callApi(stopApi.action, "/api/zakat-reminders/stop?token=nothing", { method: "POST" })).status).toBe(
      404,
    );
  });

  it("with SMTP, the mail goes out pending, and once delivered its stored copy no longer holds the keys", async () => {
    const planned = await plannedReminder("smtp@example.org", true);
    Object.assign(process.env, {
      SMTP_URL: "smtp://127.0.0.1:1",
      MAIL_FROM: "giving@charity.example",
      PUBLIC_URL: "https://charity.example",
    });
    resetEnvCache();
    try {
      await sendDueZakatReminders(at(planned.remind_on));
      const [queued] = await mailsOf("zakat-reminder");
      expect(queued!.status).toBe("pending");
      expect(queued!.text_body).toMatch(/reminder=[A-Za-z0-9_-]{20,}/);
      const delivered: string[] = [];
      await deliverDueMail(async (message) => void delivered.push(message.text), new Date(Date.now() + 1000));
      expect(delivered[0]).toMatch(/reminder=[A-Za-z0-9_-]{20,}/);
      const [kept] = await mailsOf("zakat-reminder");
      expect(kept!.status).toBe("sent");
      expect(kept!.text_body).toContain("/zakat-calculator?reminder=(hidden once sent)");
      expect(kept!.text_body).toContain("/zakat-reminders/stop?token=(hidden once sent)");
      // The mail app's one-click stop, kept in the stored headers, is hidden too.
      expect(JSON.parse(kept!.headers)).toEqual({
        "List-Unsubscribe": "<https://charity.example/api/zakat-reminders/stop?token=(hidden once sent)>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    } finally {
      Object.assign(process.env, { SMTP_URL: "", MAIL_FROM: "", PUBLIC_URL: "" });
      resetEnvCache();
    }
  });

  it("keeps one stop link for the reminder's life: last year's mail still stops it", async () => {
    const planned = await plannedReminder("yearly@example.org", true);
    await sendDueZakatReminders(at(planned.remind_on));
    const nextYear = await getDb()
      .selectFrom("zakat_reminders")
      .select("remind_on")
      .where("id", "=", planned.id)
      .executeTakeFirstOrThrow();
    await sendDueZakatReminders(at(nextYear.remind_on));
    const [lastYear, thisYear] = await mailsOf("zakat-reminder");
    expect(thisYear).toBeDefined();
    const oldStop = linkIn(lastYear!.text_body, "/zakat-reminders/stop?token=")!;
    expect(linkIn(thisYear!.text_body, "/zakat-reminders/stop?token=")).toBe(oldStop);
    // Last year's figures link is not this year's: only the newest mail opens the figures.
    expect(linkIn(thisYear!.text_body, "/zakat-calculator?reminder=")).not.toBe(
      linkIn(lastYear!.text_body, "/zakat-calculator?reminder="),
    );
    expect(JSON.stringify(await getDb().selectFrom("zakat_reminders").selectAll().execute())).not.toContain(oldStop);

    expect(await screenText(stopPage as never, `/zakat-reminders/stop?token=${oldStop}`)).toContain(
      "Press the button and yearly@example.org will receive no more yearly Zakat reminders",
    );
    expect(
      unwrapData(await callRoute(stopPage.action, "/zakat-reminders/stop", { form: { token: oldStop } })).data,
    ).toEqual({ stopped: true });
    expect(
      (
        await getDb()
          .selectFrom("zakat_reminders")
          .select("stopped_at")
          .where("id", "=", planned.id)
          .executeTakeFirstOrThrow()
      ).stopped_at,
    ).not.toBeNull();
  });

  it("confirming a new reminder replaces the address's earlier one", async () => {
    await plannedReminder("again@example.org", false);
    await plannedReminder("again@example.org", true);
    const rows = await getDb()
      .selectFrom("zakat_reminders")
      .selectAll()
      .where("email", "=", "again@example.org")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kept_figures).not.toBeNull();
  });
});

describe("My giving", () => {
  async function signedIn(email: string) {
    const cookie = (await startDonorSession(email, makeRequest("/my-giving"))).split(";")[0]!;
    return { Cookie: cookie };
  }

  it("lists a donor's reminders and kept figures, and deletes each after asking, without JavaScript", async () => {
    const mine = await askAndConfirm("donor@example.org", true);
    await askAndConfirm("someone-else@example.org", true);
    const headers = await signedIn("donor@example.org");

    const page = await screenText(myGiving as never, "/my-giving", undefined, undefined, headers);
    expect(page).toContain("Zakat reminders");
    expect(page).toMatch(/Zakat due again on \w+ \d+, \d{4} \(\d+ [\w' ]+ \d{4} AH\) Planned Reminder on/);
    expect(page).toContain("Figures kept: cash and bank balances $12,000.00, debts $500.00, gold 20 g");

    const asking = await screenText(
      myGiving as never,
      `/my-giving?delete-figures=${mine.id}`,
      undefined,
      undefined,
      headers,
    );
    expect(asking).toContain("Delete the figures kept with this reminder?");
    const figuresGone = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "delete-figures", id: String(mine.id) },
      headers,
    })) as Response;
    expect(figuresGone.status).toBe(303);
    expect(figuresGone.headers.get("Location")).toBe("/my-giving?deleted=figures");
    expect(await screenText(myGiving as never, "/my-giving?deleted=figures", undefined, undefined, headers)).toContain(
      "No figures kept",
    );

    // Another donor's reminder is not theirs to delete.
    const other = await getDb()
      .selectFrom("zakat_reminders")
      .select("id")
      .where("email", "=", "someone-else@example.org")
      .executeTakeFirstOrThrow();
    const refused = unwrapData(
      await callRoute(myGiving.action, "/my-giving", {
        form: { intent: "delete-reminder", id: String(other.id) },
        headers,
      }),
    );
    expect(refused.status).toBe(404);
    expect(
      await getDb().selectFrom("zakat_reminders").select("id").where("id", "=", other.id).executeTakeFirst(),
    ).toBeDefined();

    expect(
      await screenText(myGiving as never, `/my-giving?delete-reminder=${mine.id}`, undefined, undefined, headers),
    ).toContain("Delete this Zakat reminder?");
    const gone = (await callRoute(myGiving.action, "/my-giving", {
      form: { intent: "delete-reminder", id: String(mine.id) },
      headers,
    })) as Response;
    expect(gone.headers.get("Location")).toBe("/my-giving?deleted=reminder");
    expect(
      await getDb().selectFrom("zakat_reminders").select("id").where("email", "=", "donor@example.org").execute(),
    ).toEqual([]);
    expect(await screenText(myGiving as never, "/my-giving?deleted=reminder", undefined, undefined, headers)).toContain(
      "You have no Zakat reminders.",
    );
  });
});

afterEach(() => {
  crash.next = false;
});
