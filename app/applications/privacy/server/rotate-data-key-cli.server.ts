import { DataKeyError } from "~/lib/data-encryption.server";
import { closeDb, getDb, migrateToLatest } from "~/lib/db.server";
import { databaseLabel, getEnv, InvalidEnvironmentError } from "~/lib/env.server";
import { rotateDataKey } from "./key-rotation.server";

/**
 * `npm run rotate-data-key` (in the Docker image: `node scripts/rotate-data-key.mjs`): seals every
 * applicant's value with a new data key, NEW_DATA_ENCRYPTION_KEY or one made now (decision 168).
 * Run it with the site's own environment; on SQLite, with the site stopped.
 */
export async function runRotateDataKeyCli(): Promise<number> {
  try {
    const env = getEnv();
    await migrateToLatest(getDb());
    console.log(`Rotating the data key of ${databaseLabel(env)}.`);
    const rotation = await rotateDataKey(process.env.NEW_DATA_ENCRYPTION_KEY || undefined, (line) => console.log(line));
    const { counts } = rotation;
    console.log(
      `Sealed again: ${counts.applications} applications, ${counts.drafts} drafts, ${counts.documentRequests} document requests, ` +
        `${counts.documents} documents (${counts.documentFiles} files), ${counts.messages} messages, ${counts.payments} payments, ` +
        `${counts.mail} mails; ${counts.signInsEnded} applicant sign-in links and sessions ended.`,
    );
    for (const line of rotation.lines) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof InvalidEnvironmentError || error instanceof DataKeyError) {
      console.error(
        `${error.message}\nThe command reads the same settings as the site: run it with the site's environment.`,
      );
      console.error("Run it again to take the rotation up where it stopped.");
    } else console.error(error);
    return 1;
  } finally {
    await closeDb();
  }
}
