import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resealPersonalData, rotateDataKey } from "~/applications/privacy/index.server";
import { documentFilePath } from "~/applications/documents/index.server";
import {
  applicantOf,
  CASE_FIELDS,
  emailKey,
  matchKeysOf,
  openCaseValue,
  openDraftBody,
  sealedContext,
} from "~/applications/records/index.server";
import { dataKeyFromHex, openBytes, sealedWith } from "~/lib/data-encryption.server";
import { dataKeyFile, getKeyRing } from "~/lib/data-keys.server";
import { getDb } from "~/lib/db.server";
import { openedMail } from "~/mail/queue/index.server";
import { testEngine, whileWritesFail } from "../../../../tests/support/database-engine";
import {
  applyFor,
  caseWithEverything,
  draftFor,
  FILE_BYTES,
  KEY_A,
  KEY_B,
  KEY_C,
  signInsFor,
  STORED_NAME,
  typedApplication,
  useKeys,
} from "./privacy-fixtures";

/** Issue 31, decision 168: `npm run rotate-data-key` seals everything again with a new key, and can be taken up. */
const ID_A = dataKeyFromHex(KEY_A).id;
const ID_B = dataKeyFromHex(KEY_B).id;
const TABLES = [
  "application_match_keys",
  "application_documents",
  "application_document_requests",
  "application_messages",
  "application_payments",
  "applications",
  "application_drafts",
  "applicant_sign_in_links",
  "applicant_sessions",
  "outbound_mail",
] as const;
/** Every sealed value the database holds, with the key id it names. */
async function keyIdsInUse(): Promise<string[]> {
  const db = getDb();
  const values = [
    ...(
      await db.selectFrom("applications").select(["applicant_sealed", "assessment_sealed", "decision_sealed"]).execute()
    ).flatMap((row) => Object.values(row)),
    ...(await db.selectFrom("application_document_requests").select("request_sealed as v").execute()).map((r) => r.v),
    ...(await db.selectFrom("application_documents").select("name_sealed as v").execute()).map((r) => r.v),
    ...(await db.selectFrom("application_messages").select("body_sealed as v").execute()).map((r) => r.v),
    ...(await db.selectFrom("application_payments").select("payee_sealed as v").execute()).map((r) => r.v),
    ...(await db.selectFrom("application_drafts").select("body_sealed as v").execute()).map((r) => r.v),
    ...(await db.selectFrom("outbound_mail").select(["to_address", "text_body", "html_body"]).execute()).flatMap(
      (row) => Object.values(row),
    ),
  ].filter((value): value is string => value !== null);
  return [...new Set(values.map((value) => sealedWith(value) ?? "plain"))];
}

beforeEach(async () => {
  useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  for (const table of TABLES) await getDb().deleteFrom(table).execute();
});
afterEach(() => {
  useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  if (testEngine() === "sqlite") rmSync(`${dataKeyFile()}.next`, { force: true });
});

