import {
  actionAllowed,
  isCaseAction,
  monthlyShortfallCents,
  notAllowedMessage,
  STATE_LABELS,
  type CaseAction,
} from "~/applications/records";
import { applicantOf, openCaseValue, sealCaseValue } from "~/applications/records/index.server";
import {
  approveApplication,
  closeApplication,
  declineApplication,
  payApplication,
} from "~/applications/grants/index.server";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { ConflictError, NotFoundError, parseOrThrow, ValidationError } from "~/lib/service-errors";
import { lockedForTheWrite } from "~/lib/sql-dialect.server";
import { queueMail } from "~/mail/queue/index.server";
import { formatDate, todayIn } from "~/shared/dates";
import { dollarsToCents, formatExactDollars } from "~/shared/money";
import { getEnv } from "~/lib/env.server";
import type { Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import type { ApplicationRow, ApplicationState } from "../../../../db/schema";
import {
  assessmentSchema,
  assignSchema,
  CAP_ERROR_FIELD,
  documentRequestSchema,
  messageSchema,
  type AssessmentInput,
} from "../rules/case-forms";
import { assignableStaff, caseRowByRef, defaultDueOn, warningsFor, type Assignee } from "./cases.server";

/**
 * A recommendation that passes the household's twelve-month cap, sent without
 * `acknowledge_cap`: a 422 under `recommended.amount` for the API; the case page shows the
 * warning and asks for the tick instead.
 */
export class CapPassedError extends ValidationError {
  constructor(
    readonly total: number,
    readonly room: number,
    readonly cap: number,
  ) {
    super({
      [CAP_ERROR_FIELD]: [
        `${formatExactDollars(total)} in all passes what the household may still receive under its twelve-month cap ` +
          `(${formatExactDollars(room)} of ${formatExactDollars(cap)}). Send "acknowledge_cap": true to recommend it all the same.`,
      ],
    });
    this.name = "CapPassedError";
  }
}

/**
 * The case worker's actions on a case: assign, request documents, assess, and notes and
 * messages. The case page's forms and the API call these same functions (the API's
 * dispatcher is `runCaseAction`). Each checks its input, checks the case's state (a 409 in the
 * words of records/rules/states.ts), writes in one transaction with its audit entry and its mail,
 * and sets `updated_at`. An entry names the fields changed (`{fields: [...]}`), never their
 * values; the state's move is in its summary.
 */

/** The family's own page, where they read messages and upload documents (the applicant slice's route). */
export const APPLICANT_PAGE_PATH = "/my-application";

type Db = DB;

/** The case's row, locked for the write on PostgreSQL, its state checked for the action. */
async function caseForAction(trx: Db, ref: string, action: CaseAction): Promise<ApplicationRow> {
  const found = await caseRowByRef(ref, trx);
  const row = await lockedForTheWrite(
    trx.selectFrom("applications").selectAll().where("id", "=", found.id),
  ).executeTakeFirstOrThrow();
  if (!actionAllowed(action, row.state)) throw new ConflictError(notAllowedMessage(action, row.state));
  return row;
}

/** Moves the case on, if it is still in the state it was read in (another person's change in between is a 409). */
async function updateCase(
  trx: Db,
  row: ApplicationRow,
  changes: Partial<Omit<ApplicationRow, "id" | "ref" | "is_open">>,
): Promise<void> {
  const updated = await trx
    .updateTable("applications")
    .set({ ...changes, updated_at: nowIso() })
    .where("id", "=", row.id)
    .where("state", "=", row.state)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new ConflictError(`Application ${row.ref} changed meanwhile: please look again`);
}

/** The state's move, for an audit entry's summary (which the Audit screen reads): " (submitted → under assessment)". */
function moved(from: ApplicationState, to: ApplicationState): string {
  return from === to ? "" : ` (${STATE_LABELS[from].toLowerCase()} → ${STATE_LABELS[to].toLowerCase()})`;
}

function by(actor: Admin): string {
  return actor.name || actor.username;
}

/** The person a case is given to, by id or username: active, holding caseworker, finance or owner. */
async function assigneeFrom(value: string, db: Db): Promise<Assignee> {
  const staff = await assignableStaff(db);
  const wanted = value.trim();
  const found = /^\d+$/.test(wanted)
    ? staff.find((person) => person.id === Number(wanted))
    : staff.find((person) => person.username.toLowerCase() === wanted.toLowerCase());
  if (!found)
    throw new ValidationError({
      caseworker: ["Please choose an active member of staff holding case worker, finance or owner"],
    });
  return found;
}

export async function assignCase(
  ref: string,
  input: unknown,
  actor: Admin,
): Promise<{ state: ApplicationState; assigned_to: Assignee }> {
  const { caseworker } = parseOrThrow(assignSchema, input);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseForAction(trx, ref, "assign");
      const assignee = await assigneeFrom(caseworker, trx);
      // Assigning a submitted case starts its assessment; one further on keeps its state.
      const state: ApplicationState = row.state === "submitted" ? "under_assessment" : row.state;
      await updateCase(trx, row, { assigned_to_id: assignee.id, assigned_at: nowIso(), state });
      await recordAudit(
        {
          action: "assign",
          entity: "application",
          entityId: row.ref,
          summary: `Application ${row.ref} assigned to ${assignee.name}${moved(row.state, state)}`,
          after: { fields: state === row.state ? ["assigned_to"] : ["assigned_to", "state"] },
          actor: { id: actor.id || null, name: by(actor) },
        },
        trx,
      );
      return { state, assigned_to: assignee };
    });
}

