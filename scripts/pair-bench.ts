// Two app processes behind one port, for `npm run bench`: `/` through nginx in front of ONE
// app process, then in front of TWO (round-robin, kept-alive connections to each), both on
// the same database, at the same connection count, from the same client for the same time
// after the same warm-up, alternating twice so that a machine growing busier weighs on both.
// The ratio of the two rates is printed beside its target. The load tool runs on this
// machine too, so on a small one it takes a core the processes would otherwise share.
import type { ChildProcess } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import { findNginx, startNginxProxy, type NginxReference } from "./nginx-reference";
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

interface Run {
  label: string;
  processes: number;
  requestsPerSecond: number;
  p99: number;
  statuses: string;
}

async function load(url: string, seconds: number) {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds });
}

/** `/` through a fresh nginx in front of `ports`: a warm-up first, then the measured run. */
async function throughNginx(nginx: string, ports: number[], seconds: number, holder: PairOptions["holder"], label: string): Promise<Run> {
  holder.nginx = await startNginxProxy(nginx, ports);
  try {
    console.log(`Measuring / through nginx, ${label}, for ${seconds} s (after ${WARM_UP_SECONDS} s of warm-up)...`);
    await load(`${holder.nginx.baseUrl}/`, WARM_UP_SECONDS);
    const result = await load(`${holder.nginx.baseUrl}/`, seconds);
    const statuses = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${code}×${count}`);
    if (result.errors) statuses.push(`errors×${result.errors}`);
    return { label, processes: ports.length, requestsPerSecond: result.requests.average, p99: result.latency.p99, statuses: statuses.join(" ") || "-" };
  } finally {
    await holder.nginx.stop();
    holder.nginx = undefined;
  }
}

const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / Math.max(1, values.length);

/** Measures `/` behind one port with one and with two app processes and prints the ratio. */
export async function measurePair(options: PairOptions): Promise<void> {
  console.log(`\nTwo app processes behind one port (nginx), on one ${options.databaseLabel} database...`);
  const nginx = findNginx();
  if (!nginx) {
    console.log("nginx was not found (on PATH or /usr/sbin): two processes behind one port not measured. Debian's `nginx` package installs it.");
    return;
  }
  // The first process creates and fills the database; the second finds it ready, as a second server would.
  const first = await options.start();
  const second = await options.start();
  const machine = `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the runs`;
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    runs.push(await throughNginx(nginx, [first.port], options.seconds, options.holder, `one process (round ${round})`));
    runs.push(await throughNginx(nginx, [first.port, second.port], options.seconds, options.holder, `two processes (round ${round})`));
  }
  const one = mean(runs.filter((run) => run.processes === 1).map((run) => run.requestsPerSecond));
  const two = mean(runs.filter((run) => run.processes === 2).map((run) => run.requestsPerSecond));
  const ratio = one > 0 ? two / one : 0;
  const rate = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  printAligned(
    ["Run", "Processes", "Req/s (avg)", "p99 ms", "Status codes"],
    runs.map((run) => [run.label, String(run.processes), rate(run.requestsPerSecond), run.p99.toFixed(1), run.statuses]),
  );
  printAligned(
    ["Figure", "One process", "Two processes", "Ratio", "Target", "Met"],
    // Judged on the ratio as printed, like every figure of the bench.
    [["/ req/s behind one port", rate(one), rate(two), `${ratio.toFixed(2)}x`, `>= ${TARGET_RATIO}x`, Number(ratio.toFixed(2)) >= TARGET_RATIO ? "yes" : "NO"]],
  );
  console.log(
    `(${CONNECTIONS} connections through nginx (${nginx}, worker_processes auto, keep-alive to each process), ${options.seconds} s per run after ${WARM_UP_SECONDS} s of warm-up, ` +
      `${ROUNDS} rounds alternating one and two processes, the rates averaged; both processes on the same ${options.databaseLabel} database; ${machine}; ` +
      "nginx, the load tool and the processes share this machine's cores, so a machine with fewer cores than processes + 2 understates the gain)",
  );
}
