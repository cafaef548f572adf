// The Ramadan-surge figures of `npm run bench`, on the bench's demo server: the home page at
// 20 connections beside nginx serving the very same bytes (when nginx is installed), the
// stories API at 20 connections, and 100 connections on a mix of public pages and API,
// repeated, with the server's memory (RSS) read before and after each mix so that growth
// across repeated loads shows. Each figure is printed beside its target; like the rest of
// the bench it reports and never fails on a figure.
// BENCH_SURGE_SECONDS sets each mix's length (60), BENCH_SURGE_REPEATS how many more mixes
// follow the first (3).
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import { findNginx, startNginxServing, type NginxReference } from "./nginx-reference";
import { printAligned } from "./report-table";

const CONNECTIONS = 20;
const SURGE_CONNECTIONS = 100;
const DEMO_APPEAL = "winter-emergency-in-gaza";
/** What a surge of visitors asks for: the public pages people share, and the API behind them. */
const SURGE_PATHS = [
  "/",
  "/stories",
  "/stories/1",
  "/events",
  "/testimonials",
  "/transparency",
  "/appeals",
  `/appeals/${DEMO_APPEAL}`,
  "/donate",
  "/zakat-calculator",
  "/api/stories/",
  "/api/events/",
  "/api/testimonials/",
  "/api/donations/stats",
  "/api/transparency",
  "/api/appeals/",
];

const TARGETS = {
  homeShareOfNginx: 0.5,
  homeP99Ms: 20,
  storiesApiRequestsPerSecond: 3_000,
  surgeP99Ms: 250,
  rssAfterLoadMiB: 160,
  /** Last after-load reading minus the first: more than this across the repeats counts as growth. */
  rssGrowthMiB: 8,
};

export interface SurgeOptions {
  baseUrl: string;
  /** Length of the 20-connection runs (BENCH_SECONDS). */
  seconds: number;
  /** The server's resident memory now, in KiB; undefined where /proc is missing. */
  readRssKiB: () => number | undefined;
  /** Where nginx is held while it runs, so the bench's release stops it however the run ends. */
  holder: { nginx?: NginxReference };
}

interface Load {
  label: string;
  requestsPerSecond: number;
  p99: number;
  /** Requests that got no answer: connection errors, timeouts among them. */
  errors: number;
  timeouts: number;
  non2xx: number;
  fiveXx: number;
  statuses: string;
}

function surgeSeconds(): number {
  const seconds = Number(process.env.BENCH_SURGE_SECONDS ?? 60);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("BENCH_SURGE_SECONDS must be a positive number");
  return seconds;
}

function surgeRepeats(): number {
  const repeats = Number(process.env.BENCH_SURGE_REPEATS ?? 3);
  if (!Number.isInteger(repeats) || repeats < 0)
    throw new Error("BENCH_SURGE_REPEATS must be a whole number (0 for none)");
  return repeats;
}

function summarise(label: string, result: Result): Load {
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    fiveXx: result["5xx"],
    statuses: statuses || "-",
  };
}

async function runLoad(
  label: string,
  url: string,
  connections: number,
  seconds: number,
  paths?: string[],
): Promise<Load> {
  console.log(`Measuring ${label} for ${seconds} s...`);
  const requests = paths?.map((urlPath) => ({ path: urlPath, method: "GET" }));
  return summarise(label, await autocannon({ url, connections, duration: seconds, ...(requests ? { requests } : {}) }));
}

