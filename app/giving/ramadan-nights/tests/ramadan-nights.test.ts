import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getPaymentGateway } from "~/lib/payments/gateway.server";
import { ConflictError, NotFoundError, PaymentProviderError, ValidationError } from "~/lib/service-errors";
import * as runTonightApi from "~/giving/ramadan-nights/routes/api-ramadan-charges-run";
import * as schedulesApi from "~/giving/ramadan-nights/routes/api-ramadan-schedules";
import { updateSetting } from "~/content/settings/server/settings.server";
import {
  findRamadanSchedule,
  listRamadanSchedules,
  previewRamadanNights,
  ramadanSchedulesOf,
  startRamadanCheckout,
  stopMyRamadanNights,
  stopRamadanSchedule,
} from "~/giving/ramadan-nights/server/ramadan-schedules.server";
import { ramadanSettings } from "~/giving/ramadan-nights/server/ramadan-settings.server";
import {
  runTonightsRamadanCharges,
  runRamadanChargeRound,
} from "~/giving/ramadan-nights/server/ramadan-charges.server";
import { saveSandboxCheckoutCard } from "~/giving/provider/server/sandbox-checkout.server";
import { syncFromProvider } from "~/giving/provider/server/provider-sync.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callApi, expectLoggedError } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import * as ramadanScreen from "~/giving/ramadan-nights/routes/admin-ramadan";
import { addDays } from "~/shared/hijri";
import { isPlausibleFirstNight } from "~/giving/ramadan-nights/rules/ramadan-charge-window";
import { deliver, deliverAll, useFakeStripe } from "../../../../tests/support/stripe-mode";

/**
 * Ramadan's nights end to end, with Stripe (the fake) and with the sandbox: the card saved
 * through a setup checkout, each night charged once at its hour (under repeated rounds,
 * restarts and lapsed claims), recorded as a gift of frequency Ramadan with its receipt;
 * the odd nights doubled, a missed night, a failed night, stopping, and the staff API.
 *
 * The foundation's time zone is UTC here. Ramadan 1448 by the calculation: the first night
 * on the evening of 2027-02-07, so the 21st night's evening is 2027-02-27; the calculated
 * Eid al-Fitr (2027-03-09) gives the month 29 days.
 */
const DONOR = { name: "Khadija Rahman", email: "Khadija@Example.org" };
const VISITOR = { clientAddress: "203.0.113.77", siteUrl: "http://localhost:3000" };
/** The evening of a night of Ramadan 1448 (the first night confirmed as the calculation proposes). */
const evening = (night: number) => new Date(Date.UTC(2027, 1, 7 + night - 1)).toISOString().slice(0, 10);
/** A moment on a night's evening (or, past 24, the morning after), UTC. */
const on = (night: number, hour: number, minute = 0) =>
  new Date(Date.parse(`${evening(night)}T00:00:00Z`) + (hour * 60 + minute) * 60_000);

let auth: Record<string, string>;

beforeEach(async () => {
  await clearGiving();
  const db = getDb();
  await db.deleteFrom("ramadan_nights").execute();
  await db.deleteFrom("ramadan_schedules").execute();
  await db.deleteFrom("outbound_mail").execute();
  await db.deleteFrom("eid_dates").execute();
  await updateSetting("ramadan_first_night", { value: "2027-02-07" });
  await updateSetting("ramadan_charge_hour", { value: "20" });
  ({ auth } = await createTestAdmin());
});

function nightsOf(scheduleId: number) {
  return getDb()
    .selectFrom("ramadan_nights")
    .selectAll()
    .where("schedule_id", "=", scheduleId)
    .orderBy("number")
    .execute();
}

