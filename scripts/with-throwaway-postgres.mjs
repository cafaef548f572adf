#!/usr/bin/env node
// Runs a command with TEST_POSTGRES_URL naming a PostgreSQL cluster the tests may fill and
// empty at will. When TEST_POSTGRES_URL is already set (CI's cluster, or one of your own)
// it is used as is; otherwise a throw-away cluster is made in a temporary folder from
// Debian's postgresql package, started on a free port for this command alone, and removed
// afterwards. As root, the cluster runs as the unprivileged `postgres` (or `nobody`) user:
// PostgreSQL refuses to run as root.
//
//   node scripts/with-throwaway-postgres.mjs npm run test:postgres:suites
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("Usage: node scripts/with-throwaway-postgres.mjs <command> [args...]");
  process.exit(2);
}

function postgresBinaries() {
  const fromPath = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates = [];
  if (fromPath.status === 0) candidates.push(fromPath.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, "bin"));
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** As root, the user the cluster runs as; otherwise this user. */
function clusterUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ["postgres", "nobody"]) {
    if (spawnSync("id", ["-u", user]).status === 0) return user;
  }
  throw new Error("Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as");
}

function asClusterUser(user, file, args) {
  return user ? ["runuser", ["-u", user, "--", file, ...args]] : [file, args];
}

async function startCluster(bin) {
  const user = clusterUser();
  const folder = mkdtempSync(path.join(tmpdir(), "charity-postgres-"));
  chmodSync(folder, 0o777);
  if (user) execFileSync("chown", [user, folder]);
  const data = path.join(folder, "data");
  const port = await freePort();
  const run = (file, args) => {
    const [program, programArgs] = asClusterUser(user, path.join(bin, file), args);
    execFileSync(program, programArgs, { stdio: ["ignore", "ignore", "inherit"], cwd: folder });
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"]);
  // A throw-away cluster: durability is not wanted, speed is.
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=400",
  ].join(" ");
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(folder, "postgres.log"), "-w", "start"]);
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Already gone.
    }
    rmSync(folder, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

async function main() {
  let url = process.env.TEST_POSTGRES_URL;
  let stop = () => {};
  if (!url) {
    const bin = postgresBinaries();
    if (!bin) {
      console.error(
        "The PostgreSQL pass of the tests needs PostgreSQL: install Debian's postgresql package " +
          "(apt-get install postgresql), or set TEST_POSTGRES_URL to an admin URL of a cluster the tests may use " +
          "(e.g. postgres://postgres@127.0.0.1:5432/postgres).",
      );
      process.exit(1);
    }
    const cluster = await startCluster(bin);
    url = cluster.url;
    stop = cluster.stop;
    console.log(`A throw-away PostgreSQL cluster for the tests: ${url}`);
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, TEST_POSTGRES_URL: url },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

await main();
