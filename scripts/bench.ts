// `npm run bench`: starts the production server on a throw-away database and measures
// a few public pages and API endpoints with autocannon, plus the server's peak memory,
// and weighs the JavaScript each public page makes a visitor download (gzip).
// Then it measures the surge (scripts/surge-bench.ts): `/` beside nginx serving the same
// bytes when nginx is installed, the stories API, and 100 connections on a mix of pages and
// API, repeated, with the server's memory after each; and `/` through nginx in front of one
// app process and in front of two on the same database (scripts/pair-bench.ts).
// Last it fills a throw-away database with a large history (scripts/large-history.ts; at
// scale 1: 100,000 donations, 5,000 subscriptions, 20,000 ledger entries, 50,000 contact
// messages, 20,000 volunteers and as many newsletter addresses, and an appeal of 100,000
// gifts beside a few smaller ones) and times the staff screens, the dashboard, the funds
// ledger with each filter, the public statistics, the transparency report, and the large
// appeal's page, its API and the Donations screen filtered by it, one request at a time
// (p50/p95/p99, against their targets), the transparency report's requests per second, and
// the full CSV exports with the server's memory before and during them. It reports
// numbers; it never fails on them.
// BENCH_SECONDS sets each autocannon run's length, BENCH_REQUESTS each latency sample,
// BENCH_SCALE the large history's size (1; 10 is 1,000,000 donations, 50,000 subscriptions
// and 100,000 ledger entries), BENCH_PHASES which parts run (demo,surge,pair,scale,audit,applications; audit:
// the Audit screen, its filters and API on 1,000,000 entries by 50 staff, and its CSV; applications:
// the case queue, its filters, case pages and the API on 100,000 applications and 300,000
// documents, the duplicate check and opening a case's sealed fields in process).
// BENCH_DATABASE=postgres runs every part on PostgreSQL, each on a database of its own made
// in the cluster BENCH_POSTGRES_URL (or TEST_POSTGRES_URL) names and dropped after it.
// BENCH_HISTORY_URL measures a large history filled before by `npm run db:fill-giving` (kept).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { LargeAppeal } from "./appeal-history";
import { benchDatabases, type BenchDatabases } from "./bench-databases";
import { describeSize, fillLargeHistory, historySize, type HistorySize } from "./large-history";
import { freePort, releaseOnSignals, waitForHealthy } from "./local-server";
import { measurePair, type AppProcess } from "./pair-bench";
import { fillPostgresHistory, isPostgresUrl } from "./postgres-history";
import { AUDIT_ENTRIES, AUDIT_STAFF, fillAuditHistory } from "./audit-history";
import {
  APPLICATIONS,
  BENCH_DATA_KEY,
  DOCUMENTS_PER_APPLICATION,
  fillApplicationsHistory,
} from "./applications-history";
import { measureApplicationsInProcess } from "./applications-in-process";
import { measureAccessCheck } from "./access-check-cost";
import { weighPages, type PageWeight } from "./page-weight";
import type { NginxReference } from "./nginx-reference";
import { printAligned } from "./report-table";
import { measureSurge } from "./surge-bench";
// Node's flags as `npm start` and the Docker image start the server: the bench measures what ships.
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { openDatabase } from "~/lib/db.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ENTRY = path.join(root, "build/server/index.js");
const PATHS = [
  "/",
  "/stories",
  "/stories/1",
  "/events",
  "/testimonials",
  "/contact",
  "/volunteer",
  "/transparency",
  "/appeals",
  "/appeals/winter-emergency-in-gaza",
  "/api/stories/",
  "/api/events/",
  "/api/testimonials/",
  "/api/donations/stats",
  "/api/transparency",
  "/api/appeals/",
  "/api/appeals/winter-emergency-in-gaza",
];
const CONNECTIONS = 10;
const MEMORY_SAMPLE_MS = 200;
const ADMIN = { username: "bench", password: "bench-password-123" };
/** The staff screens and endpoints that must stay fast on a large history. */
const AT_SCALE_PATHS = [
  "/admin/donations",
  "/admin/donations?search=khan",
  "/admin/donations?search=aisha.khan.1234%40example.org",
  "/admin/donations?search=example",
  "/admin/donations?search=nobody-matches-this",
  "/admin/donations?search=zq",
  "/admin/donations?frequency=Monthly",
  "/admin/donations?frequency=Ramadan&search=aisha",
  "/admin/donations?page=3000",
  "/admin/subscriptions",
  "/admin/subscriptions?page=150",
  "/admin/ramadan",
  "/admin/ramadan?status=active",
  "/admin/contacts",
  "/admin/contacts?status=pending",
  "/admin/contacts?search=jewellery",
  "/admin/contacts?search=khan&status=pending",
  "/admin/contacts?search=zq",
  "/admin/contacts?page=1500",
  "/admin/volunteers",
  "/admin/volunteers?interest=Fundraising",
  "/admin/volunteers?search=hussain",
  "/admin/newsletter?search=example.co.uk",
  "/admin",
  "/api/admin/dashboard",
  "/api/donations/stats",
  "/admin/funds",
  "/admin/funds/ledger",
  "/admin/funds/ledger?fund=2",
  "/admin/funds/ledger?category=masakin",
  "/admin/funds/ledger?from=2025-03-01&to=2025-08-31",
  "/admin/funds/ledger?search=food",
  "/admin/funds/ledger?search=zq",
  "/admin/funds/ledger?fund=2&category=fuqara&from=2025-01-01&to=2025-12-31&search=parcels",
  "/admin/funds/ledger?page=50",
  "/admin/funds/ledger?fund=2&page=50",
  "/admin/funds/ledger?page=800",
  "/api/disbursements/?limit=50",
  // The staff API's gift list with a rare search: its matches sorted, never the date index walked past them all.
  "/api/donations/?search=zq&limit=100",
  "/transparency",
  "/transparency?calendar=gregorian",
  "/transparency?calendar=hijri&year=1447",
  "/api/transparency",
  "/api/transparency?calendar=gregorian&year=2025",
];
/**
 * The large appeal of 100,000 gifts: its public page and API (read as a visitor, signed
 * out), the public list, and the Donations screen filtered by it, on its first page and
 * deep in it.
 */
