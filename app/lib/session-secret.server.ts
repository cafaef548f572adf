import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { databaseFilePath, getEnv, type Env } from "./env.server";

/**
 * SESSION_SECRET signs the admin cookie. Without it, one is generated on first start and
 * kept beside the database, so sign-ins survive restarts and the secret lives with the data.
 */
export function resolveSessionSecret(env: Env = getEnv()): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(path.dirname(path.resolve(databaseFilePath(env))), "session-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

let cached: string | undefined;
export function getSessionSecret(): string {
  cached ??= resolveSessionSecret();
  return cached;
}
