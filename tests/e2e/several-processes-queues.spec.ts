import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startQueueMailServer, type QueueMailServer } from "./queue-mail-server";
import { signIn, startTwoProcesses, type SiteProcess, type TwoProcesses } from "./two-processes";

/**
 * The site's two queues under two app processes on one database: the mail queue (a round
 * every 5 s in each process) and the Ramadan charge queue (a round a minute in each, and
 * staff's "Run tonight's charges now" on either). Each message is sent once and each night
 * charged once, whichever process claims it, and a process killed mid-send leaves its claim
 * to be taken over. On the PostgreSQL pass the processes share a PostgreSQL database; on the
 * SQLite pass one file.
 */
test.describe.configure({ mode: "serial" });

const GREETS = { A: "process-a.charity.test", B: "process-b.charity.test" } as const;
const MANY = 240;

/** Messages queued as the site queues them (mail-queue.server.ts), due at `dueAt`. */
async function queueMessages(
  sites: TwoProcesses,
  count: number,
  dueAt: Date,
  to = (n: number) => `donor-${n}@example.org`,
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, n) => ({
    kind: "receipt",
    dedupe_key: null,
    to_address: to(n),
    subject: `Your receipt ${n + 1}`,
    text_body: `JazakAllahu khairan for your gift, number ${n + 1}.`,
    html_body: `<p>JazakAllahu khairan for your gift, number ${n + 1}.</p>`,
    headers: "{}",
    status: "pending" as const,
    next_attempt_at: dueAt.toISOString(),
    message_id: `<${randomUUID()}@charity.example>`,
  }));
  await sites.db.insertInto("outbound_mail").values(rows).execute();
  return rows.map((row) => row.message_id);
}

function mailRows(sites: TwoProcesses, messageIds: string[]) {
  return sites.db
    .selectFrom("outbound_mail")
    .select(["id", "message_id", "status", "attempts", "next_attempt_at"])
    .where("message_id", "in", messageIds)
    .orderBy("id")
    .execute();
}

/** How often the mail server accepted each of these messages. */
function timesReceived(mail: QueueMailServer, messageIds: string[]): Map<string, number> {
  const times = new Map(messageIds.map((id) => [id, 0]));
  for (const delivery of mail.deliveries)
    if (times.has(delivery.messageId)) times.set(delivery.messageId, times.get(delivery.messageId)! + 1);
  return times;
}

