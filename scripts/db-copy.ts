// `npm run db:copy -- --from file:./data/charity.sqlite --to postgres://user:pass@host:5432/db`:
// moves a foundation's site from its SQLite file to an empty PostgreSQL database, every
// table copied exactly, then checked (each table's rows and sums of money). The SQLite file
// is only read; stop the site first, or gifts recorded during the copy stay behind on it.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyDatabase, CopyDiffers, CopyRefused } from "./database-copy";

const USAGE = "Usage: npm run db:copy -- --from file:./data/charity.sqlite --to postgres://user:pass@host:5432/db";

function options(): { from: string; to: string } {
  try {
    const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } }, strict: true });
    if (values.from && values.to) return { from: values.from, to: values.to };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  console.error(USAGE);
  process.exit(2);
}

/** What the operator does next: the same session secret keeps staff signed in and reminders' stop links working. */
function nextSteps(from: string): void {
  const secretFile = path.join(path.dirname(path.resolve(from.replace(/^file:(\/\/(?=\/))?/i, ""))), "session-secret");
  const secret = existsSync(secretFile) ? ` with SESSION_SECRET set to the content of ${secretFile}` : "";
  console.log(`Next: start the site on the PostgreSQL DATABASE_URL${secret}, and PUBLIC_URL set to its address.`);
}

try {
  const chosen = options();
  await copyDatabase(chosen);
  nextSteps(chosen.from);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof CopyRefused || error instanceof CopyDiffers;
  // Anything else failed inside the copy's one transaction: rolled back, the target as it was.
  console.error(known ? message : `The copy failed, and the target was left as it was: ${message}`);
  process.exitCode = 1;
}