function appealPaths(appeal: LargeAppeal): string[] {
  return [
    `/appeals/${appeal.slug}`,
    `/api/appeals/${appeal.slug}`,
    `/api/appeals/${appeal.id}`,
    "/appeals",
    "/api/appeals/",
    "/",
    `/admin/donations?appeal=${appeal.id}`,
    `/admin/donations?appeal=${appeal.id}&page=50`,
    `/admin/donations?appeal=${appeal.id}&search=khan`,
  ];
}
/** Appeal paths a visitor reads: measured without the staff's cookie, as the public sees them. */
const isPublicAppealPath = (urlPath: string) =>
  urlPath === "/" || urlPath.startsWith("/appeals") || urlPath.startsWith("/api/appeals");
/** The public transparency report, also measured for requests per second on the large history. */
const TRANSPARENCY_PATHS = ["/transparency", "/api/transparency"];
/**
 * p95 targets in ms on the large history: the transparency report and an appeal's page and
 * API (30), and every staff screen and staff API and the public statistics (50).
 */
function p95TargetOf(urlPath: string): number | undefined {
  if (urlPath.startsWith("/transparency") || urlPath.startsWith("/api/transparency")) return 30;
  if (/^\/(api\/)?appeals\/[^/?]+$/.test(urlPath)) return 30;
  if (
    /^\/(api\/)?admin(\/|\?|$)/.test(urlPath) ||
    urlPath.startsWith("/api/disbursements") ||
    urlPath.startsWith("/api/audit") ||
    urlPath.startsWith("/api/donations/") ||
    urlPath.startsWith("/api/applications")
  )
    return 50;
  return undefined;
}
/** Endpoints that take the API's bearer token rather than the admin cookie. */
const usesToken = (urlPath: string) =>
  urlPath.startsWith("/api/admin/") || urlPath.startsWith("/api/disbursements") || urlPath.startsWith("/api/audit");

interface Row {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  statuses: string;
}

