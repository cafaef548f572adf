import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, inject, vi } from "vitest";
import { createDatabase, dropDatabase, newDatabaseName, TEMPLATE_KEY } from "./postgres-databases";

/**
 * Every integration test file gets its own database, migrated and holding the fourteen
 * settings, as a real start would leave it (no demo content): a SQLite file in a temporary
 * folder, or on the PostgreSQL pass (TEST_DATABASE_ENGINE=postgres) a copy of the run's
 * migrated template.
 */
const folder = mkdtempSync(path.join(tmpdir(), "charity-test-"));
const onPostgres = process.env.TEST_DATABASE_ENGINE === "postgres";
const postgresName = onPostgres ? newDatabaseName("charity_test") : undefined;
const databaseUrl = postgresName
  ? await createDatabase(postgresName, inject(TEMPLATE_KEY))
  : `file:${path.join(folder, "test.sqlite")}`;
Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl,
  UPLOADS_DIR: path.join(folder, "uploads"),
  SESSION_SECRET: "integration-test-secret-that-is-long-enough",
  DATA_ENCRYPTION_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0",
  SEED_DEMO: "0",
  // Fixed, not the caller's: tests that reason about "today" or a gift's year do so in UTC.
  SITE_TIMEZONE: "UTC",
  PUBLIC_URL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  ADMIN_USERNAME: "",
  ADMIN_PASSWORD: "",
});

beforeAll(async () => {
  const { resetEnvCache } = await import("~/lib/env.server");
  resetEnvCache();
  const { getDb, migrateToLatest } = await import("~/lib/db.server");
  const { ensureDefaultSettings } = await import("~/content/settings/server/settings.server");
  await migrateToLatest(getDb());
  await ensureDefaultSettings();
});

// An unexpected console.error is a bug the test would otherwise hide. A test that
// expects one clears the spy (see tests/support/routes.ts, `expectLoggedError`). Nothing
// is printed: an unexpected one fails its test with the whole message instead.
const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length)
    throw new Error(`console.error was called: ${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
});

afterAll(async () => {
  const { closeDb } = await import("~/lib/db.server");
  await closeDb();
  if (postgresName) await dropDatabase(postgresName);
  rmSync(folder, { recursive: true, force: true });
});
