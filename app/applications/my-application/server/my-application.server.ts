import { getDb, nowIso } from "~/lib/db.server";
import { ConflictError, NotFoundError } from "~/lib/service-errors";
import { centsToDollars } from "~/shared/money";
import { recordAudit } from "~/staff/audit/index.server";
import { applicantOf, openCaseValue } from "~/applications/records/index.server";
import { STATE_FOR_APPLICANT, WITHDRAWABLE, type ApplicantRecord, type ApplicationState } from "~/applications/records";
import { zakatCategoryLabel } from "~/funds/funds";
import type { ApplicationPaymentMethod, ApplicationPaymentStatus } from "../../../../db/schema";
import {
  documentRequestsOf,
  documentsOf,
  TAKES_DOCUMENTS,
  type CaseDocument,
  type DocumentRequest,
} from "~/applications/documents/index.server";

/**
 * What a family sees of their own applications (found by the keyed hash of their email, the
 * only key their sign-in holds), and what they may do there: withdraw one before a decision,
 * and download everything the foundation holds about them. Each withdrawal and download is
 * audited, naming the case, never its contents.
 */
const APPLICANT_ACTOR = { id: null, name: "Applicant" };
const DECIDED: readonly ApplicationState[] = ["approved", "declined", "paid", "closed"];

export interface MyMessage {
  id: number;
  body: string;
  sent_at: string;
}

export interface MyDecision {
  outcome: "approved" | "declined";
  reason: string;
  decided_at: string | null;
  approved_cents: number | null;
  /** An approved grant closed before it was paid in full: when, and what was paid of it. */
  closed_early: { closed_at: string | null; paid_cents: number } | null;
}

export interface MyApplication {
  id: number;
  ref: string;
  state: ApplicationState;
  /** The state in the family's words. */
  state_words: string;
  submitted_at: string;
  closed_at: string | null;
  requested_cents: number;
  requests: (DocumentRequest & { documents: CaseDocument[] })[];
  /** Documents uploaded without a request. */
  other_documents: CaseDocument[];
  messages: MyMessage[];
  decision: MyDecision | null;
  payments: { amount_cents: number; paid_on: string }[];
  can_withdraw: boolean;
  takes_documents: boolean;
}

/** A message's text, as the cases slice seals it (a string, or `{body}`), to the case's "message" field. */
function messageText(ref: string, sealed: string): string {
  const value = openCaseValue<unknown>(ref, "message", sealed);
  if (typeof value === "string") return value;
  const record = value as { body?: unknown; text?: unknown } | null;
  return String(record?.body ?? record?.text ?? "");
}

function decisionOf(row: {
  ref: string;
  state: ApplicationState;
  decision_sealed: string | null;
  decided_at: string | null;
  approved_cents: number | null;
  paid_cents: number;
  closed_at: string | null;
}): MyDecision | null {
  if (!DECIDED.includes(row.state) || (!row.decided_at && !row.decision_sealed)) return null;
  const opened = row.decision_sealed
    ? openCaseValue<{ reason?: string } | string>(row.ref, "decision", row.decision_sealed)
    : "";
  const reason = typeof opened === "string" ? opened : String(opened.reason ?? "");
  return {
    outcome: row.state === "declined" ? "declined" : "approved",
    reason,
    decided_at: row.decided_at,
    approved_cents: row.state === "declined" ? null : row.approved_cents,
    closed_early:
      row.state === "closed" && row.approved_cents !== null && Number(row.paid_cents) < Number(row.approved_cents)
        ? { closed_at: row.closed_at, paid_cents: Number(row.paid_cents) }
        : null,
  };
}

async function applicationRowsOf(emailKey: string) {
  return getDb()
    .selectFrom("applications")
    .select([
      "id",
      "ref",
      "state",
      "applicant_sealed",
      "submitted_at",
      "closed_at",
      "requested_cents",
      "household_size",
      "purpose",
      "decision_sealed",
      "decided_at",
      "approved_cents",
      "paid_cents",
    ])
    .where("email_key", "=", emailKey)
    .orderBy("id", "desc")
    .execute();
}

async function messagesOf(applicationId: number, ref: string): Promise<MyMessage[]> {
  const rows = await getDb()
    .selectFrom("application_messages")
    .select(["id", "body_sealed", "created_at"])
    .where("application_id", "=", applicationId)
    .where("kind", "=", "message")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    body: messageText(ref, row.body_sealed),
    sent_at: String(row.created_at),
  }));
}

async function paidOf(applicationId: number) {
  const rows = await getDb()
    .selectFrom("application_payments")
    .select(["amount_cents", "paid_on"])
    .where("application_id", "=", applicationId)
    .where("status", "=", "paid")
    .orderBy("paid_on")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ amount_cents: Number(row.amount_cents), paid_on: row.paid_on ?? "" }));
}

