import { randomBytes } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { isPdf, rewritePdf, UnreadablePdfError } from "~/lib/pdf-files.server";
import { ValidationError } from "~/lib/service-errors";
import { serveFile } from "~/lib/upload-files.server";
import { encodePhoto, sniffKind, tooLargeMessage, type ReceivedFile } from "~/lib/uploads.server";
import { MAX_PROOF_BYTES } from "../rules/proof-limits";

/**
 * Proof documents of disbursements: a photo of a receipt or a PDF. They can name the
 * people who were helped, so they are kept apart from the public uploads, in
 * UPLOADS_DIR/private/proofs, which /api/uploads/* never serves (it serves the media
 * folders only), and reach staff only through the admin area. A photo is re-encoded
 * without its metadata (a phone writes where it was taken); a PDF is rewritten without
 * its information dictionary, XMP metadata, scripts, attachments and comments' authors,
 * in a worker thread that a hostile file cannot take the site down with.
 */
/** Wide enough to read the small print of a receipt. */
const PROOF_PHOTO_WIDTH = 2400;
const PROOF_NAME = /^[0-9a-f]{32}\.(webp|pdf)$/;
const CONTENT_TYPES = { webp: "image/webp", pdf: "application/pdf" } as const;

function proofsFolder(): string {
  return path.resolve(getEnv().UPLOADS_DIR, "private", "proofs");
}

/**
 * Stores a received photo or PDF as a proof under a random name and returns that name.
 * Anything else, a file too large or one that cannot be read is refused as `field`'s error.
 */
export async function storeProof(file: ReceivedFile, field: string): Promise<string> {
  if (file.bytes > MAX_PROOF_BYTES) throw new ValidationError({ [field]: [tooLargeMessage(MAX_PROOF_BYTES)] });
  const folder = proofsFolder();
  await mkdir(folder, { recursive: true });
  const id = randomBytes(16).toString("hex");
  if (await isPdf(file.path)) {
    try {
      await rewritePdf(file.path);
    } catch (error) {
      if (!(error instanceof UnreadablePdfError)) throw error;
      throw new ValidationError({ [field]: [error.message] });
    }
    await rename(file.path, path.join(folder, `${id}.pdf`));
    return `${id}.pdf`;
  }
  if ((await sniffKind(file)) !== "image")
    throw new ValidationError({ [field]: ["Please upload a photo (JPG, PNG, WebP or GIF) or a PDF"] });
  const target = path.join(folder, `${id}.webp`);
  try {
    await encodePhoto(file, target, { width: PROOF_PHOTO_WIDTH, quality: 85 });
  } catch {
    await rm(target, { force: true });
    throw new ValidationError({ [field]: ["This image could not be read. Please try another file."] });
  }
  return `${id}.webp`;
}

/** Removes a stored proof (its disbursement was refused). Names this site did not make are left alone. */
export async function deleteProof(name: string): Promise<void> {
  if (PROOF_NAME.test(name)) await rm(path.join(proofsFolder(), name), { force: true });
}

/**
 * A stored proof as a download for staff: never cached by a shared cache, a photo shown in
 * the browser, a PDF saved (a PDF viewer runs the document's own scripts). `downloadName`
 * is the name offered without its extension ("proof-12").
 */
export async function serveProof(request: Request, name: string, downloadName: string): Promise<Response | null> {
  const match = PROOF_NAME.exec(name);
  if (!match) return null;
  const extension = match[1] as keyof typeof CONTENT_TYPES;
  const response = await serveFile(request, path.join(proofsFolder(), name), {
    type: CONTENT_TYPES[extension],
    cacheControl: "private, no-store",
  });
  if (response.status === 404) return null;
  const disposition = extension === "pdf" ? "attachment" : "inline";
  response.headers.set("Content-Disposition", `${disposition}; filename="${downloadName}.${extension}"`);
  return response;
}
