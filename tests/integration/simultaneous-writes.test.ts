import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { ConflictError, ValidationError } from "~/lib/service-errors";
import { subscribeToNewsletter } from "~/community/newsletter/server/newsletter.server";
import { addFund, fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";

/**
 * Staff and visitors acting at the same moment. On PostgreSQL these run side by side on
 * several connections (and processes); on SQLite one after another. Either way each ends
 * as if they had come one at a time: no server error, nothing counted twice or lost.
 */
const TODAY = todayIn("UTC");

describe("writers side by side", () => {
  it("one address asking for the newsletter five times at once is one subscriber with one confirmation", async () => {
    const email = `side-by-side-${Date.now()}@example.org`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribeToNewsletter({ email })));
    expect(answers.map((answer) => answer.email)).toEqual(Array(5).fill(email));
    expect(
      await getDb().selectFrom("newsletter_subscribers").select("id").where("email", "=", email).execute(),
    ).toHaveLength(1);
    const mails = await getDb().selectFrom("outbound_mail").select("id").where("to_address", "=", email).execute();
    // At most three confirmations an hour, whichever way the five arrived.
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(3);
  });

  it("two staff adding a fund of the same name at once: one fund, and the other told why", async () => {
    const name = `Wells of Thar ${Date.now()}`;
    const outcomes = await Promise.allSettled([
      addFund({ name, description: "Clean water." }),
      addFund({ name: name.toUpperCase(), description: "Clean water." }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ValidationError);
    expect((refused.reason as ValidationError).fieldErrors).toEqual({ name: ["A fund with this name already exists"] });
  });

  it("two disbursements that each fit the balance but not together: one is recorded, the other refused with the balance left", async () => {
    const fund = await addFund({ name: `Orphans of Idlib ${Date.now()}`, description: "Sponsorships." });
    await recordOfflineGift({ name: "Hamza", amount: "100", purpose: fund.purpose, payment_method: "cash" }, "staff");
    const entry = (description: string) =>
      recordDisbursement({ fund_id: fund.id, amount: 70, disbursed_on: TODAY, description }, "warden");
    const outcomes = await Promise.allSettled([entry("First school fees"), entry("Second school fees")]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect((refused.reason as Error).message).toBe(
      `The ${fund.name} balance is not enough: it holds $30.00, and this disbursement is $70.00. Nothing was recorded.`,
    );
    const after = await fundBySlug(fund.slug);
    expect(after.disbursed).toBe(70);
  });

  it("ten first gifts of one new donor to one fund at once all count, once each", async () => {
    const email = `new-donor-${Date.now()}@example.org`;
    const sadaqa = await fundBySlug("sadaqa");
    const before = await fundBySlug("sadaqa");
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        recordOfflineGift(
          { name: "Amina", email, amount: String(10 + n), purpose: sadaqa.purpose, payment_method: "cash" },
          "staff",
        ),
      ),
    );
    const donor = await getDb().selectFrom("donors").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(donor).toMatchObject({ gift_count: 10, total_cents: 14_500 });
    const after = await fundBySlug("sadaqa");
    expect(Math.round((after.received - before.received) * 100)).toBe(14_500);
  });
});
