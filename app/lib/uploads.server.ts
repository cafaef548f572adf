import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type busboy from "busboy";
import { IMAGE_WIDTHS, type UploadFolder } from "~/shared/media-sources";
import { getEnv } from "./env.server";
import { loadSharp } from "./image-codec.server";
import { UnreadableFormError } from "./form-body.server";
import { ValidationError } from "./service-errors";
import { stripMp4Metadata, UnreadableVideoError, videoContainer } from "./video-files.server";

/**
 * Files staff upload. Bodies are streamed to a temporary file under UPLOADS_DIR (never
 * held whole in memory), the type is read from the file's own bytes, photos are
 * re-encoded by sharp at web sizes with every bit of metadata dropped (a photo of a
 * family must never publish where it was taken), and everything is stored under a
 * random name inside its folder, so no name a client sends can reach another path.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/** Decompression bombs: a 5 MB file may not expand to more than this many pixels. */
const MAX_IMAGE_PIXELS = 50_000_000;

export type UploadKind = "image" | "video";

export interface ReceivedFile {
  path: string;
  bytes: number;
  /** The name the browser sent; only ever shown back, never used as a path. */
  clientName: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Why the file was refused (too large); the fields are still there to show again. */
  fileError?: string;
}

function uploadsRoot(): string {
  return path.resolve(getEnv().UPLOADS_DIR);
}

/** Where received files wait, plain, until their form's action stores or discards them. */
function incomingFolder(): string {
  return path.join(uploadsRoot(), ".incoming");
}

/** How long a received file may wait: no action takes this long, so an older one was left behind. */
export const INCOMING_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes received files older than `maxAgeMs` (left behind by a crash or a path that forgot
 * to discard its file). Returns how many went.
 */
export async function removeStaleIncoming(now: Date = new Date(), maxAgeMs = INCOMING_MAX_AGE_MS): Promise<number> {
  const folder = incomingFolder();
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < maxAgeMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** A folder inside UPLOADS_DIR, resolved; anything else is refused. */
export function uploadFolderPath(folder: UploadFolder): string {
  const root = uploadsRoot();
  const target = path.resolve(root, folder);
  if (!target.startsWith(root + path.sep)) throw new Error(`Not an uploads folder: ${folder}`);
  return target;
}

/**
 * Reads a multipart form, streaming the one file field `fileField` (if a file was
 * chosen) to a temporary file of at most `maxFileBytes`. Other file fields are skipped.
 * The caller removes `file.path` once done (see `discard`). A body that is not multipart
 * (no boundary) or is cut short throws an UnreadableFormError, with any partial file removed.
 */
export async function readMultipartForm(
  request: Request,
  fileField: string,
  maxFileBytes: number,
): Promise<MultipartForm> {
  if (!request.body) return { fields: {}, file: null };
  // Only staff upload files, so the multipart reader is loaded at the first upload.
  const { default: readMultipart } = await import("busboy");
  let parser: busboy.Busboy;
  try {
    parser = readMultipart({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: { files: 1, fileSize: maxFileBytes, fields: 40, fieldSize: 64 * 1024, parts: 50 },
    });
  } catch (error) {
    throw new UnreadableFormError(error instanceof Error ? error.message : "Not a multipart body", { cause: error });
  }
  const incoming = incomingFolder();
  await mkdir(incoming, { recursive: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tooLarge = false;
  const writes: Promise<void>[] = [];

  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // A form cut short inside a file fails that file's stream too; the form's own failure
    // (below) is what gets answered, and an unheard stream error would stop the server.
    stream.on("error", () => {});
    if (name !== fileField || !info.filename) {
      stream.resume();
      return;
    }
    const target = path.join(incoming, randomBytes(16).toString("hex"));
    const received: ReceivedFile = { path: target, bytes: 0, clientName: info.filename };
    file = received;
    stream.on("data", (chunk: Buffer) => {
      received.bytes += chunk.length;
    });
    stream.on("limit", () => {
      tooLarge = true;
    });
    // Readable by this process only: a family's document lies here, plain, until it is sealed.
    const write = pipeline(stream, createWriteStream(target, { mode: 0o600 }));
    // Awaited below; a file cut short also fails the form, which is what gets answered.
    write.catch(() => {});
    writes.push(write);
  });

  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream), parser);
  } catch (error) {
    await Promise.allSettled(writes);
    await discard(file);
    throw new UnreadableFormError(error instanceof Error ? error.message : "The form was cut short", { cause: error });
  }
  try {
    await Promise.all(writes);
  } catch (error) {
    // Writing to our own disk failed: logged as ours, and the form comes back with what was typed.
    console.error("Storing an upload failed:", error);
    await discard(file);
    return { fields, file: null, fileError: "The upload did not arrive whole. Please try again." };
  }
  const received = file as ReceivedFile | null;
  if (tooLarge) {
    await discard(received);
    return { fields, file: null, fileError: tooLargeMessage(maxFileBytes) };
  }
  if (received && received.bytes === 0) {
    await discard(received);
    return { fields, file: null };
  }
  return { fields, file: received };
}

