import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { sql } from "kysely";
import { dataKeyFromHex, newDataKeyHex, sealedWith, type KeyRing } from "~/lib/data-encryption.server";
import { dataKeyFile, getKeyRing, resolveKeyRing, seal, unseal, sealWithKeyRing } from "~/lib/data-keys.server";
import { getDb, type DB } from "~/lib/db.server";
import { databaseEngine, getEnv } from "~/lib/env.server";
import { sealedMailContext } from "~/mail/queue/index.server";
import {
  applicantOf,
  CASE_FIELDS,
  draftContext,
  emailKey,
  matchKeysOf,
  sealedContext,
} from "~/applications/records/index.server";
import { resealDocumentFile } from "~/applications/documents/index.server";

/**
 * The data key's rotation (decision 168): every sealed value of the applications' tables, an
 * applicant's sealed mail and the documents on disk sealed again with the current key of the
 * process's ring, and the keyed hashes computed again from it. Batch by batch, each in its own
 * transaction, so a rotation stopped half way is taken up where it stopped: a value already
 * sealed with the new key is passed over, and a case's keyed hashes are computed again in the
 * transaction that seals its applicant's record, so they are new exactly when it is.
 */
export interface RotationCounts {
  applications: number;
  drafts: number;
  documentRequests: number;
  documents: number;
  documentFiles: number;
  messages: number;
  payments: number;
  mail: number;
  /** The family's sign-in links and sessions, keyed by the old hashes: ended (they ask for a new link). */
  signInsEnded: number;
}

/** The value sealed again with the current key, or undefined when it needs nothing (none, or sealed with it). */
function resealed(value: string | null, context: string, ring: KeyRing): string | undefined {
  if (value === null || sealedWith(value) === ring.current.id) return undefined;
  return seal(unseal(value, context), context);
}

/** Walks a table by id, a batch per transaction; `work` returns how many rows it changed. */
async function inBatches<Row extends { id: number }>(
  batchSize: number,
  read: (db: DB, afterId: number, limit: number) => Promise<Row[]>,
  work: (trx: DB, row: Row) => Promise<boolean>,
): Promise<number> {
  let afterId = 0;
  let changed = 0;
  for (;;) {
    const done = await getDb()
      .transaction()
      .execute(async (trx) => {
        const rows = await read(trx, afterId, batchSize);
        for (const row of rows) if (await work(trx, row)) changed += 1;
        return rows;
      });
    if (done.length < batchSize) return changed;
    afterId = done.at(-1)!.id;
  }
}

/** The email in a draft's body, wherever the form keeps it (a draft may be part way through). */
function emailIn(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.email === "string" && record.email.includes("@")) return record.email;
  for (const value of Object.values(record)) {
    const found = value && typeof value === "object" ? emailIn(value) : undefined;
    if (found) return found;
  }
  return undefined;
}

