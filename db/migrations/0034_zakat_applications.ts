import type { Kysely } from "kysely";
import { centsType, idColumn, nowText } from "./dialect";

/**
 * Zakat applications (issue 31): a family's request for help, from the first draft to the
 * ledger. Personal data is never stored in plain text: every `*_sealed` column holds a value
 * sealed with the site's data key (app/lib/data-encryption.server.ts), and `*_key` columns hold
 * keyed hashes (HMAC) of normalised values, to find an applicant or a duplicate without the
 * value itself. What the books and the figures need (state, category, household size, amounts,
 * dates) stays plain, and stays when the personal data is erased after the retention period.
 *
 * - `application_drafts`: an application saved part way, resumed by a mailed link (its token hashed).
 * - `applications`: one per submitted application; `ref` is what the family and staff quote.
 * - `application_match_keys`: keyed hashes of the normalised email, phone, and name with date of
 *   birth, for the duplicate warnings (one row per key, so one index finds them all).
 * - `application_document_requests` / `application_documents`: what staff asked for, by when,
 *   and what the family uploaded (the file itself is sealed on disk, outside the public uploads).
 * - `application_messages`: staff's notes (internal) and messages to the family.
 * - `application_payments`: each payment of a grant, due or paid; a paid one names its ledger
 *   entry, which carries the category and amount and nothing of the family.
 * - `applicant_sign_in_links` / `applicant_sessions`: the family's own page, by mailed link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const cents = centsType(db);

  await db.schema
    .createTable("application_drafts")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("application_drafts_expiry").on("application_drafts").column("expires_at").execute();

  await db.schema
    .createTable("applications")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("ref", "text", (c) => c.notNull().unique())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("submitted"))
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("applicant_sealed", "text")
    .addColumn("household_size", "integer", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("requested_cents", cents, (c) => c.notNull())
    .addColumn("assigned_to_id", "integer", (c) => c.references("admins.id"))
    .addColumn("assigned_at", "text")
    .addColumn("category", "text")
    .addColumn("assessment_sealed", "text")
    .addColumn("shortfall_cents", cents)
    .addColumn("recommended_plan", "text")
    .addColumn("recommended_cents", cents)
    .addColumn("recommended_months", "integer")
    .addColumn("recommended_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("recommended_by_id", "integer", (c) => c.references("admins.id"))
    .addColumn("recommended_at", "text")
    .addColumn("decided_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("decided_by_id", "integer", (c) => c.references("admins.id"))
    .addColumn("decided_at", "text")
    .addColumn("decision_sealed", "text")
    .addColumn("approved_cents", cents)
    .addColumn("paid_cents", cents, (c) => c.notNull().defaultTo(0))
    .addColumn("submitted_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("closed_at", "text")
    .addColumn("erased_at", "text")
    .execute();
  // The queue's filters, newest first, each with an index behind it.
  await db.schema.createIndex("applications_state").on("applications").columns(["state", "id"]).execute();
  await db.schema.createIndex("applications_category").on("applications").columns(["category", "id"]).execute();
  await db.schema.createIndex("applications_assigned").on("applications").columns(["assigned_to_id", "id"]).execute();
  await db.schema.createIndex("applications_email_key").on("applications").columns(["email_key", "id"]).execute();
  await db.schema.createIndex("applications_closed").on("applications").column("closed_at").execute();

  await db.schema
    .createTable("application_match_keys")
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("application_match_keys_hash")
    .on("application_match_keys")
    .columns(["key_hash", "created_at"])
    .execute();
  await db.schema
    .createIndex("application_match_keys_application")
    .on("application_match_keys")
    .column("application_id")
    .execute();

  await db.schema
    .createTable("application_document_requests")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id"))
    .addColumn("request_sealed", "text", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("requested_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("reminded_at", "text")
    .addColumn("fulfilled_at", "text")
    .execute();
  await db.schema
    .createIndex("application_document_requests_application")
    .on("application_document_requests")
    .columns(["application_id", "id"])
    .execute();
  await db.schema
    .createIndex("application_document_requests_due")
    .on("application_document_requests")
    .columns(["fulfilled_at", "due_on"])
    .execute();

  await db.schema
    .createTable("application_documents")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id"))
    .addColumn("request_id", "integer", (c) => c.references("application_document_requests.id"))
    .addColumn("stored_name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("name_sealed", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("application_documents_application")
    .on("application_documents")
    .columns(["application_id", "id"])
    .execute();

  await db.schema
    .createTable("application_messages")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("author_id", "integer", (c) => c.references("admins.id"))
    .addColumn("body_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("application_messages_application")
    .on("application_messages")
    .columns(["application_id", "id"])
    .execute();

  await db.schema
    .createTable("application_payments")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("application_id", "integer", (c) => c.notNull().references("applications.id"))
    .addColumn("amount_cents", cents, (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("payee_sealed", "text")
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("due"))
    .addColumn("fund_id", "integer", (c) => c.references("funds.id"))
    .addColumn("disbursement_id", "integer", (c) => c.unique().references("disbursements.id"))
    .addColumn("paid_on", "text")
    .addColumn("recorded_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("application_payments_application")
    .on("application_payments")
    .columns(["application_id", "id"])
    .execute();
  await db.schema
    .createIndex("application_payments_due")
    .on("application_payments")
    .columns(["status", "due_on"])
    .execute();

  await db.schema
    .createTable("applicant_sign_in_links")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createTable("applicant_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("applicant_sessions_expiry").on("applicant_sessions").column("expires_at").execute();
}
