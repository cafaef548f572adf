// Creates or drops an end-to-end run's own PostgreSQL database, as a separate process so that
// playwright.config.ts (which is not async) can make it before the server starts.
//
//   node tests/e2e/run-database.mjs create|drop <admin postgres:// URL> <e2e_… name>
import pg from "pg";

const [action, adminUrl, name] = process.argv.slice(2);
// Only the runs' own databases: a slip here must never drop anyone else's.
if (!["create", "drop"].includes(action ?? "") || !adminUrl || !/^e2e_[a-z0-9_]+$/.test(name ?? "")) {
  console.error("Usage: node tests/e2e/run-database.mjs create|drop <admin postgres:// URL> <e2e_… database name>");
  process.exit(2);
}

const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  await client.query(
    action === "create" ? `create database "${name}"` : `drop database if exists "${name}" with (force)`,
  );
} finally {
  await client.end();
}