async function onlySchedule() {
  const rows = await getDb().selectFrom("ramadan_schedules").selectAll().execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

function mails(kind: string) {
  return getDb().selectFrom("outbound_mail").selectAll().where("kind", "=", kind).orderBy("id").execute();
}

async function night(scheduleId: number, number: number) {
  return (await nightsOf(scheduleId)).find((row) => row.number === number)!;
}

/** A night's attempt's idempotency key: the schedule's setup checkout, the night, the attempt. */
const keyOf = (schedule: { setup_session_id: string | null }, number: number, attempt: number) =>
  `ramadan-${schedule.setup_session_id}-night-${number}-attempt-${attempt}`;

/** Staff confirm Eid al-Fitr 1448 (the calculation gives 2027-03-09, a Ramadan of 29 days). */
function confirmEid(day: string) {
  return getDb()
    .insertInto("eid_dates")
    .values({ hijri_year: 1448, eid_al_fitr_on: day, set_by: "staff", set_at: new Date().toISOString() })
    .execute();
}

describe("the settings and the preview", () => {
  it("previews the nights and the total before checkout, the odd nights of the last ten doubled", async () => {
    const preview = await previewRamadanNights({ plan: "last-ten", per_night: 10, double_odd_nights: true });
    expect(preview.first_night_confirmed).toBe(true);
    expect(preview.nights.map((each) => [each.number, each.evening, each.amount_cents])).toEqual([
      [21, "2027-02-27", 2000],
      [22, "2027-02-28", 1000],
      [23, "2027-03-01", 2000],
      [24, "2027-03-02", 1000],
      [25, "2027-03-03", 2000],
      [26, "2027-03-04", 1000],
      [27, "2027-03-05", 2000],
      [28, "2027-03-06", 1000],
      [29, "2027-03-07", 2000],
      [30, "2027-03-08", 1000],
    ]);
    expect(preview).toMatchObject({ total_cents: 14_000, total_with_thirtieth_cents: 15_000 });
  });
});

describe("with Stripe", () => {
  const fakeStripe = useFakeStripe();

  async function saveCard(fields: Record<string, unknown> = {}, { declines = false } = {}) {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "10", purpose: "General Donation", ...fields },
      VISITOR,
    );
    await deliverAll(fakeStripe().saveCard(started.id, { declines }));
    return { started, schedule: await onlySchedule() };
  }

  it("shows the confirmed first night, the proposal and the hour; with test keys a first night far from the proposal is a rehearsal", async () => {
    expect(await ramadanSettings("2026-11-25")).toEqual({
      first_night: "2027-02-07",
      proposed_first_night: "2027-02-07",
      charge_hour: 20,
      hijri_year: 1448,
      rehearsed: false,
    });
    await updateSetting("ramadan_first_night", { value: "" });
    expect((await ramadanSettings("2026-11-25")).first_night).toBeNull();
    // Stripe's test keys move no money: a first night far from the proposal is a rehearsal, taken (live keys refuse it:
    // content/settings/tests/settings-api.test.ts).
    const today = new Date().toISOString().slice(0, 10);
    const rehearsal = [addDays(today, 100), addDays(today, 200), addDays(today, 300)].find(
      (evening) => !isPlausibleFirstNight(evening),
    )!;
    await updateSetting("ramadan_first_night", { value: rehearsal });
    expect(await ramadanSettings(addDays(rehearsal, -11))).toMatchObject({ first_night: rehearsal, rehearsed: true });
    await updateSetting("ramadan_first_night", { value: "" });
    await expect(updateSetting("ramadan_charge_hour", { value: "25" })).rejects.toBeInstanceOf(ValidationError);
    // Last year's confirmation is not this year's.
    await updateSetting("ramadan_first_night", { value: "2026-02-17" });
    expect((await ramadanSettings("2026-11-25")).first_night).toBeNull();
  });

  const intents = () => [...fakeStripe().paymentIntents.values()];
  const intentRequests = () =>
    fakeStripe().requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");

  it("saves the card through a setup-mode checkout, then the schedule is active with its nights", async () => {
    const { started, schedule } = await saveCard({ double_odd_nights: "on" });
    const params = fakeStripe().checkoutParams(started.id);
    // Cards only: a bank debit would still be under way when the night ends.
    expect(params).toMatchObject({
      mode: "setup",
      currency: "usd",
      customer: expect.stringMatching(/^cus_/),
      allowed_payment_method_types: ["card"],
    });
    expect(params.line_items).toBeUndefined();
    expect(schedule).toMatchObject({
      status: "active",
      email: "khadija@example.org",
      plan: "last-ten",
      per_night_cents: 1000,
      double_odd_nights: 1,
      provider_customer_id: params.customer,
      payment_method_id: expect.stringMatching(/^pm_/),
      setup_session_id: started.id,
      first_night: "2027-02-07",
      hijri_year: 1448,
      is_test: 1,
    });
    const nights = await nightsOf(schedule.id);
    expect(nights.map((row) => [row.number, row.evening, row.amount_cents, row.status])).toEqual(
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((number) => [
        number,
        evening(number),
        number % 2 === 1 ? 2000 : 1000,
        "pending",
      ]),
    );
    expect(await mails("ramadan-started")).toHaveLength(1);
    // Nothing is charged when the card is saved.
    expect(intents()).toHaveLength(0);
  });

  it("activates the schedule once, however often the provider reports the saved card", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "all-thirty", per_night: "5", purpose: "General Donation" },
      VISITOR,
    );
    const events = fakeStripe().saveCard(started.id);
    await deliverAll(events);
    await deliver({ ...events[0]!, id: `${events[0]!.id}_again` });
    const schedule = await onlySchedule();
    expect(await nightsOf(schedule.id)).toHaveLength(30);
    expect(await mails("ramadan-started")).toHaveLength(1);
  });

  it("charges each night once at its hour, as a gift of frequency Ramadan with its receipt", async () => {
    const { schedule } = await saveCard({ double_odd_nights: "on" });
    // Before the hour on the 21st night's evening: nothing.
    expect(await runRamadanChargeRound({ now: on(21, 19, 59) })).toMatchObject({ charged: 0 });
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ charged: 1, failed: 0 });
    // The same round again, and a later one the same night: nothing more.
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    await runRamadanChargeRound({ now: on(21, 23, 30) });
    expect(await runRamadanChargeRound({ now: on(22, 20, 1) })).toMatchObject({ charged: 1 });

    const gifts = await donationRows();
    expect(
      gifts.map((gift) => [
        gift.frequency,
        gift.amount_cents,
        gift.designation,
        gift.email,
        gift.payment_method,
        gift.is_test,
      ]),
    ).toEqual([
      ["Ramadan", 2000, "Night 21 of Ramadan", "khadija@example.org", "card", 1],
      ["Ramadan", 1000, "Night 22 of Ramadan", "khadija@example.org", "card", 1],
    ]);
    expect(intents().map((intent) => [intent.amount, intent.customer, intent.payment_method, intent.status])).toEqual([
      [2000, schedule.provider_customer_id, schedule.payment_method_id, "succeeded"],
      [1000, schedule.provider_customer_id, schedule.payment_method_id, "succeeded"],
    ]);
    const first = await night(schedule.id, 21);
    expect(intentRequests()[0]!.headers["idempotency-key"]).toBe(keyOf(schedule, 21, 1));
    expect(intentRequests()[0]!.body).toMatchObject({ off_session: "true", confirm: "true", currency: "usd" });
    expect(first).toMatchObject({
      status: "charged",
      donation_id: gifts[0]!.id,
      payment_intent_id: intents()[0]!.id,
      attempts: 1,
    });
    expect(gifts[0]!.stripe_payment_intent_id).toBe(intents()[0]!.id);
    const receipts = await mails("receipt");
    expect(receipts.map((mail) => mail.to_address)).toEqual(["khadija@example.org", "khadija@example.org"]);

    // The provider's own word of the charge, arriving later, records nothing more.
    await deliverAll(fakeStripe().takeEvents());
    expect(await donationRows()).toHaveLength(2);
  });

  it("never charges a night twice across a restart: a claim left mid-charge is resumed with its key once it lapses", async () => {
    const { schedule } = await saveCard();
    const stranded = await night(schedule.id, 21);
    // A process took the night and sent the charge, then stopped before recording it.
    const key = keyOf(schedule, 21, 1);
    await getDb()
      .updateTable("ramadan_nights")
      .set({ status: "charging", attempts: 1, idempotency_key: key, claimed_until: on(21, 20, 2).toISOString() })
      .where("id", "=", stranded.id)
      .execute();
    const sent = await getPaymentGateway().chargeSavedCard({
      customerId: schedule.provider_customer_id!,
      paymentMethodId: schedule.payment_method_id!,
      amountCents: 1000,
      description: "Night 21 of Ramadan",
      metadata: {},
      idempotencyKey: key,
    });
    expect(sent.outcome).toBe("paid");

    // While the claim holds, another round leaves the night alone.
    expect(await runRamadanChargeRound({ now: on(21, 20, 1) })).toMatchObject({ charged: 0 });
    // Once it lapses, the same key is sent again: the provider answers with the same charge.
    expect(await runRamadanChargeRound({ now: on(21, 20, 3) })).toMatchObject({ charged: 1 });
    await runRamadanChargeRound({ now: on(21, 21, 0) });
    expect(intents()).toHaveLength(1);
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([key, key]);
    const gifts = await donationRows();
    expect(gifts).toHaveLength(1);
    expect(gifts[0]!.stripe_payment_intent_id).toBe(intents()[0]!.id);
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charged", attempts: 1 });
  });

  it("charges a night once when two rounds run at the same moment (a second process, staff's run)", async () => {
    await saveCard({ plan: "all-thirty" });
    const rounds = await Promise.all([
      runRamadanChargeRound({ now: on(21, 20, 0) }),
      runRamadanChargeRound({ now: on(21, 20, 0) }),
      runTonightsRamadanCharges({ now: on(21, 20, 0) }),
    ]);
    expect(rounds.reduce((sum, round) => sum + round.charged, 0)).toBe(1);
    expect(intents()).toHaveLength(1);
    expect(await donationRows()).toHaveLength(1);
  });

  it("leaves a night whose charge met an outage claimed, then sends the same key again once the claim lapses", async () => {
    const { schedule } = await saveCard();
    fakeStripe().failNext("POST", /^\/v1\/payment_intents$/);
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ charged: 0, failed: 0 });
    expectLoggedError(/Ramadan night \d+ could not be charged now/);
    const claimed = await night(schedule.id, 21);
    expect(claimed).toMatchObject({ status: "charging", attempts: 1 });
    expect(await runRamadanChargeRound({ now: on(21, 20, 1) })).toMatchObject({ charged: 0 });
    expect(await runRamadanChargeRound({ now: on(21, 20, 5) })).toMatchObject({ charged: 1 });
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 1),
    ]);
    expect(intents()).toHaveLength(1);
    expect(await donationRows()).toHaveLength(1);
  });

  it("records a charge whose round was cut short from the provider's payment_intent.succeeded, once", async () => {
    const { schedule } = await saveCard();
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    const recorded = await night(schedule.id, 21);
    // As if the round had stopped before recording: the night is back to charging, no gift.
    await getDb()
      .updateTable("ramadan_nights")
      .set({ status: "charging", donation_id: null })
      .where("id", "=", recorded.id)
      .execute();
    await getDb().deleteFrom("donations").execute();
    await deliverAll(fakeStripe().takeEvents());
    await deliverAll(fakeStripe().takeEvents());
    expect((await donationRows()).map((gift) => [gift.frequency, gift.amount_cents])).toEqual([["Ramadan", 1000]]);
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charged" });
    expect(intents()).toHaveLength(1);
  });

  it("charges a night the server slept through when it wakes within that night, and marks it missed after", async () => {
    const { schedule } = await saveCard();
    // Down from before the 21st night until 03:00 the next morning: still the 21st night.
    expect(await runRamadanChargeRound({ now: on(21, 27, 0) })).toMatchObject({ charged: 1, missed: 0 });
    // Down again from before the 22nd night until after the 23rd's cut-off: both are missed, never charged.
    expect(await runRamadanChargeRound({ now: on(23, 29, 30) })).toMatchObject({ charged: 0, missed: 2 });
    const nights = await nightsOf(schedule.id);
    expect(nights.slice(0, 3).map((row) => [row.number, row.status])).toEqual([
      [21, "charged"],
      [22, "missed"],
      [23, "missed"],
    ]);
    expect(intents()).toHaveLength(1);
    expect(await donationRows()).toHaveLength(1);
  });

  it("mails a failed night once and retries it once, an hour later within its night; then it stays failed", async () => {
    const { schedule } = await saveCard({}, { declines: true });
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ charged: 0, failed: 1 });
    let failed = await night(schedule.id, 21);
    expect(failed).toMatchObject({
      status: "retrying",
      attempts: 1,
      next_attempt_at: on(21, 21, 0).toISOString(),
      last_error: "Your card has insufficient funds.",
    });
    const failureMails = await mails("ramadan-night-failed");
    expect(failureMails).toHaveLength(1);
    expect(failureMails[0]!.to_address).toBe("khadija@example.org");
    expect(failureMails[0]!.subject).toContain("Your gift for the 21st night of Ramadan did not go through");
    expect(failureMails[0]!.text_body).toMatch(
      /for the 21st night, beginning on the evening of \w+ \d+ \w+ \d{4}, did not go through/,
    );
    expect(failureMails[0]!.text_body).toContain("We will try once more later tonight");

    // Not yet due.
    expect(await runRamadanChargeRound({ now: on(21, 20, 30) })).toMatchObject({ failed: 0 });
    expect(await runRamadanChargeRound({ now: on(21, 21, 0) })).toMatchObject({ failed: 1 });
    failed = await night(schedule.id, 21);
    expect(failed).toMatchObject({ status: "failed", attempts: 2, next_attempt_at: null });
    await runRamadanChargeRound({ now: on(21, 23, 0) });
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 2),
    ]);
    expect(await mails("ramadan-night-failed")).toHaveLength(1);
    expect(await donationRows()).toHaveLength(0);
    expect(await findRamadanSchedule(schedule.id)).toMatchObject({ failed: 1, charged: 0 });

    // A good card the next night: that night is given; the failed one is not tried again.
    fakeStripe().setCardDeclines(schedule.payment_method_id!, false);
    expect(await runRamadanChargeRound({ now: on(22, 20, 0) })).toMatchObject({ charged: 1 });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "failed" });
  });

  it("gives the whole schedule, leaves out the 30th night when staff confirm a Ramadan of 29 days, and finishes", async () => {
    const { schedule } = await saveCard();
    await confirmEid("2027-03-09");
    for (let number = 21; number <= 30; number++) await runRamadanChargeRound({ now: on(number, 20, 30) });
    await runRamadanChargeRound({ now: on(30, 30, 0) });
    const nights = await nightsOf(schedule.id);
    expect(nights.filter((row) => row.status === "charged").map((row) => row.number)).toEqual([
      21, 22, 23, 24, 25, 26, 27, 28, 29,
    ]);
    expect(nights.at(-1)).toMatchObject({
      number: 30,
      status: "stopped",
      last_error: "Ramadan had 29 nights this year",
    });
    expect(intents()).toHaveLength(9);
    expect((await onlySchedule()).status).toBe("finished");
  });

  it("gives the 30th night when staff confirm Eid al-Fitr a day later", async () => {
    const { schedule } = await saveCard({ plan: "last-ten" });
    await confirmEid("2027-03-10");
    await runRamadanChargeRound({ now: on(30, 20, 30) });
    expect(await night(schedule.id, 30)).toMatchObject({ status: "charged", amount_cents: 1000 });
  });

  it("re-dates the nights written from the proposal when staff confirm the first night a day later", async () => {
    await updateSetting("ramadan_first_night", { value: "" });
    const { schedule } = await saveCard();
    expect((await night(schedule.id, 21)).evening).toBe("2027-02-27");
    await updateSetting("ramadan_first_night", { value: "2027-02-08" });
    // The evening the proposal gave the 21st night: under the confirmed date it is the 20th's, so nothing is charged.
    expect(await runRamadanChargeRound({ now: on(21, 20, 30) })).toMatchObject({ charged: 0, missed: 0 });
    expect((await night(schedule.id, 21)).evening).toBe("2027-02-28");
    expect(await runRamadanChargeRound({ now: on(22, 20, 30) })).toMatchObject({ charged: 1 });
    expect((await onlySchedule()).first_night).toBe("2027-02-08");
  });

  it("rehearses the nights out of season with test keys: tonight's night charged once as test money, marked test on the staff's screen", async () => {
    // Tonight made the 21st night, as Settings' "Rehearse" does, months from the calculated evening.
    const today = new Date().toISOString().slice(0, 10);
    const tonight = new Date().getUTCHours() < 5 ? addDays(today, -1) : today;
    await updateSetting("ramadan_first_night", { value: addDays(tonight, -20) });
    const { schedule } = await saveCard();
    expect(schedule).toMatchObject({ first_night: addDays(tonight, -20), is_test: 1 });
    expect((await night(schedule.id, 21)).evening).toBe(tonight);
    expect(await runTonightsRamadanCharges({ now: new Date(), by: "staff1" })).toEqual({
      charged: 1,
      failed: 0,
      already_charged: 0,
      missed: 0,
    });
    expect(await runTonightsRamadanCharges({ now: new Date(), by: "staff1" })).toMatchObject({
      charged: 0,
      already_charged: 1,
    });
    expect((await donationRows()).map((gift) => [gift.designation, gift.amount_cents, gift.is_test])).toEqual([
      ["Night 21 of Ramadan", 1000, 1],
    ]);
    expect(intents()).toHaveLength(1);
    const screen = await screenText(ramadanScreen, "/admin/ramadan");
    expect(screen).toContain("Tonight is the 21st night");
    expect(screen).toContain("Test");
  });

  it("lets staff run tonight's charges before the hour, once", async () => {
    await saveCard();
    expect(await runTonightsRamadanCharges({ now: on(21, 9, 0), by: "staff1" })).toEqual({
      charged: 1,
      failed: 0,
      already_charged: 0,
      missed: 0,
    });
    expect(await runTonightsRamadanCharges({ now: on(21, 9, 5), by: "staff1" })).toEqual({
      charged: 0,
      failed: 0,
      already_charged: 1,
      missed: 0,
    });
    // The evening's round finds it given.
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ charged: 0 });
    expect(intents()).toHaveLength(1);
  });

  it("stops the nights still to come from the donor's own email, never someone else's", async () => {
    const { schedule } = await saveCard();
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    await expect(stopMyRamadanNights("someone@example.org", schedule.id)).rejects.toBeInstanceOf(NotFoundError);
    const stopped = await stopMyRamadanNights(" KHADIJA@example.org", schedule.id);
    expect(stopped).toMatchObject({ status: "stopped", stopped_by: "donor", charged: 10 });
    expect(stopped.nights.map((each) => each.status)).toEqual(["charged", ...Array(9).fill("stopped")]);
    expect(await mails("ramadan-stopped")).toHaveLength(1);
    await expect(stopMyRamadanNights("khadija@example.org", schedule.id)).rejects.toBeInstanceOf(ConflictError);
    expect(await runRamadanChargeRound({ now: on(22, 20, 0) })).toMatchObject({ charged: 0 });
    expect(intents()).toHaveLength(1);
    expect((await ramadanSchedulesOf("khadija@example.org")).map((each) => each.id)).toEqual([schedule.id]);
  });

  it("lets staff stop a schedule, and does not charge a stopped schedule's nights", async () => {
    const { schedule } = await saveCard();
    expect(await stopRamadanSchedule(schedule.id, { name: "staff1" })).toMatchObject({
      status: "stopped",
      stopped_by: "staff1",
    });
    await expect(stopRamadanSchedule(schedule.id, { name: "staff1" })).rejects.toBeInstanceOf(ConflictError);
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    expect(intents()).toHaveLength(0);
  });

  it("keeps a charge still under way at the bank under its key, and records it once the provider says it is paid", async () => {
    const { schedule } = await saveCard();
    fakeStripe().setCardProcessing(schedule.payment_method_id!, true);
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ charged: 0, failed: 0 });
    const [intent] = intents();
    expect(await night(schedule.id, 21)).toMatchObject({
      status: "charging",
      attempts: 1,
      payment_intent_id: intent!.id,
    });
    // Asked again once the claim lapses: the same key, still under way, never a new charge.
    expect(await runRamadanChargeRound({ now: on(21, 20, 5) })).toMatchObject({ charged: 0, failed: 0 });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charging", attempts: 1 });
    // The bank settles it: the next ask finds it paid.
    fakeStripe().settlePaymentIntent(intent!.id, "succeeded");
    expect(await runRamadanChargeRound({ now: on(21, 20, 10) })).toMatchObject({ charged: 1 });
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 1),
    ]);
    expect(intents()).toHaveLength(1);
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charged", payment_intent_id: intent!.id });
    await deliverAll(fakeStripe().takeEvents());
    expect((await donationRows()).map((gift) => [gift.amount_cents, gift.stripe_payment_intent_id])).toEqual([
      [1000, intent!.id],
    ]);
    expect(await mails("ramadan-night-failed")).toHaveLength(0);
  });

  it("records a charge under way from the provider's payment_intent.succeeded, without charging again", async () => {
    const { schedule } = await saveCard();
    fakeStripe().setCardProcessing(schedule.payment_method_id!, true);
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    const [intent] = intents();
    await deliverAll(fakeStripe().settlePaymentIntent(intent!.id, "succeeded"));
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charged", payment_intent_id: intent!.id });
    await runRamadanChargeRound({ now: on(21, 20, 5) });
    expect(intents()).toHaveLength(1);
    expect(await donationRows()).toHaveLength(1);
  });

  it("records money taken for a night already given by another charge, as a gift of its own", async () => {
    const { schedule } = await saveCard();
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    const given = await night(schedule.id, 21);
    // A second charge of the same night at the provider (say, from another process's key).
    fakeStripe().takeEvents();
    await getPaymentGateway().chargeSavedCard({
      customerId: schedule.provider_customer_id!,
      paymentMethodId: schedule.payment_method_id!,
      amountCents: 1000,
      description: "Night 21 of Ramadan",
      metadata: { ramadan_night_id: String(given.id) },
      idempotencyKey: "another-key",
    });
    await deliverAll(fakeStripe().takeEvents());
    expect(intents()).toHaveLength(2);
    expect((await donationRows()).map((gift) => gift.stripe_payment_intent_id).sort()).toEqual(
      intents()
        .map((each) => each.id)
        .sort(),
    );
    expect(await night(schedule.id, 21)).toMatchObject({
      status: "charged",
      donation_id: given.donation_id,
      payment_intent_id: given.payment_intent_id,
    });
  });

  it("waits for staff to confirm Eid before the 30th night, and writes it off unconfirmed at its cut-off", async () => {
    const { schedule } = await saveCard();
    await runRamadanChargeRound({ now: on(30, 20, 30) });
    // The calculation gives Ramadan 29 days, but only the confirmed Eid decides: the night waits.
    expect(await night(schedule.id, 30)).toMatchObject({ status: "pending", last_error: "" });
    expect((await onlySchedule()).status).toBe("active");
    expect(await runRamadanChargeRound({ now: on(30, 29, 0) })).toMatchObject({ charged: 0, missed: 0 });
    expect(await night(schedule.id, 30)).toMatchObject({
      status: "stopped",
      last_error: "Not charged: the end of Ramadan was not confirmed",
    });
    expect((await onlySchedule()).status).toBe("finished");
    expect((await findRamadanSchedule(schedule.id)).nights.at(-1)).toMatchObject({
      number: 30,
      status: "stopped",
      last_error: "Not charged: the end of Ramadan was not confirmed",
    });
    expect(intents()).toHaveLength(0);
  });

  it("charges the 30th night within its night once staff confirm Eid showing thirty days", async () => {
    const { schedule } = await saveCard();
    await runRamadanChargeRound({ now: on(30, 20, 30) });
    expect(await night(schedule.id, 30)).toMatchObject({ status: "pending" });
    await confirmEid("2027-03-10");
    expect(await runRamadanChargeRound({ now: on(30, 22, 0) })).toMatchObject({ charged: 1 });
    expect(await night(schedule.id, 30)).toMatchObject({ status: "charged" });
    expect(intents()).toHaveLength(1);
  });

  it("asks after a night left mid-charge once more with its key before writing it off, and records the money taken", async () => {
    const { schedule } = await saveCard();
    const stranded = await night(schedule.id, 21);
    const key = keyOf(schedule, 21, 1);
    await getDb()
      .updateTable("ramadan_nights")
      .set({ status: "charging", attempts: 1, idempotency_key: key, claimed_until: on(21, 20, 2).toISOString() })
      .where("id", "=", stranded.id)
      .execute();
    // The charge went through, but the process stopped before recording it and its event never came.
    await getPaymentGateway().chargeSavedCard({
      customerId: schedule.provider_customer_id!,
      paymentMethodId: schedule.payment_method_id!,
      amountCents: 1000,
      description: "Night 21",
      metadata: {},
      idempotencyKey: key,
    });
    // The server is back after the night's cut-off.
    expect(await runRamadanChargeRound({ now: on(21, 30, 0) })).toMatchObject({ charged: 1, missed: 0 });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "charged", payment_intent_id: intents()[0]!.id });
    expect(intents()).toHaveLength(1);
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([key, key]);
    expect((await donationRows()).map((gift) => gift.amount_cents)).toEqual([1000]);
  });

  it("fails a night the provider refuses for good (no such card): mailed once, retried once, never looping", async () => {
    const { schedule } = await saveCard();
    await getDb()
      .updateTable("ramadan_schedules")
      .set({ payment_method_id: "pm_test_gone" })
      .where("id", "=", schedule.id)
      .execute();
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toMatchObject({ failed: 1 });
    expect(await night(schedule.id, 21)).toMatchObject({
      status: "retrying",
      last_error: "No such PaymentMethod: 'pm_test_gone'",
    });
    expect(await runRamadanChargeRound({ now: on(21, 21, 0) })).toMatchObject({ failed: 1 });
    for (const minute of [5, 10, 20]) await runRamadanChargeRound({ now: on(21, 21, minute) });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "failed", attempts: 2 });
    expect(intentRequests()).toHaveLength(2);
    const failureMails = await mails("ramadan-night-failed");
    expect(failureMails).toHaveLength(1);
    expect(failureMails[0]!.text_body).toContain("No such PaymentMethod");
  });

  it("gives up a night after three sends of its key without an answer, never sending a new key", async () => {
    const { schedule } = await saveCard();
    for (let send = 0; send < 3; send++) fakeStripe().failNext("POST", /^\/v1\/payment_intents$/);
    for (const minute of [0, 3, 6]) await runRamadanChargeRound({ now: on(21, 20, minute) });
    expectLoggedError(/Ramadan night \d+ could not be charged now/);
    expect(await runRamadanChargeRound({ now: on(21, 20, 9) })).toMatchObject({ failed: 1 });
    expect(await night(schedule.id, 21)).toMatchObject({
      status: "failed",
      last_error: "Not charged: the card payment provider did not answer",
    });
    await runRamadanChargeRound({ now: on(21, 22, 0) });
    expect(intentRequests().map((request) => request.headers["idempotency-key"])).toEqual([
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 1),
      keyOf(schedule, 21, 1),
    ]);
    expect(intents()).toHaveLength(0);
  });

  it("leaves alone a schedule whose card the sandbox saved while card keys are set", async () => {
    const { schedule } = await saveCard();
    await getDb()
      .updateTable("ramadan_schedules")
      .set({ payment_method_id: "pm_sandbox_0123" })
      .where("id", "=", schedule.id)
      .execute();
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toEqual({
      charged: 0,
      failed: 0,
      already_charged: 0,
      missed: 0,
    });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "pending", attempts: 0 });
    expect(intentRequests()).toHaveLength(0);
  });

  it("does not retry a declined night whose schedule was stopped while it was being charged, nor promise to", async () => {
    const { schedule } = await saveCard({}, { declines: true });
    const charging = await night(schedule.id, 21);
    await getDb()
      .updateTable("ramadan_nights")
      .set({
        status: "charging",
        attempts: 1,
        idempotency_key: keyOf(schedule, 21, 1),
        claimed_until: on(21, 20, 2).toISOString(),
      })
      .where("id", "=", charging.id)
      .execute();
    await stopRamadanSchedule(schedule.id, { name: "staff1" });
    expect(await runRamadanChargeRound({ now: on(21, 20, 3) })).toMatchObject({ failed: 1 });
    expect(await night(schedule.id, 21)).toMatchObject({
      status: "failed",
      next_attempt_at: null,
      last_error: "Your card has insufficient funds.",
    });
    await runRamadanChargeRound({ now: on(21, 21, 30) });
    expect(intentRequests()).toHaveLength(1);
    const [mail] = await mails("ramadan-night-failed");
    expect(mail!.text_body).toContain("Your nights were stopped meanwhile");
    expect(mail!.text_body).not.toContain("try once more");
    expect(mail!.text_body).not.toContain("given as planned");
    expect((await findRamadanSchedule(schedule.id)).status).toBe("stopped");
  });

  it("begins a schedule whose saved card's report was missed, from Sync", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "10", purpose: "General Donation" },
      VISITOR,
    );
    fakeStripe().saveCard(started.id);
    expect((await onlySchedule()).status).toBe("awaiting_card");
    expect(await syncFromProvider()).toBe(1);
    expect(await onlySchedule()).toMatchObject({ status: "active", setup_session_id: started.id });
    expect(await syncFromProvider()).toBe(0);
    expect(await mails("ramadan-started")).toHaveLength(1);
  });

  it("refuses bad Ramadan requests with field errors before any checkout starts", async () => {
    await expect(
      startRamadanCheckout({ ...DONOR, plan: "every-night", per_night: "10" }, VISITOR),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      startRamadanCheckout({ ...DONOR, plan: "last-ten", per_night: "10", purpose: "No such fund" }, VISITOR),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(fakeStripe().sessions.size).toBe(0);
    expect(await listRamadanSchedules()).toEqual([]);
  });

  it("keeps no schedule when the provider cannot start the checkout", async () => {
    fakeStripe().failNext("POST", /^\/v1\/checkout\/sessions$/);
    await expect(
      startRamadanCheckout({ ...DONOR, plan: "last-ten", per_night: "10", purpose: "General Donation" }, VISITOR),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(await listRamadanSchedules()).toEqual([]);
  });
});

