import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The Docker image cannot be built on these machines (base images cannot be pulled), so its
 * runtime stage is rebuilt here from the working tree: exactly the files its `COPY --from=build`
 * lines name, in a read-only folder laid out like `/app`, started as the image starts it, as
 * an unprivileged user, with the database and uploads elsewhere. A file the image would lack
 * is missing here too.
 */

/** Where the build stage keeps the site; in the working tree it is the repository itself. */
const BUILD_ROOT = "/app";

export interface RuntimeStage {
  workdir: string;
  env: Record<string, string>;
  /** Each COPY --from=build: the build stage's paths and where they land in the image. */
  copies: { sources: string[]; destination: string }[];
  command: string[];
}

/** Dockerfile lines with their continuations joined and comments dropped. */
function instructions(dockerfile: string): string[] {
  const joined = dockerfile
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** `A=1 B="two"` as one ENV instruction writes them. */
function envPairs(text: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g))
    pairs[match[1]!] = match[3] ?? match[2]!;
  return pairs;
}

/** The last stage (the one `docker build` makes the image of), as far as assembling it goes. */
export function runtimeStage(dockerfile: string): RuntimeStage {
  const lines = instructions(dockerfile);
  const from = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  if (from < 0) throw new Error("The Dockerfile has no FROM");
  const stage: RuntimeStage = { workdir: "/", env: {}, copies: [], command: [] };
  for (const line of lines.slice(from + 1)) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    switch (keyword.toUpperCase()) {
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, args);
        break;
      case "ENV":
        Object.assign(stage.env, envPairs(args));
        break;
      case "COPY": {
        const words = args.split(/\s+/);
        // Only the build stage's files can be assembled from the working tree; anything else must be taught here first.
        if (words[0] !== "--from=build" || words.length < 3)
          throw new Error(`Cannot assemble "${line}": only COPY --from=build <paths> <destination>`);
        stage.copies.push({
          sources: words.slice(1, -1),
          destination: path.posix.resolve(stage.workdir, words.at(-1)!) + (words.at(-1)!.endsWith("/") ? "/" : ""),
        });
        break;
      }
      case "ADD":
        throw new Error(`Cannot assemble "${line}": ADD is not understood here`);
      case "CMD":
        stage.command = JSON.parse(args) as string[];
        break;
    }
  }
  return stage;
}

/** Working-tree path of a path in the build stage (`/app/x` is `x` in the repository). */
function workingTreePath(repository: string, buildPath: string): string {
  if (buildPath !== BUILD_ROOT && !buildPath.startsWith(`${BUILD_ROOT}/`))
    throw new Error(`${buildPath} is outside the build stage's ${BUILD_ROOT}`);
  return path.join(repository, path.posix.relative(BUILD_ROOT, buildPath));
}

/**
 * node_modules as `npm prune --omit=dev` leaves it in the build stage: the packages the
 * lockfile does not mark as development-only (an optional one for another platform is not
 * installed here either, and is skipped).
 */