/** One wording wherever a file is too large, whichever check caught it. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`;
}

export async function discard(file: ReceivedFile | null | undefined): Promise<void> {
  if (file) await rm(file.path, { force: true });
}

/** What a received file holds, by its own bytes: only the kinds this site accepts. */
export async function sniffKind(file: ReceivedFile): Promise<UploadKind | null> {
  if (await videoContainer(file.path)) return "video";
  try {
    const sharp = await loadSharp();
    const { format } = await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return format && ["jpeg", "png", "webp", "gif"].includes(format) ? "image" : null;
  } catch {
    return null;
  }
}

function newName(): string {
  return randomBytes(16).toString("hex");
}

/**
 * A photo, re-encoded as WebP at 480, 720, 960 and up to 1600 pixels wide: `{id}-480.webp`,
 * `{id}-720.webp`, `{id}-960.webp` and `{id}.webp`. Turned upright first, then stripped of every
 * metadata block (EXIF with its GPS position, XMP, IPTC, ICC). Returns `{id}.webp`.
 */
export async function storeImage(file: ReceivedFile, folder: UploadFolder, field = "file"): Promise<string> {
  if (file.bytes > MAX_IMAGE_BYTES) throw new ValidationError({ [field]: [tooLargeMessage(MAX_IMAGE_BYTES)] });
  if ((await sniffKind(file)) !== "image")
    throw new ValidationError({ [field]: ["Please upload a JPG, PNG, WebP or GIF image"] });
  const directory = uploadFolderPath(folder);
  await mkdir(directory, { recursive: true });
  const id = newName();
  try {
    for (const [index, width] of IMAGE_WIDTHS.entries()) {
      const name = index === IMAGE_WIDTHS.length - 1 ? `${id}.webp` : `${id}-${width}.webp`;
      await encodePhoto(file, path.join(directory, name), { width });
    }
  } catch {
    await Promise.all(IMAGE_WIDTHS.map((width) => rm(path.join(directory, `${id}-${width}.webp`), { force: true })));
    await rm(path.join(directory, `${id}.webp`), { force: true });
    throw new ValidationError({ [field]: ["This image could not be read. Please try another file."] });
  }
  return `${id}.webp`;
}

/**
 * An MP4 or WebM video under a random name. An MP4's recording metadata (the place a
 * phone wrote into it among others) is blanked first. Returns the stored name.
 */
export async function storeVideo(file: ReceivedFile, folder: UploadFolder, field = "file"): Promise<string> {
  const container = await videoContainer(file.path);
  if (!container) throw new ValidationError({ [field]: ["Please upload an MP4 or WebM video"] });
  if (container === "mp4") {
    try {
      await stripMp4Metadata(file.path);
    } catch (error) {
      if (error instanceof UnreadableVideoError)
        throw new ValidationError({ [field]: ["This video could not be read. Please try another file."] });
      throw error;
    }
  }
  const name = `${newName()}.${container}`;
  const directory = uploadFolderPath(folder);
  await mkdir(directory, { recursive: true });
  await rename(file.path, path.join(directory, name));
  // Received readable by this process only; a published video is readable as before.
  await chmod(path.join(directory, name), 0o644);
  return name;
}

/**
 * One WebP of a photo at most `width` pixels wide: turned upright, then written without
 * any metadata block (sharp keeps none unless asked). Throws when it cannot be read.
 */
export async function encodePhoto(
  file: ReceivedFile,
  target: string,
  options: { width: number; quality?: number },
): Promise<void> {
  const sharp = await loadSharp();
  await sharp(file.path, { limitInputPixels: MAX_IMAGE_PIXELS, animated: true, failOn: "error" })
    .rotate()
    .resize({ width: options.width, withoutEnlargement: true })
    .webp({ quality: options.quality ?? 80 })
    .toFile(target);
}

const GENERATED_PHOTO = /^([0-9a-f]{32})\.webp$/;
const GENERATED_VIDEO = /^[0-9a-f]{32}\.(mp4|webm)$/;

/** Whether `name` is a file this site stored (a photo with its widths, or a video). */
export function isStoredUploadName(name: string): boolean {
  return GENERATED_PHOTO.test(name) || GENERATED_VIDEO.test(name);
}

/**
 * Deletes a stored upload: a photo with every width it was stored at, or a video. Names
 * this site did not generate are left alone (they are URLs, or files put there by hand).
 */
export async function deleteStoredUpload(folder: UploadFolder, name: string): Promise<void> {
  const directory = uploadFolderPath(folder);
  const photo = GENERATED_PHOTO.exec(name);
  if (photo) {
    const id = photo[1];
    await Promise.all(
      [`${id}.webp`, ...IMAGE_WIDTHS.map((width) => `${id}-${width}.webp`)].map((file) =>
        rm(path.join(directory, file), { force: true }),
      ),
    );
  } else if (GENERATED_VIDEO.test(name)) {
    await rm(path.join(directory, name), { force: true });
  }
}

/** Whether a stored upload's file is still on disk. */
export async function storedUploadExists(folder: UploadFolder, name: string): Promise<boolean> {
  const info = await stat(path.join(uploadFolderPath(folder), name)).catch(() => null);
  return info?.isFile() ?? false;
}
