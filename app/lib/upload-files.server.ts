import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { UPLOAD_FOLDERS, type UploadFolder } from "~/shared/media-sources";
import { getEnv } from "./env.server";

/**
 * GET /api/uploads/{folder}/{file}: uploaded media, served from UPLOADS_DIR only. The
 * folder must be one of the four media folders and the name a plain file name with a
 * known extension, so no request can read anything else. Video answers ranges (players
 * seek with them); names this site generated never change, so they are cached for good.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".ogg": "video/ogg",
  ".mov": "video/quicktime",
  ".avi": "video/x-msvideo",
};
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const GENERATED_NAME = /^[0-9a-f]{32}(-\d+)?\.(webp|mp4|webm)$/;
const FOLDERS = new Set<string>(Object.values(UPLOAD_FOLDERS));

export const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The file a request path names, or null when it names nothing servable. */
export function uploadedFilePath(splat: string): { file: string; type: string; generated: boolean } | null {
  const slash = splat.lastIndexOf("/");
  const folder = splat.slice(0, slash);
  let name: string;
  try {
    name = decodeURIComponent(splat.slice(slash + 1));
  } catch {
    return null;
  }
  if (!FOLDERS.has(folder) || !FILE_NAME.test(name) || name.includes("..")) return null;
  const type = CONTENT_TYPES[path.extname(name).toLowerCase()];
  if (!type) return null;
  const root = path.resolve(getEnv().UPLOADS_DIR);
  const file = path.resolve(root, folder as UploadFolder, name);
  if (!file.startsWith(root + path.sep)) return null;
  return { file, type, generated: GENERATED_NAME.test(name) };
}

export async function serveUpload(request: Request, splat: string): Promise<Response> {
  const target = uploadedFilePath(splat);
  if (!target) return notFound();
  return serveFile(request, target.file, {
    type: target.type,
    cacheControl: target.generated ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
}

/**
 * Streams a file from disk (never read whole), with an ETag for revalidation and byte
 * ranges, which video players seek with. A missing file is a 404.
 */
export async function serveFile(
  request: Request,
  file: string,
  options: { type: string; cacheControl: string },
): Promise<Response> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return notFound();

  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": options.type,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": info.mtime.toUTCString(),
    "Cache-Control": options.cacheControl,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = info.size - 1;
  let status = 200;
  // One range is served (players seek with one); several, or none named, get the whole file.
  const range = request.headers.get("Range");
  if (range && !range.includes(",") && range.trim() !== "bytes=-") {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    const from = match?.[1] ? Number(match[1]) : undefined;
    const to = match?.[2] ? Number(match[2]) : undefined;
    if (match && from !== undefined) {
      start = from;
      end = Math.min(to ?? end, info.size - 1);
    } else if (match && to !== undefined) {
      start = Math.max(0, info.size - to); // the last `to` bytes
    }
    if (!match || start > end || start >= info.size) {
      headers.set("Content-Range", `bytes */${info.size}`);
      return new Response(null, { status: 416, headers });
    }
    status = 206;
    headers.set("Content-Range", `bytes ${start}-${end}/${info.size}`);
  }
  headers.set("Content-Length", String(end - start + 1));
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
