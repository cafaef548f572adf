// Builds the site when the build is missing or older than the sources. Where the
// sources are absent (the Docker image ships only the build), there is nothing to do.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BUILD_ENTRY = "build/server/index.js";
const SOURCES = [
  "app",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/**
 * The first thing a new self-hoster reads should be the admin sign-in box, not the
 * bundler's progress, its deprecation notes or its plugin timings: the build's own output
 * is kept back and shown only when the build fails (`npm run build` still shows it all).
 */
export function ensureBuild() {
  process.chdir(projectRoot);
  if (!existsSync("app")) return;
  const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
  if (builtAt > 0 && !SOURCES.some((source) => newestChange(source) > builtAt)) return;
  const startedAt = Date.now();
  process.stdout.write(
    builtAt === 0 ? "Building the site (first start)... " : "Sources changed: rebuilding the site... ",
  );
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], {
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write("failed.\n");
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(
      result.error ? `The build could not run: ${result.error.message}` : "The build failed; see the messages above.",
    );
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - startedAt) / 1000)} s.`);
}