describe("with the sandbox", () => {
  it("saves a simulated card on the sandbox's setup page and charges tonight's night as a test gift", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "7", purpose: "General Donation" },
      VISITOR,
    );
    expect(started.url).toBe(`http://localhost:3000/sandbox/checkout/${started.id}`);
    expect((await onlySchedule()).status).toBe("awaiting_card");
    const next = await saveSandboxCheckoutCard(started.id);
    expect(next).toContain(started.id);
    // Pressed again: nothing more.
    await saveSandboxCheckoutCard(started.id);
    const schedule = await onlySchedule();
    expect(schedule).toMatchObject({
      status: "active",
      is_test: 1,
      payment_method_id: expect.stringMatching(/^pm_sandbox_/),
    });
    expect(await nightsOf(schedule.id)).toHaveLength(10);

    expect(await runTonightsRamadanCharges({ now: on(21, 18, 0) })).toMatchObject({ charged: 1 });
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    await runTonightsRamadanCharges({ now: on(21, 20, 5) });
    const gifts = await donationRows();
    expect(gifts.map((gift) => [gift.frequency, gift.amount_cents, gift.is_test])).toEqual([["Ramadan", 700, 1]]);
    expect(await mails("receipt")).toHaveLength(1);
  });

  it("leaves alone a schedule whose card Stripe saved while no card keys are set", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "7", purpose: "General Donation" },
      VISITOR,
    );
    await saveSandboxCheckoutCard(started.id);
    const schedule = await onlySchedule();
    await getDb()
      .updateTable("ramadan_schedules")
      .set({ payment_method_id: "pm_test_from_stripe" })
      .where("id", "=", schedule.id)
      .execute();
    expect(await runRamadanChargeRound({ now: on(21, 20, 0) })).toEqual({
      charged: 0,
      failed: 0,
      already_charged: 0,
      missed: 0,
    });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await mails("ramadan-night-failed")).toHaveLength(0);
  });

  it("declines a card saved to be declined: mailed once, retried once", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "7", purpose: "General Donation" },
      VISITOR,
    );
    await saveSandboxCheckoutCard(started.id, { declines: true });
    const schedule = await onlySchedule();
    await runRamadanChargeRound({ now: on(21, 20, 0) });
    await runRamadanChargeRound({ now: on(21, 21, 0) });
    await runRamadanChargeRound({ now: on(21, 22, 0) });
    expect(await night(schedule.id, 21)).toMatchObject({ status: "failed", attempts: 2 });
    expect(await mails("ramadan-night-failed")).toHaveLength(1);
    expect(await donationRows()).toHaveLength(0);
  });
});

