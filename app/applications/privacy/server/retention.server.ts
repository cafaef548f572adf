import { sql } from "kysely";
import { startBackgroundRounds } from "~/lib/background-rounds.server";
import { engineOf, getDb } from "~/lib/db.server";
import { recordAudit } from "~/staff/audit/index.server";
import { FINISHED_STATES } from "~/applications/records";
import { applicationSettings } from "~/applications/records/index.server";
import { deleteSealedDocument } from "~/applications/documents/index.server";

/**
 * The retention period (issue 31, decision 170): a case closed longer ago than the setting
 * `applications_retention_years` (six by default) loses its personal data, everything that
 * names or describes the family: the applicant's record, the assessment's and the decision's
 * reasons, messages and notes, document requests, documents (rows and files), payees, the
 * keyed hashes, and its mail. What the books and the figures need stays: state, category,
 * household size, purpose, amounts, dates and each payment's ledger entry. Each case is erased
 * in one transaction with its audit entry; a case another process is erasing is passed over.
 * Expired drafts, sign-in links and applicant sessions go in the same round.
 */
export interface ErasureRound {
  erased: number;
  draftsDeleted: number;
  signInsDeleted: number;
  mailDeleted: number;
  /** More cases were waiting than one round takes. */
  full: boolean;
}

const BATCH = 50;

/** The moment `years` whole years before `now`, as stored (ISO-8601 UTC). */
export function retentionCutoff(now: Date, years: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString();
}

async function eraseCase(id: number, ref: string, years: number, erasedAt: string): Promise<boolean> {
  const files = await getDb()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("applications")
        .set({
          applicant_sealed: null,
          assessment_sealed: null,
          decision_sealed: null,
          // The keyed hash of the email would still link a later application to this family.
          email_key: "",
          erased_at: erasedAt,
        })
        .where("id", "=", id)
        .where("erased_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return null;
      await trx.deleteFrom("application_match_keys").where("application_id", "=", id).execute();
      await trx.deleteFrom("application_messages").where("application_id", "=", id).execute();
      const documents = await trx
        .deleteFrom("application_documents")
        .where("application_id", "=", id)
        .returning("stored_name")
        .execute();
      await trx.deleteFrom("application_document_requests").where("application_id", "=", id).execute();
      // Each payment's amount, date and ledger entry stay; who was paid goes.
      await trx
        .updateTable("application_payments")
        .set({ payee_sealed: null })
        .where("application_id", "=", id)
        .execute();
      await recordAudit(
        {
          action: "erase",
          entity: "application",
          entityId: ref,
          summary: `Personal data erased: closed more than ${years} ${years === 1 ? "year" : "years"} ago`,
          after: {
            fields: ["applicant", "assessment", "decision", "messages", "documents", "document requests", "payees"],
          },
          actor: { id: null, name: "system", address: "", userAgent: "" },
        },
        trx,
      );
      return documents.map((document) => document.stored_name);
    });
  if (!files) return false;
  // After the commit, so a file is never missing under a kept row (one left behind by a crash here
  // stays sealed, and no row leads to it).
  for (const storedName of files) await deleteSealedDocument(storedName);
  return true;
}

/** One round: the cases past their retention period (a batch), then expired drafts and sign-ins. */
export async function eraseExpiredPersonalData(
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<ErasureRound> {
  const db = getDb();
  const years = (await applicationSettings()).retentionYears;
  const cutoff = retentionCutoff(now, years);
  const due = await db
    .selectFrom("applications")
    .select(["id", "ref"])
    .where("erased_at", "is", null)
    .where("closed_at", "is not", null)
    .where("closed_at", "<", cutoff)
    .where("state", "in", FINISHED_STATES)
    .orderBy("closed_at")
    .limit(BATCH)
    .execute();
  const round: ErasureRound = {
    erased: 0,
    draftsDeleted: 0,
    signInsDeleted: 0,
    mailDeleted: 0,
    full: due.length === BATCH,
  };
  for (const { id, ref } of due) {
    if (stopping()) break;
    if (await eraseCase(id, ref, years, now.toISOString())) round.erased += 1;
  }

  const nowText = now.toISOString();
  round.draftsDeleted = Number(
    (await db.deleteFrom("application_drafts").where("expires_at", "<", nowText).executeTakeFirst()).numDeletedRows,
  );
  const links = await db
    .deleteFrom("applicant_sign_in_links")
    .where((eb) => eb.or([eb("expires_at", "<", nowText), eb("used_at", "is not", null)]))
    .executeTakeFirst();
  const sessions = await db.deleteFrom("applicant_sessions").where("expires_at", "<", nowText).executeTakeFirst();
  round.signInsDeleted = Number(links.numDeletedRows) + Number(sessions.numDeletedRows);
  // An applicant's mail (sealed) is kept as long as the cases are, and no longer.
  round.mailDeleted = Number(
    (
      await db
        .deleteFrom("outbound_mail")
        .where("sealed", "=", 1)
        .where("created_at", "<", cutoff)
        .where("status", "in", ["sent", "failed", "kept"])
        .executeTakeFirst()
    ).numDeletedRows,
  );

  // SQLite zeroes the freed pages (secure_delete); a checkpoint takes the erased rows' old pages
  // out of the write-ahead log too.
  if (round.erased > 0 && engineOf(db) === "sqlite") await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return round;
}

/** The retention round, from the server process: at start, then every six hours. */
export function startApplicationRetention(intervalMs = 6 * 60 * 60_000): () => Promise<void> {
  return startBackgroundRounds({
    name: "Applications' retention",
    intervalMs,
    round: async (stopping) => (await eraseExpiredPersonalData(new Date(), stopping)).full,
  });
}
