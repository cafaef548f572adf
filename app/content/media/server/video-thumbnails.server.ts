import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { loadSharp } from "~/lib/image-codec.server";
import { notFound, serveFile } from "~/lib/upload-files.server";

/**
 * GET /api/video-thumbnails/{youtubeId}.webp: a YouTube video's still, fetched once by the
 * server and kept under UPLOADS_DIR/.thumbnails, so a visitor's browser makes no request
 * to Google until they choose to play the video (the site makes no third-party request on page
 * load). The still is re-encoded as WebP, which also proves it is an image. When YouTube cannot
 * be reached the answer is a short-lived 404 and the page shows its placeholder. Only
 * videos the site shows (`isShown`) are fetched, so nobody can use the server to fetch
 * or store anything else.
 */
const VIDEO_FILE = /^([A-Za-z0-9_-]{11})\.webp$/;
const MAX_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
/** After a failed fetch, the same video is not asked for again for a while. */
const RETRY_AFTER_MS = 10 * 60 * 1000;
const MAX_REMEMBERED_FAILURES = 200;

const failedAt = new Map<string, number>();
const fetching = new Map<string, Promise<boolean>>();

function thumbnailFolder(): string {
  return path.join(path.resolve(getEnv().UPLOADS_DIR), ".thumbnails", "youtube");
}

export async function serveYouTubeThumbnail(
  request: Request,
  fileName: string,
  isShown: (youTubeId: string) => Promise<boolean>,
): Promise<Response> {
  const id = VIDEO_FILE.exec(fileName)?.[1];
  if (!id || !(await isShown(id))) return notFound();
  const file = path.join(thumbnailFolder(), `${id}.webp`);
  if (!(await stat(file).catch(() => null)) && !(await fetchOnce(id, file))) {
    return new Response("Thumbnail not available", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
    });
  }
  // A video's still rarely changes; a day lets a replaced one show up soon enough.
  return serveFile(request, file, { type: "image/webp", cacheControl: "public, max-age=86400" });
}

/** One fetch per video at a time, and none while a recent failure stands. */
function fetchOnce(id: string, file: string): Promise<boolean> {
  const failed = failedAt.get(id);
  if (failed && Date.now() - failed < RETRY_AFTER_MS) return Promise.resolve(false);
  let pending = fetching.get(id);
  if (!pending) {
    pending = download(id, file)
      .then(() => {
        failedAt.delete(id);
        return true;
      })
      .catch((error) => {
        if (failedAt.size >= MAX_REMEMBERED_FAILURES) failedAt.delete(failedAt.keys().next().value!);
        failedAt.set(id, Date.now());
        console.warn(
          `YouTube thumbnail ${id} could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
        );
        return false;
      })
      .finally(() => fetching.delete(id));
    fetching.set(id, pending);
  }
  return pending;
}

async function download(id: string, file: string): Promise<void> {
  const base = getEnv().YOUTUBE_THUMBNAIL_BASE;
  const response = await fetch(`${base}/vi/${id}/hqdefault.jpg`, {
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    redirect: "error",
  });
  if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > MAX_BYTES) throw new Error("too large");
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
    if (bytes > MAX_BYTES) {
      await reader.cancel();
      throw new Error("too large");
    }
    chunks.push(part.value);
  }
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(6).toString("hex")}.part`;
  const sharp = await loadSharp();
  try {
    await sharp(Buffer.concat(chunks), { limitInputPixels: 4_000_000 })
      .resize({ width: 480, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** For tests: forget remembered failures. */
export function resetThumbnailFailures(): void {
  failedAt.clear();
}
