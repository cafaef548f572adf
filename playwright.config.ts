import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_ADMIN } from "./tests/e2e/admin-credentials";
import { E2E_DATA_ENCRYPTION_KEY } from "./tests/e2e/e2e-data-key";
import { SERVER_NODE_FLAGS } from "./scripts/server-node-flags.mjs";

/**
 * End-to-end tests drive Debian's Chromium against the built production server on a free
 * port with its own database. The config is evaluated in every worker too, so the port
 * and folder are chosen once and passed down through the environment.
 */
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA ??= mkdtempSync(path.join(tmpdir(), "charity-e2e-"));
process.env.E2E_DATABASE_URL ??= e2eDatabaseForThisRun();

/**
 * The server's database: a SQLite file in the run's folder, or, on the PostgreSQL pass
 * (TEST_DATABASE_ENGINE=postgres), a new database in the cluster TEST_POSTGRES_URL names,
 * created here, before the server starts, and dropped by the global teardown.
 */
function e2eDatabaseForThisRun(): string {
  if (process.env.TEST_DATABASE_ENGINE !== "postgres") return `file:${path.join(process.env.E2E_DATA!, "e2e.sqlite")}`;
  const admin = process.env.TEST_POSTGRES_URL;
  if (!admin)
    throw new Error("TEST_DATABASE_ENGINE=postgres needs TEST_POSTGRES_URL, an admin URL of the cluster to test on");
  const name = `e2e_${process.pid}_${Date.now().toString(36)}`;
  execFileSync(process.execPath, ["tests/e2e/run-database.mjs", "create", admin, name], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * Specs about how pages look and read (widths, accessible names, print), whatever rows they
 * show: the SQLite pass runs them, the PostgreSQL pass leaves them out, as the writes they make
 * are tested on PostgreSQL by the specs about those features (decision 155).
 */
const LAYOUT_SPECS = [
  "app/staff/admin-layout/tests/admin-layout.spec.ts",
  "tests/e2e/public-layout.spec.ts",
  "tests/e2e/accessible-names.spec.ts",
  "app/giving/donate/tests/giving-form-layout.spec.ts",
  "app/giving/receipts/tests/printed-sheets-on-a-phone.spec.ts",
];
const onPostgres = process.env.TEST_DATABASE_ENGINE === "postgres";

export default defineConfig({
  // Specs beside their feature (app/<area>/<feature>/tests/) and, when they cross features, in tests/e2e.
  testDir: ".",
  testMatch: /(^|\/)(app\/[^/]+\/[^/]+\/tests|tests\/e2e)\/[^/]+\.spec\.ts$/,
  testIgnore: ["**/node_modules/**", "**/build/**", ...(onPostgres ? LAYOUT_SPECS : [])],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Two workers on CI as on a laptop: the specs are written to run side by side (each makes
  // its own records, and waits for a form to be hydrated before it relies on its script), and
  // with the PostgreSQL pass the suite runs twice, so one worker would keep CI past 20 minutes.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Flags Chromium needs on these machines: no sandbox as root, no network chatter.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // As `npm start` and the Docker image start it (decision 119).
    command: `node ${SERVER_NODE_FLAGS.join(" ")} server.mjs`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // Left empty on purpose: server.mjs must choose production mode by itself.
      NODE_ENV: "",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      UPLOADS_DIR: path.join(process.env.E2E_DATA, "uploads"),
      SESSION_SECRET: "end-to-end-test-session-secret-0123456789",
      DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "1",
      PUBLIC_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      // No SMTP server: mail is kept for the Outbox, where the tests read it.
      SMTP_URL: "",
      STAFF_NOTIFY_EMAIL: "staff@charity.example",
    },
  },
});