/** Resources to release however the run ends. */
const cleanup: {
  child?: ChildProcess;
  pair?: ChildProcess[];
  tmpDir?: string;
  scaleDir?: string;
  nginx?: NginxReference;
  databases?: BenchDatabases;
} = {};
let serverLog = "";

function benchSeconds(): number {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("BENCH_SECONDS must be a positive number");
  return seconds;
}

/** The server's environment: a private database and uploads folder, and no real Stripe keys. */
/**
 * Stripe settings that put the site in live mode without ever calling Stripe (no page
 * measured here does): a live site's staff screens leave test gifts out, which changes
 * their queries, so that is the mode measured on the large history.
 */
const LIVE_MODE_WITHOUT_CALLS = { STRIPE_SECRET_KEY: "sk_live_bench_never_used", STRIPE_WEBHOOK_SECRET: "whsec_bench" };

/** Every process of a phase signs with the same secret, as several processes must (and PostgreSQL requires one). */
const BENCH_SESSION_SECRET = "bench-session-secret-never-used-elsewhere-0123456789";

function serverEnv(
  port: number,
  tmpDir: string,
  databaseUrl: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("STRIPE_")) delete env[name];
  return {
    ...env,
    ...extra,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    UPLOADS_DIR: path.join(tmpDir, "uploads"),
    SEED_DEMO: "1",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: "production",
  };
}

function startServer(port: number, tmpDir: string, databaseUrl: string, extra?: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.mjs"], {
    cwd: root,
    env: serverEnv(port, tmpDir, databaseUrl, extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Keep the server's output out of the report, but at hand if it fails to start.
  const remember = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);
  return child;
}

/** Reads one "VmXxx:   12345 kB" field of /proc/<pid>/status, in KiB (Linux only). */
function procStatusKiB(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples the server's resident memory while the runs go on. VmHWM is the kernel's own
 * high-water mark, so it catches peaks between samples; the samples cover kernels without it.
 */
function watchMemory(pid: number) {
  let peakKiB: number | undefined;
  const sample = () => {
    for (const field of ["VmRSS", "VmHWM"] as const) {
      const kib = procStatusKiB(pid, field);
      if (kib !== undefined) peakKiB = Math.max(peakKiB ?? 0, kib);
    }
  };
  sample();
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  return {
    stop(): number | undefined {
      clearInterval(timer);
      sample();
      return peakKiB;
    },
  };
}

async function measure(baseUrl: string, urlPath: string, seconds: number): Promise<Row> {
  console.log(`Measuring ${urlPath} for ${seconds} s...`);
  const result = await autocannon({ url: baseUrl + urlPath, connections: CONNECTIONS, duration: seconds });
  // Status counts are reported rather than judged: a path may legitimately 404 for now.
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  const failures = result.errors; // autocannon counts its timeouts among the errors
  return {
    path: urlPath,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: failures > 0 ? `${statuses} errors×${failures}`.trim() : statuses || "-",
  };
}

function printTable(rows: Row[]): void {
  printAligned(
    ["Path", "Req/s (avg)", "p50 ms", "p99 ms", "Non-2xx", "Status codes"],
    rows.map((row) => [
      row.path,
      row.requestsPerSecond.toFixed(1),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.non2xx),
      row.statuses,
    ]),
  );
}

let releasing: Promise<void> | undefined;

/**
 * Stops nginx and the servers (SIGTERM, then SIGKILL after 5 s), drops the PostgreSQL databases
 * and removes the temporary files. A stop signal fails the run's requests, whose own release
 * must wait for the same work to finish rather than exit half-way through it.
 */
function release(): Promise<void> {
  releasing ??= releaseAll();
  return releasing;
}

