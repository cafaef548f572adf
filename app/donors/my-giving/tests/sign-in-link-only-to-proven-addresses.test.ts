import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as confirmPage from "~/donors/zakat-reminders/routes/zakat-reminder-confirm";
import * as donate from "~/giving/donate/routes/donate";
import * as myGiving from "~/donors/my-giving/routes/my-giving";
import * as sandboxCheckout from "~/giving/provider/routes/sandbox-checkout";
import * as zakatCalculator from "~/giving/zakat-calculator/routes/zakat-calculator";
import { clearGiving } from "../../../../tests/support/giving-records";
import { callRoute, unwrapData } from "../../../../tests/support/routes";

/**
 * Who is sent a sign-in link to My giving (sandbox mode): an address whose owner has shown
 * it is theirs, by a card saved for Ramadan nights or a Zakat reminder confirmed from its
 * inbox, even before any gift is paid; never an address only typed into a form.
 */
let visitor = 0;
const newAddress = () => `198.51.100.${(visitor += 1)}`;

beforeEach(async () => {
  await clearGiving();
  for (const table of [
    "ramadan_nights",
    "ramadan_schedules",
    "zakat_reminders",
    "outbound_mail",
    "giving_sign_in_links",
  ] as const)
    await getDb().deleteFrom(table).execute();
});

const NIGHTS = {
  way: "ramadan-nights",
  plan: "last-ten",
  per_night: "10",
  purpose: "General Donation",
  name: "Maryam Ali",
  intent: "save-card",
};

/** Sets up Ramadan nights on /donate; with `saveCard`, also saves the card on the sandbox's page. */
async function setUpNights(email: string, { saveCard }: { saveCard: boolean }) {
  const started = (await callRoute(donate.action, "/donate?way=ramadan-nights", {
    form: { ...NIGHTS, email },
    clientAddress: newAddress(),
  })) as Response;
  expect(started.status).toBe(303);
  if (!saveCard) return;
  const sessionId = started.headers.get("Location")!.split("/").pop()!;
  const saved = (await callRoute(sandboxCheckout.action, `/sandbox/checkout/${sessionId}`, {
    form: { intent: "save-card" },
    params: { sessionId },
  })) as Response;
  expect(saved.status).toBe(303);
}

const FIGURES = {
  cash: "12000",
  liabilities: "500",
  gold_price_per_gram: "65",
  silver_price_per_gram: "0.85",
  nisab_basis: "silver",
  agriculture_irrigation: "irrigated",
};

/** Asks for a Zakat reminder under a calculation; with `confirm`, presses the link in its mail. */
async function askForReminder(email: string, { confirm }: { confirm: boolean }) {
  const asked = unwrapData(
    await callRoute(zakatCalculator.action, "/zakat-calculator", {
      form: { intent: "remind-me", ...FIGURES, email },
      clientAddress: newAddress(),
    }),
  );
  expect(asked.status).toBe(200);
  if (!confirm) return;
  const mail = await getDb()
    .selectFrom("outbound_mail")
    .select("text_body")
    .where("kind", "=", "zakat-reminder-confirm")
    .where("to_address", "=", email)
    .executeTakeFirstOrThrow();
  const token = /\/zakat-reminders\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  const pressed = unwrapData(await callRoute(confirmPage.action, "/zakat-reminders/confirm", { form: { token } }))
    .data as { confirmed: unknown };
  expect(pressed.confirmed).not.toBeNull();
}

/** Asks for a link as anyone can; the answer is the same whoever is asking. */
async function askForLink(email: string) {
  const answer = (await callRoute(myGiving.action, "/my-giving", {
    form: { intent: "request-link", email },
    clientAddress: newAddress(),
  })) as Response;
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/my-giving?sent=1");
}

const linksSentTo = async (email: string) =>
  (
    await getDb()
      .selectFrom("outbound_mail")
      .select(["to_address", "subject"])
      .where("kind", "=", "giving-link")
      .where("to_address", "=", email)
      .execute()
  ).map((mail) => mail.subject);

describe("a sign-in link to My giving", () => {
  it("goes to a donor whose only giving is Ramadan nights with a saved card, before any night is charged", async () => {
    await setUpNights("maryam@example.org", { saveCard: true });
    expect(await getDb().selectFrom("donations").selectAll().execute()).toEqual([]);
    const [schedule] = await getDb()
      .selectFrom("ramadan_schedules")
      .select("status")
      .where("email", "=", "maryam@example.org")
      .execute();
    expect(schedule!.status).not.toBe("awaiting_card");
    await askForLink("maryam@example.org");
    expect(await linksSentTo("maryam@example.org")).toEqual(["Your link to your giving"]);
  });

  it("goes to an address with a confirmed Zakat reminder and nothing else", async () => {
    await askForReminder("hafsa@example.org", { confirm: true });
    await askForLink("hafsa@example.org");
    expect(await linksSentTo("hafsa@example.org")).toEqual(["Your link to your giving"]);
  });

  it("is not sent for Ramadan nights whose card was never saved, nor for a reminder never confirmed", async () => {
    await setUpNights("typed@example.org", { saveCard: false });
    const [schedule] = await getDb()
      .selectFrom("ramadan_schedules")
      .select("status")
      .where("email", "=", "typed@example.org")
      .execute();
    expect(schedule!.status).toBe("awaiting_card");
    await askForReminder("unconfirmed@example.org", { confirm: false });
    await askForLink("typed@example.org");
    await askForLink("unconfirmed@example.org");
    expect(await linksSentTo("typed@example.org")).toEqual([]);
    expect(await linksSentTo("unconfirmed@example.org")).toEqual([]);
  });
});