function greetingOf(row: ApplicationRow): string {
  const name = applicantOf(row)?.name.split(/\s+/)[0];
  return name ? `Dear ${name},` : "Hello,";
}

export async function requestDocuments(
  ref: string,
  input: unknown,
  actor: Admin,
): Promise<{ state: ApplicationState; due_on: string; request_ids: number[] }> {
  const { documents, due } = parseOrThrow(documentRequestSchema, input);
  const today = todayIn(getEnv().SITE_TIMEZONE);
  if (due !== undefined && due < today) throw new ValidationError({ due: ["The due date cannot be in the past"] });
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseForAction(trx, ref, "request-documents");
      const applicant = applicantOf(row);
      if (!applicant) throw new ConflictError(`Application ${row.ref}'s personal data was erased: nobody can be asked`);
      const dueOn = due ?? (await defaultDueOn(today, trx));
      const requestedAt = nowIso();
      // A request still open whose date has passed would lapse the case at the next round, with
      // the family just asked for more: it takes the new request's date, and is reminded again.
      const overdue = await trx
        .selectFrom("application_document_requests")
        .select(["id", "request_sealed"])
        .where("application_id", "=", row.id)
        .where("fulfilled_at", "is", null)
        .where("due_on", "<", today)
        .orderBy("id")
        .execute();
      if (overdue.length)
        await trx
          .updateTable("application_document_requests")
          .set({ due_on: dueOn, reminded_at: null })
          .where(
            "id",
            "in",
            overdue.map((request) => request.id),
          )
          .execute();
      const stillMissing = overdue.map(
        (request) =>
          openCaseValue<{ what: string; why: string }>(row.ref, "document-request", request.request_sealed).what,
      );
      const ids: number[] = [];
      for (const document of documents) {
        const inserted = await trx
          .insertInto("application_document_requests")
          .values({
            application_id: row.id,
            request_sealed: sealCaseValue(row.ref, "document-request", { what: document.what, why: document.why }),
            due_on: dueOn,
            requested_by: by(actor),
            requested_at: requestedAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(inserted.id);
      }
      await updateCase(trx, row, { state: "documents_requested" });
      await recordAudit(
        {
          action: "request-documents",
          entity: "application",
          entityId: row.ref,
          summary: `Application ${row.ref}: ${documents.length} ${documents.length === 1 ? "document" : "documents"} requested, due ${dueOn}${moved(row.state, "documents_requested")}`,
          after: {
            fields: [
              "document_requests",
              ...(overdue.length ? ["due_on", "reminded_at"] : []),
              ...(row.state === "documents_requested" ? [] : ["state"]),
            ],
          },
          actor: { id: actor.id || null, name: by(actor) },
        },
        trx,
      );
      await queueMail(trx, {
        kind: "application-documents-requested",
        to: applicant.email,
        personal: true,
        dedupeKey: `application-documents-${ids.join("-")}`,
        subject: "We need some documents for your application",
        greeting: greetingOf(row),
        paragraphs: [
          `To go on with your application ${row.ref}, we need the following from you by ${formatDate(dueOn, "UTC")}:`,
          ...documents.map((document) => `${document.what}: ${document.why}`),
          ...(stillMissing.length
            ? [`Still missing from before, and now due by the same date: ${stillMissing.join("; ")}.`]
            : []),
          "You can upload them (PDF, JPEG or PNG, up to 10 MB each) from your own page. If you cannot send them in time, please tell us.",
        ],
        action: { label: "Go to your page", url: `${configuredSiteUrl()}${APPLICANT_PAGE_PATH}` },
      });
      return { state: "documents_requested" as const, due_on: dueOn, request_ids: ids };
    });
}

