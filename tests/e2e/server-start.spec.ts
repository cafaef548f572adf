import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";
import { e2eDatabaseUrl, onPostgres } from "./e2e-database";

/**
 * Starts a second production server with `env` over the usual test settings, in `cwd`,
 * and waits for it to stop: the exit code and everything it printed.
 */
async function startAndWaitForExit(
  env: Record<string, string | undefined>,
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SEED_DEMO: "0",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

/** Every process on one PostgreSQL database signs sessions with the same secret (required there). */
const SHARED_SECRET = "end-to-end-test-session-secret-0123456789";
/**
 * And seals applicants' data with the same key (the end-to-end server's, in playwright.config.ts): a replica
 * without it does not start on a database holding applications.
 */
const E2E_DATA_KEY = "e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0";
const LIVE_KEYS = { STRIPE_SECRET_KEY: "sk_live_never_called", STRIPE_WEBHOOK_SECRET: "whsec_never_called" };
const DEMO_MONEY_HELD =
  /^Payments are live \(a live Stripe key\), but the database .+ holds the demo's made-up money: [\d,]+ gifts and [\d,]+ ledger entries recorded by "demo \(made up\)"\.$/;

/**
 * An operator who starts a second copy on a port already taken (here: the test server's
 * own) must be told, and the process must fail, not announce a site that is not there.
 */
test("a server whose port is taken says so and exits with an error", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-port-"));
  try {
    // On PostgreSQL, a second process on the test server's own database, as a second replica
    // starts: its pool and its listening connection must not keep the failed process alive.
    const { code, output } = await startAndWaitForExit({
      PORT: process.env.E2E_PORT,
      ...(onPostgres()
        ? { DATABASE_URL: e2eDatabaseUrl(), SESSION_SECRET: SHARED_SECRET, DATA_ENCRYPTION_KEY: E2E_DATA_KEY }
        : { DATABASE_URL: `file:${path.join(folder, "second.sqlite")}` }),
      UPLOADS_DIR: path.join(folder, "uploads"),
    });
    expect(code).toBe(1);
    expect(output).toContain(`Could not listen on 127.0.0.1:${process.env.E2E_PORT}: listen EADDRINUSE`);
    expect(output).not.toContain("Charity site listening");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * Several processes on one PostgreSQL database must sign sessions alike, so a postgres://
 * DATABASE_URL without SESSION_SECRET stops the start with a message naming it, before
 * anything is made: no file or folder named after the URL, no connection tried.
 */
test("a postgres:// DATABASE_URL without SESSION_SECRET stops the start, says why and creates no file", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-postgres-"));
  try {
    // Started from an empty folder, so any file or folder made from the URL would show there.
    const { code, output } = await startAndWaitForExit(
      {
        PORT: "0",
        DATABASE_URL: "postgres://user@host:5432/db",
        SESSION_SECRET: "",
        UPLOADS_DIR: path.join(folder, "uploads"),
      },
      folder,
    );
    expect(code).toBe(1);
    expect(output).toBe(
      [
        "Invalid configuration:",
        "  - SESSION_SECRET: SESSION_SECRET is required with a postgres:// DATABASE_URL: every app process must sign sessions with the same secret",
        "Fix the environment variables above (see docs/configuration.md) and start again.",
        "",
      ].join("\n"),
    );
    expect(readdirSync(folder)).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * A foundation that tried the site on the demo and then set its live Stripe keys: the start
 * is refused before the site serves anyone, saying where the database is and what to do.
 * The end-to-end server's own database is such a database (started with SEED_DEMO=1).
 */
test("live Stripe keys on a database holding the demo's money stop the start and say what to do", async () => {
  if (onPostgres()) return liveKeysOnThePostgresDemo();
  const folder = mkdtempSync(path.join(tmpdir(), "charity-live-demo-"));
  try {
    const file = path.join(folder, "tried.sqlite");
    const tried = new SQLite(e2eDatabaseUrl().replace(/^file:/, ""), { readonly: true });
    try {
      await tried.backup(file);
    } finally {
      tried.close();
    }
    const { code, output } = await startAndWaitForExit({
      ...LIVE_KEYS,
      PORT: "0",
      DATABASE_URL: `file:${file}`,
      UPLOADS_DIR: path.join(folder, "uploads"),
    });
    expect(code).toBe(1);
    const lines = output.split("\n");
    expect(lines[0]).toMatch(DEMO_MONEY_HELD);
    expect(lines[0]).toContain(` ${file} `);
    expect(output).toContain(`move ${file} aside`);
    expect(output).toContain("and start again with SEED_DEMO=0 and the live keys.");
    expect(output).not.toContain("Charity site listening");
    expect(output).not.toMatch(/\bat .+:\d+:\d+\)?$/m);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * On PostgreSQL a second process starts on the end-to-end server's own database itself, as
 * a second replica would: the start is refused before it changes anything there.
 */
async function liveKeysOnThePostgresDemo() {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-live-demo-"));
  try {
    const url = e2eDatabaseUrl();
    const { code, output } = await startAndWaitForExit({
      ...LIVE_KEYS,
      PORT: "0",
      DATABASE_URL: url,
      SESSION_SECRET: SHARED_SECRET,
      UPLOADS_DIR: path.join(folder, "uploads"),
    });
    expect(code).toBe(1);
    const lines = output.split("\n");
    expect(lines[0]).toMatch(DEMO_MONEY_HELD);
    expect(lines[0]).toContain(` ${url} `);
    expect(output).toContain(
      "stop, and start again on a new, empty PostgreSQL database (DATABASE_URL) with SEED_DEMO=0 and the live keys.",
    );
    expect(output).not.toContain("Charity site listening");
    expect(output).not.toMatch(/\bat .+:\d+:\d+\)?$/m);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** What a fresh clone holds that the first start reads: the sources, the scripts and the configuration. */
const CLONED_FOR_A_FIRST_START = [
  "app",
  "db",
  "public",
  "scripts",
  "server.mjs",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/**
 * A new self-hoster's first `npm start` builds the site, then prints the admin sign-in: the
 * box must be the first thing they read, not the bundler's progress, deprecation notes or
 * plugin timings. Started from a copy of the sources with no build, as a fresh clone is.
 */
test("a first start from a fresh clone prints the sign-in box, not the build's noise", async () => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(path.join(tmpdir(), "charity-first-start-"));
  try {
    for (const entry of CLONED_FOR_A_FIRST_START) cpSync(entry, path.join(folder, entry), { recursive: true });
    symlinkSync(path.resolve("node_modules"), path.join(folder, "node_modules"), "dir");
    const output = await startUntilListening(folder);
    const beforeTheBox = output.slice(0, output.indexOf("Admin sign-in (shown once)"));
    expect(beforeTheBox.split("\n")).toEqual([
      expect.stringMatching(/^Building the site \(first start\)\.\.\. done in \d+ s\.$/),
      expect.stringMatching(/^New database: demo stories, events, testimonials/),
      "Admin account created: admin",
      "",
      "  ┌─ ",
    ]);
    expect(output).not.toMatch(/deprecat|PLUGIN_TIMINGS|WARN|experimental|vite v/i);
    expect(output).toContain("Charity site listening");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Runs `npm start`'s script in `cwd` on a new SQLite file until the site listens, then stops it: all it printed. */
async function startUntilListening(cwd: string): Promise<string> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_URL: `file:${path.join(cwd, "data", "charity.sqlite")}`,
      UPLOADS_DIR: path.join(cwd, "uploads"),
      SEED_DEMO: "1",
      SESSION_SECRET: "",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Charity site listening")) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => reject(new Error(`The first start exited (${code}) before listening:\n${output}`)));
  });
  child.kill("SIGTERM");
  await exited;
  return output;
}

/** Starts the production server on `env` until it listens, then stops it: all it printed. */
async function startServerUntilListening(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Charity site listening")) resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    void exited.then((code) => reject(new Error(`The start exited (${code}) before listening:\n${output}`)));
  });
  child.kill("SIGTERM");
  await exited;
  return output;
}

/**
 * Issue 31 (decision 168): a new SQLite site makes its data key at its first start, beside the
 * database; once it holds an application, a start without the key that sealed it is refused,
 * saying why, before the site serves anyone.
 */
test("a site holding applications does not start without the data key that sealed them, and says why", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-data-key-"));
  try {
    const database = path.join(folder, "data", "charity.sqlite");
    const site = {
      DATABASE_URL: `file:${database}`,
      UPLOADS_DIR: path.join(folder, "uploads"),
      SESSION_SECRET: "",
      DATA_ENCRYPTION_KEY: "",
      DATA_ENCRYPTION_OLD_KEYS: "",
    };
    await startServerUntilListening(site);
    const keyFile = path.join(folder, "data", "data-encryption-key");
    expect(readFileSync(keyFile, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);

    // An application sealed with a key this site does not have (as if restored beside another key).
    const sqlite = new SQLite(database);
    try {
      sqlite
        .prepare(
          "insert into applications (ref, email_key, applicant_sealed, household_size, purpose, requested_cents) values (?, ?, ?, 1, 'rent', 100)",
        )
        .run("ZA-TESTKEY1", "k", "v1.deadbeef.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA");
    } finally {
      sqlite.close();
    }
    const wrong = await startAndWaitForExit({ ...site, PORT: "0" });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("does not open the applicants' personal data");
    expect(wrong.output).toContain("application ZA-TESTKEY1");
    expect(wrong.output).toContain("sealed with key deadbeef, which is not set");
    expect(wrong.output).not.toContain("Charity site listening");
    expect(wrong.output).not.toMatch(/\bat .+:\d+:\d+\)?$/m);

    // Without the key file, no new key is made over stored applications: the start is refused.
    rmSync(keyFile);
    const none = await startAndWaitForExit({ ...site, PORT: "0" });
    expect(none.code).toBe(1);
    expect(none.output).toContain("no data key is set");
    expect(none.output).toContain(`put back the file ${keyFile}`);
    expect(readdirSync(path.join(folder, "data"))).not.toContain("data-encryption-key");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
