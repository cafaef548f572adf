import { createHmac, hkdfSync } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  DataKeyError,
  dataKeyFromHex,
  newDataKeyHex,
  openValue,
  sealValue,
  type KeyRing,
} from "./data-encryption.server";
import { databaseEngine, databaseFilePath, getEnv, type Env } from "./env.server";

/**
 * Where the site's data key comes from: `DATA_ENCRYPTION_KEY`, else (SQLite) the file
 * `data-encryption-key` beside the database, written on first use as the session secret is, so
 * a small site works without setting anything and the key lives with the data it opens (the
 * going-live guide says to set it, and to keep a copy apart from the backups). On PostgreSQL
 * several processes must share one key, so there it must be set.
 * `DATA_ENCRYPTION_OLD_KEYS` names keys that values may still be sealed with during a rotation.
 */
export const DATA_KEY_FILE = "data-encryption-key";

export function dataKeyFile(env: Env = getEnv()): string {
  return path.join(path.dirname(path.resolve(databaseFilePath(env))), DATA_KEY_FILE);
}

function currentKeyHex(env: Env, create: boolean): string {
  if (env.DATA_ENCRYPTION_KEY) return env.DATA_ENCRYPTION_KEY;
  if (databaseEngine(env) === "postgres") {
    throw new DataKeyError(
      "DATA_ENCRYPTION_KEY is required with a postgres:// DATABASE_URL: every process must seal and open personal data with the same key",
    );
  }
  const file = dataKeyFile(env);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  if (!create) throw new DataKeyError(`No DATA_ENCRYPTION_KEY is set and ${file} does not exist`);
  mkdirSync(path.dirname(file), { recursive: true });
  const hex = newDataKeyHex();
  writeFileSync(file, `${hex}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return hex;
}

export function resolveKeyRing(env: Env = getEnv(), { create = true } = {}): KeyRing {
  const current = dataKeyFromHex(currentKeyHex(env, create));
  const older = (env.DATA_ENCRYPTION_OLD_KEYS ?? "")
    .split(",")
    .map((hex) => hex.trim())
    .filter(Boolean)
    .map(dataKeyFromHex)
    .filter((key) => key.id !== current.id);
  return { current, older };
}

let cached: KeyRing | undefined;
export function getKeyRing(): KeyRing {
  cached ??= resolveKeyRing();
  return cached;
}

/** Seals with this ring from now on (the rotation command: the new key, opening values under the old ones). */
export function sealWithKeyRing(ring: KeyRing): void {
  cached = ring;
  matchSecret = undefined;
}

/** Forgets the loaded key (tests that change the environment, the rotation command). */
export function forgetKeyRing(): void {
  cached = undefined;
  matchSecret = undefined;
}

export function seal(plain: string, context: string): string {
  return sealValue(plain, context, getKeyRing());
}

export function unseal(sealed: string, context: string): string {
  return openValue(sealed, context, getKeyRing());
}

export function sealJson(value: unknown, context: string): string {
  return seal(JSON.stringify(value), context);
}

export function unsealJson<T>(sealed: string, context: string): T {
  return JSON.parse(unseal(sealed, context)) as T;
}

let matchSecret: Buffer | undefined;

/**
 * A keyed hash (HMAC-SHA-256) of an already normalised value, to find the same email, phone
 * or person again without keeping them: the secret is derived from the current data key, so
 * whoever reads the database cannot test a guess. A rotation computes them again.
 */
export function matchKey(kind: string, normalised: string, ring: KeyRing = getKeyRing()): string {
  const secret =
    ring === cached && matchSecret
      ? matchSecret
      : Buffer.from(hkdfSync("sha256", ring.current.key, Buffer.alloc(0), "zakat-applications match keys", 32));
  if (ring === cached) matchSecret = secret;
  return createHmac("sha256", secret).update(`${kind}\u0000${normalised}`).digest("base64url");
}
