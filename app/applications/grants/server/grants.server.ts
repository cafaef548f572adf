import { sql } from "kysely";
import type { Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import { isZakatBound, isZakatCategory, zakatCategoryLabel } from "~/funds/funds";
import { fundRow } from "~/funds/funds/index.server";
import { inLedgerTransaction, insertDisbursement } from "~/funds/ledger/index.server";
import { actionAllowed, notAllowedMessage, STATE_LABELS, type CaseAction } from "~/applications/records";
import { openCaseValue, sealCaseValue } from "~/applications/records/index.server";
import { todayIn } from "~/shared/dates";
import { centsToDollars, dollarsToCents, formatExactCents } from "~/shared/money";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { pageOfRows, type ListPage } from "~/lib/list-pages.server";
import { ConflictError, ForbiddenError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import type { ApplicationRow } from "../../../../db/schema";
import {
  approvalSchema,
  approvedCentsOf,
  closeSchema,
  declineSchema,
  dueDays,
  isRecommender,
  mayHandleMoney,
  paymentSchema,
} from "../rules/grant-rules";
import { queueClosingMail, queueDecisionMail, queuePaymentMail } from "./grant-mail.server";
import type { Grant, GrantDecision } from "../rules/grant-view";

export type { Grant };

/**
 * A grant's decision and payments (issue 31, point 4). A recommendation is approved or declined
 * by a person holding finance or owner who did not recommend it: that decision is the grant's
 * second pair of eyes, so its payments, up to the approved sum, are written straight to the
 * ledger whatever the disbursement approval threshold, stamped with who recommended and who
 * decided. Each payment is a Zakat disbursement in the case's category that says nothing of the
 * case (decision 166); the link is the payment row's `disbursement_id`, which only staff read.
 */

/** The ledger's words for every grant payment: nothing that names the case or the family (decision 166). */
export const GRANT_LEDGER_DESCRIPTION = "Zakat grant";

const today = () => todayIn(getEnv().SITE_TIMEZONE);

async function caseRow(db: DB, ref: string): Promise<ApplicationRow> {
  const row = await db.selectFrom("applications").selectAll().where("ref", "=", ref).executeTakeFirst();
  if (!row) throw new NotFoundError("Application not found");
  return row;
}

function refuseUnlessMoneyRole(actor: Admin, what: string): void {
  if (!mayHandleMoney(actor.roles)) throw new ForbiddenError(`Only a person holding finance or owner ${what}`);
}

function refuseUnlessAllowed(action: CaseAction, row: ApplicationRow): void {
  if (!actionAllowed(action, row.state)) throw new ConflictError(notAllowedMessage(action, row.state));
}

/** The second pair of eyes: never the person who recommended it (the ledger's approvals refuse a requester alike). */
function refuseRecommender(actor: Admin, row: ApplicationRow): void {
  if (isRecommender(actor, row) || (row.recommended_by !== "" && row.recommended_by === actor.username)) {
    throw new ForbiddenError(
      "You recommended this grant: another person holding finance or owner must approve or decline it",
    );
  }
}

/**
 * Who recommended the grant, by username, as the ledger stamps every pair of eyes (its own
 * approvals write `requested_by` and `approved_by` as usernames): the cases slice keeps the
 * recommender's display name in `recommended_by`, so the account is read by its id, the stored
 * text serving only when the account is gone.
 */
async function recommenderOf(db: DB, row: Pick<ApplicationRow, "recommended_by" | "recommended_by_id">) {
  if (row.recommended_by_id === null) return row.recommended_by;
  const admin = await db
    .selectFrom("admins")
    .select("username")
    .where("id", "=", row.recommended_by_id)
    .executeTakeFirst();
  return admin?.username ?? row.recommended_by;
}

/** Moves a case on only from the state it was read in: someone else acting in between is a 409. */
async function moveCase(
  trx: DB,
  row: ApplicationRow,
  action: CaseAction,
  changes: Partial<Omit<ApplicationRow, "id" | "ref" | "is_open">>,
): Promise<void> {
  const updated = await trx
    .updateTable("applications")
    .set({ ...changes, updated_at: nowIso() })
    .where("id", "=", row.id)
    .where("state", "=", row.state)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw new ConflictError(`The case changed meanwhile: ${action} was not done. Please look at it again.`);
  }
}

/**
 * Approves a recommendation: the grant's sum is the recommended payment times its months; a
 * monthly grant's payments are written as due (the first on the decision's day, then monthly),
 * a one-off's as one due payment, for finance to confirm as they are paid.
 */
export async function approveApplication(ref: string, input: unknown, actor: Admin): Promise<Grant> {
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseRow(trx, ref);
      refuseUnlessMoneyRole(actor, "approves or declines a recommendation");
      refuseUnlessAllowed("approve", row);
      refuseRecommender(actor, row);
      const { note } = parseOrThrow(approvalSchema, input ?? {});
      if (row.recommended_cents === null || row.recommended_cents <= 0 || !row.category) {
        throw new ConflictError("The recommendation has no amount or category: it cannot be approved");
      }
      const perPayment = Number(row.recommended_cents);
      const months = row.recommended_plan === "monthly" ? Math.max(1, row.recommended_months ?? 1) : 1;
      const approvedCents = approvedCentsOf(row.recommended_plan, perPayment, row.recommended_months);
      const recommender = await recommenderOf(trx, row);
      const day = today();
      await moveCase(trx, row, "approve", {
        state: "approved",
        approved_cents: approvedCents,
        decided_by: actor.username,
        decided_by_id: actor.id || null,
        decided_at: nowIso(),
        decision_sealed: note ? sealCaseValue(ref, "decision", { note } satisfies GrantDecision) : null,
      });
      await trx
        .insertInto("application_payments")
        .values(
          dueDays(day, months).map((due_on) => ({
            application_id: row.id,
            amount_cents: perPayment,
            method: "bank_transfer" as const,
            due_on,
            status: "due" as const,
          })),
        )
        .execute();
      await recordAudit(
        {
          action: "approve",
          entity: "application",
          entityId: ref,
          summary: `Application ${ref} approved (recommended by ${recommender || "a case worker"})`,
          before: { fields: [] },
          after: {
            fields: ["state", "approved_cents", "decided_by", ...(note ? ["decision_sealed"] : []), "payments"],
          },
        },
        trx,
      );
      await queueDecisionMail(trx, row, "approved");
      return row.id;
    });
  return (await grantOf(id))!;
}