/** The mix should answer 200 everywhere on the demo data; anything else is said before the load. */
async function checkMix(baseUrl: string): Promise<void> {
  const odd: string[] = [];
  for (const urlPath of SURGE_PATHS) {
    const response = await fetch(baseUrl + urlPath, { redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) odd.push(`${urlPath} ${response.status}`);
  }
  console.log(
    odd.length
      ? `Paths of the mix not answering 200: ${odd.join(", ")}`
      : `All ${SURGE_PATHS.length} paths of the mix answer 200.`,
  );
}

/** nginx serving the bytes our server sent for `/`, measured the same way; a reason when it cannot be. */
async function measureNginx(
  baseUrl: string,
  seconds: number,
  holder: SurgeOptions["holder"],
): Promise<{ load?: Load; note: string }> {
  const nginx = findNginx();
  if (!nginx)
    return {
      note: "nginx was not found (on PATH or /usr/sbin): no reference for `/`. Debian's `nginx` package installs it (apt-get install nginx).",
    };
  const response = await fetch(`${baseUrl}/`);
  const body = new Uint8Array(await response.arrayBuffer());
  try {
    holder.nginx = await startNginxServing(nginx, body);
    const load = await runLoad(
      `/ (nginx, same ${(body.length / 1024).toFixed(1)} KiB)`,
      `${holder.nginx.baseUrl}/`,
      CONNECTIONS,
      seconds,
    );
    return {
      load,
      note: `nginx (${nginx}, worker_processes auto) served the ${body.length.toLocaleString("en-US")} bytes our server sent for /.`,
    };
  } catch (error) {
    return { note: `nginx could not be measured: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await holder.nginx?.stop();
    holder.nginx = undefined;
  }
}

interface MemoryReadings {
  beforeKiB?: number;
  afterKiB: (number | undefined)[];
  peakKiB?: number;
}

/** The first mix and its repeats, reading the server's RSS before, after each, and at its peak. */
async function runMixes(
  options: SurgeOptions,
  mixSeconds: number,
  repeats: number,
): Promise<{ mixes: Load[]; memory: MemoryReadings }> {
  const memory: MemoryReadings = { beforeKiB: options.readRssKiB(), afterKiB: [] };
  const sample = () => {
    const kib = options.readRssKiB();
    if (kib !== undefined) memory.peakKiB = Math.max(memory.peakKiB ?? 0, kib);
  };
  const timer = setInterval(sample, 200);
  const mixes: Load[] = [];
  try {
    for (let run = 0; run <= repeats; run += 1) {
      const label = run === 0 ? `mix (${SURGE_CONNECTIONS} connections)` : `mix, repeat ${run}`;
      mixes.push(await runLoad(label, options.baseUrl, SURGE_CONNECTIONS, mixSeconds, SURGE_PATHS));
      sample();
      memory.afterKiB.push(options.readRssKiB());
    }
  } finally {
    clearInterval(timer);
  }
  return { mixes, memory };
}

const mib = (kib?: number) => (kib === undefined ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);
const met = (condition: boolean | undefined) => (condition === undefined ? "not judged" : condition ? "yes" : "NO");
const rate = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function printLoads(loads: Load[]): void {
  printAligned(
    ["Run", "Req/s (avg)", "p99 ms", "Errors (timeouts)", "Non-2xx", "5xx", "Status codes"],
    loads.map((load) => [
      load.label,
      rate(load.requestsPerSecond),
      load.p99.toFixed(1),
      `${load.errors} (${load.timeouts})`,
      String(load.non2xx),
      String(load.fiveXx),
      load.statuses,
    ]),
  );
}

function printMemory(memory: MemoryReadings): void {
  const after = memory.afterKiB.map((kib, run) => `${mib(kib)} after ${run === 0 ? "the mix" : `repeat ${run}`}`);
  console.log(
    `Server memory (RSS): ${mib(memory.beforeKiB)} before the mix; ${after.join("; ")}; ${mib(memory.peakKiB)} at its peak during the mixes`,
  );
}

/** The worst of the mix's runs, figure by figure: a repeat that fails a target fails it. */
function worstOf(mixes: Load[]): Load {
  return mixes.reduce((worst, mix) => ({
    ...worst,
    errors: Math.max(worst.errors, mix.errors),
    timeouts: Math.max(worst.timeouts, mix.timeouts),
    fiveXx: Math.max(worst.fiveXx, mix.fiveXx),
    p99: Math.max(worst.p99, mix.p99),
  }));
}

interface Figures {
  home: Load;
  nginx?: Load;
  storiesApi: Load;
  mix: Load;
  memory: MemoryReadings;
}

function printTargets({ home, nginx, storiesApi, mix, memory }: Figures): void {
  const share = nginx ? home.requestsPerSecond / nginx.requestsPerSecond : undefined;
  const readings = memory.afterKiB.filter((kib): kib is number => kib !== undefined);
  const highestAfter = readings.length ? Math.max(...readings) : undefined;
  const growthKiB = readings.length > 1 ? readings.at(-1)! - readings[0]! : undefined;
  const rows: string[][] = [
    [
      "/ req/s, 20 connections",
      rate(home.requestsPerSecond),
      nginx ? `${rate(nginx.requestsPerSecond)} (ours ${((share ?? 0) * 100).toFixed(1)} %)` : "no nginx",
      `>= ${TARGETS.homeShareOfNginx * 100} % of nginx`,
      met(share === undefined ? undefined : share >= TARGETS.homeShareOfNginx),
    ],
    [
      "/ p99, 20 connections",
      `${home.p99.toFixed(1)} ms`,
      nginx ? `${nginx.p99.toFixed(1)} ms` : "no nginx",
      `< ${TARGETS.homeP99Ms} ms`,
      met(home.p99 < TARGETS.homeP99Ms),
    ],
    [
      "GET /api/stories/ req/s, 20 connections",
      rate(storiesApi.requestsPerSecond),
      "-",
      `>= ${TARGETS.storiesApiRequestsPerSecond.toLocaleString("en-US")}`,
      met(storiesApi.requestsPerSecond >= TARGETS.storiesApiRequestsPerSecond),
    ],
    ["Mix errors (timeouts among them)", `${mix.errors} (${mix.timeouts})`, "-", "0", met(mix.errors === 0)],
    ["Mix 5xx", String(mix.fiveXx), "-", "0", met(mix.fiveXx === 0)],
    ["Mix p99", `${mix.p99.toFixed(1)} ms`, "-", `< ${TARGETS.surgeP99Ms} ms`, met(mix.p99 < TARGETS.surgeP99Ms)],
    [
      "RSS after load (highest reading)",
      mib(highestAfter),
      "-",
      `< ${TARGETS.rssAfterLoadMiB} MiB`,
      met(highestAfter === undefined ? undefined : highestAfter < TARGETS.rssAfterLoadMiB * 1024),
    ],
    [
      "RSS growth (last - first after-load)",
      growthKiB === undefined ? "n/a" : `${growthKiB >= 0 ? "+" : ""}${mib(growthKiB)}`,
      "-",
      `< ${TARGETS.rssGrowthMiB} MiB`,
      met(growthKiB === undefined ? undefined : growthKiB < TARGETS.rssGrowthMiB * 1024),
    ],
  ];
  console.log("\nSurge targets");
  printAligned(["Figure", "Ours", "Reference (nginx)", "Target", "Met"], rows);
}

/** Runs the surge figures against the bench's running server and prints them with their targets. */
export async function measureSurge(options: SurgeOptions): Promise<void> {
  const mixSeconds = surgeSeconds();
  const repeats = surgeRepeats();
  const { baseUrl, seconds } = options;
  console.log(
    `\nThe surge: / beside nginx, the stories API, then ${SURGE_CONNECTIONS} connections on a mix of ${SURGE_PATHS.length} public pages and API paths...`,
  );

  // Anything else busy on the machine lowers every figure here, nginx's too: say how busy it was.
  const machine = `${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)} before the surge`;
  const home = await runLoad(`/ (ours)`, `${baseUrl}/`, CONNECTIONS, seconds);
  const reference = await measureNginx(baseUrl, seconds, options.holder);
  const storiesApi = await runLoad("GET /api/stories/", `${baseUrl}/api/stories/`, CONNECTIONS, seconds);
  await checkMix(baseUrl);
  const { mixes, memory } = await runMixes(options, mixSeconds, repeats);

  printLoads([home, ...(reference.load ? [reference.load] : []), storiesApi, ...mixes]);
  console.log(
    `(/ and the stories API: ${CONNECTIONS} connections, ${seconds} s each, no gzip on either side; each mix: ${SURGE_CONNECTIONS} connections, ${mixSeconds} s, cycling ${SURGE_PATHS.join(" ")})`,
  );
  console.log(`${reference.note} (${machine})`);
  printMemory(memory);
  printTargets({ home, nginx: reference.load, storiesApi, mix: worstOf(mixes), memory });
  console.log(
    `(the mix's targets are judged on its worst run: the most errors and 5xx, the highest p99; growth would show as the last after-load RSS reading exceeding the first by ${TARGETS.rssGrowthMiB} MiB or more; the load tool runs on one core of this machine, so both servers' rates are capped by it)`,
  );
}