describe("rotating the data key set in the environment", () => {
  it("seals every value, file and mail again with the new key and computes the keyed hashes again", async () => {
    const amina = await caseWithEverything();
    await draftFor("hafsa.draft@example.org");
    await signInsFor("amina.applicant@example.org");
    const matchedBefore = await getDb()
      .selectFrom("application_match_keys")
      .select(["kind", "created_at"])
      .where("application_id", "=", amina.id)
      .orderBy("kind")
      .execute();
    expect(await keyIdsInUse()).toEqual([ID_A]);

    const said: string[] = [];
    const rotation = await rotateDataKey(KEY_B, (line) => said.push(line));
    expect(rotation.counts).toMatchObject({
      applications: 1,
      drafts: 1,
      documentRequests: 1,
      documents: 1,
      documentFiles: 1,
      messages: 1,
      payments: 1,
      mail: 1,
      signInsEnded: 2,
    });
    expect(rotation.lines.join("\n")).toContain(`DATA_ENCRYPTION_KEY=${KEY_B}`);
    expect(rotation.lines.join("\n")).toContain(`DATA_ENCRYPTION_OLD_KEYS=${KEY_A}`);
    expect(said).toEqual([]);
    expect(await keyIdsInUse()).toEqual([ID_B]);

    // The new key alone opens everything, as the restarted site will.
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B });
    const db = getDb();
    const row = await db.selectFrom("applications").selectAll().where("id", "=", amina.id).executeTakeFirstOrThrow();
    const record = applicantOf(row)!;
    expect(record.name).toBe("Amina Yusuf");
    expect(row.email_key).toBe(emailKey("amina.applicant@example.org"));
    expect(openCaseValue(row.ref, CASE_FIELDS.assessment, row.assessment_sealed!)).toBe(
      "Behind on rent after losing work",
    );
    const matched = await db
      .selectFrom("application_match_keys")
      .select(["kind", "key_hash", "created_at"])
      .where("application_id", "=", amina.id)
      .orderBy("kind")
      .execute();
    expect(matched.map(({ kind, key_hash }) => ({ kind, key_hash }))).toEqual(
      [...matchKeysOf(record)].sort((a, b) => a.kind.localeCompare(b.kind)),
    );
    // The twelve-month window still counts from the application.
    expect(matched.map((key) => key.created_at)).toEqual(matchedBefore.map((key) => key.created_at));
    const message = await db.selectFrom("application_messages").select("body_sealed").executeTakeFirstOrThrow();
    expect(openCaseValue(amina.ref, CASE_FIELDS.message, message.body_sealed)).toBe(
      "Please send your tenancy agreement",
    );
    const payment = await db.selectFrom("application_payments").select("payee_sealed").executeTakeFirstOrThrow();
    expect(openCaseValue(amina.ref, CASE_FIELDS.payee, payment.payee_sealed!)).toMatchObject({ name: "Acme Lettings" });
    const mail = await db.selectFrom("outbound_mail").selectAll().executeTakeFirstOrThrow();
    expect(openedMail(mail).to).toBe("amina.applicant@example.org");
    const draft = await db.selectFrom("application_drafts").selectAll().executeTakeFirstOrThrow();
    expect(openDraftBody<{ values: { name: string } }>(draft).values.name).toBe("Hafsa");
    expect(draft.email_key).toBe(emailKey("hafsa.draft@example.org"));
    const file = readFileSync(documentFilePath(STORED_NAME)!);
    expect(openBytes(file, sealedContext(amina.ref, CASE_FIELDS.documentFile(STORED_NAME)), getKeyRing())).toEqual(
      FILE_BYTES,
    );
    // Sign-ins keyed by the old hash named nobody any more.
    expect(await db.selectFrom("applicant_sign_in_links").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("applicant_sessions").select("id").execute()).toEqual([]);
    // Without the old key, nothing sealed with it is left to fail.
    expect(() => applicantOf({ ...row, applicant_sealed: row.applicant_sealed })).not.toThrow();
  });

  it("passes over what is already sealed with the new key, and takes up what was written with the old one meanwhile", async () => {
    await caseWithEverything();
    await rotateDataKey(KEY_B, () => {});
    // The site, still on the old key, takes one more application while the operator restarts it.
    useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
    await applyFor({ email: "late.applicant@example.org" });
    // The operator runs it again with the new key set and the old one named.
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B, DATA_ENCRYPTION_OLD_KEYS: KEY_A });
    const again = await rotateDataKey(KEY_B, () => {});
    expect(again.counts).toMatchObject({ applications: 1, messages: 0, mail: 0, documentFiles: 0 });
    expect(await keyIdsInUse()).toEqual([ID_B]);
    const late = await getDb()
      .selectFrom("applications")
      .select(["email_key"])
      .where("email_key", "=", emailKey("late.applicant@example.org"))
      .execute();
    expect(late).toHaveLength(1);
  });

  it("is taken up where it stopped, in batches, after a failure half way", async () => {
    await caseWithEverything();
    await caseWithEverything("second.applicant@example.org");
    await whileWritesFail("application_messages", "update", "disk full", () =>
      expect(rotateDataKey(KEY_B, () => {})).rejects.toThrow("disk full"),
    );
    // The applications were done and kept; the messages were not.
    const ids = await getDb().selectFrom("applications").select("applicant_sealed").execute();
    expect(ids.map((row) => sealedWith(row.applicant_sealed!))).toEqual([ID_B, ID_B]);
    const messages = await getDb().selectFrom("application_messages").select("body_sealed").execute();
    expect(messages.map((row) => sealedWith(row.body_sealed))).toEqual([ID_A, ID_A]);

    useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
    const resumed = await rotateDataKey(KEY_B, () => {});
    expect(resumed.counts).toMatchObject({ applications: 0, messages: 2, payments: 2, mail: 2 });
    expect(await keyIdsInUse()).toEqual([ID_B]);
  });

  it("refuses, naming the key, when a value was sealed with a key it is not given", async () => {
    useKeys({ DATA_ENCRYPTION_KEY: KEY_C });
    await applyFor();
    useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
    await expect(rotateDataKey(KEY_B, () => {})).rejects.toThrow(/sealed with key [0-9a-f]{8}, which is not set/);
  });

  it("runs in batches as small as one", async () => {
    await caseWithEverything();
    await caseWithEverything("second.applicant@example.org");
    useKeys({ DATA_ENCRYPTION_KEY: KEY_B, DATA_ENCRYPTION_OLD_KEYS: KEY_A });
    expect(await resealPersonalData(1)).toMatchObject({ applications: 2, documents: 2, messages: 2 });
    expect(await resealPersonalData(1)).toMatchObject({ applications: 0, documents: 0, messages: 0 });
  });
});