test.describe("the mail queue under two processes", () => {
  let mail: QueueMailServer;
  let sites: TwoProcesses;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mail = await startQueueMailServer();
    sites = await startTwoProcesses(
      { PUBLIC_URL: "http://give.charity.example", MAIL_FROM: "Al-Amanah Foundation <giving@charity.example>" },
      // Each process greets the mail server by its own name: the server can tell who sent what.
      { A: { SMTP_URL: mail.urlFor(GREETS.A) }, B: { SMTP_URL: mail.urlFor(GREETS.B) } },
    );
  });
  test.afterAll(async () => {
    mail?.releaseStall();
    await sites?.stop();
    await mail?.close();
  });

  test("each of many queued messages is sent once, both processes sending, their claims made at the same moment", async () => {
    test.setTimeout(120_000);
    // Answered in step, the two processes end their batches together and claim the next ones together.
    mail.pairing = true;
    // Enough batches that, were claims not exclusive, some made at the same moment would take the same messages.
    const messageIds = await queueMessages(sites, MANY, new Date());
    await expect
      .poll(async () => (await mailRows(sites, messageIds)).filter((row) => row.status === "sent").length, {
        timeout: 90_000,
        intervals: [500],
      })
      .toBe(MANY);
    mail.pairing = false;

    const times = timesReceived(mail, messageIds);
    expect(
      [...times].filter(([, count]) => count !== 1),
      "messages not received exactly once",
    ).toEqual([]);
    expect((await mailRows(sites, messageIds)).map((row) => [row.status, row.attempts])).toEqual(
      messageIds.map(() => ["sent", 1]),
    );
    // The work was shared: each process sent some of the messages.
    const ours = new Set(messageIds);
    const sentBy = (name: string) =>
      mail.deliveries.filter((delivery) => ours.has(delivery.messageId) && delivery.by === name).length;
    expect(sentBy(GREETS.A), "messages sent by process A").toBeGreaterThan(0);
    expect(sentBy(GREETS.B), "messages sent by process B").toBeGreaterThan(0);
    expect(sentBy(GREETS.A) + sentBy(GREETS.B)).toBe(MANY);
  });

  test("a process killed while its mail server hangs leaves its claim, taken over once it lapses: each message sent once", async () => {
    test.setTimeout(120_000);
    const stalled = `stall-${Date.now()}@example.org`;
    mail.stall(stalled);
    // The hanging message first in the queue, so the first round's batch holds it and others behind it.
    const [stalledId] = await queueMessages(sites, 1, new Date(Date.now() - 60_000), () => stalled);
    const others = await queueMessages(sites, 19, new Date(Date.now() - 30_000));
    const messageIds = [stalledId!, ...others];

    await expect.poll(() => mail.stalledBy().length, { timeout: 15_000 }).toBe(1);
    const holder = mail.stalledBy()[0] === GREETS.A ? sites.a : sites.b;
    const stalledRow = (await mailRows(sites, [stalledId!]))[0]!;
    expect(stalledRow.status).toBe("sending");
    sites.kill(holder);
    await new Promise((resolve) => holder.child.once("exit", resolve));

    // The other process goes on with the rest, and leaves the dead process's claimed messages
    // alone while their claim lasts: once it has finished, what is left claimed stays so.
    const claimedIds = async () =>
      (await mailRows(sites, messageIds)).filter((row) => row.status === "sending").map((row) => row.id);
    let stranded = await claimedIds();
    await expect
      .poll(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 6_000));
          const now = await claimedIds();
          const still = JSON.stringify(now) === JSON.stringify(stranded);
          stranded = now;
          return still;
        },
        { timeout: 45_000, intervals: [0] },
      )
      .toBe(true);
    expect(stranded).toContain(stalledRow.id);
    const rows = await mailRows(sites, messageIds);
    expect(rows.filter((row) => !stranded.includes(row.id)).map((row) => row.status)).toEqual(
      Array(20 - stranded.length).fill("sent"),
    );

    mail.releaseStall();
    // The claim lapses two minutes after it was made (or renewed for the message being sent):
    // moved into the past here, standing in for that wait.
    await sites.db
      .updateTable("outbound_mail")
      .set({ next_attempt_at: new Date(Date.now() - 1_000).toISOString() })
      .where("id", "in", stranded)
      .where("status", "=", "sending")
      .execute();
    await sites.restart(holder);

    await expect
      .poll(async () => (await mailRows(sites, messageIds)).filter((row) => row.status === "sent").length, {
        timeout: 30_000,
        intervals: [500],
      })
      .toBe(20);
    const times = timesReceived(mail, messageIds);
    expect(
      [...times].filter(([, count]) => count !== 1),
      "messages not received exactly once",
    ).toEqual([]);
    expect(mail.deliveries.find((delivery) => delivery.messageId === stalledId)?.to).toEqual([stalled]);
    // The killed attempt was never recorded: each message's one attempt is the one that sent it.
    expect((await mailRows(sites, messageIds)).map((row) => [row.status, row.attempts])).toEqual(
      messageIds.map(() => ["sent", 1]),
    );
  });
});

/**
 * A fixed-offset time zone where it is now early afternoon, whatever the hour in UTC: tonight's
 * night has begun (before 05:00 it would still be last night's) and an hour of 23:00 is still
 * to come, for the few minutes the test lasts.
 */
