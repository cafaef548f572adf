// Two app processes behind one port, for `npm run bench`: `/` through nginx in front of ONE
// app process, then in front of TWO (round-robin, kept-alive connections to each), both on
// the same database, at the same connection count, from the same client for the same time
// after the same warm-up, alternating twice so that a machine growing busier weighs on both.
// The ratio of the two rates is printed beside its target. The load tool runs on this
// machine too, so on a small one it takes a core the processes would otherwise share: wrk
// (C, one thread) when installed, as it takes far less of it than autocannon (JavaScript,
// in this process). Each run also reads the app processes' CPU time from /proc, so the
// report shows whether a second process added capacity or only shared the same cores.
// `/` is asked twice over: as a visitor asks it (the kept page, which costs the app almost
// nothing, so nginx and the load tool set the pace), and as a signed-in donor asks it
// (a session cookie: rendered by the app every time), which shows what a second process
// adds when the processes are the work.
import { execFile, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { findNginx, findProgram, startNginxProxy, type NginxReference } from "./nginx-reference";
import { printAligned } from "./report-table";

const CONNECTIONS = 20;
const WARM_UP_SECONDS = 2;
const ROUNDS = 2;
const TARGET_RATIO = 1.6;

export interface AppProcess {
  port: number;
  child: ChildProcess;
}

export interface PairOptions {
  /** Starts one more app process on the phase's database and resolves once it is healthy. */
  start(): Promise<AppProcess>;
  /** Length of each measured run (BENCH_SECONDS). */
  seconds: number;
  /** "SQLite" or "PostgreSQL 15.8": the database both processes share. */
  databaseLabel: string;
  /** Where nginx is held while it runs, so the bench's release stops it however the run ends. */
  holder: { nginx?: NginxReference };
}

/** Who asks for `/`: the request headers that decide whether the app renders it. */
interface Audience {
  label: string;
  headers: Record<string, string>;
}

const AUDIENCES: Audience[] = [
  { label: "a visitor (the kept page)", headers: {} },
  // Any session cookie sends the request to the app; this one names no session, so the page
  // is the signed-out one, rendered afresh as for a donor who signed in.
  { label: "a signed-in donor (rendered each time)", headers: { Cookie: "my_giving=bench-no-such-session" } },
];

interface Run {
  label: string;
  processes: number;
  requestsPerSecond: number;
  p99: number;
  statuses: string;
  /** CPU seconds the app processes used per second of the run (1.0 = one core kept busy). */
  appCores: number;
}

interface Load {
  requestsPerSecond: number;
  p99: number;
  statuses: string;
}

const run = promisify(execFile);

/** wrk's own report: its rate, its 99th percentile (--latency) and any non-2xx or socket errors. */
async function loadWithWrk(wrk: string, url: string, seconds: number, headers: Record<string, string>): Promise<Load> {
  const headerArguments = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const { stdout } = await run(wrk, ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...headerArguments, url]);
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0);
  const [, value = "0", unit = "ms"] = /\s99%\s+([\d.]+)(us|ms|s)/.exec(stdout) ?? [];
  const p99 = Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const problems = [
    /Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1],
    /Socket errors: (.*)/.exec(stdout)?.[1],
  ].filter(Boolean);
  return { requestsPerSecond: rate, p99, statuses: problems.length ? problems.join("; ") : "all 2xx" };
}

