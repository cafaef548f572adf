import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { openDatabase, type DB } from "~/lib/db.server";

/**
 * Two app processes of the built server on one database, as a foundation runs them behind
 * a proxy: on the PostgreSQL pass a database of their own in the test cluster, otherwise a
 * SQLite file. Both start at the same moment on the empty database, as replicas do.
 */
export const TWO_PROCESS_ADMIN = { username: "two-process-admin", password: "two-process-admin-password" };

export interface SiteProcess {
  name: "A" | "B";
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for a failing test to show. */
  errors: string[];
}

export interface TwoProcesses {
  a: SiteProcess;
  b: SiteProcess;
  /** The shared database, opened by the test itself. */
  db: DB;
  onPostgres: boolean;
  /** Kills one process at once (SIGKILL: no shutdown, as a crash or a lost machine). */
  kill(process: SiteProcess): void;
  /** Starts a process again on the same port and database. */
  restart(process: SiteProcess): Promise<SiteProcess>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Creates or drops a database in the test cluster (a statement of its own: not in a transaction). */
function postgresStatement(statement: string): void {
  execFileSync(process.execPath, [
    "-e",
    `const pg=require("pg");const c=new pg.Client({connectionString:process.env.TEST_POSTGRES_URL});c.connect().then(()=>c.query(process.argv[1])).then(()=>c.end(),e=>{console.error(e.message);process.exit(1)})`,
    statement,
  ]);
}

async function waitForHealthy(site: SiteProcess): Promise<void> {
  for (let attempt = 0; attempt < 480; attempt += 1) {
    if (site.child.exitCode !== null)
      throw new Error(`Process ${site.name} exited during start-up:\n${site.errors.join("")}`);
    if (
      await fetch(`${site.url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Process ${site.name} did not start:\n${site.errors.join("")}`);
}

/**
 * `env` is both processes' environment; `own` adds a process's own settings (e.g. the name
 * its mail connection greets with, so a test can tell which process sent a message).
 */
export async function startTwoProcesses(
  env: Record<string, string> = {},
  own: Partial<Record<"A" | "B", Record<string, string>>> = {},
): Promise<TwoProcesses> {
  const folder = mkdtempSync(path.join(tmpdir(), "charity-two-"));
  const onPostgres = process.env.TEST_DATABASE_ENGINE === "postgres";
  const name = `e2e_two_${process.pid}_${Date.now().toString(36)}`;
  let databaseUrl = `file:${path.join(folder, "shared.sqlite")}`;
  if (onPostgres) {
    postgresStatement(`create database "${name}"`);
    const url = new URL(process.env.TEST_POSTGRES_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const ports = { A: await freePort(), B: await freePort() };

  const launch = (which: "A" | "B"): SiteProcess => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.mjs"], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: String(ports[which]),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        // One uploads folder for both, as a shared volume.
        UPLOADS_DIR: path.join(folder, "uploads"),
        SESSION_SECRET: "two-processes-test-session-secret-0123456789",
        ADMIN_USERNAME: TWO_PROCESS_ADMIN.username,
        ADMIN_PASSWORD: TWO_PROCESS_ADMIN.password,
        SEED_DEMO: "1",
        ...env,
        ...own[which],
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const site: SiteProcess = { name: which, url: `http://127.0.0.1:${ports[which]}`, child, errors: [] };
    child.stderr!.on("data", (chunk: Buffer) => site.errors.push(chunk.toString()));
    return site;
  };

  const sites = { a: launch("A"), b: launch("B") };
  await Promise.all([waitForHealthy(sites.a), waitForHealthy(sites.b)]);
  const db = openDatabase(onPostgres ? databaseUrl : path.join(folder, "shared.sqlite"));

  return {
    ...sites,
    db,
    onPostgres,
    kill: (site) => site.child.kill("SIGKILL"),
    async restart(site) {
      if (site.child.exitCode === null && site.child.signalCode === null) {
        site.child.kill("SIGTERM");
        await new Promise((resolve) => site.child.once("exit", resolve));
      }
      const next = launch(site.name);
      await waitForHealthy(next);
      Object.assign(site, next);
      return site;
    },
    async stop() {
      for (const site of [sites.a, sites.b]) {
        if (site.child.exitCode === null && site.child.signalCode === null) {
          site.child.kill("SIGTERM");
          await new Promise((resolve) => site.child.once("exit", resolve));
        }
      }
      await db.destroy();
      if (onPostgres) postgresStatement(`drop database if exists "${name}" with (force)`);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Signs the test's admin in on one process; returns the session cookie. */
export async function signIn(site: SiteProcess): Promise<string> {
  const response = await fetch(`${site.url}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
    body: new URLSearchParams(TWO_PROCESS_ADMIN).toString(),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (response.status !== 302 && response.status !== 303)
    throw new Error(`Sign-in on ${site.name} answered ${response.status}`);
  return cookie;
}
