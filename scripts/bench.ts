// `npm run bench`: starts the production server on a throw-away database and measures
// a few public pages and API endpoints with autocannon, plus the server's peak memory.
// It reports numbers; it never fails on them. Set BENCH_SECONDS to change each run's length.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ENTRY = path.join(root, "build/server/index.js");
const PATHS = ["/", "/stories", "/api/stories/", "/api/donations/stats"];
const CONNECTIONS = 10;
const STARTUP_TIMEOUT_MS = 60_000;
const MEMORY_SAMPLE_MS = 200;

interface Row {
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  statuses: string;
}

/** Resources to release however the run ends. */
const cleanup: { child?: ChildProcess; tmpDir?: string } = {};
let serverLog = "";

function benchSeconds(): number {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("BENCH_SECONDS must be a positive number");
  return seconds;
}

/** Asks the OS for a free port; a tiny race with other processes is acceptable for a benchmark. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("Could not find a free port"))));
    });
  });
}

/** The server's environment: a private database and uploads folder, and no real Stripe keys. */
function serverEnv(port: number, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("STRIPE_")) delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(tmpDir, "bench.sqlite")}`,
    UPLOADS_DIR: path.join(tmpDir, "uploads"),
    SEED_DEMO: "1",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password-123",
    NODE_ENV: "production",
  };
}

function startServer(port: number, tmpDir: string): ChildProcess {
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: serverEnv(port, tmpDir),
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

/** Polls /healthz until it answers 200; gives up early if the server process exits. */
async function waitForHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start-up (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${STARTUP_TIMEOUT_MS / 1000} s`);
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
  const failures = result.errors + result.timeouts;
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
  const header = ["Path", "Req/s (avg)", "p50 ms", "p99 ms", "Non-2xx", "Status codes"];
  const body = rows.map((row) => [
    row.path,
    row.requestsPerSecond.toFixed(1),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    String(row.non2xx),
    row.statuses,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)));
  // Text columns left-aligned, numbers right-aligned.
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === 5 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  console.log();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const cells of body) console.log(format(cells));
}

/** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes the temporary files. */
async function release(): Promise<void> {
  const { child, tmpDir } = cleanup;
  cleanup.child = undefined;
  cleanup.tmpDir = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(force);
  }
  if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (!existsSync(BUILD_ENTRY)) {
    console.error("Run npm run build first");
    process.exit(1);
  }
  const seconds = benchSeconds();

  cleanup.tmpDir = await mkdtemp(path.join(os.tmpdir(), "charity-bench-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startServer(port, cleanup.tmpDir);
  cleanup.child = child;

  console.log(`Starting the server on ${baseUrl} (demo data, temporary database)...`);
  await waitForHealthy(baseUrl, child);
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
  console.log(`(${CONNECTIONS} connections, ${seconds} s per path)`);
}

// Ctrl-C must not leave a server running or a database behind.
for (const [signal, exitCode] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    console.error(`\n${signal} received: stopping the server`);
    void release().finally(() => process.exit(exitCode));
  });
}

try {
  await main();
  await release();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (serverLog) console.error(`\nLast server output:\n${serverLog}`);
  await release();
  process.exit(1);
}
