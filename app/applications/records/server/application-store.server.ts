import { randomBytes } from "node:crypto";
import { matchKey, sealJson, unsealJson } from "~/lib/data-keys.server";
import { nowIso, type DB } from "~/lib/db.server";
import { dollarsToCents } from "~/shared/money";
import type { ApplicationMatchKind, ApplicationRow } from "../../../../db/schema";
import { householdSize, type ApplicantRecord, type ApplicationInput } from "../rules/application-form";
import { normaliseEmail, normaliseName, normalisePhone } from "../rules/normalise";
import { referenceFrom } from "../rules/references";

/**
 * Where an application's personal data is sealed and opened: the one place that knows the
 * sealed columns' contexts, so a value copied to another case does not open there. Services
 * read and write cases through these functions and never see a sealed string.
 */
export function sealedContext(ref: string, field: string): string {
  return `application:${ref}:${field}`;
}

/**
 * The field each sealed column of a case's tables is sealed to (`sealCaseValue(ref, field, value)`):
 * the key rotation and the retention round open values by these (decision 168), so every service
 * seals with them and no other.
 */
export const CASE_FIELDS = {
  /** applications.applicant_sealed: the family's own words (ApplicantRecord). */
  applicant: "applicant",
  /** applications.assessment_sealed */
  assessment: "assessment",
  /** applications.decision_sealed */
  decision: "decision",
  /** application_document_requests.request_sealed */
  documentRequest: "document-request",
  /** application_messages.body_sealed */
  message: "message",
  /** application_payments.payee_sealed */
  payee: "payee",
  /** application_documents.name_sealed, to its stored file. */
  documentName: (storedName: string) => `document-name:${storedName}`,
  /** The sealed file itself in UPLOADS_DIR/private/applications. */
  documentFile: (storedName: string) => `document:${storedName}`,
} as const;

/** A draft has no reference yet: its body is sealed to its (hashed) resume token. */
export function draftContext(tokenHash: string): string {
  return `application-draft:${tokenHash}`;
}

export function emailKey(email: string): string {
  return matchKey("email", normaliseEmail(email));
}

/** The keyed hashes a case is found by when another application names the same person or household. */
export function matchKeysOf(record: Pick<ApplicantRecord, "email" | "phone" | "name" | "date_of_birth">) {
  const keys: { kind: ApplicationMatchKind; key_hash: string }[] = [
    { kind: "email", key_hash: emailKey(record.email) },
    { kind: "name_dob", key_hash: matchKey("name_dob", `${normaliseName(record.name)}|${record.date_of_birth}`) },
  ];
  const phone = normalisePhone(record.phone);
  if (phone.length >= 7) keys.push({ kind: "phone", key_hash: matchKey("phone", phone) });
  return keys;
}

export function recordOf(input: ApplicationInput, declaredAt = nowIso()): ApplicantRecord {
  const { declare_true: _true, consent_privacy: _consent, ...told } = input;
  return { ...told, declared_at: declaredAt };
}

async function unusedReference(trx: DB): Promise<string> {
  for (;;) {
    const ref = referenceFrom(randomBytes(8));
    const taken = await trx.selectFrom("applications").select("id").where("ref", "=", ref).executeTakeFirst();
    if (!taken) return ref;
  }
}

/** Writes a submitted application in the caller's transaction (with its mail and audit): its id and reference. */
export async function insertApplication(trx: DB, input: ApplicationInput): Promise<{ id: number; ref: string }> {
  const ref = await unusedReference(trx);
  const record = recordOf(input);
  const now = nowIso();
  const row = await trx
    .insertInto("applications")
    .values({
      ref,
      state: "submitted",
      email_key: emailKey(record.email),
      applicant_sealed: sealJson(record, sealedContext(ref, CASE_FIELDS.applicant)),
      household_size: householdSize(record),
      purpose: record.purpose,
      requested_cents: dollarsToCents(record.requested),
      submitted_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("application_match_keys")
    .values(matchKeysOf(record).map((key) => ({ ...key, application_id: row.id, created_at: now })))
    .execute();
  return { id: row.id, ref };
}

/** The family's own words, or null once the retention period erased them. */
export function applicantOf(row: Pick<ApplicationRow, "ref" | "applicant_sealed">): ApplicantRecord | null {
  return row.applicant_sealed
    ? unsealJson<ApplicantRecord>(row.applicant_sealed, sealedContext(row.ref, CASE_FIELDS.applicant))
    : null;
}

/** Seals one of a case's other values (an assessment's reason, a decision, a note) to its place. */
export function sealCaseValue(ref: string, field: string, value: unknown): string {
  return sealJson(value, sealedContext(ref, field));
}

export function openCaseValue<T>(ref: string, field: string, sealed: string): T {
  return unsealJson<T>(sealed, sealedContext(ref, field));
}

/** A draft's body (what the family typed so far), sealed to the draft. */
export function sealDraftBody(tokenHash: string, body: unknown): string {
  return sealJson(body, draftContext(tokenHash));
}

export function openDraftBody<T>(row: { token_hash: string; body_sealed: string }): T {
  return unsealJson<T>(row.body_sealed, draftContext(row.token_hash));
}
