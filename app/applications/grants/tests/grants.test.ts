import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { todayIn } from "~/shared/dates";
import {
  approveApplication,
  closeApplication,
  declineApplication,
  grantOf,
  payApplication,
} from "~/applications/grants/index.server";
import { GRANT_LEDGER_DESCRIPTION } from "~/applications/grants/server/grants.server";
import { getOutboxMessage } from "~/mail/queue/index.server";
import { myApplications } from "~/applications/my-application/server/my-application.server";
import * as grantRoute from "~/applications/grants/routes/admin-application-grant";
import * as paymentsRoute from "~/applications/grants/routes/admin-application-payments";
import { ensureDefaultSettings } from "~/content/settings/index.server";
import type { Admin } from "~/staff/accounts";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callRoute, makeContext, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { fundId, newGift } from "../../../../tests/support/builders";
import { recommendedCase } from "./recommended-case";

/**
 * A grant's decision and payments (issue 31, point 4), as finance staff meet them: a different
 * person holding finance or owner decides; each payment is a Zakat ledger entry in the case's
 * category, written at once whatever the approval threshold, saying nothing of the family.
 */

const TODAY = todayIn("UTC");
let caseworker: Admin;
let decider: Admin;
let editor: Admin;
let zakatFund: number;
let fitrFund: number;
let sadaqaFund: number;

async function fundGift(id: number, cents: number) {
  const fund = await getDb().selectFrom("funds").select("purpose").where("id", "=", id).executeTakeFirstOrThrow();
  await newGift({ amount_cents: cents, purpose: fund.purpose, fund_id: id, donated_at: `${TODAY}T00:00:00.000Z` });
}

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status ?? 500,
  );

beforeAll(async () => {
  await ensureDefaultSettings();
  caseworker = (await createTestAdmin("a-strong-password", ["caseworker", "finance"])).admin;
  decider = (await createTestAdmin("a-strong-password", ["finance"])).admin;
  editor = (await createTestAdmin("a-strong-password", ["editor"])).admin;
  zakatFund = await fundId("zakat-al-mal");
  fitrFund = await fundId("zakat-al-fitr");
  sadaqaFund = await fundId("sadaqa");
  await fundGift(zakatFund, 5_000_000);
  await fundGift(fitrFund, 10_000);
  await fundGift(sadaqaFund, 5_000_000);
});

const payment = (extra: Record<string, unknown> = {}) => ({
  amount: 1500,
  fund: zakatFund,
  method: "bank_transfer",
  paid_on: TODAY,
  ...extra,
});

