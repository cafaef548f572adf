// `npm run fuzz`: a bounded fuzzer that answers "does any request to any route answer 5xx?".
// Like scripts/bench.ts it starts the built production server (build/, so run
// `npm run build` first) on 127.0.0.1, on a free port, with a throw-away database and
// uploads folder, the demo content, sandbox payments and an admin account, and stops it
// at the end. It signs in twice (the admin form's cookie, the API's bearer token), reads
// the routes from app/routes.ts at run time, and sends FUZZ_REQUESTS requests (10,000 by
// default) with random methods, addresses (the page's and its React Router `.data`
// address), path parameters, query strings, bodies, origins and credentials, 8 at a time;
// a third of them "deep" (signed in, same origin, the route's own field names and intents,
// read from app/ at run time) so they reach the actions behind the guards. Every request
// only ever goes to 127.0.0.1.
//
// It prints a table of status codes per route and, for every 5xx, timeout or dropped
// connection, the request to reproduce it (a curl command) and the server's output around
// it; each distinct failure is sent again alone afterwards, so its own error line can be
// told from its neighbours'. When the server dies, it is started again (up to 5 times) and,
// after the run, the requests it was given last are sent again one at a time until one
// kills it: that culprit is reported with the crash. The full report goes to FUZZ_REPORT
// (a temporary file by default). It exits 1 when any request answered 5xx, timed out or
// lost its connection, or the server died.
//
// FUZZ_REQUESTS   how many requests (10000)
// FUZZ_SEED       the seed of the request generator (random; printed, to repeat a run)
// FUZZ_CONCURRENCY requests in flight (8)
// FUZZ_TIMEOUT_MS per-request timeout (15000)
// FUZZ_MAX_SECONDS stop sending after this long (900)
// FUZZ_REPLAYS    at most this many distinct failures are sent again alone (60)
// FUZZ_REPORT     where the report is written
// FUZZ_LIVE_MODE  1: Stripe (live) mode with Stripe unreachable (a closed local port), instead of sandbox
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import SQLite from "better-sqlite3";
import { freePort, releaseOnSignals, serverGone, waitForHealthy } from "./local-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_ENTRY = path.join(root, "build/server/index.js");
const HOST = "127.0.0.1";
const ADMIN = { username: "fuzz-admin", password: `fuzz-${randomBytes(9).toString("base64url")}` };
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const METHOD_WEIGHTS = [30, 6, 32, 8, 8, 10, 6];
/** Server output that arrives this long after a response still counts as "around" it. */
const LOG_AFTER_MS = 300;
const LOG_BEFORE_MS = 30;

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

const CONFIG = {
  requests: positiveInt("FUZZ_REQUESTS", 10_000),
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : randomBytes(4).readUInt32BE(0),
  concurrency: positiveInt("FUZZ_CONCURRENCY", 8),
  timeoutMs: positiveInt("FUZZ_TIMEOUT_MS", 15_000),
  maxSeconds: positiveInt("FUZZ_MAX_SECONDS", 900),
  replays: positiveInt("FUZZ_REPLAYS", 60),
  liveMode: /^(1|true|yes)$/i.test(process.env.FUZZ_LIVE_MODE ?? ""),
  report: process.env.FUZZ_REPORT || path.join(os.tmpdir(), `charity-fuzz-report-${Date.now()}.txt`),
};
if (process.env.FUZZ_SEED && !Number.isFinite(Number(process.env.FUZZ_SEED)))
  throw new Error("FUZZ_SEED must be a number");

// ---------------------------------------------------------------------------------------
// Randomness: one small generator per request, derived from the seed and the request's
// number, so request n is the same in every run with the same seed, whatever finishes first.

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function requestRng(seed: number, n: number): Rng {
  return mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35));
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function weighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let roll = rng() * total;
  for (let index = 0; index < items.length; index += 1) {
    roll -= weights[index]!;
    if (roll < 0) return items[index]!;
  }
  return items[items.length - 1]!;
}

// ---------------------------------------------------------------------------------------
// The routes, read from app/routes.ts at run time (the same config React Router reads).

interface RouteNode {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteNode[];
}

interface FuzzRoute {
  /** The address pattern, e.g. /api/stories/:id */
  pattern: string;
  /** The route module, relative to app/. */
  file: string;
  /** React Router's route ids from the root down to this route, for `?_routes=`. */
  chain: string[];
  index: boolean;
}

function routeId(node: RouteNode): string {
  return node.id ?? node.file.replace(/\.[^./]+$/, "");
}

function joinPath(parent: string, child: string | undefined): string {
  if (!child) return parent;
  return `${parent.replace(/\/+$/, "")}/${child.replace(/^\/+/, "")}`;
}

async function loadRoutes(): Promise<FuzzRoute[]> {
  const config = (await import(pathToFileURL(path.join(root, "app/routes.ts")).href)) as { default: RouteNode[] };
  const routes = new Map<string, FuzzRoute>();
  const walk = (nodes: RouteNode[], parentPath: string, parentChain: string[]) => {
    for (const node of nodes) {
      const fullPath = joinPath(parentPath, node.path) || "/";
      const chain = [...parentChain, routeId(node)];
      // A pathless layout answers no address of its own; a route with a path or an index does.
      if ((node.path !== undefined || node.index) && !routes.has(fullPath)) {
        routes.set(fullPath, {
          pattern: fullPath.startsWith("/") ? fullPath : `/${fullPath}`,
          file: node.file,
          chain,
          index: Boolean(node.index),
        });
      }
      if (node.children) walk(node.children, fullPath === "/" ? "" : fullPath, chain);
    }
  };
  walk(config.default, "", ["root"]);
  // An index route shares its parent's address: keep the index (it answers the page).
  for (const node of [...routes.values()]) if (node.index) routes.set(node.pattern, node);
  return [...routes.values()].sort((a, b) => a.pattern.localeCompare(b.pattern));
}

// ---------------------------------------------------------------------------------------
// Names the app uses (form fields, intents, query parameters), read from app/ at run time,
// so a field or intent added later is fuzzed too.

interface Names {
  fields: string[];
  intents: string[];
}

