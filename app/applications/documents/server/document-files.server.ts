import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { bytesSealedWith, openBytes, sealBytes } from "~/lib/data-encryption.server";
import { getKeyRing } from "~/lib/data-keys.server";
import { getEnv } from "~/lib/env.server";
import { loadSharp } from "~/lib/image-codec.server";
import { isPdf, rewritePdf, UnreadablePdfError } from "~/lib/pdf-files.server";
import { ValidationError } from "~/lib/service-errors";
import { tooLargeMessage, type ReceivedFile } from "~/lib/uploads.server";
import { MAX_DOCUMENT_BYTES, WRONG_KIND_MESSAGE, type DocumentFormat } from "../rules/document-rules";

/**
 * A family's documents on disk (issue 31): cleaned as the ledger's proofs are (a PDF
 * rewritten without its metadata and active content in the PDF worker; a photo turned
 * upright and written again in its own format, JPEG or PNG, with no EXIF, GPS, XMP or ICC
 * block), then sealed with AES-256-GCM under the site's data key before a byte is written,
 * in UPLOADS_DIR/private/applications, which nothing serves but the documents slice.
 *
 * A sealed file is lib's `sealBytes` form (`ZAD1`, the key id, IV, tag, ciphertext), sealed
 * to its place (the case's reference and the stored name, as additional
 * data): a file copied under another name or case does not open. The key id says which key
 * sealed it, so the key rotation finds the files to seal again.
 */
const STORED_NAME = /^[0-9a-f]{32}$/;
/** Wide enough for a bank statement's small print. */
const DOCUMENT_PHOTO_WIDTH = 3000;
/** Decompression bombs: a 10 MB photo may not expand to more than this many pixels. */
const MAX_IMAGE_PIXELS = 60_000_000;

export function documentsFolder(): string {
  return path.resolve(getEnv().UPLOADS_DIR, "private", "applications");
}

export function newStoredName(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The received file's bytes without their metadata, and what it is by its own bytes.
 * Anything but a PDF, a JPEG or a PNG, a file too large, or one that cannot be read is
 * refused as `field`'s error. The temporary file is the caller's to discard.
 */
export async function cleanDocument(
  file: ReceivedFile,
  field: string,
): Promise<{ bytes: Buffer; format: DocumentFormat }> {
  if (file.bytes > MAX_DOCUMENT_BYTES) throw new ValidationError({ [field]: [tooLargeMessage(MAX_DOCUMENT_BYTES)] });
  if (await isPdf(file.path)) {
    try {
      await rewritePdf(file.path);
    } catch (error) {
      if (!(error instanceof UnreadablePdfError)) throw error;
      throw new ValidationError({ [field]: [error.message] });
    }
    return { bytes: await readFile(file.path), format: "pdf" };
  }
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== "jpeg" && format !== "png") throw new ValidationError({ [field]: [WRONG_KIND_MESSAGE] });
  try {
    // sharp writes no metadata block unless asked: the EXIF (with a phone's GPS position) stays behind.
    const image = sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: DOCUMENT_PHOTO_WIDTH, withoutEnlargement: true });
    const bytes = await (
      format === "jpeg" ? image.jpeg({ quality: 88 }) : image.png({ compressionLevel: 9 })
    ).toBuffer();
    return { bytes, format };
  } catch {
    throw new ValidationError({ [field]: ["This image could not be read. Please try another file."] });
  }
}

function fileOf(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error("Not a stored document's name");
  return path.join(documentsFolder(), storedName);
}

/** Seals `bytes` and writes them as `storedName`, through a temporary name: a half-written file is never read. */
export async function writeSealedDocument(storedName: string, bytes: Buffer, context: string): Promise<void> {
  const target = fileOf(storedName);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  await writeFile(partial, sealBytes(bytes, context, getKeyRing()), { mode: 0o600 });
  await rename(partial, target);
}

/** The stored document's plain bytes, or null when its file is missing. */
export async function readSealedDocument(storedName: string, context: string): Promise<Buffer | null> {
  const sealed = await readFile(fileOf(storedName)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  return sealed ? openBytes(sealed, context, getKeyRing()) : null;
}

export async function deleteSealedDocument(storedName: string): Promise<void> {
  if (STORED_NAME.test(storedName)) await rm(fileOf(storedName), { force: true });
}

/** The file of a stored name, or null for a name this site did not make (the rotation and erasure walk rows). */
export function documentFilePath(storedName: string): string | null {
  return STORED_NAME.test(storedName) ? fileOf(storedName) : null;
}

/** Seals a document again with the current key (the rotation); false when it already was, is missing or is none. */
export async function resealDocumentFile(storedName: string, context: string): Promise<boolean> {
  const file = documentFilePath(storedName);
  if (!file) return false;
  const sealed = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  const ring = getKeyRing();
  const keyId = sealed ? bytesSealedWith(sealed) : undefined;
  if (!sealed || !keyId || keyId === ring.current.id) return false;
  // Through a temporary name: a rotation stopped half way leaves the old file or the new, never half of one.
  const partial = `${file}.resealing`;
  await writeFile(partial, sealBytes(openBytes(sealed, context, ring), context, ring), { mode: 0o600 });
  await rename(partial, file);
  return true;
}