describe("the decision", () => {
  it("is refused to the person who recommended it, even holding finance (403)", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    const error = await approveApplication(made.ref, {}, caseworker).catch((thrown: Error) => thrown);
    expect(error).toMatchObject({ status: 403 });
    expect((error as Error).message).toMatch(/You recommended this grant/);
    expect(await status(declineApplication(made.ref, { reason: "No" }, caseworker))).toBe(403);
    expect((await grantOf(made.id))!.state).toBe("recommended");
  });

  it("is refused to an editor (403)", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    expect(await status(approveApplication(made.ref, {}, editor))).toBe(403);
  });

  it("declining needs a reason (422), and sends it to the family once", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    const error = await declineApplication(made.ref, { reason: "  " }, decider).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ status: 422, fieldErrors: { reason: ["Reason is required"] } });
    const grant = await declineApplication(made.ref, { reason: "Your savings are above our limit" }, decider);
    expect(grant).toMatchObject({
      state: "declined",
      decided_by: decider.username,
      decision: { reason: "Your savings are above our limit" },
    });
    const row = await getDb()
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).not.toBeNull();
    expect(row.decision_sealed).not.toContain("savings");
    const mails = await mailsOf(made);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("A decision on your application");
    expect(mails[0]!.text).toContain("Your savings are above our limit");
  });

  it("approving from any other state is a 409", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    await approveApplication(made.ref, {}, decider);
    const error = await approveApplication(made.ref, {}, decider).catch((thrown: Error) => thrown);
    expect(error).toMatchObject({ status: 409 });
    expect(await status(declineApplication(made.ref, { reason: "Late" }, decider))).toBe(409);
    await getDb().updateTable("applications").set({ state: "under_assessment" }).where("id", "=", made.id).execute();
    expect(await status(approveApplication(made.ref, {}, decider))).toBe(409);
  });

  it("a one-off approval makes one payment due today, for the whole sum, and mails once", async () => {
    const made = await recommendedCase({ recommender: caseworker, cents: 120_000 });
    const grant = await approveApplication(made.ref, { note: "Landlord confirmed arrears" }, decider);
    expect(grant).toMatchObject({
      state: "approved",
      approved: 1200,
      paid: 0,
      decision: { note: "Landlord confirmed arrears" },
    });
    expect(grant.payments).toMatchObject([{ status: "due", amount: 1200, due_on: TODAY }]);
    const mails = await mailsOf(made);
    expect(mails.map((mail) => mail.subject)).toEqual(["A decision on your application"]);
    expect(mails[0]!.subject).not.toContain(made.name);
  });

  it("a monthly plan approves months × payment and makes each month's payment due", async () => {
    const made = await recommendedCase({ recommender: caseworker, plan: "monthly", cents: 40_000, months: 3 });
    const grant = await approveApplication(made.ref, {}, decider);
    expect(grant.approved).toBe(1200);
    expect(grant.payments.map((row) => [row.status, row.amount])).toEqual([
      ["due", 400],
      ["due", 400],
      ["due", 400],
    ]);
    expect(grant.payments[0]!.due_on).toBe(TODAY);
    expect(grant.payments[1]!.due_on.slice(0, 7)).not.toBe(TODAY.slice(0, 7));
  });
});