interface AppVocabulary extends Names {
  queryNames: string[];
  /** The names a route's own module and what it imports (components, domain, services) use. */
  byRoute: Map<string, Names>;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

function collect(text: string, pattern: RegExp, into: Set<string>): void {
  for (const match of text.matchAll(pattern)) if (match[1]) into.add(match[1]);
}

function collectNames(text: string, fields: Set<string>, intents: Set<string>): void {
  collect(text, /\bname=["']([A-Za-z_][\w.[\]-]{0,40})["']/g, fields);
  collect(text, /\bfields\.([A-Za-z_]\w{0,40})\b/g, fields);
  collect(
    text,
    /^\s+([a-z_][a-z0-9_]{1,40}):\s*(?:z\.|dollarAmount|nameField|donorName|donorEmail|purpose\b|nonNegativeNumber)/gm,
    fields,
  );
  collect(text, /(?:formData|form|fields)\.get\(\s*["']([\w-]{1,40})["']/g, fields);
  collect(text, /\bintent\s*[!=]==?\s*["']([\w-]{1,40})["']/g, intents);
  collect(text, /\bintent=["']([\w-]{1,40})["']/g, intents);
  collect(text, /name=["']intent["'][^>]{0,200}?value=["']([\w-]{1,40})["']/g, intents);
  collect(text, /\bintent:\s*["']([\w-]{1,40})["']/g, intents);
}

/** A module of app/ named by a `~/...` import, if it is there. */
function resolveAppImport(specifier: string): string | undefined {
  const base = path.join(root, "app", specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((file) =>
    existsSync(file),
  );
}

/** The names used by a module and, a few imports deep, the app modules it imports. */
function moduleNames(file: string, depth: number, seen: Set<string>, fields: Set<string>, intents: Set<string>): void {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  collectNames(text, fields, intents);
  if (depth <= 0) return;
  for (const match of text.matchAll(/from\s+["'](~\/(?:components|domain|services)\/[^"']+|\.\.?\/[^"']+)["']/g)) {
    const specifier = match[1]!;
    const imported = specifier.startsWith("~/")
      ? resolveAppImport(specifier.slice(2))
      : resolveAppImport(path.relative(path.join(root, "app"), path.resolve(path.dirname(file), specifier)));
    if (imported) moduleNames(imported, depth - 1, seen, fields, intents);
  }
}

function readVocabulary(routes: FuzzRoute[]): AppVocabulary {
  const fields = new Set([
    "name",
    "email",
    "amount",
    "message",
    "subject",
    "phone",
    "title",
    "content",
    "id",
    "intent",
    "username",
    "password",
    "redirectTo",
    "key",
    "value",
    "file",
  ]);
  const intents = new Set<string>();
  const queryNames = new Set([
    "page",
    "search",
    "status",
    "edit",
    "delete",
    "select",
    "limit",
    "offset",
    "index",
    "_routes",
    "redirectTo",
    "saved",
    "year",
    "frequency",
    "interest",
    "category",
    "approved",
    "sort",
  ]);
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = readFileSync(file, "utf8");
    collectNames(text, fields, intents);
    collect(text, /searchParams\.(?:get|getAll|has)\(\s*["']([\w-]{1,40})["']/g, queryNames);
    collect(text, /query(?:Flag|Page)?\(\s*\w+,\s*["']([\w-]{1,40})["']/g, queryNames);
  }
  const byRoute = new Map<string, Names>();
  for (const route of routes) {
    const own = { fields: new Set<string>(), intents: new Set<string>() };
    moduleNames(path.join(root, "app", route.file), 3, new Set(), own.fields, own.intents);
    byRoute.set(route.pattern, { fields: [...own.fields].sort(), intents: [...own.intents].sort() });
  }
  // An API resource takes the fields its admin screen or public form sends (/api/stories and
  // /admin/stories, /api/contact and /contact), which its module names only deep in services.
  for (const route of routes) {
    const resource = /^\/api\/([\w-]+)/.exec(route.pattern)?.[1];
    if (!resource) continue;
    const stem = resource.replace(/s$/, "");
    const own = byRoute.get(route.pattern)!;
    const fieldSet = new Set(own.fields);
    for (const [pattern, names] of byRoute) {
      const first = /^\/(?:admin\/)?([\w-]+)/.exec(pattern)?.[1]?.replace(/s$/, "");
      if (first === stem && !pattern.startsWith("/api/")) for (const field of names.fields) fieldSet.add(field);
    }
    byRoute.set(route.pattern, { fields: [...fieldSet].sort(), intents: own.intents });
  }
  return { fields: [...fields].sort(), intents: [...intents].sort(), queryNames: [...queryNames].sort(), byRoute };
}

// ---------------------------------------------------------------------------------------
// Values that exist in the throw-away database and uploads folder, read once after setup.

interface Pools {
  ids: string[];
  byParam: Map<string, string[]>;
  uploads: string[];
}

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(path.join(dir, entry.name), relative));
    else files.push(relative);
  }
  return files.slice(0, 200);
}

function harvest(databaseFile: string, uploadsDir: string): Pools {
  const ids = new Set<string>();
  const byParam = new Map<string, Set<string>>();
  const add = (param: string, value: unknown) => {
    if (value === null || value === undefined || value === "") return;
    const set = byParam.get(param) ?? new Set<string>();
    if (set.size < 60) set.add(String(value));
    byParam.set(param, set);
  };
  const strings: string[] = [];
  try {
    const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[];
      for (const { name } of tables) {
        let rows: Record<string, unknown>[];
        try {
          rows = db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}" LIMIT 300`).all() as Record<string, unknown>[];
        } catch {
          continue;
        }
        for (const row of rows) {
          for (const [column, value] of Object.entries(row)) {
            if (column === "id" && typeof value === "number") ids.add(String(value));
            if (typeof value === "string") strings.push(value);
            // A column named like a route parameter (key, token, year...) feeds it.
            add(column, value);
            if (/(^|_)token$/.test(column) && typeof value === "string") add("token", value);
            if (/session_id$/.test(column) || (name === "sandbox_objects" && column === "id")) add("sessionId", value);
          }
        }
      }
    } finally {
      db.close();
    }
  } catch (error) {
    console.warn(
      `Could not read the throw-away database for valid values: ${error instanceof Error ? error.message : error}`,
    );
  }
  for (const text of strings) {
    for (const match of text.matchAll(/(?:[?&]v=|youtu\.be\/|\/embed\/|\/shorts\/)([\w-]{11})/g))
      add("file", `${match[1]}.webp`);
  }
  const year = new Date().getUTCFullYear();
  for (const value of [year, year - 1, year + 1, 2020]) add("year", value);
  const uploads = listFiles(uploadsDir);
  for (const file of uploads) add("*", file);
  return { ids: [...ids].slice(0, 80), byParam: new Map([...byParam].map(([key, set]) => [key, [...set]])), uploads };
}

// ---------------------------------------------------------------------------------------
// Building requests.

type Variant = "page" | "data";
type OriginMode =
  "none" | "same-origin" | "cross-site" | "same-site" | "origin-null" | "origin-only-same" | "origin-only-cross";
type AuthMode = "none" | "cookie" | "bearer" | "both" | "junk-cookie" | "tampered-cookie" | "junk-bearer";

interface FuzzRequest {
  n: number;
  route: string;
  variant: Variant;
  method: string;
  /** The request target exactly as sent (raw; may hold %, ../ and latin-1 bytes). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** A readable name of the body's kind, e.g. "json:array" or "multipart:truncated". */
  bodyKind: string;
  /** A shell pipeline that prints the body, for bodies too large to spell out. */
  bodyRecipe?: string;
  /** Streamed in two chunks without a length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  origin: OriginMode;
  auth: AuthMode;
  /** Sent as the site's own pages would (signed in, same origin, the route's own fields). */
  deep: boolean;
}

interface Credentials {
  cookie: string;
  cookieName: string;
  token: string;
}

const HOSTILE_SEGMENTS = [
  "1",
  "999999",
  "0",
  "-1",
  "1e3",
  "1.5",
  "0x10",
  "01",
  "%00",
  "1%00",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2F..%2Fetc%2Fpasswd",
  "../../etc/passwd",
  "..",
  ".",
  "%",
  "%zz",
  "%%",
  "%C0%AF",
  "%E2%9C%93%F0%9F%98%80",
  "caf\u00e9",
  "\u00ff\u00fe",
  "%FF%FE",
  "9007199254740993",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "true",
  "%20",
  "%0d%0aX-Injected:%201",
  "%3Cscript%3E",
  "'%20OR%201=1--",
  "%22",
  "a.data",
  "_root",
  "__proto__",
  "constructor",
  "x".repeat(300),
  "A".repeat(5000),
  "1".repeat(400),
  "%41".repeat(600),
];

function fillPattern(rng: Rng, pattern: string, pools: Pools): string {
  const segments = pattern.split("/").map((segment) => {
    const optional = segment.endsWith("?");
    const bare = optional ? segment.slice(0, -1) : segment;
    if (optional && chance(rng, 0.3)) return null;
    if (bare === "*") {
      const known = pools.byParam.get("*") ?? [];
      if (known.length && chance(rng, 0.4)) return pick(rng, known);
      return pick(rng, [
        ...HOSTILE_SEGMENTS,
        "media/images/x.png",
        "media/videos/x.mp4",
        "stories/x.jpg",
        "events/missing.webp",
        "media/images/../../../etc/passwd",
        "media/images/%2e%2e/%2e%2e/session-secret",
        "../session-secret",
        "stories/",
        "",
        "media",
        "a/b/c/d/e/f/g/h",
        "media/images/x.png%00.jpg",
        "media/images/.hidden",
        "media//images//x.png",
      ]);
    }
    if (!bare.startsWith(":")) return segment;
    const name = bare.slice(1).replace(/\..*$/, "");
    const suffix = bare.slice(1 + name.length);
    const known = name === "id" ? pools.ids : (pools.byParam.get(name) ?? []);
    let value: string;
    if (known.length && chance(rng, 0.45)) value = pick(rng, known);
    else if (name === "year" && chance(rng, 0.3))
      value = pick(rng, ["1999", "2100", "0000", "10000", "-2024", "2024.5", "abcd"]);
    else if (name === "file" && chance(rng, 0.4))
      value = `${pick(rng, ["dQw4w9WgXcQ", "aaaaaaaaaaa", "../../../x", "%00", "x".repeat(11)])}${pick(rng, [".webp", ".jpg", "", ".webp.data", ".WEBP"])}`;
    else value = pick(rng, HOSTILE_SEGMENTS);
    return encodePathValue(value) + suffix;
  });
  return segments.filter((segment) => segment !== null).join("/") || "/";
}

/** Characters Node would refuse in a request target are percent-encoded; the rest go raw. */
function encodePathValue(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (code > 0xff) return encodeURIComponent(char);
      if (code <= 0x20 || code === 0x7f || char === "#" || char === "?")
        return `%${code.toString(16).padStart(2, "0").toUpperCase()}`;
      return char;
    })
    .join("");
}

const QUERY_JUNK = [
  "-1",
  "abc",
  "1e9",
  "0",
  "99999999999999999999",
  "1.5",
  "%00",
  "%",
  "%25",
  "%zz",
  "%00%25",
  "NaN",
  "Infinity",
  "null",
  "bogus",
  "",
  "'",
  "%22%3E%3Cscript%3E",
  "%E2%9C%93",
  "caf\u00e9",
  "x".repeat(3000),
  "1,2,3",
  "__proto__",
  "//evil.example",
  "https://evil.example/",
  "/admin",
  "%0d%0aSet-Cookie:x=1",
];

function queryString(
  rng: Rng,
  route: FuzzRoute,
  variant: Variant,
  method: string,
  vocabulary: AppVocabulary,
  pools: Pools,
): string {
  const params: string[] = [];
  if (variant === "data" && chance(rng, 0.5)) {
    const ids = chance(rng, 0.7)
      ? route.chain.filter(() => chance(rng, 0.6)).join(",") || route.chain.at(-1)!
      : pick(rng, [
          "routes/does-not-exist",
          "root",
          "",
          ",,,",
          "%00",
          route.chain.join(",") + ",routes/home",
          "x".repeat(500),
        ]);
    params.push(`_routes=${encodePathValue(ids)}`);
  }
  if (route.index && MUTATING.has(method) && chance(rng, 0.5)) params.push("index");
  if (chance(rng, 0.45)) {
    const count = int(rng, 1, 3);
    for (let index = 0; index < count; index += 1) {
      const name = chance(rng, 0.85)
        ? pick(rng, vocabulary.queryNames)
        : pick(rng, ["%zz", "%00", "a[b]", "__proto__[x]", "", "x".repeat(200)]);
      let value: string;
      const roll = rng();
      if (roll < 0.25 && pools.ids.length) value = pick(rng, pools.ids);
      else if (roll < 0.35) value = pick(rng, vocabulary.intents.length ? vocabulary.intents : ["x"]);
      else if (roll < 0.45)
        value = pick(rng, [
          "pending",
          "resolved",
          "approved",
          "Monthly",
          "One-Time",
          "Fundraising",
          "true",
          "false",
          "1",
          "2",
        ]);
      else value = pick(rng, QUERY_JUNK);
      params.push(chance(rng, 0.05) ? encodePathValue(name) : `${encodePathValue(name)}=${encodePathValue(value)}`);
    }
  }
  if (chance(rng, 0.03)) params.push(pick(rng, ["page=1&page=2", "&&&", "=", "search", "search=a%20b+c"]));
  return params.length ? `?${params.join("&")}` : chance(rng, 0.02) ? "?" : "";
}

const PNG_1X1 = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f1c7d80000000049454e44ae426082",
  "hex",
);

function plausibleValue(rng: Rng, field: string, vocabulary: Names, pools: Pools): string {
  const f = field.toLowerCase();
  if (f === "intent")
    return vocabulary.intents.length && chance(rng, 0.75)
      ? pick(rng, vocabulary.intents)
      : pick(rng, ["bogus", "", "DELETE", "save ", "x".repeat(100)]);
  if (f.includes("email")) return pick(rng, ["fuzz@example.org", "aisha.khan@example.org", "not-an-email", ""]);
  if (
    f.includes("amount") ||
    f.includes("price") ||
    f.includes("value") ||
    f.includes("cash") ||
    f.includes("gold") ||
    f.includes("silver")
  )
    return pick(rng, ["50", "25.50", "0", "1000000", "10"]);
  if (f.includes("date") || f.endsWith("_at")) return pick(rng, ["2025-01-01", "2025-02-30", "2025-06-15T10:00"]);
  if (f.includes("phone")) return "+1 555 0100";
  if (f.includes("url") || f.includes("video"))
    return pick(rng, [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)",
      "https://example.org/x.mp4",
    ]);
  if (f === "id" || f.endsWith("_id") || f.endsWith("id")) return pools.ids.length ? pick(rng, pools.ids) : "1";
  if (f.includes("rating")) return pick(rng, ["5", "1", "6", "0"]);
  if (f.includes("category")) return pick(rng, ["donor", "recipient", "volunteer", "other", "nope"]);
  if (f.includes("interval")) return pick(rng, ["month", "year", "week"]);
  if (f.includes("frequency")) return pick(rng, ["One-Time", "Monthly", "Annually", "Ramadan", "Hourly"]);
  if (f.includes("purpose")) return pick(rng, ["General Donation", "Zakat", "Nope"]);
  if (f.includes("password")) return pick(rng, ["wrong-password", ""]);
  if (f.includes("username")) return pick(rng, [ADMIN.username, "nobody"]);
  if (f.includes("redirect")) return pick(rng, ["/admin", "//evil.example", "https://evil.example", "/admin/../../x"]);
  if (f.includes("day")) return pick(rng, ["1", "15", "31", "32"]);
  if (f.includes("month")) return pick(rng, ["1", "12", "13"]);
  if (f.includes("key")) return pick(rng, [...(pools.byParam.get("key") ?? []), "bogus_key"]);
  if (f.includes("approved") || f.startsWith("is_")) return pick(rng, ["1", "0", "true", "on"]);
  return pick(rng, ["Fuzz Tester", "hello", "A thoughtful message about giving.", "Khan", "x"]);
}

const JUNK_VALUES = [
  "",
  "-1",
  "1e309",
  "NaN",
  "%00",
  "\u0000",
  "\u0000\u0001\u0002",
  "x".repeat(10_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\u{1F600}\u200b\u202e",
  "9".repeat(400),
  "null",
  "[object Object]",
  "\r\n\r\n",
  "../../etc/passwd",
  "0x1F",
  " ",
  "\ud800",
];

function formFields(rng: Rng, vocabulary: Names, pools: Pools, junk: boolean): [string, string][] {
  const pairs: [string, string][] = [];
  const count = int(rng, 0, junk ? 8 : 6);
  if (chance(rng, 0.7)) pairs.push(["intent", plausibleValue(rng, "intent", vocabulary, pools)]);
  for (let index = 0; index < count; index += 1) {
    const field =
      junk && chance(rng, 0.3)
        ? pick(rng, ["__proto__", "constructor", "a[b][c]", "x".repeat(300), "", "%zz", "\u0000"])
        : pick(rng, vocabulary.fields);
    pairs.push([
      field,
      junk && chance(rng, 0.6) ? pick(rng, JUNK_VALUES) : plausibleValue(rng, field, vocabulary, pools),
    ]);
  }
  if (chance(rng, 0.2)) pairs.push(["via-script", "1"]);
  return pairs;
}

function urlencode(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

function jsonValue(rng: Rng, field: string, vocabulary: Names, pools: Pools): unknown {
  const roll = rng();
  if (roll < 0.55) {
    const text = plausibleValue(rng, field, vocabulary, pools);
    return /^-?\d+(\.\d+)?$/.test(text) && chance(rng, 0.6) ? Number(text) : text;
  }
  return pick(rng, [
    null,
    true,
    false,
    0,
    -1,
    1e308,
    1.000001,
    [],
    {},
    ["a"],
    { $gt: "" },
    "x".repeat(5000),
    "\u0000",
    2 ** 64,
    [1, [2, [3]]],
    { nested: { deeper: [null] } },
  ]);
}

interface Body {
  kind: string;
  contentType?: string;
  body?: Buffer;
  recipe?: string;
  chunked?: boolean;
}

function multipart(
  rng: Rng,
  pairs: [string, string][],
  file: boolean,
  mode: "ok" | "wrong-boundary" | "no-boundary" | "truncated" | "bare-lf" | "no-disposition",
): Body {
  const boundary = `----fuzz${Math.floor(rng() * 1e12).toString(36)}`;
  const eol = mode === "bare-lf" ? "\n" : "\r\n";
  const chunks: Buffer[] = [];
  for (const [name, value] of pairs) {
    const disposition =
      mode === "no-disposition" && chance(rng, 0.5)
        ? ""
        : `Content-Disposition: form-data; name="${name.replace(/"/g, "%22")}"${eol}`;
    chunks.push(Buffer.from(`--${boundary}${eol}${disposition}${eol}${value}${eol}`));
  }
  if (file) {
    const fileName = pick(rng, [
      "photo.png",
      "clip.mp4",
      "x.jpg",
      "../../evil.png",
      "caf\u00e9.png",
      "",
      "a".repeat(300) + ".png",
      "noext",
    ]);
    const fileType = pick(rng, [
      "image/png",
      "image/jpeg",
      "video/mp4",
      "application/octet-stream",
      "text/html",
      "image/svg+xml",
    ]);
    const content = pick(rng, [
      PNG_1X1,
      randomishBytes(rng, int(rng, 1, 4000)),
      Buffer.alloc(0),
      Buffer.from("<svg onload=alert(1)/>"),
      PNG_1X1.subarray(0, 20),
    ]);
    const field = pick(rng, ["file", "image", "video", "media", "photo", "upload"]);
    chunks.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name="${field}"; filename="${fileName}"${eol}Content-Type: ${fileType}${eol}${eol}`,
        "latin1",
      ),
    );
    chunks.push(content, Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  let body = Buffer.concat(chunks);
  if (mode === "truncated") body = body.subarray(0, Math.max(1, Math.floor(body.length * (0.3 + rng() * 0.6))));
  const headerBoundary = mode === "wrong-boundary" ? `${boundary}x` : boundary;
  return {
    kind: `multipart:${mode}${file ? "+file" : ""}`,
    contentType: mode === "no-boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${headerBoundary}`,
    body,
  };
}

function randomishBytes(rng: Rng, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index += 1) bytes[index] = Math.floor(rng() * 256);
  return bytes;
}

const TWO_MB = 2 * 1024 * 1024;

function makeBody(rng: Rng, vocabulary: Names, pools: Pools): Body {
  const kind = weighted(
    rng,
    [
      "none",
      "empty-form",
      "form",
      "form-junk",
      "multipart",
      "multipart-broken",
      "json",
      "json-junk",
      "json-other",
      "json-invalid",
      "text",
      "no-type",
      "binary",
      "big",
      "weird-type",
      "chunked",
    ] as const,
    [8, 3, 16, 8, 8, 7, 12, 6, 5, 5, 4, 4, 3, 2, 3, 1],
  );
  switch (kind) {
    case "none":
      return { kind: "none" };
    case "empty-form":
      return {
        kind: "form:empty",
        contentType: pick(rng, ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]),
        body: Buffer.alloc(0),
      };
    case "form":
      return {
        kind: "form",
        contentType: pick(rng, [
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded;charset=UTF-8",
        ]),
        body: Buffer.from(urlencode(formFields(rng, vocabulary, pools, false))),
      };
    case "form-junk": {
      const raw = chance(rng, 0.5)
        ? urlencode(formFields(rng, vocabulary, pools, true))
        : pick(rng, [
            "%zz=1",
            "a=%",
            "intent=%E0%A4%A",
            "&&&==&",
            "a=1&a=2&a=3",
            "\u0000=\u0000",
            "=x",
            "a".repeat(70_000) + "=1",
            "x=" + "%41".repeat(100_000),
          ]);
      return {
        kind: "form:junk",
        contentType: pick(rng, [
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=utf-16",
          "APPLICATION/X-WWW-FORM-URLENCODED",
        ]),
        body: Buffer.from(raw, "latin1"),
      };
    }
    case "multipart":
      return multipart(rng, formFields(rng, vocabulary, pools, chance(rng, 0.3)), chance(rng, 0.5), "ok");
    case "multipart-broken":
      return multipart(
        rng,
        formFields(rng, vocabulary, pools, false),
        chance(rng, 0.5),
        pick(rng, ["wrong-boundary", "no-boundary", "truncated", "bare-lf", "no-disposition"] as const),
      );
    case "json": {
      const object: Record<string, unknown> = {};
      for (let index = int(rng, 0, 6); index > 0; index -= 1) {
        const field = pick(rng, vocabulary.fields);
        object[field] = jsonValue(rng, field, vocabulary, pools);
      }
      return { kind: "json:object", contentType: "application/json", body: Buffer.from(JSON.stringify(object)) };
    }
    case "json-junk": {
      const raw = pick(rng, [
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
        `{"amount":"1e309","name":["x"],"email":{"$ne":null},"id":-1}`,
        `{"amount":1e309}`,
        `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
        `{"name":"${"\\u0000".repeat(50)}"}`,
        `{"title":"${"x".repeat(200_000)}"}`,
        `{"a":1,"a":2}`,
        `{"email":"\\ud800"}`,
      ]);
      return {
        kind: "json:junk",
        contentType: pick(rng, ["application/json", "application/json; charset=bogus", "application/vnd.api+json"]),
        body: Buffer.from(raw),
      };
    }
    case "json-other":
      return {
        kind: "json:non-object",
        contentType: "application/json",
        body: Buffer.from(
          pick(rng, ["[]", "[1,2,3]", '[{"name":"x"}]', "42", '"a string"', "null", "true", "-0", "1e400"]),
        ),
      };
    case "json-invalid":
      return {
        kind: "json:invalid",
        contentType: "application/json",
        body: Buffer.from(
          pick(rng, [
            "{",
            "{'a':1}",
            '{"a":}',
            "NaN",
            "undefined",
            "\u0000",
            '{"a":1}}',
            "\ufeff{}",
            "name=x&email=y",
            "<xml/>",
          ]),
        ),
      };
    case "text":
      return {
        kind: "text/plain",
        contentType: "text/plain",
        body: Buffer.from(pick(rng, ["hello", "intent=delete&id=1", '{"amount":50}', "x".repeat(5000)])),
      };
    case "no-type":
      return {
        kind: "no-content-type",
        body: Buffer.from(pick(rng, ["intent=delete&id=1", '{"name":"x"}', "hello", "\u0000\u0001"])),
      };
    case "binary":
      return {
        kind: "binary",
        contentType: pick(rng, [
          undefined,
          "application/octet-stream",
          "image/png",
          "application/x-www-form-urlencoded",
          "application/json",
          "multipart/form-data; boundary=zz",
        ]),
        body: randomishBytes(rng, int(rng, 1, 20_000)),
      };
    case "big": {
      const shape = pick(rng, ["form", "json", "multipart", "none"] as const);
      const filler = "A".repeat(TWO_MB);
      if (shape === "form")
        return {
          kind: "2MB:form",
          contentType: "application/x-www-form-urlencoded",
          body: Buffer.from(`name=${filler}`),
          recipe: "{ printf 'name='; head -c 2097152 /dev/zero | tr '\\0' A; }",
        };
      if (shape === "json")
        return {
          kind: "2MB:json",
          contentType: "application/json",
          body: Buffer.from(`{"name":"${filler}"}`),
          recipe: "{ printf '{\"name\":\"'; head -c 2097152 /dev/zero | tr '\\0' A; printf '\"}'; }",
        };
      if (shape === "multipart") {
        const head =
          '--fuzzbig\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n';
        const tail = "\r\n--fuzzbig--\r\n";
        return {
          kind: "2MB:multipart",
          contentType: "multipart/form-data; boundary=fuzzbig",
          body: Buffer.concat([Buffer.from(head), Buffer.from(filler), Buffer.from(tail)]),
          recipe: `{ printf '${head.replace(/\r\n/g, "\\r\\n")}'; head -c 2097152 /dev/zero | tr '\\0' A; printf '${tail.replace(/\r\n/g, "\\r\\n")}'; }`,
        };
      }
      return { kind: "2MB:no-type", body: Buffer.from(filler), recipe: "head -c 2097152 /dev/zero | tr '\\0' A" };
    }
    case "weird-type":
      return {
        kind: "weird-content-type",
        contentType: pick(rng, [
          "multipart/form-data; boundary=",
          'multipart/form-data; boundary="unterminated',
          "multipart/mixed; boundary=x",
          "application/x-www-form-urlencoded, application/json",
          "*/*",
          "x",
          "text/html; charset=\u00ff",
        ]),
        body: Buffer.from(urlencode(formFields(rng, vocabulary, pools, false))),
      };
    case "chunked":
      return {
        kind: "chunked",
        contentType: "application/x-www-form-urlencoded",
        body: Buffer.from("intent=delete&id=1"),
        chunked: true,
      };
  }
}

function makeRequest(
  n: number,
  routes: FuzzRoute[],
  vocabulary: AppVocabulary,
  pools: Pools,
  credentials: Credentials,
  base: string,
): FuzzRequest {
  const rng = requestRng(CONFIG.seed, n);
  const route = pick(rng, routes);
  // A third of the requests go deep: a change sent the way the site's own pages (or the
  // API's client) send it, signed in, so the bodies reach the actions behind the guards.
  const deep = chance(rng, 1 / 3);
  const method = deep ? weighted(rng, METHODS, [4, 1, 20, 3, 3, 3, 0]) : weighted(rng, METHODS, METHOD_WEIGHTS);
  const variant: Variant = chance(rng, 0.3) ? "data" : "page";
  let address = fillPattern(rng, route.pattern, pools);
  if (variant === "data") address = address === "/" ? "/_root.data" : `${address.replace(/\/$/, "")}.data`;
  else if (chance(rng, 0.04) && address !== "/") address = `${address}/`;
  const target = address + queryString(rng, route, variant, method, vocabulary, pools);

  const headers: Record<string, string> = {};
  headers.Accept = pick(rng, [
    "text/html,application/xhtml+xml,*/*;q=0.8",
    "application/json",
    "*/*",
    "text/x-script",
    "text/csv",
  ]);
  if (chance(rng, 0.3)) headers["Accept-Encoding"] = pick(rng, ["gzip", "br", "gzip, deflate, br", "identity"]);
  if (chance(rng, 0.3))
    headers["User-Agent"] = pick(rng, [
      "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "curl/8.5.0",
    ]);

  const origin = deep
    ? weighted<OriginMode>(rng, ["none", "same-origin"], [1, 2])
    : weighted<OriginMode>(
        rng,
        ["none", "same-origin", "cross-site", "same-site", "origin-null", "origin-only-same", "origin-only-cross"],
        [30, 40, 14, 4, 4, 4, 4],
      );
  if (origin === "same-origin")
    Object.assign(headers, { Origin: base, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate" });
  if (origin === "cross-site")
    Object.assign(headers, {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
      "Sec-Fetch-Mode": "navigate",
    });
  if (origin === "same-site")
    Object.assign(headers, { Origin: "https://sub.127.0.0.1.example", "Sec-Fetch-Site": "same-site" });
  if (origin === "origin-null") headers.Origin = "null";
  if (origin === "origin-only-same") headers.Origin = base;
  if (origin === "origin-only-cross") headers.Origin = "http://127.0.0.1:1";

  // The admin area is asked with its credentials more often than the public site.
  const adminish = route.pattern.startsWith("/admin") || route.pattern.startsWith("/api");
  let auth = deep
    ? route.pattern.startsWith("/api")
      ? weighted<AuthMode>(rng, ["bearer", "cookie", "none"], [6, 2, 1])
      : weighted<AuthMode>(rng, ["cookie", "bearer", "none"], [6, 1, 1])
    : weighted<AuthMode>(
        rng,
        ["none", "cookie", "bearer", "both", "junk-cookie", "tampered-cookie", "junk-bearer"],
        adminish ? [30, 30, 22, 6, 4, 4, 4] : [50, 20, 15, 3, 4, 4, 4],
      );
  // Signing out would end the fuzzer's own session: sign-out routes only see junk credentials.
  if (/logout|sign-out/.test(route.pattern) && ["cookie", "bearer", "both"].includes(auth)) auth = "junk-cookie";
  if (auth === "cookie" || auth === "both") headers.Cookie = credentials.cookie;
  if (auth === "bearer" || auth === "both") headers.Authorization = `Bearer ${credentials.token}`;
  if (auth === "junk-cookie")
    headers.Cookie = `${credentials.cookieName}=${pick(rng, ["garbage", "%zz", "", "a".repeat(4000), "eyJhbGciOiJub25lIn0.e30.", "s%3Ax.y"])}`;
  if (auth === "tampered-cookie") headers.Cookie = tamper(rng, credentials.cookie);
  if (auth === "junk-bearer")
    headers.Authorization = pick(rng, [
      "Bearer x",
      `Bearer ${"A".repeat(5000)}`,
      "Basic Zm9vOmJhcg==",
      "Bearer",
      "Bearer %00",
      `Bearer ${credentials.token}x`,
      "bearer  ",
    ]);

  let body: Body = { kind: "none" };
  // Mostly the fields and intents the route's own forms and schemas use, so bodies get past
  // the first checks; sometimes any the app uses anywhere.
  const own = vocabulary.byRoute.get(route.pattern);
  const names: Names = {
    fields: own?.fields.length && chance(rng, deep ? 0.9 : 0.75) ? own.fields : vocabulary.fields,
    intents: own?.intents.length && chance(rng, deep ? 0.9 : 0.75) ? own.intents : vocabulary.intents,
  };
  if (MUTATING.has(method) || (method === "OPTIONS" && chance(rng, 0.2)) || (method === "GET" && chance(rng, 0.03)))
    body = makeBody(rng, names, pools);
  if ((method === "GET" || method === "HEAD") && body.chunked) body = { kind: "none" };
  if (body.contentType) headers["Content-Type"] = body.contentType;
  return {
    n,
    route: route.pattern,
    variant,
    method,
    target,
    headers,
    body: body.body,
    bodyKind: body.kind,
    bodyRecipe: body.recipe,
    chunked: body.chunked,
    origin,
    auth,
    deep,
  };
}

function tamper(rng: Rng, cookie: string): string {
  if (cookie.length < 4) return `${cookie}x`;
  const at = int(rng, cookie.indexOf("=") + 1, cookie.length - 1);
  const swapped = cookie[at] === "A" ? "B" : "A";
  return cookie.slice(0, at) + swapped + cookie.slice(at + 1);
}

// ---------------------------------------------------------------------------------------
// Sending: node:http, so the request target goes out exactly as built (no normalisation of
// `..`, `%`), with a per-request deadline.

interface Outcome {
  status?: number;
  /** "timeout", "dropped" (no answer, or the answer cut off), or undefined. */
  failure?: "timeout" | "dropped";
  detail?: string;
  start: number;
  end: number;
  bytes: number;
  preview: string;
  /** Where a redirect points (Location, or React Router's X-Remix-Redirect for `.data`). */
  location?: string;
}

// A connection per request: a drop is then always the server's doing (no race with an idle
// kept-alive socket the server is closing), and a crash cuts off only what was in flight.
// Each request still says "Connection: keep-alive", as browsers and curl do: a server that
// answers before reading a large body (413) then reads the rest instead of resetting the
// connection under a client that is still sending it.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function send(port: number, request: FuzzRequest, timeoutMs = CONFIG.timeoutMs): Promise<Outcome> {
  const start = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    let gotResponse = false;
    let status: number | undefined;
    let location: string | undefined;
    let bytes = 0;
    const previewChunks: Buffer[] = [];
    const finish = (outcome: Partial<Outcome>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        start,
        end: Date.now(),
        bytes,
        status,
        location,
        preview: Buffer.concat(previewChunks).toString("utf8").slice(0, 600),
        ...outcome,
      });
    };
    const headers: Record<string, string> = { Connection: "keep-alive", ...request.headers };
    if (request.body && !request.chunked) headers["Content-Length"] = String(request.body.length);
    let req: http.ClientRequest;
    try {
      req = http.request({ host: HOST, port, method: request.method, path: request.target, headers, agent });
    } catch (error) {
      // Node refuses some targets before sending anything; that is not the server's doing.
      resolve({
        start,
        end: Date.now(),
        bytes: 0,
        preview: "",
        status: 0,
        detail: `not sent: ${error instanceof Error ? error.message : error}`,
      });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error("timeout"));
      finish({
        failure: "timeout",
        detail: gotResponse
          ? `no end of body within ${timeoutMs} ms (status ${status})`
          : `no answer within ${timeoutMs} ms`,
      });
    }, timeoutMs);
    req.on("response", (res) => {
      gotResponse = true;
      status = res.statusCode;
      const redirect = res.headers.location ?? res.headers["x-remix-redirect"];
      if (redirect) location = String(redirect);
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= 4096) previewChunks.push(chunk);
      });
      res.on("end", () => finish({}));
      res.on("aborted", () =>
        finish({ failure: "dropped", detail: `connection closed mid-answer (status ${status}, ${bytes} bytes)` }),
      );
      res.on("error", (error) =>
        finish({ failure: "dropped", detail: `answer failed mid-way (status ${status}): ${error.message}` }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (gotResponse) return; // the answer decides; a write error after it is the body we no longer need
      finish({ failure: "dropped", detail: `${error.code ?? ""} ${error.message}`.trim() });
    });
    if (request.chunked && request.body) {
      const half = Math.max(1, Math.floor(request.body.length / 2));
      req.write(request.body.subarray(0, half));
      req.end(request.body.subarray(half));
    } else {
      req.end(request.body);
    }
  });
}

// ---------------------------------------------------------------------------------------
// The server (as in bench.ts) and its output, kept with the time each line arrived.

interface LogLine {
  t: number;
  stream: "stdout" | "stderr";
  text: string;
}

const cleanup: { child?: ChildProcess; tmpDir?: string } = {};
const logLines: LogLine[] = [];

/**
 * FUZZ_LIVE_MODE=1: the site in live (Stripe) mode, with Stripe's address a closed local
 * port, so every call to the card provider fails (the API answers those 502 by design).
 */
const LIVE_MODE_UNREACHABLE = {
  STRIPE_SECRET_KEY: "sk_live_fuzz_never_used",
  STRIPE_PUBLISHABLE_KEY: "pk_live_fuzz_never_used",
  STRIPE_WEBHOOK_SECRET: "whsec_fuzz_never_used",
  STRIPE_API_BASE: `http://${HOST}:9`,
};

function serverEnv(port: number, tmpDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing may leave the machine: no Stripe, no mail server, no public address, no proxy.
  for (const name of Object.keys(env))
    if (/^(STRIPE_|SMTP_|MAIL_|PUBLIC_URL|TRUST_PROXY|SESSION_SECRET|STAFF_NOTIFY)/.test(name)) delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST,
    DATABASE_URL: `file:${path.join(tmpDir, "fuzz.sqlite")}`,
    UPLOADS_DIR: path.join(tmpDir, "uploads"),
    SEED_DEMO: "1",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // Video stills would be fetched from YouTube: point that at a closed local port instead.
    YOUTUBE_THUMBNAIL_BASE: `http://${HOST}:9`,
    NODE_ENV: "production",
    ...(CONFIG.liveMode ? LIVE_MODE_UNREACHABLE : {}),
  };
}

function startServer(port: number, tmpDir: string): ChildProcess {
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: serverEnv(port, tmpDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of ["stdout", "stderr"] as const) {
    let partial = "";
    child[stream]?.on("data", (chunk: Buffer) => {
      const t = Date.now();
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const text of lines) logLines.push({ t, stream, text });
    });
    child[stream]?.on("end", () => {
      if (partial) logLines.push({ t: Date.now(), stream, text: partial });
    });
  }
  return child;
}

async function release(): Promise<void> {
  const { child, tmpDir } = cleanup;
  cleanup.child = undefined;
  cleanup.tmpDir = undefined;
  agent.destroy();
  if (child && !serverGone(child)) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(force);
  }
  if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
}

/** Signs in the way staff do: the admin form (cookie) and the API (bearer token). */
async function signIn(baseUrl: string): Promise<Credentials> {
  const form = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    headers: { Origin: baseUrl, "Sec-Fetch-Site": "same-origin" },
    redirect: "manual",
  });
  const cookie = form.headers.get("set-cookie")?.split(";")[0];
  const api = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await api.json().catch(() => ({}))) as { access_token?: string };
  if (!cookie || !token)
    throw new Error(`Could not sign in to the fuzzed server (form ${form.status}, API ${api.status})`);
  return { cookie, cookieName: cookie.split("=")[0]!, token };
}

async function credentialsStillWork(baseUrl: string, credentials: Credentials): Promise<boolean> {
  try {
    const page = await fetch(`${baseUrl}/admin`, { headers: { Cookie: credentials.cookie }, redirect: "manual" });
    await page.arrayBuffer();
    const api = await fetch(`${baseUrl}/api/admin/dashboard`, {
      headers: { Authorization: `Bearer ${credentials.token}` },
    });
    await api.arrayBuffer();
    return page.status === 200 && api.status === 200;
  } catch {
    return false;
  }
}

/** A few ordinary gifts before fuzzing, so checkout sessions, receipts and subscriptions exist. */
async function prepareData(baseUrl: string): Promise<string[]> {
  const notes: string[] = [];
  const post = async (address: string, body: unknown) => {
    const response = await fetch(baseUrl + address, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as { id?: string; url?: string };
    notes.push(`setup: POST ${address} -> ${response.status}`);
    return json;
  };
  const gift = {
    amount: 25,
    name: "Fuzz Donor",
    email: "fuzz.donor@example.org",
    purpose: "General Donation",
    frequency: "One-Time",
  };
  for (const frequency of ["One-Time", "Monthly"]) {
    const checkout = await post("/api/donations/create-payment-session", { ...gift, frequency });
    if (checkout.id) {
      const paid = await fetch(`${baseUrl}/sandbox/checkout/${encodeURIComponent(checkout.id)}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: baseUrl,
          "Sec-Fetch-Site": "same-origin",
        },
        body: "intent=pay",
        redirect: "manual",
      });
      notes.push(`setup: paid sandbox checkout ${checkout.id} -> ${paid.status}`);
    }
  }
  await post("/api/donations/create-payment-session", gift); // one left open
  await post("/api/donations/create-subscription", { ...gift, interval: "month" });
  return notes;
}

// ---------------------------------------------------------------------------------------
// Reporting.

interface Result {
  request: FuzzRequest;
  outcome: Outcome;
  /** Which start of the server answered it (1 = the first; each crash starts another). */
  generation: number;
}

const isFailure = (outcome: Outcome) => (outcome.status ?? 0) >= 500 || outcome.failure !== undefined;

function rowKey(request: FuzzRequest): string {
  return request.variant === "data" ? `${request.route} [.data]` : request.route;
}

function statusLabel(outcome: Outcome): string {
  if (outcome.failure === "timeout") return "timeout";
  if (outcome.failure === "dropped") return outcome.status ? `${outcome.status}+dropped` : "dropped";
  return outcome.status === 0 ? "not-sent" : String(outcome.status);
}

function table(header: string[], rows: string[][], numeric: (column: number) => boolean): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => cells[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (numeric(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [format(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(format)].join("\n");
}

function statusTable(results: Result[]): string {
  const rows = new Map<string, Map<string, number>>();
  for (const { request, outcome } of results) {
    const key = rowKey(request);
    const counts = rows.get(key) ?? new Map<string, number>();
    const label = statusLabel(outcome);
    counts.set(label, (counts.get(label) ?? 0) + 1);
    rows.set(key, counts);
  }
  const bucket = (counts: Map<string, number>, test: (code: number) => boolean) =>
    String(
      [...counts].filter(([label]) => /^\d+$/.test(label) && test(Number(label))).reduce((sum, [, n]) => sum + n, 0),
    );
  const body = [...rows]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, counts]) => {
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const failures = [...counts]
        .filter(([label]) => !/^\d+$/.test(label) || Number(label) >= 500)
        .reduce((sum, [, n]) => sum + n, 0);
      const detail = [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([label, n]) => `${label}×${n}`)
        .join(" ");
      return [
        key,
        String(total),
        bucket(counts, (c) => c >= 200 && c < 300),
        bucket(counts, (c) => c >= 300 && c < 400),
        bucket(counts, (c) => c >= 400 && c < 500),
        String(failures),
        detail,
      ];
    });
  return table(
    ["Route", "Reqs", "2xx", "3xx", "4xx", "5xx/fail", "Status codes"],
    body,
    (column) => column >= 1 && column <= 5,
  );
}

/** A string for bash: plain single quotes when possible, $'...' with \xHH escapes otherwise. */
function shellQuote(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes("'")) return `'${text}'`;
  let out = "$'";
  for (const byte of Buffer.from(text, "latin1")) {
    const char = String.fromCharCode(byte);
    if (char === "\\" || char === "'") out += `\\${char}`;
    else if (byte >= 0x20 && byte < 0x7f) out += char;
    else out += `\\x${byte.toString(16).padStart(2, "0")}`;
  }
  return `${out}'`;
}

function curlFor(request: FuzzRequest, credentials: Credentials): string {
  const parts = ["curl -sS -i --path-as-is"];
  if (request.method === "HEAD") parts.push("-I");
  else if (request.method !== "GET" || request.body) parts.push(`-X ${request.method}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === "Accept" && value === "*/*") continue;
    let shown = shellQuote(`${name}: ${value}`);
    // The fuzzer's own sign-in (whichever server run it was) is spelled as the variables the report's preamble sets.
    if (name === "Cookie" && (value === credentials.cookie || request.auth === "cookie" || request.auth === "both"))
      shown = `"Cookie: $ADMIN_COOKIE"`;
    if (
      name === "Authorization" &&
      (value === `Bearer ${credentials.token}` || request.auth === "bearer" || request.auth === "both")
    )
      shown = `"Authorization: Bearer $TOKEN"`;
    if (name === "Origin" && /^http:\/\/127\.0\.0\.1:\d+$/.test(value) && value !== `http://${HOST}:1`)
      shown = `"Origin: $BASE"`;
    parts.push(`-H ${shown}`);
  }
  if (request.body && !request.headers["Content-Type"]) parts.push("-H 'Content-Type:'");
  if (request.chunked) parts.push("-H 'Transfer-Encoding: chunked'");
  let pipeIn = "";
  if (request.body) {
    if (request.bodyRecipe) {
      pipeIn = `${request.bodyRecipe} | `;
      parts.push("--data-binary @-");
    } else if (request.body.length <= 2048 && !request.body.includes(0)) {
      parts.push(`--data-binary ${shellQuote(request.body.toString("latin1"))}`);
    } else {
      pipeIn = `printf %s ${request.body.toString("base64")} | base64 -d | `;
      parts.push("--data-binary @-");
    }
  }
  parts.push(`"$BASE"${shellQuote(request.target)}`);
  return pipeIn + parts.join(" ");
}

function bodyPreview(request: FuzzRequest): string {
  if (!request.body) return "(no body)";
  const text = request.body
    .subarray(0, 300)
    .toString("latin1")
    .replace(/[^\x20-\x7e]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return `${request.bodyKind}, ${request.body.length} bytes: ${text}${request.body.length > 300 ? "…" : ""}`;
}

function logWindow(start: number, end: number): LogLine[] {
  return logLines.filter((line) => line.t >= start - LOG_BEFORE_MS && line.t <= end + LOG_AFTER_MS);
}

function formatLog(lines: LogLine[], limit = 25): string {
  if (!lines.length) return "    (no server output)";
  const shown = lines.slice(0, limit).map((line) => `    [${line.stream}] ${line.text.slice(0, 400)}`);
  if (lines.length > limit) shown.push(`    ... ${lines.length - limit} more lines`);
  return shown.join("\n");
}

/**
 * Lines React Router and the app log for answers that are 4xx (no action: 405; a foreign
 * origin on a page action: 400; a refused form: 415/400), not the cause of a 5xx.
 */
const CLIENT_ERROR_NOISE = [
  /^Refused a form post/,
  /but did not provide an `(action|loader)`/,
  /does not match `origin` header/,
  /^No route matches URL/,
  /^\s*Error: (404|405)\b/,
];

/** The error line a cause is known by: the first line of server output that names an error. */
function causeLine(lines: LogLine[]): string | undefined {
  const errorish = lines.find(
    (line) =>
      !CLIENT_ERROR_NOISE.some((noise) => noise.test(line.text)) &&
      /(Error|Exception|Unexpected|failed|ERR_|Cannot|not a function|undefined|Invariant)/.test(line.text) &&
      !/^\s+at /.test(line.text),
  );
  return errorish?.text.trim();
}

function normaliseCause(text: string): string {
  return text
    .replace(/\/[^\s'"]*\.(?:js|ts|mjs)(?::\d+)*/g, "<file>")
    .replace(/\b[0-9a-f]{16,}\b/gi, "<hex>")
    .replace(/\b\d+\b/g, "N")
    .replace(/"[^"]{40,}"/g, '"…"')
    .slice(0, 220);
}

/** First frames of the app's own code in a stack, to tell apart causes that share a message. */
function firstFrames(lines: LogLine[]): string[] {
  return lines
    .filter((line) => /^\s+at /.test(line.text))
    .slice(0, 4)
    .map((line) => line.text.trim());
}

interface Cause {
  key: string;
  line: string;
  frames: string[];
  reproduced: boolean;
  replayStatus: string;
  examples: Result[];
}

// ---------------------------------------------------------------------------------------

/** One run of the server; a crash starts another on the same database. */
interface Server {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  generation: number;
}

interface Crash {
  at: number;
  generation: number;
  code: string;
  /** The error line of the crash, from the server's last words. */
  line: string;
  /** Requests that started shortly before it (the culprit is among them). */
  suspects: Result[];
  culprit?: Result;
  culpritLines: LogLine[];
  tail: LogLine[];
}

const MAX_RESTARTS = 5;
const CRASH_WINDOW_MS = 3_000;
const CRASH_SUSPECTS = 24;

/** The error a crashed Node process died of: the line after "Unhandled 'error' event" or "throw". */
function crashLine(lines: LogLine[]): string {
  const texts = lines.map((line) => line.text);
  let from = texts.findIndex((text) => /Unhandled|uncaught|throw er;|triggerUncaughtException|FATAL/i.test(text));
  if (from < 0) from = 0;
  const error = texts
    .slice(from)
    .find((text) => /^\s*(\w*Error|Error)\b.*:|^\w+Error\b/.test(text) && !/^\s+at /.test(text));
  return (
    error ??
    texts.filter((text) => text.trim() && !/^\s+at |^Node\.js v/.test(text)).at(-1) ??
    "(no output)"
  ).trim();
}

async function main(): Promise<void> {
  if (!existsSync(BUILD_ENTRY)) {
    console.error("Run npm run build first (under flock /tmp/charity-build.lock)");
    process.exit(1);
  }
  const routes = await loadRoutes();
  const vocabulary = readVocabulary(routes);
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), "charity-fuzz-"));
  cleanup.tmpDir = tmpDir;

  const crashes: Crash[] = [];
  let restarts = 0;
  let restartLimit = MAX_RESTARTS;
  let fuzzing = true;
  let generations = 0;
  const launch = async (): Promise<Server> => {
    const generation = ++generations;
    const port = await freePort(HOST);
    const baseUrl = `http://${HOST}:${port}`;
    const child = startServer(port, tmpDir);
    cleanup.child = child;
    child.once("exit", (code, signal) => {
      if (cleanup.child !== child) return; // stopped by us
      crashes.push({
        at: Date.now(),
        generation,
        code: String(code ?? signal),
        line: "",
        suspects: [],
        culpritLines: [],
        tail: [],
      });
    });
    await waitForHealthy(baseUrl, child);
    return { child, port, baseUrl, generation };
  };

  console.log(`Fuzzing seed: ${CONFIG.seed}  (FUZZ_SEED=${CONFIG.seed} repeats this run)`);
  console.log(`Starting the server (demo data, temporary database in ${tmpDir})...`);
  let server = await launch();
  const firstPort = server.port;
  let credentials = await signIn(server.baseUrl);
  const setupNotes = await prepareData(server.baseUrl);
  const pools = harvest(path.join(tmpDir, "fuzz.sqlite"), path.join(tmpDir, "uploads"));
  console.log(`Server on ${server.baseUrl}`);
  console.log(
    `${routes.length} route patterns from app/routes.ts; ${vocabulary.fields.length} field names, ${vocabulary.intents.length} intents ` +
      `(${vocabulary.intents.join(", ")}), ${vocabulary.queryNames.length} query names from app/`,
  );
  console.log(
    `Sending ${CONFIG.requests} requests, ${CONFIG.concurrency} at a time (timeout ${CONFIG.timeoutMs} ms, at most ${CONFIG.maxSeconds} s)...`,
  );

  // After a crash the next request restarts the server (at most MAX_RESTARTS times).
  let restarting: Promise<boolean> | undefined;
  const ensureUp = (): Promise<boolean> => {
    if (!serverGone(server.child)) return Promise.resolve(true);
    restarting ??= (async () => {
      if (restarts >= restartLimit) return false;
      restarts += 1;
      console.log(
        `  the server died (exit ${server.child.exitCode ?? server.child.signalCode}); starting it again (${restarts}/${restartLimit}${fuzzing ? "" : ", while sending failures again alone"})...`,
      );
      try {
        server = await launch();
        credentials = await signIn(server.baseUrl);
        return true;
      } catch (error) {
        console.error(`  could not start the server again: ${error instanceof Error ? error.message : error}`);
        return false;
      }
    })().finally(() => (restarting = undefined));
    return restarting;
  };

  const results: Result[] = [];
  const sessionEvents: string[] = [];
  const started = Date.now();
  const deadline = started + CONFIG.maxSeconds * 1000;
  let next = 0;
  let gaveUp: string | undefined;
  let checking: Promise<void> | undefined;
  let lastReport = started;
  let resent = 0;

  const worker = async () => {
    while (next < CONFIG.requests && Date.now() < deadline && !gaveUp) {
      if (!(await ensureUp())) {
        gaveUp ??= `the server died ${crashes.length} times`;
        break;
      }
      const n = next;
      next += 1;
      let request = makeRequest(n, routes, vocabulary, pools, credentials, server.baseUrl);
      let generation = server.generation;
      let outcome = await send(server.port, request);
      // Refused because the server was already down (another request crashed it): send it
      // again once the server is back, rather than count the crash a second time.
      if (outcome.failure === "dropped" && /ECONNREFUSED/.test(outcome.detail ?? "")) {
        const dying = server.child;
        for (let waited = 0; waited < 2_000 && !serverGone(dying); waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50));
        if (serverGone(dying) && (await ensureUp())) {
          resent += 1;
          request = makeRequest(n, routes, vocabulary, pools, credentials, server.baseUrl);
          generation = server.generation;
          outcome = await send(server.port, request);
        }
      }
      results.push({ request, outcome, generation });
      // Now and then, check the fuzzer is still signed in (a fuzzed request may have ended it).
      if (results.length % 400 === 0 && !checking && !serverGone(server.child)) {
        checking = (async () => {
          if (!(await credentialsStillWork(server.baseUrl, credentials))) {
            try {
              credentials = await signIn(server.baseUrl);
              sessionEvents.push(
                `after ${results.length} requests the admin cookie or token stopped working; signed in again`,
              );
            } catch (error) {
              sessionEvents.push(
                `after ${results.length} requests the admin cookie or token stopped working, and signing in again failed: ${error instanceof Error ? error.message : error}`,
              );
            }
          }
        })().finally(() => (checking = undefined));
      }
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        const failed = results.filter((result) => isFailure(result.outcome)).length;
        console.log(
          `  ${results.length}/${CONFIG.requests} sent, ${failed} 5xx/failed, ${crashes.length} crashes, ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONFIG.concurrency }, worker));
  await checking;
  const elapsed = (Date.now() - started) / 1000;
  const stoppedEarly =
    results.length < CONFIG.requests ? (gaveUp ?? `time limit of ${CONFIG.maxSeconds} s reached`) : undefined;
  results.sort((a, b) => a.request.n - b.request.n);
  await new Promise((resolve) => setTimeout(resolve, LOG_AFTER_MS));
  const fuzzCrashes = crashes.length;
  fuzzing = false;
  // Finding culprits restarts the server too: once per crash found, and once per failure sent again.
  restarts = 0;
  restartLimit = fuzzCrashes + CONFIG.replays;

  // Crashes: the requests that started just before each are sent again one by one, until
  // one of them brings the server down again; that one is the culprit.
  const inCrash = new Set<Result>();
  for (const crash of crashes.slice(0, fuzzCrashes)) {
    crash.tail = logLines.filter((line) => line.t >= crash.at - 1_000 && line.t <= crash.at + 500).slice(-60);
    crash.line = crashLine(crash.tail);
    // What the dying server was given in its last seconds: those it cut off first, then the latest.
    const window = results.filter(
      (result) =>
        result.generation === crash.generation &&
        result.outcome.end >= crash.at - CRASH_WINDOW_MS &&
        !/ECONNREFUSED/.test(result.outcome.detail ?? ""),
    );
    const cutOff = (result: Result) => result.outcome.failure === "dropped";
    for (const result of results) if (result.generation === crash.generation && cutOff(result)) inCrash.add(result);
    crash.suspects = window
      .sort((a, b) => Number(cutOff(b)) - Number(cutOff(a)) || b.outcome.start - a.outcome.start)
      .slice(0, CRASH_SUSPECTS);
  }
  for (const crash of crashes.slice(0, fuzzCrashes)) {
    for (const suspect of crash.suspects) {
      if (!(await ensureUp())) break;
      const again = withCredentials(suspect.request, credentials, server.baseUrl);
      const from = Date.now();
      await send(server.port, again);
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (serverGone(server.child)) {
        crash.culprit = { request: again, outcome: suspect.outcome, generation: suspect.generation };
        crash.culpritLines = logLines.filter((line) => line.t >= from);
        crash.line = crashLine(crash.culpritLines) || crash.line;
        crashes.pop(); // the replay's own crash is not another finding
        break;
      }
    }
  }
  const serverUp = await ensureUp();

  // Each distinct failure (route, address kind, method, answer, body kind) is sent again
  // alone, so the server output that follows it is its own.
  const failures = results.filter((result) => isFailure(result.outcome) && !inCrash.has(result));
  const signatures = new Map<string, Result[]>();
  for (const result of failures) {
    const { request, outcome } = result;
    const signature = [
      rowKey(request),
      request.method,
      statusLabel(outcome),
      request.bodyKind,
      request.auth === "none" ? "anon" : "auth",
    ].join(" | ");
    signatures.set(signature, [...(signatures.get(signature) ?? []), result]);
  }
  const causes = new Map<string, Cause>();
  let replayed = 0;
  if (serverUp && !(await credentialsStillWork(server.baseUrl, credentials)))
    credentials = await signIn(server.baseUrl).catch(() => credentials);
  for (const members of signatures.values()) {
    const example = members[0]!;
    let lines = logWindow(example.outcome.start, example.outcome.end);
    let reproduced = false;
    let replayStatus = "not sent again";
    if (replayed < CONFIG.replays && (await ensureUp())) {
      replayed += 1;
      const outcome = await send(server.port, withCredentials(example.request, credentials, server.baseUrl));
      await new Promise((resolve) => setTimeout(resolve, LOG_AFTER_MS));
      replayStatus = statusLabel(outcome);
      reproduced = isFailure(outcome);
      if (reproduced)
        lines = logLines.filter((line) => line.t >= outcome.start && line.t <= outcome.end + LOG_AFTER_MS);
      if (serverGone(server.child)) replayStatus += " (and the server died)";
    }
    const line = causeLine(lines) ?? `(no error line) ${statusLabel(example.outcome)} from ${rowKey(example.request)}`;
    const key = `${statusLabel(example.outcome).replace(/^5\d\d$/, "5xx")} :: ${normaliseCause(line)}`;
    const cause = causes.get(key) ?? { key, line, frames: firstFrames(lines), reproduced, replayStatus, examples: [] };
    cause.examples.push(...members);
    cause.reproduced ||= reproduced;
    causes.set(key, cause);
  }

  // Changes sent as a browser on another site would send them, that were not refused with a
  // 4xx. One carrying a bearer token is exempt (browsers never send one by themselves), and so is a
  // redirect to the sign-in page (the guard refused it). Reported, not counted as failures.
  const crossSite = new Map<string, { count: number; example: Result }>();
  for (const result of results) {
    const { request, outcome } = result;
    if (
      !MUTATING.has(request.method) ||
      !["cross-site", "origin-only-cross", "origin-null", "same-site"].includes(request.origin)
    )
      continue;
    if (outcome.status === undefined || outcome.status >= 400 || outcome.status === 0) continue;
    if (/^Bearer\s/i.test(request.headers.Authorization ?? "") || outcome.location?.startsWith("/admin/login"))
      continue;
    const key = `${request.method} ${rowKey(request)} -> ${outcome.status}${outcome.location ? ` to ${outcome.location.split("?")[0]!.slice(0, 60)}` : ""} (credentials: ${request.auth})`;
    const entry = crossSite.get(key) ?? { count: 0, example: result };
    entry.count += 1;
    crossSite.set(key, entry);
  }

  const counts = new Map<string, number>();
  for (const { outcome } of results) {
    const label = statusLabel(outcome);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const fiveXX = results.filter((result) => (result.outcome.status ?? 0) >= 500).length;
  const timeouts = results.filter((result) => result.outcome.failure === "timeout").length;
  const dropped = results.filter((result) => result.outcome.failure === "dropped").length;
  const notSent = results.filter((result) => result.outcome.status === 0).length;

  const out: string[] = [];
  const both = (text = "") => {
    out.push(text);
    console.log(text);
  };
  const fileOnly = (text = "") => out.push(text);
  /** A command in full in the report; on the console, cut short when it is long. */
  const command = (text: string) => {
    out.push(text);
    console.log(
      text.length > 1200
        ? `${text.slice(0, 1200)} … (${text.length} characters; the whole command is in the report)`
        : text,
    );
  };

  both();
  both(statusTable(results));
  both();
  both(
    `Seed ${CONFIG.seed}; ${results.length} requests in ${elapsed.toFixed(1)} s to ${routes.length} route patterns${stoppedEarly ? ` (stopped early: ${stoppedEarly})` : ""}.`,
  );
  both(
    `Status codes: ${[...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, n]) => `${label}×${n}`)
      .join(" ")}`,
  );
  both(
    `5xx: ${fiveXX}; timeouts: ${timeouts}; dropped connections: ${dropped}; server crashes: ${fuzzCrashes}` +
      `${resent ? ` (${resent} requests refused while it was down were sent again after the restart)` : ""}${notSent ? `; not sent (refused by the client library): ${notSent}` : ""}`,
  );
  for (const event of sessionEvents) both(`Note: ${event}`);

  fileOnly();
  fileOnly("To reproduce: start a server the way the fuzzer did, then sign in and run the commands below.");
  fileOnly(
    `  D=$(mktemp -d); PORT=${firstPort} HOST=${HOST} DATABASE_URL=file:$D/fuzz.sqlite UPLOADS_DIR=$D/uploads SEED_DEMO=1 NODE_ENV=production \\`,
  );
  fileOnly(
    `    ADMIN_USERNAME=${ADMIN.username} ADMIN_PASSWORD='${ADMIN.password}' YOUTUBE_THUMBNAIL_BASE=http://${HOST}:9 node server.mjs &`,
  );
  fileOnly(`  BASE=http://${HOST}:${firstPort}`);
  fileOnly(
    `  ADMIN_COOKIE=$(curl -s -o /dev/null -D - -H "Origin: $BASE" --data-urlencode username=${ADMIN.username} --data-urlencode password='${ADMIN.password}' "$BASE/admin/login" | tr -d '\\r' | sed -n 's/^[Ss]et-[Cc]ookie: \\([^;]*\\).*/\\1/p' | head -1)`,
  );
  fileOnly(
    `  TOKEN=$(curl -s -H 'Content-Type: application/json' -d '{"username":"${ADMIN.username}","password":"${ADMIN.password}"}' "$BASE/api/auth/login" | sed -n 's/.*"access_token":"\\([^"]*\\)".*/\\1/p')`,
  );
  fileOnly(`Setup before fuzzing: ${setupNotes.join("; ")}`);
  fileOnly(
    `Valid values found: ${pools.ids.length} ids; ${[...pools.byParam]
      .filter(([name]) => ["key", "token", "sessionId", "file", "*", "year"].includes(name))
      .map(([name, values]) => `${name}: ${values.length}`)
      .join(", ")}`,
  );
  fileOnly(`Intents: ${vocabulary.intents.join(", ")}`);
  for (const [pattern, names] of vocabulary.byRoute) {
    if (names.intents.length || names.fields.length)
      fileOnly(
        `  ${pattern}: intents ${names.intents.join(",") || "-"}; fields ${names.fields.slice(0, 30).join(",")}${names.fields.length > 30 ? ",…" : ""}`,
      );
  }
  fileOnly(`Query names: ${vocabulary.queryNames.join(", ")}`);

  crashes.slice(0, fuzzCrashes).forEach((crash, index) => {
    both();
    both(`SERVER CRASH ${index + 1} (exit ${crash.code}): ${crash.line.slice(0, 400)}`);
    if (crash.culprit) {
      const { request } = crash.culprit;
      both(
        `  culprit (crashed it again when sent alone): #${request.n} ${request.method} ${request.target.slice(0, 200)} [${request.bodyKind}; credentials ${request.auth}]`,
      );
      command(`  ${curlFor(request, credentials)}`);
    } else {
      both(
        `  not reproduced by sending the ${crash.suspects.length} requests that preceded it one by one; suspects: ${crash.suspects.map((s) => `#${s.request.n} ${s.request.method} ${s.request.target.slice(0, 60)} [${s.request.bodyKind}]`).join("; ")}`,
      );
    }
    fileOnly("  server output of the crash:");
    fileOnly(formatLog(crash.culpritLines.length ? crash.culpritLines : crash.tail, 60));
    if (crash.culprit) {
      fileOnly(`  culprit headers: ${JSON.stringify(crash.culprit.request.headers).slice(0, 800)}`);
      fileOnly(`  culprit body: ${bodyPreview(crash.culprit.request)}`);
    }
    fileOnly(
      `  requests cut off by it: ${
        [...inCrash]
          .filter((r) => r.generation === crash.generation)
          .map((r) => `#${r.request.n}`)
          .join(", ") || "none"
      }`,
    );
  });

  if (causes.size) {
    both();
    both(
      `${failures.length} failing requests (besides crashes), ${causes.size} distinct causes (each distinct failure was sent again alone; "reproduced" says whether it failed again):`,
    );
    const sorted = [...causes.values()].sort((a, b) => b.examples.length - a.examples.length);
    sorted.forEach((cause, index) => {
      const example = cause.examples[0]!;
      const routesHit = [
        ...new Set(cause.examples.map((result) => `${result.request.method} ${rowKey(result.request)}`)),
      ];
      both();
      both(
        `#${index + 1} ${cause.examples.length}× ${cause.reproduced ? "reproduced" : `NOT reproduced alone (again: ${cause.replayStatus})`}`,
      );
      both(`  server: ${cause.line.slice(0, 400)}`);
      for (const frame of cause.frames) both(`          ${frame.slice(0, 200)}`);
      both(
        `  routes: ${routesHit.slice(0, 12).join(", ")}${routesHit.length > 12 ? ` and ${routesHit.length - 12} more` : ""}`,
      );
      both(`  body kinds: ${[...new Set(cause.examples.map((result) => result.request.bodyKind))].join(", ")}`);
      both(
        `  e.g. #${example.request.n}: ${example.request.method} ${example.request.target.slice(0, 200)} -> ${statusLabel(example.outcome)}${example.outcome.detail ? ` (${example.outcome.detail})` : ""}`,
      );
      command(`  ${curlFor(example.request, credentials)}`);
    });
  }
  const listed = [...failures, ...inCrash].sort((a, b) => a.request.n - b.request.n);
  if (listed.length) {
    fileOnly();
    fileOnly("Every failing request:");
    for (const result of listed) {
      const { request, outcome } = result;
      fileOnly();
      fileOnly(
        `#${request.n} ${request.method} ${request.target} -> ${statusLabel(outcome)} in ${outcome.end - outcome.start} ms${outcome.detail ? ` (${outcome.detail})` : ""}${inCrash.has(result) ? " [cut off by a crash]" : ""}`,
      );
      fileOnly(
        `  route ${rowKey(request)}; origin ${request.origin}; credentials ${request.auth}${request.deep ? "; deep" : ""}`,
      );
      fileOnly(`  headers: ${JSON.stringify(request.headers).slice(0, 800)}`);
      fileOnly(`  body: ${bodyPreview(request)}`);
      fileOnly(`  answer: ${outcome.preview.slice(0, 300).replace(/\s+/g, " ")}`);
      fileOnly(`  ${curlFor(request, credentials)}`);
      fileOnly("  server output around it:");
      fileOnly(formatLog(logWindow(outcome.start, outcome.end)));
    }
  }

  if (crossSite.size) {
    both();
    both(
      `Cross-site changes (POST/PUT/PATCH/DELETE with a foreign Origin or Sec-Fetch-Site) that were not refused with a 4xx (reported, not counted as failures):`,
    );
    for (const [key, { count, example }] of [...crossSite].sort(([a], [b]) => a.localeCompare(b))) {
      both(
        `  ${count}× ${key}   e.g. #${example.request.n} ${example.request.target.slice(0, 120)} [${example.request.bodyKind}]`,
      );
    }
  }

  writeFileSync(CONFIG.report, `${out.join("\n")}\n`);
  console.log();
  console.log(`Full report: ${CONFIG.report} (${(statSync(CONFIG.report).size / 1024).toFixed(0)} KiB)`);
  const failed = fiveXX + timeouts + dropped + fuzzCrashes > 0;
  console.log(
    failed
      ? "FAILED: some requests answered 5xx, timed out, lost their connection or crashed the server."
      : "No 5xx, timeouts, dropped connections or crashes.",
  );
  await release();
  process.exit(failed ? 1 : 0);
}

/** The request again, with the credentials and origin of the server running now. */
function withCredentials(request: FuzzRequest, credentials: Credentials, baseUrl: string): FuzzRequest {
  const headers = { ...request.headers };
  if (request.auth === "cookie" || request.auth === "both") headers.Cookie = credentials.cookie;
  if (request.auth === "bearer" || request.auth === "both") headers.Authorization = `Bearer ${credentials.token}`;
  if (headers.Origin && /^http:\/\/127\.0\.0\.1:\d+$/.test(headers.Origin) && headers.Origin !== `http://${HOST}:1`)
    headers.Origin = baseUrl;
  return { ...request, headers };
}

releaseOnSignals(release);

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  if (logLines.length)
    console.error(
      `\nLast server output:\n${logLines
        .slice(-40)
        .map((line) => line.text)
        .join("\n")}`,
    );
  await release();
  process.exit(1);
}