async function releaseAll(): Promise<void> {
  const { child, pair = [], tmpDir, scaleDir, nginx, databases } = cleanup;
  cleanup.nginx = undefined;
  await nginx?.stop();
  cleanup.child = undefined;
  cleanup.pair = undefined;
  cleanup.tmpDir = undefined;
  cleanup.scaleDir = undefined;
  cleanup.databases = undefined;
  await Promise.all(
    [child, ...pair].map(async (server) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
      server.kill("SIGTERM");
      const force = setTimeout(() => server.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(force);
    }),
  );
  await databases?.dropAll();
  for (const dir of [tmpDir, scaleDir]) if (dir) await rm(dir, { recursive: true, force: true });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

/** Pages that need no script show 0 B: nothing of the app is sent to them. */
function printWeights(rows: PageWeight[]): void {
  const kib = (bytes: number) => (bytes ? `${(bytes / 1024).toFixed(1)} KiB` : "0 B");
  printAligned(
    ["Page", "Status", "<script>s", "Modules", "Modules (gzip)", "Inline (gzip)", "Total (gzip)", "Scripts"],
    rows.map((row) => [
      row.path,
      String(row.status),
      String(row.scriptElements),
      String(row.modules),
      kib(row.moduleGzipBytes),
      kib(row.inlineGzipBytes),
      kib(row.moduleGzipBytes + row.inlineGzipBytes),
      row.scriptElements ? "sent" : "none",
    ]),
  );
  console.log(
    "(JavaScript per public page: the modules it loads or preloads and its inline scripts, fetched from the server and gzipped)",
  );
}

interface LatencyRow {
  path: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  status: string;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** One request at a time, so each figure is the time a single visitor waits. */
async function measureLatency(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string>,
  count: number,
): Promise<LatencyRow> {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  for (let index = 0; index < count + 5; index += 1) {
    const started = performance.now();
    const response = await fetch(baseUrl + urlPath, { headers, redirect: "manual" });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (index >= 5) times.push(elapsed); // the first few warm the caches
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  return {
    path: urlPath,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    status: [...statuses].map(([code, n]) => `${code}×${n}`).join(" "),
  };
}

/** Signs in the way staff do: the admin cookie for screens and a bearer token for the API. */
async function signIn(baseUrl: string): Promise<{ cookie: string; token: string }> {
  const form = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  const cookie = form.headers.get("set-cookie")?.split(";")[0];
  const api = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await api.json()) as { access_token?: string };
  if (!cookie || !token) throw new Error("Could not sign in to the benchmark server");
  return { cookie, token };
}

/** Downloads a whole CSV export while watching the server's resident memory. */
async function measureExport(baseUrl: string, exportPath: string, cookie: string, pid: number | undefined) {
  const before = pid ? procStatusKiB(pid, "VmRSS") : undefined;
  let peak = before ?? 0;
  const timer = pid
    ? setInterval(() => {
        peak = Math.max(peak, procStatusKiB(pid, "VmRSS") ?? 0);
      }, 20)
    : undefined;
  const started = performance.now();
  const response = await fetch(baseUrl + exportPath, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { status: response.status, bytes, rows: lines - 1, seconds, beforeKiB: before, peakKiB: peak };
}

/** Each measured path that has a p95 target, and whether it was met. */
function printTargets(rows: LatencyRow[]): void {
  const judged = rows.flatMap((row) => {
    const target = p95TargetOf(row.path);
    // Judged on the figure as printed: "50.0 < 50" never reads "met".
    const p95 = row.p95.toFixed(1);
    return target === undefined ? [] : [[row.path, p95, `< ${target}`, Number(p95) < target ? "met" : "MISSED"]];
  });
  if (judged.length) printAligned(["Path", "p95 ms", "target ms", "Target"], judged);
}

function printLatencyTable(rows: LatencyRow[]): void {
  printAligned(
    ["Path", "p50 ms", "p95 ms", "p99 ms", "max ms", "Status codes"],
    rows.map((row) => [
      row.path,
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.p99.toFixed(1),
      row.max.toFixed(1),
      row.status,
    ]),
  );
}

function benchScale(): number {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error("BENCH_SCALE must be a positive number (1 is 100,000 donations, 10 is 1,000,000)");
  return scale;
}

/** The large history in the phase's database (a SQLite file, or PostgreSQL filled from one); the large appeal. */
async function fillAtScale(databases: BenchDatabases, databaseUrl: string, size: HistorySize): Promise<LargeAppeal> {
  console.log(`\nFilling a throw-away ${databases.label} database with ${describeSize(size)}...`);
  const started = Date.now();
  const log = (line: string) => console.log(line);
  const appeal =
    databases.engine === "postgres"
      ? await fillPostgresHistory(databaseUrl, size, log)
      : await fillLargeHistory(databaseUrl.replace(/^file:/, ""), size, log);
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return appeal;
}

/**
 * A history filled before (`npm run db:fill-giving`) named by BENCH_HISTORY_URL, measured as it
 * is and kept: the large appeal and the sizes, counted. A fill at scale 10 takes many minutes.
 */
async function givenHistory(databaseUrl: string): Promise<{ appeal: LargeAppeal; sizes: string }> {
  const db = openDatabase(databaseUrl.replace(/^file:/i, ""));
  try {
    const count = async (table: "donations" | "subscriptions" | "disbursements" | "contact_submissions") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ).toLocaleString("en-US");
    const appeal = await db
      .selectFrom("appeals")
      .select(["id", "slug"])
      .where("slug", "=", "winter-emergency-in-gaza")
      .executeTakeFirst();
    if (!appeal)
      throw new Error(
        "BENCH_HISTORY_URL must name a database filled by npm run db:fill-giving (its large appeal is missing)",
      );
    const gifts = Number(
      (
        await db
          .selectFrom("donations")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("appeal_id", "=", appeal.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const sizes =
      `${await count("donations")} donations (the appeal's among them), ${await count("subscriptions")} subscriptions, ` +
      `${await count("disbursements")} ledger entries, ${await count("contact_submissions")} contact messages (BENCH_HISTORY_URL, filled before)`;
    return { appeal: { id: appeal.id, slug: appeal.slug, gifts }, sizes };
  } finally {
    await db.destroy();
  }
}

/** The staff screens on a large giving history, one visitor at a time. */
async function measureAtScale(databases: BenchDatabases, requests: number, seconds: number): Promise<void> {
  cleanup.scaleDir = await mkdtemp(path.join(os.tmpdir(), "charity-bench-scale-"));
  const size = historySize(benchScale());
  const given = process.env.BENCH_HISTORY_URL;
  const databaseUrl = given ?? (await databases.create("scale"));
  const { appeal, sizes } = given
    ? await givenHistory(given)
    : { appeal: await fillAtScale(databases, databaseUrl, size), sizes: describeSize(size) };

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startServer(port, cleanup.scaleDir, databaseUrl, LIVE_MODE_WITHOUT_CALLS);
  cleanup.child = child;
  await waitForHealthy(baseUrl, child);
  const { cookie, token } = await signIn(baseUrl);

  const rows: LatencyRow[] = [];
  for (const urlPath of [...AT_SCALE_PATHS, ...appealPaths(appeal)]) {
    console.log(`Timing ${urlPath} (${requests} requests)...`);
    const headers: Record<string, string> = isPublicAppealPath(urlPath)
      ? {}
      : usesToken(urlPath)
        ? { Authorization: `Bearer ${token}` }
        : { Cookie: cookie };
    rows.push(await measureLatency(baseUrl, urlPath, headers, requests));
  }
  // The latencies are printed before the exports: a slow export must not keep them from the report.
  const onWhat = `${databases.label}, ${sizes}`;
  console.log(`\nThe large history, one request at a time, on ${onWhat}:`);
  printLatencyTable(rows);
  printTargets(rows);
  console.log(`(p95 targets on ${onWhat}; live mode, ${requests} requests per path after 5 warm-up requests)`);

  const throughput: Row[] = [];
  for (const urlPath of TRANSPARENCY_PATHS) throughput.push(await measure(baseUrl, urlPath, seconds));
  printTable(throughput);
  console.log(`(the transparency report on the large history: ${CONNECTIONS} connections, ${seconds} s per path)`);
  console.log();
  const mib = (kib?: number) => (kib === undefined ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);
  for (const [what, exportPath] of [
    ["donations", "/admin/donations/export"],
    ["contact messages", "/admin/contacts/export"],
    ["ledger entries", "/admin/funds/ledger.csv"],
  ] as const) {
    console.log(`Exporting every one of the ${what} as CSV...`);
    const csv = await measureExport(baseUrl, exportPath, cookie, child.pid);
    console.log(
      `CSV export of all ${what}: ${csv.status}, ${csv.rows.toLocaleString("en-US")} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB in ${csv.seconds.toFixed(2)} s; ` +
        `server memory (RSS) ${mib(csv.beforeKiB)} before, ${mib(csv.peakKiB)} at its peak during the export`,
    );
  }
  console.log(`(the exports on ${onWhat})`);
  await stopServer(child);
  cleanup.child = undefined;
  if (!given) await databases.drop(databaseUrl);
}

/** `/` through nginx in front of one app process, then two, on one new demo database. */
async function measureTwoProcesses(databases: BenchDatabases, tmpDir: string, seconds: number): Promise<void> {
  const databaseUrl = await databases.create("pair");
  const start = async (): Promise<AppProcess> => {
    const port = await freePort();
    const child = startServer(port, tmpDir, databaseUrl);
    cleanup.pair = [...(cleanup.pair ?? []), child];
    await waitForHealthy(`http://127.0.0.1:${port}`, child);
    return { port, child };
  };
  await measurePair({ start, seconds, databaseLabel: databases.label, holder: cleanup });
  for (const child of cleanup.pair ?? []) await stopServer(child);
  cleanup.pair = undefined;
  await databases.drop(databaseUrl);
}

/**
 * The Audit screen on a million entries by 50 staff (scripts/audit-history.ts): unfiltered, by
 * person, action, kind, one record's history, a month, a person in a month, a deep page, and
 * the API's first page. `staff` is the id of one of the 50.
 */
function auditPaths(staff: number): string[] {
  return [
    "/admin/audit",
    `/admin/audit?actor=${staff}`,
    "/admin/audit?action=delete",
    "/admin/audit?action=approve",
    "/admin/audit?entity=setting",
    "/admin/audit?entity=story&entity_id=123",
    "/admin/audit?from=2025-06-01&to=2025-06-30",
    `/admin/audit?actor=${staff}&from=2025-06-01&to=2025-06-30`,
    "/admin/audit?page=100",
    "/api/audit/",
    `/api/audit/?actor=${staff}`,
    "/api/audit/?action=delete&from=2025-03-01&to=2025-03-31",
  ];
}

/**
 * The audit trail at scale: a new database, migrated and seeded by the server, then filled with
 * 50 staff and a million entries and measured after a restart (so the server plans with the
 * statistics the fill made), one request at a time, and its CSV export while watching memory.
 */
async function measureAuditTrail(databases: BenchDatabases, tmpDir: string, requests: number): Promise<void> {
  const { microsecondsPerRequest } = measureAccessCheck();
  console.log(`\nThe role check adds ${microsecondsPerRequest.toFixed(2)} µs to a request (issue 30 allows 200 µs).`);
  const databaseUrl = await databases.create("audit");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const first = startServer(port, tmpDir, databaseUrl, LIVE_MODE_WITHOUT_CALLS);
  cleanup.child = first;
  await waitForHealthy(baseUrl, first);
  await stopServer(first);
  console.log(
    `\nFilling a throw-away ${databases.label} database with ${AUDIT_ENTRIES.toLocaleString("en-US")} audit entries by ${AUDIT_STAFF} staff...`,
  );
  const started = Date.now();
  const { staffIds } = await fillAuditHistory(databaseUrl, AUDIT_ENTRIES, (line) => console.log(line));
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const child = startServer(port, tmpDir, databaseUrl, LIVE_MODE_WITHOUT_CALLS);
  cleanup.child = child;
  await waitForHealthy(baseUrl, child);
  const { cookie, token } = await signIn(baseUrl);
  const rows: LatencyRow[] = [];
  for (const urlPath of auditPaths(staffIds[6]!)) {
    console.log(`Timing ${urlPath} (${requests} requests)...`);
    const headers: Record<string, string> = usesToken(urlPath)
      ? { Authorization: `Bearer ${token}` }
      : { Cookie: cookie };
    rows.push(await measureLatency(baseUrl, urlPath, headers, requests));
  }
  const onWhat = `${databases.label}, ${AUDIT_ENTRIES.toLocaleString("en-US")} audit entries by ${AUDIT_STAFF} staff`;
  console.log(`\nThe audit trail, one request at a time, on ${onWhat}:`);
  printLatencyTable(rows);
  printTargets(rows);
  console.log(`(p95 targets on ${onWhat}; ${requests} requests per path after 5 warm-up requests)`);
  const csv = await measureExport(baseUrl, "/admin/audit.csv", cookie, child.pid);
  const mib = (kib?: number) => (kib === undefined ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);
  console.log(
    `CSV export of the whole audit trail: ${csv.status}, ${csv.rows.toLocaleString("en-US")} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB in ${csv.seconds.toFixed(2)} s; ` +
      `server memory (RSS) ${mib(csv.beforeKiB)} before, ${mib(csv.peakKiB)} at its peak during the export`,
  );
  await stopServer(child);
  cleanup.child = undefined;
  await databases.drop(databaseUrl);
}

/** The Zakat applications at scale (issue 31): the queue, its filters, a case page, the API. */
async function measureApplications(databases: BenchDatabases, tmpDir: string, requests: number): Promise<void> {
  const databaseUrl = await databases.create("applications");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const withKey = { ...LIVE_MODE_WITHOUT_CALLS, DATA_ENCRYPTION_KEY: BENCH_DATA_KEY };
  const first = startServer(port, tmpDir, databaseUrl, withKey);
  cleanup.child = first;
  await waitForHealthy(baseUrl, first);
  await stopServer(first);
  console.log(
    `\nFilling a throw-away ${databases.label} database with ${APPLICATIONS.toLocaleString("en-US")} applications...`,
  );
  const started = Date.now();
  const { sampleRefs, caseworkerIds } = await fillApplicationsHistory(databaseUrl, APPLICATIONS, (line) =>
    console.log(line),
  );
  console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const child = startServer(port, tmpDir, databaseUrl, withKey);
  cleanup.child = child;
  await waitForHealthy(baseUrl, child);
  const { cookie, token } = await signIn(baseUrl);
  const [openRef, finishedRef] = sampleRefs;
  const paths = [
    "/admin/applications",
    "/admin/applications?state=under_assessment",
    "/admin/applications?category=gharimin",
    `/admin/applications?caseworker=${caseworkerIds[3]}`,
    "/admin/applications?state=paid&page=50",
    `/admin/applications/${openRef}`,
    `/admin/applications/${finishedRef}`,
    "/api/applications/?state=submitted",
    `/api/applications/${openRef}`,
  ];
  const rows: LatencyRow[] = [];
  for (const urlPath of paths) {
    console.log(`Timing ${urlPath} (${requests} requests)...`);
    const headers: Record<string, string> = urlPath.startsWith("/api/")
      ? { Authorization: `Bearer ${token}` }
      : { Cookie: cookie };
    rows.push(await measureLatency(baseUrl, urlPath, headers, requests));
  }
  const onWhat = `${databases.label}, ${APPLICATIONS.toLocaleString("en-US")} applications, ${(APPLICATIONS * DOCUMENTS_PER_APPLICATION).toLocaleString("en-US")} documents`;
  console.log(`\nZakat applications, one request at a time, on ${onWhat}:`);
  printLatencyTable(rows);
  printTargets(rows);
  await stopServer(child);
  cleanup.child = undefined;
  await measureApplicationsInProcess(databaseUrl, BENCH_DATA_KEY, sampleRefs);
  await databases.drop(databaseUrl);
}

const PHASES = ["demo", "surge", "pair", "scale", "audit", "applications"] as const;
type Phase = (typeof PHASES)[number];

/** BENCH_PHASES (all of them by default) picks some: demo, surge, pair (two processes), scale, audit, applications. */
function benchPhases(): Set<Phase> {
  const named = (process.env.BENCH_PHASES ?? PHASES.join(","))
    .split(",")
    .map((phase) => phase.trim())
    .filter(Boolean);
  const unknown = named.filter((phase) => !(PHASES as readonly string[]).includes(phase));
  if (unknown.length || !named.length)
    throw new Error(
      `BENCH_PHASES takes some of ${PHASES.join(", ")} (comma-separated), not ${unknown.join(", ") || "nothing"}`,
    );
  return new Set(named as Phase[]);
}

/** The demo data's pages and API with autocannon, the server's peak memory and each page's JavaScript. */
async function measureDemo(databases: BenchDatabases, tmpDir: string, seconds: number): Promise<void> {
  const databaseUrl = await databases.create("demo");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startServer(port, tmpDir, databaseUrl);
  cleanup.child = child;

  console.log(`Starting the server on ${baseUrl} (demo data, temporary ${databases.label} database)...`);
  await waitForHealthy(baseUrl, child);
  console.log("Weighing the JavaScript of each public page...");
  const weights = await weighPages(baseUrl);
  const memory = child.pid ? watchMemory(child.pid) : undefined;

  // One path at a time, so each measurement has the server to itself.
  const rows: Row[] = [];
  for (const urlPath of PATHS) rows.push(await measure(baseUrl, urlPath, seconds));
  const peakKiB = memory?.stop();

  printTable(rows);
  console.log();
  console.log(
    peakKiB === undefined
      ? "Server peak memory (RSS): unavailable (needs Linux /proc)"
      : `Server peak memory (RSS): ${(peakKiB / 1024).toFixed(1)} MiB`,
  );
  console.log(`(${CONNECTIONS} connections, ${seconds} s per path, on ${databases.label})`);
  printWeights(weights);
  await stopServer(child);
  cleanup.child = undefined;
  await databases.drop(databaseUrl);
}

/** The surge meets a server just started, as after a deploy: its memory is the surge's alone. */
async function measureSurgePhase(databases: BenchDatabases, tmpDir: string, seconds: number): Promise<void> {
  const databaseUrl = await databases.create("surge");
  const surgePort = await freePort();
  const surgeUrl = `http://127.0.0.1:${surgePort}`;
  const surgeServer = startServer(surgePort, tmpDir, databaseUrl);
  cleanup.child = surgeServer;
  await waitForHealthy(surgeUrl, surgeServer);
  console.log(`(the surge on ${databases.label})`);
  await measureSurge({
    baseUrl: surgeUrl,
    seconds,
    readRssKiB: () => (surgeServer.pid ? procStatusKiB(surgeServer.pid, "VmRSS") : undefined),
    holder: cleanup,
  });
  await stopServer(surgeServer);
  cleanup.child = undefined;
  await databases.drop(databaseUrl);
}

async function main(): Promise<void> {
  if (!existsSync(BUILD_ENTRY)) {
    console.error("Run npm run build first");
    process.exit(1);
  }
  const seconds = benchSeconds();
  const requests = benchRequests();
  const phases = benchPhases();
  const scale = benchScale();
  cleanup.tmpDir = await mkdtemp(path.join(os.tmpdir(), "charity-bench-"));
  const databases = await benchDatabases(cleanup.tmpDir);
  cleanup.databases = databases;
  const given = process.env.BENCH_HISTORY_URL;
  if (given && isPostgresUrl(given) !== (databases.engine === "postgres"))
    throw new Error(`BENCH_HISTORY_URL must be a ${databases.label} database, as BENCH_DATABASE says`);
  console.log(
    `The bench on ${databases.label}: ${[...phases].join(", ")}${phases.has("scale") ? (given ? " (the large history BENCH_HISTORY_URL names)" : ` (large history at scale ${scale})`) : ""}.`,
  );

  if (phases.has("demo")) await measureDemo(databases, cleanup.tmpDir, seconds);
  if (phases.has("surge")) await measureSurgePhase(databases, cleanup.tmpDir, seconds);
  if (phases.has("pair")) await measureTwoProcesses(databases, cleanup.tmpDir, seconds);
  if (phases.has("scale")) await measureAtScale(databases, requests, seconds);
  if (phases.has("audit")) await measureAuditTrail(databases, cleanup.tmpDir, requests);
  if (phases.has("applications")) await measureApplications(databases, cleanup.tmpDir, requests);
}

function benchRequests(): number {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  if (!Number.isInteger(requests) || requests <= 0) throw new Error("BENCH_REQUESTS must be a positive whole number");
  return requests;
}

releaseOnSignals(release);

try {
  await main();
  await release();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (serverLog) console.error(`\nLast server output:\n${serverLog}`);
  await release();
  process.exit(1);
}