describe("paying a grant", () => {
  async function approved(options: Parameters<typeof recommendedCase>[0]) {
    const made = await recommendedCase(options);
    await approveApplication(made.ref, {}, decider);
    return made;
  }

  it("writes a ledger entry above the approval threshold at once, in the case's category, without the case", async () => {
    const made = await approved({ recommender: caseworker, cents: 150_000, category: "gharimin" });
    const due = (await grantOf(made.id))!.payments[0]!;
    const requestsBefore = await countOf("disbursement_requests");
    const grant = await payApplication(
      made.ref,
      payment({ method: "third_party", payee: "Acme Lettings", payment: due.id }),
      decider,
    );
    expect(grant).toMatchObject({ state: "paid", paid: 1500, remaining: 0 });
    expect(grant.payments).toMatchObject([{ id: due.id, status: "paid", payee: "Acme Lettings", fund_id: zakatFund }]);
    expect(await countOf("disbursement_requests")).toBe(requestsBefore);
    const entry = await getDb()
      .selectFrom("disbursements")
      .selectAll()
      .where("id", "=", grant.payments[0]!.disbursement_id!)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      kind: "disbursement",
      fund_id: zakatFund,
      amount_cents: 150_000,
      category: "gharimin",
      description: GRANT_LEDGER_DESCRIPTION,
      programme: "",
      region: "",
      requested_by: caseworker.username,
      approved_by: decider.username,
    });
    const words = JSON.stringify(entry);
    for (const secret of [made.ref, made.name, made.email, "Acme"]) expect(words).not.toContain(secret);
    const row = await getDb()
      .selectFrom("application_payments")
      .selectAll()
      .where("id", "=", due.id)
      .executeTakeFirstOrThrow();
    expect(row.payee_sealed).not.toContain("Acme");
    const mails = await mailsOf(made);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "A decision on your application",
      "A payment on your application",
    ]);
    for (const mail of mails) expect(mail.subject).not.toMatch(/\$|1,500|Family/);
  });

  it("links the decision and payment mails, approved or declined, to the family's own page", async () => {
    const made = await approved({ recommender: caseworker, cents: 10_000 });
    await payApplication(made.ref, payment({ amount: 100 }), decider);
    const declined = await recommendedCase({ recommender: caseworker });
    await declineApplication(declined.ref, { reason: "Above our limit" }, decider);
    const mails = [...(await mailsOf(made)), ...(await mailsOf(declined))];
    expect(mails.map((mail) => mail.subject)).toEqual([
      "A decision on your application",
      "A payment on your application",
      "A decision on your application",
    ]);
    for (const mail of mails) {
      expect(mail.text).toMatch(/https?:\/\/[^\s]+\/my-application/);
      expect(mail.html).toContain("/my-application");
    }
  });

  it("stamps the ledger entry and the panel with both pairs of eyes in one form: usernames, as the ledger's approvals do", async () => {
    const carol = (await createTestAdmin("a-strong-password", ["caseworker"])).admin;
    await getDb().updateTable("admins").set({ name: "Carol Case" }).where("id", "=", carol.id).execute();
    const made = await recommendedCase({ recommender: carol, cents: 10_000 });
    // As the cases slice writes it: the recommender's display name.
    await getDb().updateTable("applications").set({ recommended_by: "Carol Case" }).where("id", "=", made.id).execute();
    await approveApplication(made.ref, {}, decider);
    const grant = await payApplication(made.ref, payment({ amount: 100 }), decider);
    const entry = await getDb()
      .selectFrom("disbursements")
      .select(["requested_by", "approved_by"])
      .where("id", "=", grant.payments[0]!.disbursement_id!)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ requested_by: carol.username, approved_by: decider.username });
    expect(grant).toMatchObject({ recommended_by: carol.username, decided_by: decider.username });
  });

  it("refuses more than the approved sum (409) and records nothing", async () => {
    const made = await approved({ recommender: caseworker, cents: 50_000 });
    const before = await countOf("disbursements");
    const error = await payApplication(made.ref, payment({ amount: 500.01 }), decider).catch((thrown: Error) => thrown);
    expect(error).toMatchObject({ status: 409 });
    expect((error as Error).message).toMatch(/approved \$500\.00/);
    expect(await countOf("disbursements")).toBe(before);
  });

  it("refuses a fund that is not Zakat (422)", async () => {
    const made = await approved({ recommender: caseworker, cents: 50_000 });
    const error = await payApplication(made.ref, payment({ amount: 100, fund: sadaqaFund }), decider).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ status: 422, fieldErrors: { fund: [expect.stringMatching(/Zakat fund/)] } });
  });

  it("refuses more than the fund holds (409)", async () => {
    const made = await approved({ recommender: caseworker, cents: 50_000 });
    const error = await payApplication(made.ref, payment({ amount: 200, fund: fitrFund }), decider).catch(
      (thrown: Error) => thrown,
    );
    expect(error).toMatchObject({ status: 409 });
    expect((error as Error).message).toMatch(/balance is not enough/);
    expect((await grantOf(made.id))!.paid).toBe(0);
  });

  it("refuses an editor (403), a third party without a payee and a day in the future (422)", async () => {
    const made = await approved({ recommender: caseworker, cents: 50_000 });
    expect(await status(payApplication(made.ref, payment({ amount: 100 }), editor))).toBe(403);
    expect(await status(payApplication(made.ref, payment({ amount: 100, method: "third_party" }), decider))).toBe(422);
    expect(await status(payApplication(made.ref, payment({ amount: 100, paid_on: "2999-01-01" }), decider))).toBe(422);
  });

  it("confirms a monthly grant month by month, each mailed once, and becomes paid with the last", async () => {
    const made = await approved({ recommender: caseworker, plan: "monthly", cents: 20_000, months: 2 });
    const [first, second] = (await grantOf(made.id))!.payments;
    let grant = await payApplication(made.ref, payment({ amount: 200, payment: first!.id }), decider);
    expect(grant).toMatchObject({ state: "approved", paid: 200, remaining: 200 });
    expect(await status(payApplication(made.ref, payment({ amount: 200, payment: first!.id }), decider))).toBe(409);
    // A month later, the second month falls due.
    await monthPassed(second!.id);
    grant = await payApplication(made.ref, payment({ amount: 200, payment: second!.id }), decider);
    expect(grant.state).toBe("paid");
    expect(grant.payments.map((row) => row.status)).toEqual(["paid", "paid"]);
    expect((await mailsOf(made)).map((mail) => mail.subject)).toEqual([
      "A decision on your application",
      "A payment on your application",
      "A payment on your application",
    ]);
    expect(await status(payApplication(made.ref, payment({ amount: 1 }), decider))).toBe(409);
  });

  it("never confirms a month before it falls due, named or not (409 naming the next due day)", async () => {
    const made = await approved({ recommender: caseworker, plan: "monthly", cents: 20_000, months: 3 });
    const [first, second] = (await grantOf(made.id))!.payments;
    await payApplication(made.ref, payment({ amount: 200 }), decider);
    const before = await countOf("disbursements");
    for (const extra of [{}, { payment: second!.id }]) {
      const error = await payApplication(made.ref, payment({ amount: 200, ...extra }), decider).catch(
        (thrown: Error) => thrown,
      );
      expect(error).toMatchObject({ status: 409 });
      expect((error as Error).message).toContain(`The next payment of this grant is due on ${second!.due_on}`);
    }
    expect(await countOf("disbursements")).toBe(before);
    const grant = (await grantOf(made.id))!;
    expect(grant).toMatchObject({ paid: 200, state: "approved" });
    expect(grant.payments.map((row) => [row.id, row.status])).toEqual([
      [first!.id, "paid"],
      [second!.id, "due"],
      [expect.any(Number), "due"],
    ]);
    // The panel says when, instead of offering a form that would be refused.
    const text = await screenText(grantRoute as never, `/admin/applications/${made.ref}/grant`, undefined, {
      ref: made.ref,
    });
    expect(text).toContain(`The next payment is due on ${second!.due_on}`);
    expect(text).not.toContain("Confirm the payment due on");
  });

  it("closing an approved grant cancels the payments still due", async () => {
    const made = await approved({ recommender: caseworker, plan: "monthly", cents: 10_000, months: 3 });
    expect(await status(closeApplication(made.ref, { reason: "Moved away" }, editor))).toBe(403);
    const grant = await closeApplication(made.ref, { reason: "Moved away" }, decider);
    expect(grant).toMatchObject({ state: "closed" });
    expect(grant!.payments.map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect(await status(closeApplication(made.ref, { reason: "Again" }, decider))).toBe(409);
  });

  it("closing an approved grant needs a reason (422), kept sealed, and tells the family once what was paid", async () => {
    const made = await approved({ recommender: caseworker, plan: "monthly", cents: 10_000, months: 3 });
    await payApplication(made.ref, payment({ amount: 100 }), decider);
    const refused = await closeApplication(made.ref, { reason: " " }, decider).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ status: 422, fieldErrors: { reason: [expect.stringMatching(/say why/)] } });
    expect((await grantOf(made.id))!.state).toBe("approved");

    const grant = await closeApplication(made.ref, { reason: "The family moved abroad" }, decider);
    expect(grant).toMatchObject({ state: "closed", decision: { closing: "The family moved abroad" } });
    const row = await getDb()
      .selectFrom("applications")
      .select("decision_sealed")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    expect(row.decision_sealed).not.toContain("abroad");
    const audit = await getDb()
      .selectFrom("audit_entries")
      .select("changes")
      .where("entity", "=", "application")
      .where("entity_id", "=", made.ref)
      .where("action", "=", "close")
      .executeTakeFirstOrThrow();
    expect(audit.changes).toContain("decision_sealed");
    expect(audit.changes).not.toContain("abroad");

    const mails = await mailsOf(made);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "A decision on your application",
      "A payment on your application",
      "Your application is closed",
    ]);
    const closing = mails[2]!;
    expect(closing.subject).not.toMatch(/\$|100|Family/);
    expect(closing.text).toContain(`The grant approved for your application ${made.ref} has been closed.`);
    expect(closing.text).toContain("We paid $100.00 of it in all; no further payments will be made.");
    expect(closing.text).not.toContain("abroad");
    expect(closing.text).toContain("/my-application");

    // The family's own page says it was closed, and what was paid, not only "Approved".
    const { email_key } = await getDb()
      .selectFrom("applications")
      .select("email_key")
      .where("id", "=", made.id)
      .executeTakeFirstOrThrow();
    const mine = (await myApplications(email_key)).applications.find((one) => one.ref === made.ref)!;
    expect(mine.decision).toMatchObject({ outcome: "approved", approved_cents: 30_000 });
    expect(mine.decision!.closed_early).toMatchObject({ paid_cents: 10_000 });
    expect(JSON.stringify(mine)).not.toContain("abroad");
  });

  it("closing an approved, unpaid grant says nothing was paid; closing a paid or declined case mails nothing more", async () => {
    const unpaid = await approved({ recommender: caseworker, cents: 10_000 });
    await closeApplication(unpaid.ref, { reason: "Help came from elsewhere" }, decider);
    const [, closing] = await mailsOf(unpaid);
    expect(closing!.text).toContain("No payment was made from it, and none will be made now.");

    const paid = await approved({ recommender: caseworker, cents: 10_000 });
    await payApplication(paid.ref, payment({ amount: 100 }), decider);
    await closeApplication(paid.ref, {}, decider);
    expect((await mailsOf(paid)).map((mail) => mail.subject)).not.toContain("Your application is closed");
    const declined = await recommendedCase({ recommender: caseworker });
    await declineApplication(declined.ref, { reason: "Above our limit" }, decider);
    await closeApplication(declined.ref, {}, decider);
    expect(await mailsOf(declined)).toHaveLength(1);
  });

  it("writes the audit trail naming fields, never their values", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    await declineApplication(made.ref, { reason: "A reason with circumstances" }, decider);
    const entries = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity", "=", "application")
      .where("entity_id", "=", made.ref)
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(["decline"]);
    expect(JSON.stringify(entries)).not.toContain("circumstances");
    expect(entries[0]!.changes).toContain("decision_sealed");
  });
});