/** Declines a recommendation with a reason, which the family is sent; the case is finished. */
export async function declineApplication(ref: string, input: unknown, actor: Admin): Promise<Grant> {
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseRow(trx, ref);
      refuseUnlessMoneyRole(actor, "approves or declines a recommendation");
      refuseUnlessAllowed("decline", row);
      refuseRecommender(actor, row);
      const { reason } = parseOrThrow(declineSchema, input ?? {});
      const recommender = await recommenderOf(trx, row);
      const now = nowIso();
      await moveCase(trx, row, "decline", {
        state: "declined",
        decided_by: actor.username,
        decided_by_id: actor.id || null,
        decided_at: now,
        decision_sealed: sealCaseValue(ref, "decision", { reason } satisfies GrantDecision),
        closed_at: now,
      });
      await recordAudit(
        {
          action: "decline",
          entity: "application",
          entityId: ref,
          summary: `Application ${ref} declined (recommended by ${recommender || "a case worker"})`,
          before: { fields: [] },
          after: { fields: ["state", "decided_by", "decision_sealed", "closed_at"] },
        },
        trx,
      );
      await queueDecisionMail(trx, row, "declined", reason);
      return row.id;
    });
  return (await grantOf(id))!;
}

/**
 * Records one payment of an approved grant as a Zakat ledger disbursement in the case's
 * category (checked against the fund's balance as any disbursement is, 409 when short), and
 * never more in all than the approved sum (409). No approval request is filed: the decision was
 * the second pair of eyes, and the entry names the recommender and the decider.
 */