/** The family's applications, newest first, and the address they were sent from (the newest's). */
export async function myApplications(emailKey: string): Promise<{ email: string; applications: MyApplication[] }> {
  const rows = await applicationRowsOf(emailKey);
  let email = "";
  const applications: MyApplication[] = [];
  for (const row of rows) {
    email ||= applicantOf(row)?.email ?? "";
    const requests = await documentRequestsOf(row.id);
    const documents = await documentsOf(row.id);
    applications.push({
      id: row.id,
      ref: row.ref,
      state: row.state,
      state_words: STATE_FOR_APPLICANT[row.state],
      submitted_at: String(row.submitted_at),
      closed_at: row.closed_at,
      requested_cents: Number(row.requested_cents),
      requests: requests.map((request) => ({
        ...request,
        documents: documents.filter((document) => document.request_id === request.id),
      })),
      other_documents: documents.filter((document) => document.request_id === null),
      messages: await messagesOf(row.id, row.ref),
      decision: decisionOf(row),
      payments: await paidOf(row.id),
      can_withdraw: WITHDRAWABLE.includes(row.state),
      takes_documents: TAKES_DOCUMENTS.includes(row.state),
    });
  }
  return { email, applications };
}

/** The family's own application by reference; NotFoundError for another's (the same answer as for none). */
export async function myApplicationId(emailKey: string, ref: string): Promise<number> {
  const row = await getDb()
    .selectFrom("applications")
    .select("id")
    .where("ref", "=", ref)
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("That application is not yours, or is no longer here");
  return row.id;
}

/** Withdraws the family's application before a decision: state "withdrawn", closed now, audited. */
export async function withdrawMyApplication(emailKey: string, ref: string): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("applications")
        .select(["id", "state"])
        .where("ref", "=", ref)
        .where("email_key", "=", emailKey)
        .executeTakeFirst();
      if (!row) throw new NotFoundError("That application is not yours, or is no longer here");
      const now = nowIso();
      const withdrawn = await trx
        .updateTable("applications")
        .set({ state: "withdrawn", closed_at: now, updated_at: now })
        .where("id", "=", row.id)
        .where("state", "in", [...WITHDRAWABLE])
        .executeTakeFirst();
      if (withdrawn.numUpdatedRows === 0n)
        throw new ConflictError(
          "This application can no longer be withdrawn: a decision has been made, or it is closed",
        );
      await recordAudit(
        {
          action: "withdraw",
          entity: "application",
          entityId: ref,
          summary: "Withdrawn by the family",
          before: { fields: ["state"] },
          after: { fields: ["state", "closed_at"] },
          actor: APPLICANT_ACTOR,
        },
        trx,
      );
    });
}

export interface MyDataExport {
  exported_at: string;
  applications: {
    ref: string;
    state: ApplicationState;
    state_in_words: string;
    submitted_at: string;
    closed_at: string | null;
    household_size: number;
    purpose: string;
    requested: number;
    /** Everything told in the application: the applicant, the household, money in and out, the help asked for. */
    application: ApplicantRecord | null;
    document_requests: {
      what: string;
      why: string;
      due_on: string;
      requested_at: string;
      fulfilled_at: string | null;
    }[];
    documents: { id: number; name: string; content_type: string; size_bytes: number; uploaded_at: string }[];
    messages: { body: string; sent_at: string }[];
    decision: { outcome: string; reason: string; decided_at: string | null; approved: number | null } | null;
    /** The case worker's assessment, once made: the category and why, the shortfall, the recommendation. */
    assessment: {
      category: string;
      category_label: string;
      reason: string;
      monthly_shortfall: number | null;
      recommendation: {
        plan: "once" | "monthly" | null;
        each: number | null;
        months: number | null;
        total: number | null;
        recommended_at: string | null;
      } | null;
    } | null;
    /** The sums in dollars: recommended in all, approved, paid so far. */
    amounts: { recommended: number | null; approved: number | null; paid: number };
    /** Every payment of the grant, due, paid or cancelled, with how and to whom. */
    payments: {
      amount: number;
      method: ApplicationPaymentMethod;
      payee: string | null;
      status: ApplicationPaymentStatus;
      due_on: string;
      paid_on: string | null;
    }[];
    /** Staff's internal notes about the case (a subject-access request includes them; decision 163). */
    staff_notes: { body: string; written_at: string }[];
  }[];
}

