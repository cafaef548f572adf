import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetThumbnailFailures } from "~/content/media/server/video-thumbnails.server";
import * as thumbnailApi from "~/content/media/routes/api-video-thumbnail";
import { updateSetting } from "~/content/settings/server/settings.server";
import { callRoute } from "../support/routes";

/**
 * YouTube stills reach the visitor through this site: fetched once from the (here local,
 * real HTTP) thumbnail host as JPEG, re-encoded as WebP, cached on disk, and only for
 * videos the site shows; a failure is a quiet 404.
 */
const requests: string[] = [];
let upstream: Server;
let still: Buffer;

beforeAll(async () => {
  still = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#446688" } })
    .jpeg()
    .withExif({ IFD0: { Make: "UpstreamCam" } })
    .toBuffer();
  upstream = createServer((request, response) => {
    requests.push(request.url ?? "");
    if (request.url === "/vi/AAAAAAAAAAA/hqdefault.jpg" || request.url === "/vi/CCCCCCCCCCC/hqdefault.jpg") {
      response.writeHead(200, { "Content-Type": "image/jpeg" }).end(still);
    } else if (request.url === "/vi/HTMLHTMLHTM/hqdefault.jpg") {
      response.writeHead(200, { "Content-Type": "image/jpeg" }).end("<html>not an image</html>");
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  process.env.YOUTUBE_THUMBNAIL_BASE = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.YOUTUBE_THUMBNAIL_BASE;
  resetEnvCache();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(async () => {
  requests.length = 0;
  resetThumbnailFailures();
  await updateSetting("hero_video", { value: "https://www.youtube.com/watch?v=AAAAAAAAAAA" });
  await updateSetting("gallery_item_2", { value: "https://youtu.be/BBBBBBBBBBB" });
  await getDb().deleteFrom("stories").execute();
  await getDb()
    .insertInto("stories")
    .values([
      {
        title: "Shown",
        summary: "s",
        content: "c",
        is_active: 1,
        video_url: "https://www.youtube.com/embed/HTMLHTMLHTM",
      },
      { title: "Draft", summary: "s", content: "c", is_active: 0, video_url: "https://youtu.be/DDDDDDDDDDD" },
    ])
    .execute();
});

const get = (file: string) =>
  callRoute(thumbnailApi.loader, `/api/video-thumbnails/${file}`, { params: { file } }) as Promise<Response>;

describe("GET /api/video-thumbnails/{id}.webp", () => {
  it("fetches a still once, strips it, and serves it from disk afterwards", async () => {
    const [first, second] = await Promise.all([get("AAAAAAAAAAA.webp"), get("AAAAAAAAAAA.webp")]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
    }
    const image = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 480 });
    expect(meta.exif).toBeUndefined();
    expect(image.includes(Buffer.from("UpstreamCam"))).toBe(false);
    const again = await get("AAAAAAAAAAA.webp");
    expect(again.status).toBe(200);
    expect(requests).toEqual(["/vi/AAAAAAAAAAA/hqdefault.jpg"]);
  });

  it("answers 404 when the host has no still, and does not ask again at once", async () => {
    expect((await get("BBBBBBBBBBB.webp")).status).toBe(404);
    expect((await get("BBBBBBBBBBB.webp")).status).toBe(404);
    expect(requests).toEqual(["/vi/BBBBBBBBBBB/hqdefault.jpg"]);
    expect((await get("HTMLHTMLHTM.webp")).status).toBe(404);
  });

  it("asks the host nothing for a video the site does not show, or a name that is not a YouTube id", async () => {
    for (const file of [
      "CCCCCCCCCCC.webp",
      "DDDDDDDDDDD.webp",
      "short.webp",
      "AAAAAAAAAAA.jpg",
      "..%2F..%2Fetc.webp",
      "AAAAAAAAAA%2F.webp",
      "CCCCCCCCCCCC.webp",
    ]) {
      expect((await get(file)).status, file).toBe(404);
    }
    expect(requests).toEqual([]);
  });
});
