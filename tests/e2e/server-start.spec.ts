import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";

/**
 * Starts a second production server with `env` over the usual test settings, in `cwd`,
 * and waits for it to stop: the exit code and everything it printed.
 */
async function startAndWaitForExit(env: Record<string, string | undefined>, cwd?: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", SEED_DEMO: "0", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

/**
 * An operator who starts a second copy on a port already taken (here: the test server's
 * own) must be told, and the process must fail, not announce a site that is not there.
 */
test("a server whose port is taken says so and exits with an error", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-port-"));
  try {
    const { code, output } = await startAndWaitForExit({
      PORT: process.env.E2E_PORT,
      DATABASE_URL: `file:${path.join(folder, "second.sqlite")}`,
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
 * A DATABASE_URL the site cannot use stops the start with a message naming it; before,
 * `postgres://…` was read as a file name and the site ran on a new, empty SQLite file.
 */
test("a postgres:// DATABASE_URL stops the start, says PostgreSQL is not supported yet and creates no file", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-postgres-"));
  try {
    // Started from an empty folder, so any file or folder made from the URL would show there.
    const { code, output } = await startAndWaitForExit(
      { PORT: "0", DATABASE_URL: "postgres://user@host:5432/db", UPLOADS_DIR: path.join(folder, "uploads") },
      folder,
    );
    expect(code).toBe(1);
    expect(output).toBe(
      [
        "Invalid configuration:",
        "  - DATABASE_URL: PostgreSQL is not supported yet; DATABASE_URL must be a file: URL naming a SQLite file, e.g. file:./data/charity.sqlite or file:/var/lib/charity/charity.sqlite",
        "Fix the environment variables above (see README, 'Configuration') and start again.",
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
  const folder = mkdtempSync(path.join(tmpdir(), "charity-live-demo-"));
  try {
    const file = path.join(folder, "tried.sqlite");
    const tried = new SQLite(path.join(process.env.E2E_DATA!, "e2e.sqlite"), { readonly: true });
    try {
      await tried.backup(file);
    } finally {
      tried.close();
    }
    const { code, output } = await startAndWaitForExit({
      PORT: "0",
      DATABASE_URL: `file:${file}`,
      UPLOADS_DIR: path.join(folder, "uploads"),
      STRIPE_SECRET_KEY: "sk_live_never_called",
      STRIPE_WEBHOOK_SECRET: "whsec_never_called",
    });
    expect(code).toBe(1);
    const lines = output.split("\n");
    expect(lines[0]).toMatch(/^Payments are live \(a live Stripe key\), but the database .+ holds the demo's made-up money: [\d,]+ gifts and [\d,]+ ledger entries recorded by "demo \(made up\)"\.$/);
    expect(lines[0]).toContain(` ${file} `);
    expect(output).toContain(`move ${file} aside`);
    expect(output).toContain("and start again with SEED_DEMO=0 and the live keys.");
    expect(output).not.toContain("Charity site listening");
    expect(output).not.toMatch(/\bat .+:\d+:\d+\)?$/m);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