/** The assessment: category and why, the shortfall as computed, and the recommended help. */
export async function assessCase(
  ref: string,
  input: unknown,
  actor: Admin,
): Promise<{ state: ApplicationState; shortfall: number; recommended: number }> {
  const assessment: AssessmentInput = parseOrThrow(assessmentSchema, input);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseForAction(trx, ref, "assess");
      const applicant = applicantOf(row);
      if (!applicant)
        throw new ConflictError(`Application ${row.ref}'s personal data was erased: it cannot be assessed`);
      const shortfall = monthlyShortfallCents(applicant);
      const each = dollarsToCents(assessment.recommended.amount);
      // Passing the household's twelve-month cap is the case worker's call, but never unseen:
      // refused until they say they have seen it (the approver sees the warning too).
      if (!assessment.acknowledge_cap) {
        const { cap } = await warningsFor(
          { ...row, recommended_cents: each, recommended_months: assessment.recommended.months },
          trx,
        );
        if (cap.passed) throw new CapPassedError(cap.recommended_cents / 100, cap.room, cap.cap);
      }
      const now = nowIso();
      await updateCase(trx, row, {
        state: "recommended",
        category: assessment.category,
        assessment_sealed: sealCaseValue(row.ref, "assessment", { reason: assessment.reason }),
        shortfall_cents: shortfall,
        recommended_plan: assessment.recommended.plan,
        recommended_cents: each,
        recommended_months: assessment.recommended.months,
        recommended_by: by(actor),
        recommended_by_id: actor.id || null,
        recommended_at: now,
      });
      const total = each * assessment.recommended.months;
      await recordAudit(
        {
          action: "assess",
          entity: "application",
          entityId: row.ref,
          summary: `Application ${row.ref} assessed${moved(row.state, "recommended")}`,
          after: {
            fields: [
              "state",
              "category",
              "reason",
              "shortfall",
              "recommended_plan",
              "recommended_amount",
              "recommended_months",
            ],
          },
          actor: { id: actor.id || null, name: by(actor) },
        },
        trx,
      );
      return { state: "recommended" as const, shortfall: shortfall / 100, recommended: total / 100 };
    });
}

/** A note for staff, or a message to the family (mailed, and shown on their page). */
export async function addCaseMessage(ref: string, input: unknown, actor: Admin): Promise<{ id: number }> {
  const message = parseOrThrow(messageSchema, input);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await caseRowByRef(ref, trx);
      const applicant = applicantOf(row);
      if (message.kind === "message" && !applicant)
        throw new ConflictError(`Application ${row.ref}'s personal data was erased: the family cannot be written to`);
      const inserted = await trx
        .insertInto("application_messages")
        .values({
          application_id: row.id,
          kind: message.kind,
          author: by(actor),
          author_id: actor.id || null,
          body_sealed: sealCaseValue(row.ref, "message", { body: message.body }),
          created_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("applications").set({ updated_at: nowIso() }).where("id", "=", row.id).execute();
      await recordAudit(
        {
          action: message.kind === "note" ? "note" : "message",
          entity: "application",
          entityId: row.ref,
          summary:
            message.kind === "note"
              ? `Application ${row.ref}: a note added`
              : `Application ${row.ref}: a message sent to the family`,
          after: { fields: ["body"] },
          actor: { id: actor.id || null, name: by(actor) },
        },
        trx,
      );
      if (message.kind === "message" && applicant) {
        await queueMail(trx, {
          kind: "application-message",
          to: applicant.email,
          personal: true,
          dedupeKey: `application-message-${inserted.id}`,
          subject: "A message about your application",
          greeting: greetingOf(row),
          paragraphs: [`Your case worker wrote about your application ${row.ref}:`, message.body],
          action: { label: "Go to your page", url: `${configuredSiteUrl()}${APPLICANT_PAGE_PATH}` },
        });
      }
      return { id: inserted.id };
    });
}

/**
 * POST /api/applications/{ref}/{action}: one dispatcher for every action of the case's path.
 * The case worker's own are here; a decision, a payment and closing belong to the grants
 * slice. An action that names nothing is a 404.
 */
export async function runCaseAction(ref: string, action: string, body: unknown, actor: Admin): Promise<unknown> {
  if (!isCaseAction(action)) throw new NotFoundError(`There is no action "${action}" on an application`);
  const row = await caseRowByRef(ref);
  // The grants slice checks again in its own transaction; a state no action starts from is a 409 here already.
  if (!actionAllowed(action, row.state)) throw new ConflictError(notAllowedMessage(action, row.state));
  switch (action) {
    case "assign":
      return assignCase(ref, body, actor);
    case "request-documents":
      return requestDocuments(ref, body, actor);
    case "assess":
      return assessCase(ref, body, actor);
    case "approve":
      return approveApplication(ref, body, actor);
    case "decline":
      return declineApplication(ref, body, actor);
    case "pay":
      return payApplication(ref, body, actor);
    case "close":
      return closeApplication(ref, body, actor);
  }
}