export async function payApplication(ref: string, input: unknown, actor: Admin): Promise<Grant> {
  const peek = await caseRow(getDb(), ref);
  refuseUnlessMoneyRole(actor, "records a grant's payment");
  refuseUnlessAllowed("pay", peek);
  const payment = parseOrThrow(paymentSchema, input ?? {});
  const cents = dollarsToCents(payment.amount);
  const day = today();
  if (payment.paid_on > day) throw new ValidationError({ paid_on: ["The date cannot be in the future"] });
  if (peek.decided_at && payment.paid_on < peek.decided_at.slice(0, 10)) {
    throw new ValidationError({
      paid_on: [`A payment cannot be dated before the grant was approved (${peek.decided_at.slice(0, 10)})`],
    });
  }
  await inLedgerTransaction(payment.fund, cents, async (trx) => {
    const row = await caseRow(trx, ref);
    refuseUnlessAllowed("pay", row);
    const fund = await fundRow(trx, payment.fund).catch(() => {
      throw new ValidationError({ fund: ["Please choose one of the Zakat funds"] });
    });
    if (!isZakatBound(fund.kind)) {
      throw new ValidationError({ fund: [`A Zakat grant is paid from a Zakat fund, not from ${fund.name}`] });
    }
    if (!isZakatCategory(row.category)) throw new ConflictError("The case has no category: it cannot be paid");
    const approved = Number(row.approved_cents ?? 0);
    const paidBefore = Number(row.paid_cents);
    if (paidBefore + cents > approved) {
      throw new ConflictError(
        `This payment would take the grant past its approved ${formatExactCents(approved)}: ${formatExactCents(approved - paidBefore)} remains to be paid. Nothing was recorded.`,
      );
    }
    // A payment confirms the due one it names, or else the earliest still due (the API's `pay` names none).
    const dueRows = trx
      .selectFrom("application_payments")
      .selectAll()
      .where("application_id", "=", row.id)
      .orderBy("due_on")
      .orderBy("id");
    const due = payment.payment
      ? await dueRows.where("id", "=", payment.payment).executeTakeFirst()
      : await dueRows.where("status", "=", "due").executeTakeFirst();
    if (payment.payment && !due) throw new ValidationError({ payment: ["This case has no such payment"] });
    if (due && due.status !== "due") throw new ConflictError(`That payment is already ${due.status}`);
    // A month is paid when it falls due, never ahead: a payment confirms only a month due on or before its day.
    if (due && due.due_on > payment.paid_on) {
      throw new ConflictError(
        `The next payment of this grant is due on ${due.due_on}: a payment made on ${payment.paid_on} cannot confirm it before then. Nothing was recorded.`,
      );
    }

    const recommender = await recommenderOf(trx, row);
    const entryId = await insertDisbursement(
      trx,
      {
        fund_id: fund.id,
        amount: payment.amount,
        disbursed_on: payment.paid_on,
        category: row.category,
        programme: "",
        region: "",
        description: GRANT_LEDGER_DESCRIPTION,
      },
      cents,
      // The ledger shows both pairs of eyes: who recommended the grant and who approved it.
      { recordedBy: actor.username, requestedBy: recommender, approvedBy: row.decided_by || actor.username },
    );
    const paid = {
      amount_cents: cents,
      method: payment.method,
      payee_sealed: payment.payee ? sealCaseValue(ref, "payee", { payee: payment.payee }) : null,
      status: "paid" as const,
      fund_id: fund.id,
      disbursement_id: entryId,
      paid_on: payment.paid_on,
      recorded_by: actor.username,
    };
    let paymentId: number;
    if (due) {
      const updated = await trx
        .updateTable("application_payments")
        .set(paid)
        .where("id", "=", due.id)
        .where("status", "=", "due")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError("That payment was confirmed meanwhile");
      paymentId = due.id;
    } else {
      paymentId = (
        await trx
          .insertInto("application_payments")
          .values({ ...paid, application_id: row.id, due_on: payment.paid_on })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    const paidNow = paidBefore + cents;
    const complete = paidNow >= approved;
    const updated = await trx
      .updateTable("applications")
      .set({
        paid_cents: paidNow,
        updated_at: nowIso(),
        ...(complete ? { state: "paid" as const, closed_at: nowIso() } : {}),
      })
      .where("id", "=", row.id)
      .where("state", "=", "approved")
      .where("paid_cents", "=", paidBefore)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new ConflictError("Another payment of this grant was recorded meanwhile. Nothing was recorded.");
    }
    // Paid in full: a month still due is not owed any more.
    if (complete) {
      await trx
        .updateTable("application_payments")
        .set({ status: "cancelled" })
        .where("application_id", "=", row.id)
        .where("status", "=", "due")
        .execute();
    }
    await recordAudit(
      {
        action: "create",
        entity: "ledger-entry",
        entityId: entryId,
        summary: `${GRANT_LEDGER_DESCRIPTION} of ${formatExactCents(cents)} from ${fund.name}: recommended by ${recommender}, approved by ${row.decided_by}`,
      },
      trx,
    );
    await recordAudit(
      {
        action: "pay",
        entity: "application",
        entityId: ref,
        summary: `Payment recorded for application ${ref} (ledger entry #${entryId})${complete ? "; paid in full" : ""}`,
        before: { fields: [] },
        after: {
          fields: [
            "paid_cents",
            ...(complete ? ["state", "closed_at"] : []),
            "payment.amount",
            "payment.method",
            "payment.payee_sealed",
            "payment.fund_id",
            "payment.paid_on",
            "payment.disbursement_id",
          ],
        },
      },
      trx,
    );
    await queuePaymentMail(trx, row, paymentId);
  });
  return (await grantOf(peek.id))!;
}

/**
 * Closes a finished case: from paid or declined, or from approved (the payments still due are
 * cancelled). Closing an approved grant, which is not paid in full, needs a reason (422), sealed
 * with the decision, and tells the family once that it is closed and what was paid.
 */
export async function closeApplication(ref: string, input: unknown, actor: Admin): Promise<Grant | null> {
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseRow(trx, ref);
      refuseUnlessMoneyRole(actor, "closes a grant");
      refuseUnlessAllowed("close", row);
      const { reason } = parseOrThrow(closeSchema, input ?? {});
      const unpaid = row.state === "approved";
      if (unpaid && !reason) {
        throw new ValidationError({
          reason: ["Please say why this grant is closed before it was paid in full"],
        });
      }
      const decision = row.decision_sealed ? openCaseValue<GrantDecision>(ref, "decision", row.decision_sealed) : {};
      await moveCase(trx, row, "close", {
        state: "closed",
        closed_at: nowIso(),
        ...(reason
          ? {
              decision_sealed: sealCaseValue(ref, "decision", { ...decision, closing: reason } satisfies GrantDecision),
            }
          : {}),
      });
      const cancelled = await trx
        .updateTable("application_payments")
        .set({ status: "cancelled" })
        .where("application_id", "=", row.id)
        .where("status", "=", "due")
        .executeTakeFirst();
      await recordAudit(
        {
          action: "close",
          entity: "application",
          entityId: ref,
          summary: `Application ${ref} closed from ${STATE_LABELS[row.state].toLowerCase()}${Number(cancelled.numUpdatedRows) ? `; ${Number(cancelled.numUpdatedRows)} due payment(s) cancelled` : ""}`,
          before: { fields: [] },
          after: {
            fields: [
              "state",
              "closed_at",
              ...(reason ? ["decision_sealed"] : []),
              ...(Number(cancelled.numUpdatedRows) ? ["payments.status"] : []),
            ],
          },
        },
        trx,
      );
      if (unpaid) await queueClosingMail(trx, row);
      return row.id;
    });
  return grantOf(id);
}

