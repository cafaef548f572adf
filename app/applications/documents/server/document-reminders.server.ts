import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { startBackgroundRounds } from "~/lib/background-rounds.server";
import { getEnv } from "~/lib/env.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { removeStaleIncoming } from "~/lib/uploads.server";
import { queueMail } from "~/mail/queue/index.server";
import { recordAudit } from "~/staff/audit/index.server";
import { applicantOf, openCaseValue } from "~/applications/records/index.server";
import {
  applicationLapsedMail,
  documentReminderMail,
  reminderHorizon,
  remindedBefore,
  type DocumentRequestText,
} from "../rules/document-rules";

/**
 * The background round for requests for documents, in the server process beside the mail
 * loop: two days before a request's due date the family is reminded, once (`reminded_at`);
 * when the due date has passed after that reminder with the request still unfulfilled, the
 * case lapses (state "lapsed", `closed_at`), the family is told, and the audit trail says the
 * site did it. Only cases still waiting for documents are touched; each change and its mail
 * are one transaction, and each mail has its dedupe key, so rounds side by side or after a
 * restart send each once.
 */
const BATCH = 20;
const SYSTEM = { id: null, name: "System" };

export interface DocumentRound {
  reminded: number;
  lapsed: number;
  /** Whether more may be waiting than this round took. */
  full: boolean;
}

function myApplicationUrl(): string {
  return `${configuredSiteUrl()}/my-application`;
}

export async function runDocumentDeadlines(
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<DocumentRound> {
  const today = todayIn(getEnv().SITE_TIMEZONE, now);
  const round: DocumentRound = { reminded: 0, lapsed: 0, full: false };
  // A family's document received but never stored or discarded (a crash mid-upload) lies plain
  // on disk: gone after an hour, by the real clock (files' times are real, whatever `now` says).
  await removeStaleIncoming().catch((error: unknown) =>
    console.error("Old received uploads could not be removed:", error),
  );
  // Index application_document_requests_due (fulfilled_at, due_on). One reminder per case and
  // due date: two requests due the same day are one mail listing both.
  const toRemind = await getDb()
    .selectFrom("application_document_requests")
    .innerJoin("applications", "applications.id", "application_document_requests.application_id")
    .select(["application_document_requests.application_id", "application_document_requests.due_on"])
    .distinct()
    .where("application_document_requests.fulfilled_at", "is", null)
    .where("application_document_requests.due_on", "<=", reminderHorizon(today))
    .where("application_document_requests.reminded_at", "is", null)
    .where("applications.state", "=", "documents_requested")
    .orderBy("application_document_requests.due_on")
    .orderBy("application_document_requests.application_id")
    .limit(BATCH)
    .execute();
  for (const { application_id, due_on } of toRemind) {
    if (stopping()) return round;
    try {
      if (await remindOnce(application_id, due_on, now)) round.reminded += 1;
    } catch (error) {
      console.error(
        `The reminder for application ${application_id}'s documents due ${due_on} could not be sent:`,
        error,
      );
    }
  }
  const toLapse = await getDb()
    .selectFrom("application_document_requests")
    .innerJoin("applications", "applications.id", "application_document_requests.application_id")
    .select("applications.id")
    .distinct()
    .where("application_document_requests.fulfilled_at", "is", null)
    .where("application_document_requests.due_on", "<", today)
    .where("application_document_requests.reminded_at", "<", remindedBefore(today))
    .where("applications.state", "=", "documents_requested")
    .limit(BATCH)
    .execute();
  for (const { id } of toLapse) {
    if (stopping()) return round;
    try {
      if (await lapseOnce(id, today, now)) round.lapsed += 1;
    } catch (error) {
      console.error(`Application ${id} could not be lapsed:`, error);
    }
  }
  round.full = (toRemind.length === BATCH && round.reminded > 0) || (toLapse.length === BATCH && round.lapsed > 0);
  return round;
}

/**
 * Reminds the family of a case's requests due on one day, in one mail listing what is still
 * missing, and marks them reminded, all or nothing; false when another round did.
 */
async function remindOnce(applicationId: number, dueOn: string, now: Date): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const stamp = now.toISOString();
      const waiting = await trx
        .selectFrom("application_document_requests")
        .select("id")
        .where("application_id", "=", applicationId)
        .where("due_on", "=", dueOn)
        .where("reminded_at", "is", null)
        .where("fulfilled_at", "is", null)
        .orderBy("id")
        .execute();
      const ids = waiting.map((request) => request.id);
      if (ids.length === 0) return false;
      const marked = await trx
        .updateTable("application_document_requests")
        .set({ reminded_at: stamp })
        .where("id", "in", ids)
        .where("reminded_at", "is", null)
        .where("fulfilled_at", "is", null)
        .executeTakeFirst();
      // Another round took them meanwhile (it sends the mail).
      if (marked.numUpdatedRows !== BigInt(ids.length)) {
        if (marked.numUpdatedRows > 0n) throw new Error("Another round reminded part of these requests; trying again");
        return false;
      }
      const application = await trx
        .selectFrom("applications")
        .select(["ref", "applicant_sealed"])
        .where("id", "=", applicationId)
        .executeTakeFirstOrThrow();
      const applicant = applicantOf(application);
      // Personal data already erased: nobody to write to, and nothing more to remind.
      if (!applicant) return true;
      const requests = await trx
        .selectFrom("application_document_requests")
        .select("request_sealed")
        .where("id", "in", ids)
        .orderBy("id")
        .execute();
      const what = requests.map(
        (request) =>
          openCaseValue<DocumentRequestText>(application.ref, "document-request", request.request_sealed).what,
      );
      await queueMail(trx, {
        ...documentReminderMail({ ref: application.ref, dueOn, what, pageUrl: myApplicationUrl() }),
        kind: "application-document-reminder",
        to: applicant.email,
        // A due date moved and reminded again is a new reminder; the same one twice is not.
        dedupeKey: `application-document-reminder-${applicationId}-${dueOn}-${ids[0]}-${stamp}`,
        personal: true,
      });
      return true;
    });
}

