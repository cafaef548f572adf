import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { bytesSealedWith, openBytes, sealBytes } from "~/lib/data-encryption.server";
import { getKeyRing } from "~/lib/data-keys.server";
import { getEnv } from "~/lib/env.server";
import { CASE_FIELDS, sealedContext } from "~/applications/records/index.server";

/**
 * An applicant's documents on disk, as the rotation and the retention round reach them: sealed
 * files (app/lib/data-encryption.server.ts, `sealBytes`) named by their random stored name in
 * UPLOADS_DIR/private/applications, each sealed to its case and name (CASE_FIELDS.documentFile).
 */
const STORED_NAME = /^[0-9a-f]{32}$/;

export function documentFilePath(storedName: string): string | null {
  if (!STORED_NAME.test(storedName)) return null;
  return path.join(path.resolve(getEnv().UPLOADS_DIR, "private", "applications"), storedName);
}

/** Seals a document again with the current key; false when it already was, is missing, or is no sealed file. */
export async function resealDocumentFile(ref: string, storedName: string): Promise<boolean> {
  const file = documentFilePath(storedName);
  if (!file) return false;
  const sealed = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  const ring = getKeyRing();
  const keyId = sealed ? bytesSealedWith(sealed) : undefined;
  if (!sealed || !keyId || keyId === ring.current.id) return false;
  const context = sealedContext(ref, CASE_FIELDS.documentFile(storedName));
  // Through a temporary name: a rotation stopped half way leaves the old file or the new, never half of one.
  const partial = `${file}.resealing`;
  await writeFile(partial, sealBytes(openBytes(sealed, context, ring), context, ring), { mode: 0o600 });
  await rename(partial, file);
  return true;
}

export async function deleteDocumentFile(storedName: string): Promise<void> {
  const file = documentFilePath(storedName);
  if (file) await rm(file, { force: true });
}