function copyProductionModules(repository: string, target: string): void {
  const lock = JSON.parse(readFileSync(path.join(repository, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const entries = Object.entries(lock.packages).filter(([key]) => key.startsWith("node_modules/"));
  const copied: string[] = [];
  for (const [key, entry] of entries.sort(([a], [b]) => a.localeCompare(b))) {
    if (entry.dev || copied.some((parent) => key.startsWith(`${parent}/`))) continue;
    if (existsSync(path.join(repository, key))) copied.push(key);
  }
  // One cp for every package: each keeps its path under node_modules (--parents).
  mkdirSync(target, { recursive: true });
  execFileSync("cp", ["-a", "--parents", ...copied, target], { cwd: repository });
  // A development-only package nested inside a production one goes too, as npm prune removes it.
  for (const [key, entry] of entries) if (entry.dev) rmSync(path.join(target, key), { recursive: true, force: true });
}

/** Copies what the runtime stage copies from the build stage into `root` (the image's `/`). */
export function assembleRuntime(stage: RuntimeStage, repository: string, root: string): void {
  for (const { sources, destination } of stage.copies) {
    const intoFolder = sources.length > 1 || destination.endsWith("/");
    for (const source of sources) {
      const landing = path.join(
        root,
        intoFolder ? path.posix.join(destination, path.posix.basename(source)) : destination,
      );
      mkdirSync(path.dirname(landing), { recursive: true });
      if (source === `${BUILD_ROOT}/node_modules`) {
        if (path.basename(landing) !== "node_modules")
          throw new Error(`node_modules must keep its name in the image, not ${landing}`);
        copyProductionModules(repository, path.dirname(landing));
      } else {
        const from = workingTreePath(repository, source);
        if (!existsSync(from))
          throw new Error(`${source} does not exist in the working tree (${from}): run npm run build first`);
        if (statSync(from).isDirectory()) mkdirSync(landing, { recursive: true });
        // Docker copies a folder's contents into the destination, as `cp -a folder/. destination` does.
        execFileSync("cp", ["-a", statSync(from).isDirectory() ? `${from}/.` : from, landing]);
      }
    }
  }
}

/**
 * Files the built server only reaches once a visitor or staff member needs them, so a start
 * and a page would not notice their absence: files addressed by `new URL(…, import.meta.url)`
 * (the PDF worker) and packages loaded at first use by `import("…")` (sharp, busboy, …).
 * Returns each one the assembled folder lacks.
 */
export function missingFirstUseFiles(app: string): string[] {
  const serverFolder = path.join(app, "build/server");
  const missing: string[] = [];
  for (const file of readdirSync(serverFolder).filter((name) => name.endsWith(".js"))) {
    const code = readFileSync(path.join(serverFolder, file), "utf8");
    for (const [, relative] of code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)) {
      const target = path.resolve(serverFolder, relative!);
      if (!existsSync(target)) missing.push(path.relative(app, target));
    }
    for (const [, specifier] of code.matchAll(/\bimport\("([^".][^"]*)"\)/g)) {
      if (specifier!.startsWith("node:")) continue;
      const name = specifier!
        .split("/")
        .slice(0, specifier!.startsWith("@") ? 2 : 1)
        .join("/");
      if (!existsSync(path.join(app, "node_modules", name, "package.json"))) missing.push(`node_modules/${name}`);
    }
  }
  return missing;
}

export interface AssembledServer {
  baseUrl: string;
  /** Everything the server printed so far (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The image's `USER node`: here nobody when the tests run as root, else whoever runs them. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** A folder the server's user may write, as the image's /data and /uploads volumes are. */
function writableFolder(parent: string, name: string, user: { uid: number; gid: number } | undefined): string {
  const folder = path.join(parent, name);
  mkdirSync(folder);
  if (user) chownSync(folder, user.uid, user.gid);
  return folder;
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/**
 * Assembles the runtime stage of `dockerfile` from `repository` in a temporary folder made
 * read-only, and starts it with the image's command and environment as an unprivileged
 * user, the database and uploads in folders of their own. Resolves once it listens.
 */
export async function startAssembledImage(
  dockerfile: string,
  repository: string,
): Promise<{ server: AssembledServer; app: string }> {
  const stage = runtimeStage(dockerfile);
  const [program, ...args] = stage.command;
  if (program !== "node") throw new Error(`The image's CMD starts ${program}, not node`);
  const scratch = mkdtempSync(path.join(tmpdir(), "charity-image-"));
  // mkdtemp makes the folder private to its owner; the server's user must reach /app inside it.
  chmodSync(scratch, 0o755);
  const root = path.join(scratch, "root");
  assembleRuntime(stage, repository, root);
  const app = path.join(root, stage.workdir);
  execFileSync("chmod", ["-R", "a-w", root]);
  const user = unprivilegedUser();
  const data = writableFolder(scratch, "data", user);
  const uploads = writableFolder(scratch, "uploads", user);
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: app,
    ...user,
    // The image's environment and nothing of the test runner's, but for PATH and a home.
    env: {
      PATH: process.env.PATH,
      HOME: data,
      ...stage.env,
      DATABASE_URL: `file:${path.join(data, "charity.sqlite")}`,
      UPLOADS_DIR: uploads,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const server: AssembledServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      await stopped(child);
      execFileSync("chmod", ["-R", "u+w", scratch]);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
  const listening = await new Promise<boolean>((resolve) => {
    const check = () => output.includes("Charity site listening") && resolve(true);
    child.stdout!.on("data", check);
    child.once("exit", () => resolve(false));
    setTimeout(() => resolve(false), 60_000).unref();
  });
  if (!listening) {
    await server.stop();
    throw new Error(`The assembled image did not start:\n${output}`);
  }
  return { server, app };
}
