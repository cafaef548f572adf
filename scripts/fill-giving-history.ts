// `npm run db:fill-giving -- --to <file:new.sqlite | postgres://…/new_db> [--scale N]` (or the older
// `npm run db:fill-giving -- <new-file.sqlite> [donations] [subscriptions] [appeal gifts]`): fills a
// throw-away database with a large history (at scale 1: 100,000 donations and 5,000
// subscriptions, 20,000 ledger entries, 50,000 contact messages, 20,000 volunteers, 20,000
// newsletter addresses, and an appeal of 100,000 gifts beside five smaller ones) to try the
// staff screens, the transparency report and the appeals at scale. The same scale gives the
// same rows on SQLite and on PostgreSQL. Never point it at a real database: it refuses a file
// that exists and a PostgreSQL database that holds any table.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { describeSize, fillLargeHistory, historySize, SCALE_RULE, type HistorySize } from "./large-history";
import { fillPostgresHistory, isPostgresUrl, postgresNotEmpty } from "./postgres-history";

const USAGE = [
  "Usage: npm run db:fill-giving -- --to <file:new.sqlite | postgres://user@host:5432/new_database> [--scale N]",
  "   or: npm run db:fill-giving -- <new-file.sqlite> [donations] [subscriptions] [appeal gifts]",
  `Sizes: ${SCALE_RULE}.`,
].join("\n");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Where to write and how much: from --to/--scale, or from the positional form. */
function request(): { target: string; size: HistorySize } {
  let parsed;
  try {
    parsed = parseArgs({
      options: { to: { type: "string" }, scale: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [file, donations, subscriptions, appealGifts] = positionals;
  const target = values.to ?? file;
  if (!target || (values.to && file)) fail(USAGE);
  const size = historySize(values.scale === undefined ? 1 : Number(values.scale));
  const counts = { donations, subscriptions, appealGifts };
  for (const [name, value] of Object.entries(counts)) {
    if (value === undefined) continue;
    if (!/^\d+$/.test(value)) fail(`${name} must be a whole number, not ${value}\n${USAGE}`);
    size[name as keyof typeof counts] = Number(value);
  }
  return { target, size };
}

/** A SQLite path from `file:…` or a plain path. */
const sqliteFile = (target: string) => target.replace(/^file:(\/\/(?=\/))?/i, "");

const { target, size } = request();
const started = Date.now();
const log = (line: string) => console.log(line);
let appeal;
if (isPostgresUrl(target)) {
  const shown = new URL(target);
  if (shown.password) shown.password = "***";
  const problem = await postgresNotEmpty(target).catch((error: unknown) =>
    fail(`Cannot reach ${shown}: ${error instanceof Error ? error.message : String(error)}`),
  );
  if (problem) fail(`${shown} is not empty (${problem}): this script only fills a new, throw-away database.`);
  console.log(
    `Filling ${shown} with ${describeSize(size)} (written into a throw-away SQLite file first, then copied across)...`,
  );
  appeal = await fillPostgresHistory(target, size, log);
  console.log(
    `Filled in ${((Date.now() - started) / 1000).toFixed(1)} s. The large appeal: /appeals/${appeal.slug} (number ${appeal.id}).`,
  );
  console.log(`Start the site on it: DATABASE_URL=${shown} SESSION_SECRET=<32 characters or more> npm start`);
} else {
  const file = sqliteFile(target);
  if (existsSync(file)) fail(`${file} already exists: this script only fills a new, throw-away database.`);
  console.log(`Filling ${file} with ${describeSize(size)}...`);
  appeal = await fillLargeHistory(file, size, log);
  console.log(
    `Filled in ${((Date.now() - started) / 1000).toFixed(1)} s. The large appeal: /appeals/${appeal.slug} (number ${appeal.id}).`,
  );
  console.log(`Start the site on it: DATABASE_URL=file:${file} npm start`);
}