describe("rotating the key kept in the file beside a SQLite database", () => {
  it("makes a new key, seals everything with it, and replaces the file", async () => {
    if (testEngine() !== "sqlite") return;
    writeFileSync(dataKeyFile(), `${KEY_A}\n`);
    useKeys({});
    const amina = await caseWithEverything();
    const rotation = await rotateDataKey(undefined, () => {});
    const written = readFileSync(dataKeyFile(), "utf8").trim();
    expect(written).toMatch(/^[0-9a-f]{64}$/);
    expect(written).not.toBe(KEY_A);
    expect(rotation.newKeyId).toBe(dataKeyFromHex(written).id);
    expect(existsSync(`${dataKeyFile()}.next`)).toBe(false);
    expect(rotation.lines.join("\n")).toContain("Keep a copy apart from the backups");
    // The next start reads the new file, and it opens everything.
    useKeys({});
    const row = await getDb()
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", amina.id)
      .executeTakeFirstOrThrow();
    expect(applicantOf(row)!.email).toBe(typedApplication({ email: "amina.applicant@example.org" }).email);
    expect(await keyIdsInUse()).toEqual([rotation.newKeyId]);
    rmSync(dataKeyFile(), { force: true });
  });

  it("takes up a stopped rotation with the key it had begun with", async () => {
    if (testEngine() !== "sqlite") return;
    writeFileSync(dataKeyFile(), `${KEY_A}\n`);
    writeFileSync(`${dataKeyFile()}.next`, `${KEY_B}\n`);
    useKeys({});
    await caseWithEverything();
    const said: string[] = [];
    const rotation = await rotateDataKey(undefined, (line) => said.push(line));
    expect(said.join("\n")).toContain("Taking up the rotation stopped half way");
    expect(rotation.newKeyId).toBe(ID_B);
    expect(readFileSync(dataKeyFile(), "utf8").trim()).toBe(KEY_B);
    rmSync(dataKeyFile(), { force: true });
  });
});
