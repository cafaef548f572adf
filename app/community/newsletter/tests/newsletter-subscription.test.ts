import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as newsletter from "~/community/newsletter/routes/newsletter";
import { callRoute, unwrapData } from "../../../../tests/support/routes";

type ActionData = { status: "subscribed"; confirmation: string } | { status: "invalid"; error: string; email: string };

async function subscribe(form: Record<string, string>, clientAddress = "203.0.113.50") {
  const { status, data } = unwrapData(await callRoute(newsletter.action, "/newsletter", { form, clientAddress }));
  return { status, data: data as ActionData };
}

async function storedAddresses() {
  return (await getDb().selectFrom("newsletter_subscribers").select("email").execute()).map((row) => row.email);
}

describe("newsletter subscription", () => {
  it("keeps a new address pending and mails it a confirmation; confirmed, a repeat is welcomed, not refused", async () => {
    const first = await subscribe({ email: "Donor@Example.org" });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({
      status: "subscribed",
      confirmation: "Thank you! Please check your inbox at donor@example.org to confirm your subscription.",
    });
    const [row] = await getDb().selectFrom("newsletter_subscribers").selectAll().execute();
    expect(row).toMatchObject({ email: "donor@example.org", status: "pending" });
    const [mail] = await getDb()
      .selectFrom("outbound_mail")
      .selectAll()
      .where("kind", "=", "newsletter-confirm")
      .execute();
    expect(mail!.to_address).toBe("donor@example.org");
    expect(mail!.text_body).toContain(`http://localhost:3000/newsletter/confirm?token=${row!.confirm_token}`);

    await getDb().updateTable("newsletter_subscribers").set({ status: "confirmed" }).execute();
    const again = await subscribe({ email: "donor@example.org" });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({
      status: "subscribed",
      confirmation: expect.stringMatching(/already on our list/),
    });
    expect(await storedAddresses()).toEqual(["donor@example.org"]);
  });

  it("requires an email and explains a malformed one, keeping what was typed", async () => {
    const empty = await subscribe({ email: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toEqual({ status: "invalid", error: "Email is required", email: "" });

    const malformed = await subscribe({ email: "not-an-email" });
    expect(malformed.status).toBe(400);
    expect(malformed.data).toEqual({
      status: "invalid",
      error: "Please enter a valid email address",
      email: "not-an-email",
    });
    expect(await storedAddresses()).not.toContain("not-an-email");
  });

  it("quietly ignores bots that fill the honeypot", async () => {
    const bot = await subscribe({ email: "bot@example.org", website: "http://spam.example" }, "203.0.113.51");
    expect(bot.status).toBe(200);
    expect(await storedAddresses()).not.toContain("bot@example.org");
  });

  it("limits how often one address may post", async () => {
    const clientAddress = "203.0.113.52";
    for (let i = 0; i < 10; i += 1)
      expect((await subscribe({ email: `reader${i}@example.org` }, clientAddress)).status).toBe(200);
    const limited = await subscribe({ email: "one-more@example.org" }, clientAddress);
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ status: "invalid", error: expect.stringMatching(/Too many submissions/) });
  });
});
