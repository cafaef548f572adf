// nginx for `npm run bench`: as the yardstick, it serves the very bytes our server sent for a
// page, from a throw-away folder on a free port of this machine, so the two can be measured
// side by side; as the one port in front of several app processes, it shares visitors among
// them as a charity's deployment would. It is only used when nginx is installed (Debian's
// `nginx` package); the bench never needs it.
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, serverGone } from "./local-server";

const STARTUP_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;

export interface NginxReference {
  baseUrl: string;
  /** Stops nginx and its workers and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** nginx on PATH, or where Debian's package puts it; undefined when it is not installed. */
export function findNginx(): string | undefined {
  return findProgram("nginx");
}

/** A program on PATH or in /usr/sbin (where Debian puts nginx), or undefined. */
export function findProgram(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin"];
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/**
 * A plain configuration, as a charity would deploy one: workers for every core, sendfile,
 * keep-alive without a request limit per connection (as Node's server), no access log and no
 * gzip (the load tool asks for none, and our server is measured without it too). `site` is
 * what the server block does: serve the folder, or pass to the app processes.
 */
function configuration(dir: string, port: number, site: string): string {
  const at = (name: string) => path.join(dir, name);
  return `daemon off;
pid ${at("nginx.pid")};
error_log ${at("error.log")} warn;
worker_processes auto;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip off;
  default_type text/html;
  client_body_temp_path ${at("tmp-body")};
  proxy_temp_path ${at("tmp-proxy")};
  fastcgi_temp_path ${at("tmp-fastcgi")};
  uwsgi_temp_path ${at("tmp-uwsgi")};
  scgi_temp_path ${at("tmp-scgi")};
${site}
}
`;
}

/** Serves the folder's index.html. */
const staticSite = (dir: string, port: number) => `  server {
    listen 127.0.0.1:${port};
    root ${path.join(dir, "www")};
    index index.html;
  }`;

/**
 * Passes every request to the app processes in turn (round-robin), over kept-alive
 * connections to each, as the one port visitors reach.
 */
const proxySite = (port: number, upstreams: number[]) => `  upstream app {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
    keepalive 64;
    keepalive_requests 1000000;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering on;
    }
  }`;

async function waitForPage(baseUrl: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (serverGone(child)) {
      const log = await readFile(errorLog, "utf8").catch(() => "");
      throw new Error(`nginx exited during start-up (code ${child.exitCode ?? child.signalCode})\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** Ends nginx's whole process group (master and workers): gracefully first, then for sure. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || serverGone(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGTERM");
  const force = setTimeout(() => signalGroup("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(force);
  // Workers follow their master; make sure none outlives it.
  signalGroup("SIGKILL");
}

/** Starts nginx serving `body` as `/` (index.html) on a free port of 127.0.0.1. */
export async function startNginxServing(nginx: string, body: Uint8Array): Promise<NginxReference> {
  return startNginx(nginx, async (dir, port) => {
    await mkdir(path.join(dir, "www"), { mode: 0o755 });
    await writeFile(path.join(dir, "www", "index.html"), body, { mode: 0o644 });
    return staticSite(dir, port);
  });
}

/** Starts nginx on a free port of 127.0.0.1 in front of the app processes listening on `upstreams`. */
export async function startNginxProxy(nginx: string, upstreams: number[]): Promise<NginxReference> {
  return startNginx(nginx, async (_dir, port) => proxySite(port, upstreams));
}

/** nginx in a throw-away folder on a free port, with the server block `site` makes; ready once `/` answers 200. */
async function startNginx(
  nginx: string,
  site: (dir: string, port: number) => Promise<string>,
): Promise<NginxReference> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "charity-bench-nginx-"));
  // nginx's workers may run as another user (www-data when started as root): let them read.
  await chmod(dir, 0o755);
  const port = await freePort();
  await writeFile(path.join(dir, "nginx.conf"), configuration(dir, port, await site(dir, port)));
  const errorLog = path.join(dir, "error.log");
  // Its own process group, so the master and its workers can be stopped together by id.
  const child = spawn(nginx, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", errorLog], {
    detached: true,
    stdio: "ignore",
  });
  // A binary that cannot be run shows as an exit during start-up rather than a crash.
  child.once("error", () => undefined);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopGroup(child);
    await rm(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForPage(baseUrl, child, errorLog);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