/** Lapses one case still waiting for documents, with its mail and audit entry; false when it moved meanwhile. */
async function lapseOnce(applicationId: number, today: string, now: Date): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const overdue = await trx
        .selectFrom("application_document_requests")
        .select("id")
        .where("application_id", "=", applicationId)
        .where("fulfilled_at", "is", null)
        .where("due_on", "<", today)
        .where("reminded_at", "<", remindedBefore(today))
        .executeTakeFirst();
      if (!overdue) return false;
      const stamp = now.toISOString();
      const lapsed = await trx
        .updateTable("applications")
        .set({ state: "lapsed", closed_at: stamp, updated_at: stamp })
        .where("id", "=", applicationId)
        .where("state", "=", "documents_requested")
        .executeTakeFirst();
      if (lapsed.numUpdatedRows === 0n) return false;
      const application = await trx
        .selectFrom("applications")
        .select(["ref", "applicant_sealed"])
        .where("id", "=", applicationId)
        .executeTakeFirstOrThrow();
      await recordAudit(
        {
          action: "lapse",
          entity: "application",
          entityId: application.ref,
          summary: "Lapsed: a requested document did not arrive by its date, after a reminder",
          before: { fields: ["state"] },
          after: { fields: ["state", "closed_at"] },
          actor: SYSTEM,
        },
        trx,
      );
      const applicant = applicantOf(application);
      if (applicant)
        await queueMail(trx, {
          ...applicationLapsedMail({ ref: application.ref, pageUrl: myApplicationUrl() }),
          kind: "application-lapsed",
          to: applicant.email,
          dedupeKey: `application-lapsed-${applicationId}`,
          personal: true,
        });
      return true;
    });
}

/**
 * Starts the round: one at once (deadlines missed while the server was down are taken up on
 * its return), then every `intervalMs`. Returns the function that stops it.
 */
export function startApplicationDocumentDeadlines(intervalMs = 10 * 60_000): () => Promise<void> {
  return startBackgroundRounds({
    name: "Application document deadlines",
    intervalMs,
    round: async (stopping) => (await runDocumentDeadlines(new Date(), stopping)).full,
  });
}