/** The assessment, the sums, every payment with its payee, and staff's notes: what only the export shows. */
async function heldByStaffOf(row: { id: number; ref: string }) {
  const db = getDb();
  const held = await db
    .selectFrom("applications")
    .select([
      "category",
      "assessment_sealed",
      "shortfall_cents",
      "recommended_plan",
      "recommended_cents",
      "recommended_months",
      "recommended_at",
      "approved_cents",
      "paid_cents",
    ])
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  const each = held.recommended_cents === null ? null : Number(held.recommended_cents);
  const total = each === null ? null : each * (held.recommended_months ?? 1);
  const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
  const reason = held.assessment_sealed
    ? openCaseValue<{ reason?: string } | string>(row.ref, "assessment", held.assessment_sealed)
    : "";
  const assessment = held.category
    ? {
        category: held.category,
        category_label: zakatCategoryLabel(held.category),
        reason: typeof reason === "string" ? reason : String(reason.reason ?? ""),
        monthly_shortfall: dollars(held.shortfall_cents === null ? null : Number(held.shortfall_cents)),
        recommendation:
          each === null
            ? null
            : {
                plan: held.recommended_plan,
                each: dollars(each),
                months: held.recommended_months,
                total: dollars(total),
                recommended_at: held.recommended_at,
              },
      }
    : null;
  const payments = await db
    .selectFrom("application_payments")
    .select(["amount_cents", "method", "payee_sealed", "status", "due_on", "paid_on"])
    .where("application_id", "=", row.id)
    .orderBy("due_on")
    .orderBy("id")
    .execute();
  const notes = await db
    .selectFrom("application_messages")
    .select(["body_sealed", "created_at"])
    .where("application_id", "=", row.id)
    .where("kind", "=", "note")
    .orderBy("id")
    .execute();
  return {
    assessment,
    amounts: {
      recommended: dollars(total),
      approved: dollars(held.approved_cents === null ? null : Number(held.approved_cents)),
      paid: centsToDollars(Number(held.paid_cents)),
    },
    payments: payments.map((payment) => ({
      amount: centsToDollars(Number(payment.amount_cents)),
      method: payment.method,
      payee: payment.payee_sealed ? payeeOf(row.ref, payment.payee_sealed) : null,
      status: payment.status,
      due_on: payment.due_on,
      paid_on: payment.paid_on,
    })),
    staff_notes: notes.map((note) => ({
      body: messageText(row.ref, note.body_sealed),
      written_at: String(note.created_at),
    })),
  };
}

/** Who was paid, as the grants slice seals it (`{payee}`; a name or a string read as well). */
function payeeOf(ref: string, sealed: string): string {
  const value = openCaseValue<unknown>(ref, "payee", sealed);
  if (typeof value === "string") return value;
  const record = value as { payee?: unknown; name?: unknown } | null;
  return String(record?.payee ?? record?.name ?? "");
}

/**
 * Everything the foundation holds about the family, as one JSON document (their right of
 * access): each application with what they told, the documents asked for and sent (listed;
 * each file is downloaded from the page), messages, the decision and payments. Audited per case.
 */
export async function exportMyData(emailKey: string): Promise<MyDataExport> {
  const rows = await applicationRowsOf(emailKey);
  const applications: MyDataExport["applications"] = [];
  for (const row of rows) {
    const decision = decisionOf(row);
    applications.push({
      ref: row.ref,
      state: row.state,
      state_in_words: STATE_FOR_APPLICANT[row.state],
      submitted_at: String(row.submitted_at),
      closed_at: row.closed_at,
      household_size: row.household_size,
      purpose: row.purpose,
      requested: centsToDollars(Number(row.requested_cents)),
      application: applicantOf(row),
      document_requests: (await documentRequestsOf(row.id)).map((request) => ({
        what: request.what,
        why: request.why,
        due_on: request.due_on,
        requested_at: request.requested_at,
        fulfilled_at: request.fulfilled_at,
      })),
      documents: (await documentsOf(row.id)).map(({ request_id: _request, ...document }) => document),
      messages: (await messagesOf(row.id, row.ref)).map(({ body, sent_at }) => ({ body, sent_at })),
      decision: decision && {
        outcome: decision.outcome,
        reason: decision.reason,
        decided_at: decision.decided_at,
        approved: decision.approved_cents === null ? null : centsToDollars(decision.approved_cents),
      },
      ...(await heldByStaffOf(row)),
    });
  }
  if (rows.length)
    await getDb()
      .transaction()
      .execute(async (trx) => {
        for (const row of rows)
          await recordAudit(
            {
              action: "export",
              entity: "application",
              entityId: row.ref,
              summary: "The family downloaded everything held about them",
              actor: APPLICANT_ACTOR,
            },
            trx,
          );
      });
  return { exported_at: nowIso(), applications };
}