describe("GET /api/donations/ramadan-schedules", () => {
  const list = (query = "", headers: Record<string, string> = auth) =>
    callApi(schedulesApi.loader, `/api/donations/ramadan-schedules${query}`, { headers });

  it("is for staff only", async () => {
    expect(await list("", {})).toMatchObject({ status: 401 });
    expect(
      (await callApi(runTonightApi.action, "/api/donations/ramadan-schedules/run-tonight", { method: "POST" })).status,
    ).toBe(401);
  });

  it("lists each schedule with its nights, in dollars; a status that names nothing is a 422", async () => {
    const started = await startRamadanCheckout(
      { ...DONOR, plan: "last-ten", per_night: "7.50", double_odd_nights: "on", purpose: "General Donation" },
      VISITOR,
    );
    await saveSandboxCheckoutCard(started.id);
    await runTonightsRamadanCharges({ now: on(21, 20, 0) });

    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      name: "Khadija Rahman",
      email: "khadija@example.org",
      plan: "last-ten",
      per_night: 7.5,
      double_odd_nights: true,
      status: "active",
      is_test: true,
      charged: 15,
      failed: 0,
    });
    expect(body[0].nights[0]).toEqual({
      number: 21,
      evening: "2027-02-27",
      amount: 15,
      status: "charged",
      charged_at: expect.any(String),
      donation_id: expect.any(Number),
      last_error: "",
    });
    expect(body[0].nights[1]).toMatchObject({
      number: 22,
      amount: 7.5,
      status: "pending",
      charged_at: null,
      donation_id: null,
    });

    expect((await list("?status=active&limit=5")).body).toHaveLength(1);
    expect((await list("?status=stopped")).body).toEqual([]);
    expect(await list("?status=paused")).toMatchObject({
      status: 422,
      body: { detail: expect.stringContaining("status must be one of") },
    });
    expect(await list("?limit=-1")).toMatchObject({ status: 422 });
  });

  it("runs tonight's charges for staff", async () => {
    const { status, body } = await callApi(runTonightApi.action, "/api/donations/ramadan-schedules/run-tonight", {
      method: "POST",
      headers: auth,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ charged: 0, failed: 0, already_charged: 0, missed: 0 });
  });
});