async function loadWithAutocannon(url: string, seconds: number, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const statuses = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`);
  if (result.errors) statuses.push(`errors×${result.errors}`);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, statuses: statuses.join(" ") || "-" };
}

/** User and system CPU time of a process so far, in seconds (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** `/` through a fresh nginx in front of `apps`: a warm-up first, then the measured run. */
async function throughNginx(
  nginx: string,
  apps: AppProcess[],
  seconds: number,
  holder: PairOptions["holder"],
  audience: Audience,
  label: string,
  wrk?: string,
): Promise<Run> {
  holder.nginx = await startNginxProxy(
    nginx,
    apps.map((app) => app.port),
  );
  const load = (url: string, duration: number) =>
    wrk ? loadWithWrk(wrk, url, duration, audience.headers) : loadWithAutocannon(url, duration, audience.headers);
  try {
    console.log(
      `Measuring / for ${audience.label} through nginx, ${label}, for ${seconds} s (after ${WARM_UP_SECONDS} s of warm-up)...`,
    );
    await load(`${holder.nginx.baseUrl}/`, WARM_UP_SECONDS);
    const cpuBefore = apps.reduce((total, app) => total + cpuSeconds(app.child.pid), 0);
    const started = performance.now();
    const result = await load(`${holder.nginx.baseUrl}/`, seconds);
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = apps.reduce((total, app) => total + cpuSeconds(app.child.pid), 0);
    return { label, processes: apps.length, ...result, appCores: (cpuAfter - cpuBefore) / elapsed };
  } finally {
    await holder.nginx.stop();
    holder.nginx = undefined;
  }
}

/** What the CPU figures say limited the rate, in words for the report. */
function whatLimited(one: number, two: number): string {
  if (one < 0.9) {
    return "one process kept less than a core busy, so it was probably not what limited the rate (nginx and the load tool share the same cores), and a second process is unlikely to raise it on this machine.";
  }
  if (two < one * TARGET_RATIO)
    return "the second process probably found no idle core to use (the load tool, nginx and the database hold the rest), so the ratio likely measures this machine rather than the second process.";
  return "the second process had cores of its own.";
}

const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / Math.max(1, values.length);

/** Measures `/` behind one port with one and with two app processes and prints the ratio. */
export async function measurePair(options: PairOptions): Promise<void> {
  console.log(`\nTwo app processes behind one port (nginx), on one ${options.databaseLabel} database...`);
  const nginx = findNginx();
  if (!nginx) {
    console.log(
      "nginx was not found (on PATH or /usr/sbin): two processes behind one port not measured. Debian's `nginx` package installs it.",
    );
    return;
  }
  // The first process creates and fills the database; the second finds it ready, as a second server would.
  const first = await options.start();
  const second = await options.start();
  const machine = `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the runs`;
  const wrk = findProgram("wrk");
  const runs: (Run & { audience: Audience })[] = [];
  for (const audience of AUDIENCES) {
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const apps of [[first], [first, second]]) {
        const label = `${apps.length === 1 ? "one process" : "two processes"} (round ${round})`;
        runs.push({
          ...(await throughNginx(nginx, apps, options.seconds, options.holder, audience, label, wrk)),
          audience,
        });
      }
    }
  }
  const rate = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  printAligned(
    [
      "Who asks for /",
      "Run",
      "Processes",
      "Req/s (avg)",
      "p99 ms",
      "App CPU (cores)",
      "Req per app CPU-s",
      "Status codes",
    ],
    runs.map((run) => [
      run.audience.label,
      run.label,
      String(run.processes),
      rate(run.requestsPerSecond),
      run.p99.toFixed(1),
      run.appCores.toFixed(2),
      run.appCores ? rate(run.requestsPerSecond / run.appCores) : "n/a",
      run.statuses,
    ]),
  );
  const of = (audience: Audience, processes: number, figure: (run: Run) => number) =>
    mean(runs.filter((run) => run.audience === audience && run.processes === processes).map(figure));
  printAligned(
    ["Figure", "One process", "Two processes", "Ratio", "Target", "Met"],
    AUDIENCES.map((audience) => {
      const one = of(audience, 1, (run) => run.requestsPerSecond);
      const two = of(audience, 2, (run) => run.requestsPerSecond);
      const ratio = one > 0 ? two / one : 0;
      // Judged on the ratio as printed, like every figure of the bench.
      return [
        `/ req/s for ${audience.label}`,
        rate(one),
        rate(two),
        `${ratio.toFixed(2)}x`,
        `>= ${TARGET_RATIO}x`,
        Number(ratio.toFixed(2)) >= TARGET_RATIO ? "yes" : "NO",
      ];
    }),
  );
  for (const audience of AUDIENCES) {
    const one = of(audience, 1, (run) => run.appCores);
    const two = of(audience, 2, (run) => run.appCores);
    console.log(
      `For ${audience.label}, the app processes kept ${one.toFixed(2)} cores busy alone and ${two.toFixed(2)} as two: ${whatLimited(one, two)}`,
    );
  }
  console.log(
    `(${CONNECTIONS} connections from ${wrk ? `wrk (${wrk}, one thread)` : "autocannon (in this process; install wrk for a lighter load tool)"} through nginx (${nginx}, worker_processes auto, keep-alive to each process), ${options.seconds} s per run after ${WARM_UP_SECONDS} s of warm-up, ` +
      `${ROUNDS} rounds alternating one and two processes, the rates averaged; both processes on the same ${options.databaseLabel} database; ${machine}; ` +
      "nginx, the load tool and the processes share this machine's cores, so a machine with fewer cores than processes + 2 understates the gain)",
  );
}
