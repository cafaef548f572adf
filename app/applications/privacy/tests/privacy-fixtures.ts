import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applicationSchema, type ApplicationInput } from "~/applications/records";
import {
  CASE_FIELDS,
  emailKey,
  insertApplication,
  sealCaseValue,
  sealDraftBody,
  sealedContext,
} from "~/applications/records/index.server";
import { sealBytes } from "~/lib/data-encryption.server";
import { forgetKeyRing, getKeyRing } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { queueMail } from "~/mail/queue/index.server";
import { documentFilePath } from "~/applications/documents/index.server";

/** What the privacy tests need: an application as a family sends it, and the data key switched. */
export const KEY_A = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
export const KEY_B = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
export const KEY_C = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";

export function typedApplication(overrides: Record<string, string> = {}): ApplicationInput {
  return applicationSchema.parse({
    name: "Amina Yusuf",
    email: "amina.applicant@example.org",
    phone: "07700 900123",
    address: "1 High Street",
    date_of_birth: "1985-04-02",
    adults: "2",
    children_ages: "4, 7",
    income_work: "1,200",
    cost_housing: "950",
    cost_food: "500.50",
    purpose: "rent",
    purpose_details: "Two months of rent arrears",
    requested: "1900",
    declare_true: "on",
    consent_privacy: "on",
    ...overrides,
  });
}

export function applyFor(overrides: Record<string, string> = {}) {
  return getDb()
    .transaction()
    .execute((trx) => insertApplication(trx, typedApplication(overrides)));
}

/** Sets the data key variables (unset when ""), as a restart with them would. */
export function useKeys(keys: { DATA_ENCRYPTION_KEY?: string; DATA_ENCRYPTION_OLD_KEYS?: string }) {
  Object.assign(process.env, { DATA_ENCRYPTION_KEY: "", DATA_ENCRYPTION_OLD_KEYS: "", ...keys });
  resetEnvCache();
  forgetKeyRing();
}

export const FILE_BYTES = Buffer.from("%PDF-1.7 a bank statement for the household");
/** Each case's one document, by a name made from the applicant's email. */
export const storedNameFor = (email: string) => createHash("md5").update(email).digest("hex");
export const STORED_NAME = storedNameFor("amina.applicant@example.org");

export interface Made {
  ref: string;
  id: number;
}

/** A case with a row in every table that seals something, all sealed with the key in use now. */
export async function caseWithEverything(email = "amina.applicant@example.org"): Promise<Made> {
  const { id, ref } = await applyFor({ email });
  const db = getDb();
  await db
    .updateTable("applications")
    .set({
      assessment_sealed: sealCaseValue(ref, CASE_FIELDS.assessment, "Behind on rent after losing work"),
      decision_sealed: sealCaseValue(ref, CASE_FIELDS.decision, "Approved for two months"),
    })
    .where("id", "=", id)
    .execute();
  await db
    .insertInto("application_document_requests")
    .values({
      application_id: id,
      request_sealed: sealCaseValue(ref, CASE_FIELDS.documentRequest, { what: "Bank statement", why: "Income" }),
      due_on: "2026-12-17",
      requested_by: "caseworker",
    })
    .execute();
  const storedName = storedNameFor(email);
  await db
    .insertInto("application_documents")
    .values({
      application_id: id,
      stored_name: storedName,
      content_type: "application/pdf",
      size_bytes: FILE_BYTES.length,
      name_sealed: sealCaseValue(ref, CASE_FIELDS.documentName(storedName), "statement-amina.pdf"),
    })
    .execute();
  const file = documentFilePath(storedName)!;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sealBytes(FILE_BYTES, sealedContext(ref, CASE_FIELDS.documentFile(storedName)), getKeyRing()));
  await db
    .insertInto("application_messages")
    .values({
      application_id: id,
      kind: "message",
      author: "caseworker",
      body_sealed: sealCaseValue(ref, CASE_FIELDS.message, "Please send your tenancy agreement"),
    })
    .execute();
  await db
    .insertInto("application_payments")
    .values({
      application_id: id,
      amount_cents: 95_000,
      method: "third_party",
      payee_sealed: sealCaseValue(ref, CASE_FIELDS.payee, { name: "Acme Lettings", account: "12345678" }),
      due_on: "2026-12-20",
    })
    .execute();
  await queueMail(db, {
    kind: "application-received",
    to: email,
    subject: "We received your application",
    paragraphs: [`Your reference is ${ref}.`],
    dedupeKey: `application-received:${ref}`,
    personal: true,
  });
  return { id, ref };
}

/** Tokens and ids as the site keeps them: hashes that name nobody. */
const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url");
export const draftTokenFor = (email: string) => hashOf(`draft:${email}`);
export const linkTokenFor = (email: string) => hashOf(`link:${email}`);
export const sessionIdFor = (email: string) => hashOf(`session:${email}`);

export async function draftFor(email: string) {
  const token_hash = draftTokenFor(email);
  await getDb()
    .insertInto("application_drafts")
    .values({
      token_hash,
      email_key: emailKey(email),
      body_sealed: sealDraftBody(token_hash, { step: "money", values: { name: "Hafsa", email } }),
      expires_at: "2099-01-01T00:00:00.000Z",
    })
    .execute();
}

export async function signInsFor(email: string) {
  await getDb()
    .insertInto("applicant_sign_in_links")
    .values({ email_key: emailKey(email), token_hash: linkTokenFor(email), expires_at: "2099-01-01T00:00:00.000Z" })
    .execute();
  await getDb()
    .insertInto("applicant_sessions")
    .values({ id: sessionIdFor(email), email_key: emailKey(email), expires_at: "2099-01-01T00:00:00.000Z" })
    .execute();
}
