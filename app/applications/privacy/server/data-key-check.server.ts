import { DataKeyError, openValue } from "~/lib/data-encryption.server";
import { dataKeyFile, forgetKeyRing, getKeyRing, resolveKeyRing } from "~/lib/data-keys.server";
import { getDb, type DB } from "~/lib/db.server";
import { databaseEngine, databaseLabel, getEnv } from "~/lib/env.server";
import { openedMail } from "~/mail/queue/index.server";
import { CASE_FIELDS, draftContext, sealedContext } from "~/applications/records/index.server";

/** One stored sealed value and the place it is sealed to, to try the key on. */
interface Sample {
  what: string;
  open: () => void;
}

/** The newest sealed value of each kind this database holds (an application, a draft, an applicant's mail). */
async function samplesHeld(db: DB): Promise<Sample[]> {
  const samples: Sample[] = [];
  const application = await db
    .selectFrom("applications")
    .select(["ref", "applicant_sealed"])
    .where("applicant_sealed", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (application?.applicant_sealed) {
    const { ref, applicant_sealed: sealed } = application;
    samples.push({
      what: `application ${ref}`,
      open: () => openValue(sealed, sealedContext(ref, CASE_FIELDS.applicant), getKeyRing()),
    });
  }
  const draft = await db
    .selectFrom("application_drafts")
    .select(["token_hash", "body_sealed"])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (draft) {
    samples.push({
      what: "a saved application draft",
      open: () => openValue(draft.body_sealed, draftContext(draft.token_hash), getKeyRing()),
    });
  }
  const mail = await db
    .selectFrom("outbound_mail")
    .select(["sealed", "message_id", "to_address", "text_body", "html_body"])
    .where("sealed", "=", 1)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (mail) samples.push({ what: "an applicant's mail", open: () => openedMail(mail) });
  return samples;
}

/**
 * Issue 31, decision 168: the site starts only with a data key that opens the personal data it
 * holds. On a new SQLite site without DATA_ENCRYPTION_KEY, the key is generated now, beside the
 * database (as the session secret is). With applications, drafts or an applicant's mail stored,
 * and no key, or a key that does not open the newest of each: the reason, for the operator (the
 * start is refused). A PostgreSQL site without the variable starts while it holds none of them
 * (sites from before applications), and refuses once it does.
 */
export async function dataKeyProblem(db: DB = getDb()): Promise<string | null> {
  const env = getEnv();
  forgetKeyRing();
  const samples = await samplesHeld(db);
  const onPostgres = databaseEngine(env) === "postgres";
  if (samples.length === 0) {
    // A new site: the key is made now (SQLite), or checked when set; PostgreSQL without one waits for it.
    if (!onPostgres || env.DATA_ENCRYPTION_KEY) resolveKeyRing(env, { create: true });
    return null;
  }
  const where = onPostgres
    ? "Set DATA_ENCRYPTION_KEY to the key they were sealed with (the same on every process)"
    : `Set DATA_ENCRYPTION_KEY to the key they were sealed with, or put back the file ${dataKeyFile(env)} that held it`;
  try {
    resolveKeyRing(env, { create: false });
  } catch (error) {
    if (!(error instanceof DataKeyError)) throw error;
    return [
      `The database ${databaseLabel(env)} holds applicants' personal data (${samples[0]!.what}), sealed with a data key, but no data key is set: ${error.message}.`,
      `${where}, and start again. Without that key the applications cannot be opened; a new key would not open them.`,
    ].join("\n");
  }
  for (const sample of samples) {
    try {
      sample.open();
    } catch (error) {
      if (!(error instanceof DataKeyError)) throw error;
      return [
        `The data key set (key ${getKeyRing().current.id}) does not open the applicants' personal data in ${databaseLabel(env)}: ${sample.what}: ${error.message}.`,
        `${where}. During a key rotation, name the previous key in DATA_ENCRYPTION_OLD_KEYS until npm run rotate-data-key has finished.`,
      ].join("\n");
    }
  }
  return null;
}