/** The grant as the case page's panel shows it; null before the case is recommended. */
export async function grantOf(applicationId: number): Promise<Grant | null> {
  const db = getDb();
  const row = await db.selectFrom("applications").selectAll().where("id", "=", applicationId).executeTakeFirst();
  if (!row || row.recommended_at === null) return null;
  const payments = await db
    .selectFrom("application_payments")
    .leftJoin("funds", "funds.id", "application_payments.fund_id")
    .selectAll("application_payments")
    .select("funds.name as fund_name")
    .where("application_payments.application_id", "=", row.id)
    .orderBy("application_payments.due_on")
    .orderBy("application_payments.id")
    .execute();
  const approved = row.approved_cents === null ? null : Number(row.approved_cents);
  const paid = Number(row.paid_cents);
  const perPayment = Number(row.recommended_cents ?? 0);
  const months = row.recommended_plan === "monthly" ? Math.max(1, row.recommended_months ?? 1) : 1;
  const zakatFunds =
    row.state === "approved"
      ? (
          await db
            .selectFrom("funds")
            .select(["id", "name", "received_cents", "disbursed_cents"])
            .where("kind", "=", "zakat")
            .orderBy("sort_order")
            .orderBy("id")
            .execute()
        ).map((fund) => ({
          id: fund.id,
          name: fund.name,
          held: centsToDollars(Number(fund.received_cents) - Number(fund.disbursed_cents)),
        }))
      : [];
  return {
    ref: row.ref,
    state: row.state,
    state_label: STATE_LABELS[row.state],
    category: isZakatCategory(row.category) ? row.category : null,
    category_label: row.category ? zakatCategoryLabel(row.category) : "",
    plan: row.recommended_plan,
    recommended: centsToDollars(perPayment),
    months,
    recommended_total: centsToDollars(approvedCentsOf(row.recommended_plan, perPayment, row.recommended_months)),
    recommended_by: await recommenderOf(db, row),
    recommended_by_id: row.recommended_by_id,
    recommended_at: row.recommended_at,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    decision: row.decision_sealed ? openCaseValue<GrantDecision>(row.ref, "decision", row.decision_sealed) : null,
    approved: approved === null ? null : centsToDollars(approved),
    paid: centsToDollars(paid),
    remaining: centsToDollars(Math.max(0, (approved ?? 0) - paid)),
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: centsToDollars(Number(payment.amount_cents)),
      method: payment.method,
      payee: payment.payee_sealed ? openCaseValue<{ payee: string }>(row.ref, "payee", payment.payee_sealed).payee : "",
      due_on: payment.due_on,
      status: payment.status,
      fund_id: payment.fund_id,
      fund_name: payment.fund_name ?? "",
      disbursement_id: payment.disbursement_id,
      paid_on: payment.paid_on,
      recorded_by: payment.recorded_by,
    })),
    zakat_funds: zakatFunds,
    today: today(),
  };
}