export async function resealPersonalData(batchSize = 500): Promise<RotationCounts> {
  const ring = getKeyRing();
  const counts: RotationCounts = {
    applications: 0,
    drafts: 0,
    documentRequests: 0,
    documents: 0,
    documentFiles: 0,
    messages: 0,
    payments: 0,
    mail: 0,
    signInsEnded: 0,
  };

  counts.applications = await inBatches(
    batchSize,
    (db, afterId, limit) =>
      db
        .selectFrom("applications")
        .select(["id", "ref", "applicant_sealed", "assessment_sealed", "decision_sealed", "submitted_at"])
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute(),
    async (trx, row) => {
      const context = (field: string) => sealedContext(row.ref, field);
      const applicant = resealed(row.applicant_sealed, context(CASE_FIELDS.applicant), ring);
      const assessment = resealed(row.assessment_sealed, context(CASE_FIELDS.assessment), ring);
      const decision = resealed(row.decision_sealed, context(CASE_FIELDS.decision), ring);
      if (!applicant && !assessment && !decision) return false;
      let email_key: string | undefined;
      if (applicant) {
        const record = applicantOf({ ref: row.ref, applicant_sealed: applicant })!;
        email_key = emailKey(record.email);
        // The twelve-month window counts from when the keys were first written.
        const first = await trx
          .selectFrom("application_match_keys")
          .select((eb) => eb.fn.min("created_at").as("created_at"))
          .where("application_id", "=", row.id)
          .executeTakeFirst();
        const created_at = first?.created_at ?? row.submitted_at;
        await trx.deleteFrom("application_match_keys").where("application_id", "=", row.id).execute();
        await trx
          .insertInto("application_match_keys")
          .values(matchKeysOf(record).map((key) => ({ ...key, application_id: row.id, created_at })))
          .execute();
      }
      await trx
        .updateTable("applications")
        .set({
          ...(applicant ? { applicant_sealed: applicant, email_key } : {}),
          ...(assessment ? { assessment_sealed: assessment } : {}),
          ...(decision ? { decision_sealed: decision } : {}),
        })
        .where("id", "=", row.id)
        .execute();
      return true;
    },
  );

  counts.drafts = await inBatches(
    batchSize,
    (db, afterId, limit) =>
      db
        .selectFrom("application_drafts")
        .select(["id", "token_hash", "body_sealed"])
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute(),
    async (trx, row) => {
      const body = resealed(row.body_sealed, draftContext(row.token_hash), ring);
      if (!body) return false;
      const email = emailIn(JSON.parse(unseal(body, draftContext(row.token_hash))));
      await trx
        .updateTable("application_drafts")
        // As the draft's own service keys it: the email given so far, or none yet.
        .set({ body_sealed: body, email_key: emailKey(email ?? "") })
        .where("id", "=", row.id)
        .execute();
      return true;
    },
  );

  // A case's other tables: one sealed column each, sealed to the case's reference and a field.
  const caseTables = [
    { table: "application_document_requests", column: "request_sealed", field: CASE_FIELDS.documentRequest },
    { table: "application_messages", column: "body_sealed", field: CASE_FIELDS.message },
    { table: "application_payments", column: "payee_sealed", field: CASE_FIELDS.payee },
  ] as const;
  for (const { table, column, field } of caseTables) {
    const changed = await inBatches(
      batchSize,
      (db, afterId, limit) =>
        db
          .selectFrom(`${table} as t` as "application_messages as t")
          .innerJoin("applications as a", "a.id", "t.application_id")
          .select(["t.id as id", "a.ref as ref", sql<string | null>`t.${sql.ref(column)}`.as("sealed")])
          .where("t.id", ">", afterId)
          .orderBy("t.id")
          .limit(limit)
          .execute(),
      async (trx, row) => {
        const value = resealed(row.sealed, sealedContext(row.ref, field), ring);
        if (!value) return false;
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${row.id}`.execute(trx);
        return true;
      },
    );
    if (table === "application_document_requests") counts.documentRequests = changed;
    else if (table === "application_messages") counts.messages = changed;
    else counts.payments = changed;
  }

  counts.documents = await inBatches(
    batchSize,
    (db, afterId, limit) =>
      db
        .selectFrom("application_documents as d")
        .innerJoin("applications as a", "a.id", "d.application_id")
        .select(["d.id as id", "a.ref as ref", "d.stored_name as stored_name", "d.name_sealed as name_sealed"])
        .where("d.id", ">", afterId)
        .orderBy("d.id")
        .limit(limit)
        .execute(),
    async (trx, row) => {
      // The file first: its row is passed over once resealed, so a file is never left behind it.
      const fileContext = sealedContext(row.ref, CASE_FIELDS.documentFile(row.stored_name));
      if (await resealDocumentFile(row.stored_name, fileContext)) counts.documentFiles += 1;
      const name = resealed(row.name_sealed, sealedContext(row.ref, CASE_FIELDS.documentName(row.stored_name)), ring);
      if (!name) return false;
      await trx.updateTable("application_documents").set({ name_sealed: name }).where("id", "=", row.id).execute();
      return true;
    },
  );

  counts.mail = await inBatches(
    batchSize,
    (db, afterId, limit) =>
      db
        .selectFrom("outbound_mail")
        .select(["id", "message_id", "to_address", "text_body", "html_body"])
        .where("sealed", "=", 1)
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute(),
    async (trx, row) => {
      const to = resealed(row.to_address, sealedMailContext(row.message_id, "to"), ring);
      const text = resealed(row.text_body, sealedMailContext(row.message_id, "text"), ring);
      const html = resealed(row.html_body, sealedMailContext(row.message_id, "html"), ring);
      if (!to && !text && !html) return false;
      await trx
        .updateTable("outbound_mail")
        .set({
          ...(to ? { to_address: to } : {}),
          ...(text ? { text_body: text } : {}),
          ...(html ? { html_body: html } : {}),
        })
        .where("id", "=", row.id)
        .execute();
      return true;
    },
  );

  // A sign-in link or session keyed by an old hash names nobody any more: ended, the family asks for a new link.
  const known = (db: DB) =>
    db.selectFrom("applications").select("email_key").union(db.selectFrom("application_drafts").select("email_key"));
  const db = getDb();
  const links = await db
    .deleteFrom("applicant_sign_in_links")
    .where("email_key", "not in", known(db))
    .executeTakeFirst();
  const sessions = await db.deleteFrom("applicant_sessions").where("email_key", "not in", known(db)).executeTakeFirst();
  counts.signInsEnded = Number(links.numDeletedRows) + Number(sessions.numDeletedRows);
  return counts;
}

export interface Rotation {
  newKeyId: string;
  oldKeyIds: string[];
  counts: RotationCounts;
  /** What the operator does next, in lines. */
  lines: string[];
}

/**
 * `npm run rotate-data-key`: the new key (given, kept from a rotation stopped half way, or made
 * now), every value sealed again with it, then, on a SQLite site whose key is the file beside
 * the database, that file replaced; where the key is set in the environment, the operator sets
 * the new one. `say` is told the new key before any value is sealed with it.
 */
export async function rotateDataKey(newKeyHex: string | undefined, say: (line: string) => void): Promise<Rotation> {
  const env = getEnv();
  const configured = resolveKeyRing(env, { create: false });
  const fileBased = databaseEngine(env) === "sqlite" && !env.DATA_ENCRYPTION_KEY;
  const nextFile = fileBased ? `${dataKeyFile(env)}.next` : undefined;
  let hex = newKeyHex?.trim();
  if (!hex && nextFile && existsSync(nextFile)) {
    hex = readFileSync(nextFile, "utf8").trim();
    say(`Taking up the rotation stopped half way, to the key in ${nextFile}.`);
  }
  const made = !hex;
  hex ??= newDataKeyHex();
  const next = dataKeyFromHex(hex);
  if (nextFile && !existsSync(nextFile)) writeFileSync(nextFile, `${hex}\n`, { mode: 0o600 });
  if (made && !fileBased) {
    say(`New data key (keep it; to take up a stopped rotation, run again with NEW_DATA_ENCRYPTION_KEY=${hex}):`);
    say(`  ${hex}`);
  }
  const older = [configured.current, ...configured.older].filter((key) => key.id !== next.id);
  sealWithKeyRing({ current: next, older });
  const counts = await resealPersonalData();
  const oldKeyIds = older.map((key) => key.id);
  const lines: string[] = [];
  if (fileBased) {
    renameSync(nextFile!, dataKeyFile(env));
    lines.push(
      `Done: the data key is now key ${next.id}, in ${dataKeyFile(env)}. Keep a copy apart from the backups.`,
      `Backups taken before now need the old key (${oldKeyIds.join(", ")}); this database no longer does.`,
    );
  } else {
    const oldHex = older.map((key) => key.key.toString("hex")).join(",");
    lines.push(
      `Done: every value is sealed with key ${next.id}. Now set, on every process of the site:`,
      `  DATA_ENCRYPTION_KEY=${hex}`,
      `  DATA_ENCRYPTION_OLD_KEYS=${oldHex}`,
      "and restart. Once every process runs with the new key, run this command again with",
      "NEW_DATA_ENCRYPTION_KEY set to the same key (it seals what was written meanwhile), then remove",
      "DATA_ENCRYPTION_OLD_KEYS. Backups taken before now need the old key.",
    );
  }
  return { newKeyId: next.id, oldKeyIds, counts, lines };
}