function afternoonTimeZone(): string {
  const offset = ((13 - new Date().getUTCHours() + 36) % 24) - 12;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

function dateIn(timeZone: string, date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const postForm = (site: SiteProcess, path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(new URL(path, site.url), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.url,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

test.describe("the Ramadan charge queue under two processes", () => {
  const timeZone = afternoonTimeZone();
  let sites: TwoProcesses;
  const cookies = new Map<SiteProcess, string>();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    sites = await startTwoProcesses({ SITE_TIMEZONE: timeZone });
    for (const site of [sites.a, sites.b]) cookies.set(site, await signIn(site));
  });
  test.afterAll(async () => sites?.stop());

  /** A donor sets up the last ten nights in the sandbox on one process: the card page, then "Save card". */
  async function setUpNights(site: SiteProcess, email: string, perNight: number): Promise<void> {
    const started = await postForm(site, "/donate", {
      way: "ramadan-nights",
      plan: "last-ten",
      per_night: String(perNight),
      purpose: "General Donation",
      name: "Khadija Rahman",
      email,
      intent: "save-card",
    });
    expect(started.status, `starting ${email}`).toBe(303);
    const saved = await postForm(site, started.headers.get("Location")!, { intent: "save-card" });
    expect(saved.status, `saving the card of ${email}`).toBe(303);
  }

  /**
   * Staff's "Run tonight's charges now", answered with its counts in the address (?ran=charged-failed-already-missed).
   */
  async function runTonight(
    site: SiteProcess,
  ): Promise<{ charged: number; failed: number; already: number; missed: number }> {
    const response = await postForm(site, "/admin/ramadan", { intent: "run" }, cookies.get(site));
    expect(response.status, `the run on ${site.name}: ${site.errors.join("")}`).toBe(303);
    const [charged, failed, already, missed] = new URL(response.headers.get("Location")!, site.url).searchParams
      .get("ran")!
      .split("-")
      .map(Number) as [number, number, number, number];
    return { charged, failed, already, missed };
  }

  /** Tonight's nights of these donors' schedules, with their gifts and the sandbox's charges. */
  async function tonightsNights(emails: string[], tonight: string) {
    const nights = await sites.db
      .selectFrom("ramadan_nights as night")
      .innerJoin("ramadan_schedules as schedule", "schedule.id", "night.schedule_id")
      .select([
        "night.id",
        "night.number",
        "night.status",
        "night.attempts",
        "night.donation_id",
        "night.payment_intent_id",
        "night.amount_cents",
        "schedule.email",
      ])
      .where("schedule.email", "in", emails)
      .where("night.evening", "=", tonight)
      .orderBy("night.id")
      .execute();
    const ids = nights.map((night) => night.id);
    const gifts = await sites.db
      .selectFrom("donations")
      .select(["id", "email", "amount_cents", "frequency", "stripe_payment_intent_id"])
      .where("email", "in", emails)
      .execute();
    const charges = (
      await sites.db.selectFrom("sandbox_objects").select("data").where("type", "=", "payment_intent").execute()
    )
      .map((row) => JSON.parse(row.data) as { id: string; amount: number; metadata: { ramadan_night_id?: string } })
      .filter((intent) => ids.includes(Number(intent.metadata.ramadan_night_id)));
    return { nights, gifts, charges };
  }

  /**
   * Each night charged once: one gift and one charge at the sandbox, each its own, on the first attempt.
   * Like Stripe, the sandbox answers a key sent twice with the same charge, so a night whose first
   * attempt two rounds both sent would still show one charge here: the runs' own counts (first test) show that.
   */
  function expectEachChargedOnce(
    { nights, gifts, charges }: Awaited<ReturnType<typeof tonightsNights>>,
    count: number,
  ) {
    expect(nights).toHaveLength(count);
    expect(nights.map((night) => [night.number, night.status, night.attempts])).toEqual(
      nights.map(() => [21, "charged", 1]),
    );
    expect(gifts).toHaveLength(count);
    expect(charges).toHaveLength(count);
    for (const night of nights) {
      const gift = gifts.filter((each) => each.stripe_payment_intent_id === night.payment_intent_id);
      expect(gift.map((each) => [each.id, each.email, each.amount_cents, each.frequency])).toEqual([
        [night.donation_id, night.email, night.amount_cents, "Ramadan"],
      ]);
      expect(
        charges
          .filter((charge) => Number(charge.metadata.ramadan_night_id) === night.id)
          .map((charge) => [charge.id, charge.amount]),
      ).toEqual([[night.payment_intent_id, night.amount_cents]]);
    }
  }

  test("staff run tonight's charges on both processes at the same moment: each night charged once", async () => {
    test.setTimeout(120_000);
    const tonight = dateIn(timeZone);
    // Test mode rehearses out of season: tonight is the 21st night. The hour (23:00) is not yet come,
    // so the processes' own rounds leave the nights to staff's run.
    const saved = await postForm(
      sites.a,
      "/admin/settings",
      { intent: "ramadan", ramadan_first_night: daysBefore(tonight, 20), ramadan_charge_hour: "23" },
      cookies.get(sites.a),
    );
    expect(saved.status).toBe(302);
    const emails = Array.from({ length: 12 }, (_, n) => `night-giver-${n}-${Date.now().toString(36)}@example.org`);
    for (const [n, email] of emails.entries()) await setUpNights(n % 2 ? sites.b : sites.a, email, 5 + n);
    const before = await tonightsNights(emails, tonight);
    expect(before.nights.map((night) => [night.number, night.status])).toEqual(emails.map(() => [21, "pending"]));

    const runs = await Promise.all([runTonight(sites.a), runTonight(sites.b)]);
    // Between them the two runs charged each night once: a night charged by both would be counted twice.
    expect(runs[0].charged + runs[1].charged).toBe(12);
    expect(runs.map((run) => [run.failed, run.missed])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expectEachChargedOnce(await tonightsNights(emails, tonight), 12);

    // Pressed again on either: nothing more.
    expect(await runTonight(sites.b)).toEqual({ charged: 0, failed: 0, already: expect.any(Number), missed: 0 });
    expectEachChargedOnce(await tonightsNights(emails, tonight), 12);
  });

  test("both processes restarted as the hour comes, their own rounds and staff's runs at once: each night charged once", async () => {
    test.setTimeout(150_000);
    const tonight = dateIn(timeZone);
    const emails = Array.from({ length: 12 }, (_, n) => `restart-giver-${n}-${Date.now().toString(36)}@example.org`);
    for (const [n, email] of emails.entries()) await setUpNights(n % 2 ? sites.a : sites.b, email, 7 + n);
    expect((await tonightsNights(emails, tonight)).nights.map((night) => night.status)).toEqual(
      emails.map(() => "pending"),
    );

    // A deploy: both processes go down; meanwhile the charge hour comes (an hour already past, set
    // in the database while no process runs). Each process's first round, at its start, charges tonight's
    // nights, at the same moment as the other's, and staff press the button on each as soon as it answers.
    sites.kill(sites.a);
    sites.kill(sites.b);
    await sites.db.updateTable("settings").set({ value: "6" }).where("key", "=", "ramadan_charge_hour").execute();
    const runs = await Promise.all(
      [sites.a, sites.b].map(async (site) => {
        await sites.restart(site);
        cookies.set(site, await signIn(site));
        return runTonight(site);
      }),
    );
    expect(runs.map((run) => [run.failed, run.missed])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    await expect
      .poll(
        async () => (await tonightsNights(emails, tonight)).nights.filter((night) => night.status === "charged").length,
        { timeout: 10_000 },
      )
      .toBe(12);
    expectEachChargedOnce(await tonightsNights(emails, tonight), 12);
  });
});