describe("the case's audit history", () => {
  it("holds the decision, each payment and the closing under the case's reference, as the case page reads it", async () => {
    const made = await recommendedCase({ recommender: caseworker, plan: "monthly", cents: 10_000, months: 3 });
    await approveApplication(made.ref, {}, decider);
    const [first] = (await grantOf(made.id))!.payments;
    await payApplication(made.ref, payment({ amount: 100, payment: first!.id }), decider);
    await closeApplication(made.ref, { reason: "The family moved abroad" }, decider);
    const entries = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "entity_id"])
      .where("entity", "=", "application")
      .where("entity_id", "=", made.ref)
      .orderBy("id")
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(["approve", "pay", "close"]);
    const byId = await getDb()
      .selectFrom("audit_entries")
      .select("id")
      .where("entity", "=", "application")
      .where("entity_id", "=", String(made.id))
      .execute();
    expect(byId).toEqual([]);
  });
});

describe("the grant's route, as a browser without JavaScript posts to it", () => {
  const context = () => makeContext("203.0.113.10", decider);
  const post = (ref: string, form: Record<string, string>) =>
    callRoute(grantRoute.action, `/admin/applications/${ref}/grant`, { form, params: { ref }, context: context() });

  it("shows the recommendation and the decision's forms to a person who may decide", async () => {
    const made = await recommendedCase({ recommender: caseworker, plan: "monthly", cents: 25_000, months: 4 });
    const text = await screenText(grantRoute as never, `/admin/applications/${made.ref}/grant`, undefined, {
      ref: made.ref,
    });
    expect(text).toContain("$250.00 a month for 4 months ($1,000.00 in all)");
    expect(text).toContain("Approve $1,000.00");
    // Reading it is in the case's history, under its reference.
    const viewed = await getDb()
      .selectFrom("audit_entries")
      .select("action")
      .where("entity", "=", "application")
      .where("entity_id", "=", made.ref)
      .execute();
    expect(viewed.map((entry) => entry.action)).toContain("view");
    expect(text).toContain("Reason (the family is sent it)");
    expect(text).not.toContain(made.name);
  });

  it("approves and goes back to the case page it came from", async () => {
    const made = await recommendedCase({ recommender: caseworker });
    const answer = (await post(made.ref, {
      intent: "approve",
      note: "",
      back: `/admin/applications/${made.ref}`,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/admin/applications/${made.ref}?done=approved#grant`);
  });

  it("shows a refused decline beside its form, and a refused payment with what was typed", async () => {
    const made = await recommendedCase({ recommender: caseworker, cents: 10_000 });
    const refused = unwrapData(await post(made.ref, { intent: "decline", reason: "" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      reply: { intent: "decline", result: { error: { reason: ["Reason is required"] } } },
    });
    await post(made.ref, { intent: "approve" });
    const tooMuch = unwrapData(
      await post(made.ref, {
        intent: "pay",
        amount: "250",
        fund: String(zakatFund),
        method: "bank_transfer",
        paid_on: TODAY,
      }),
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.data).toMatchObject({
      reply: {
        intent: "pay",
        result: { initialValue: { amount: "250" }, error: { "": [expect.stringMatching(/approved \$100\.00/)] } },
      },
    });
    const page = (await callRoute(grantRoute.loader, `/admin/applications/${made.ref}/grant`, {
      params: { ref: made.ref },
      context: context(),
    })) as { grant: { state: string } };
    expect(page.grant.state).toBe("approved");
  });

  it("refuses closing an approved grant without a reason beside the form, and closes with one", async () => {
    const made = await recommendedCase({ recommender: caseworker, cents: 10_000 });
    await post(made.ref, { intent: "approve" });
    const refused = unwrapData(await post(made.ref, { intent: "close", reason: "" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      reply: { intent: "close", result: { error: { reason: [expect.stringMatching(/say why/)] } } },
    });
    const text = await screenText(grantRoute as never, `/admin/applications/${made.ref}/grant`, undefined, {
      ref: made.ref,
    });
    expect(text).toContain("Why it is closed (kept with the case)");
    const answer = (await post(made.ref, { intent: "close", reason: "Paid by the council instead" })) as Response;
    expect(answer.status).toBe(302);
    const closed = await screenText(grantRoute as never, `/admin/applications/${made.ref}/grant`, undefined, {
      ref: made.ref,
    });
    expect(closed).toContain("Closed because: Paid by the council instead");
  });

  it("lists payments due today or earlier on the payments screen, paged", async () => {
    const made = await recommendedCase({ recommender: caseworker, plan: "monthly", cents: 7_000, months: 2 });
    await approveApplication(made.ref, {}, decider);
    const { due } = (await callRoute(paymentsRoute.loader, "/admin/applications/payments", { context: context() })) as {
      due: { rows: { ref: string; amount: number; due_on: string }[]; total: number };
    };
    const mine = due.rows.filter((row) => row.ref === made.ref);
    expect(mine).toEqual([expect.objectContaining({ amount: 70, due_on: TODAY })]);
    expect(JSON.stringify(due)).not.toContain(made.name);
  });
});

/** The case's decision and payment mails, as the Outbox shows them (opened, were they sealed). */
async function mailsOf(made: { id: number; ref: string; email: string }) {
  const payments = await getDb()
    .selectFrom("application_payments")
    .select("id")
    .where("application_id", "=", made.id)
    .execute();
  const keys = [
    `application-decision:${made.ref}`,
    `application-closed:${made.ref}`,
    ...payments.map((row) => `application-payment:${row.id}`),
  ];
  const rows = await getDb()
    .selectFrom("outbound_mail")
    .select("id")
    .where("dedupe_key", "in", keys)
    .orderBy("id")
    .execute();
  const mails = await Promise.all(rows.map((row) => getOutboxMessage(row.id)));
  for (const mail of mails) expect(mail.to).toBe(made.email);
  return mails;
}

/** Time passing: the month's payment falls due today. */
async function monthPassed(paymentId: number) {
  await getDb().updateTable("application_payments").set({ due_on: TODAY }).where("id", "=", paymentId).execute();
}

async function countOf(table: "disbursements" | "disbursement_requests"): Promise<number> {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