/** The case's id from its reference (the grant route's loader), 404 when there is none. */
export async function applicationIdOf(ref: string): Promise<number> {
  return (await caseRow(getDb(), ref)).id;
}

/** A payment due for finance to confirm, as the payments screen lists it (never the family's name). */
export interface DuePayment {
  id: number;
  ref: string;
  category_label: string;
  amount: number;
  due_on: string;
}

/**
 * Payments due today or earlier, oldest first, a page at a time: counted and read in SQL along
 * the (status, due_on) index.
 */
export async function findDuePayments(page: number, pageSize: number): Promise<ListPage<DuePayment>> {
  const db = getDb();
  const day = today();
  const due = () =>
    db
      .selectFrom("application_payments")
      .where("application_payments.status", "=", "due")
      .where("application_payments.due_on", "<=", day);
  return pageOfRows(
    async () =>
      Number(
        (
          await due()
            .select(sql<number>`count(*)`.as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    async (limit, offset) =>
      (
        await due()
          .innerJoin("applications", "applications.id", "application_payments.application_id")
          .select([
            "application_payments.id",
            "application_payments.amount_cents",
            "application_payments.due_on",
            "applications.ref",
            "applications.category",
          ])
          .orderBy("application_payments.due_on")
          .orderBy("application_payments.id")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((row) => ({
        id: row.id,
        ref: row.ref,
        category_label: row.category ? zakatCategoryLabel(row.category) : "",
        amount: centsToDollars(Number(row.amount_cents)),
        due_on: row.due_on,
      })),
    page,
    pageSize,
  );
}
