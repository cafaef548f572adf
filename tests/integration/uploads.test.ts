import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as storiesScreen from "~/content/stories/routes/admin-stories";
import * as mediaScreen from "~/content/media/routes/admin-media";
import * as uploadsApi from "~/content/media/routes/api-uploads";
import { getSetting, updateSetting } from "~/content/settings/server/settings.server";
import {
  createTestimonial,
  deleteTestimonial,
  updateTestimonial,
} from "~/content/testimonials/server/testimonials.server";
import { whileWritesFail } from "../support/database-engine";
import { phonePhoto } from "../support/photos";
import { heicPhoto, phoneVideo, RECORDED_AT } from "../support/videos";
import { callRoute, callWithRequest, multipartRequest, unwrapData } from "../support/routes";

/**
 * Files staff upload are checked by content, re-encoded without a trace of where a photo
 * was taken, stored under random names, and served back from the uploads folder only.
 */
const uploadsDir = () => process.env.UPLOADS_DIR!;

const STORY_FIELDS = {
  intent: "save",
  title: "Water for Al-Noor",
  summary: "A well for 300 families",
  content: "It took a month.",
  is_active: "on",
};

async function stored(folder: string): Promise<string[]> {
  return (await readdir(path.join(uploadsDir(), folder)).catch(() => [] as string[])).sort();
}

async function incomingLeftovers(): Promise<string[]> {
  return readdir(path.join(uploadsDir(), ".incoming")).catch(() => []);
}

beforeEach(async () => {
  await getDb().deleteFrom("stories").execute();
  for (const folder of ["stories", "media"])
    await rm(path.join(uploadsDir(), folder), { recursive: true, force: true });
});

describe("a story photo uploaded on the admin form", () => {
  it("is stored at four web widths with every metadata block removed", async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before.exif, "the test photo itself must carry EXIF, or this test proves nothing").toBeDefined();
    expect((await sharp(original).keepExif().toBuffer()).includes(Buffer.from("PhoneMaker"))).toBe(true);

    const response = await callWithRequest(
      storiesScreen.action,
      multipartRequest("/admin/stories", {
        ...STORY_FIELDS,
        image_file: { data: original, name: "IMG_2041.JPG", type: "image/jpeg" },
      }),
    );
    expect(unwrapData(response)).toMatchObject({ status: 302 });
    const story = await getDb().selectFrom("stories").selectAll().executeTakeFirstOrThrow();
    expect(story.image_filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    const id = story.image_filename.replace(".webp", "");
    expect(await stored("stories")).toEqual(
      [`${id}-480.webp`, `${id}-720.webp`, `${id}-960.webp`, `${id}.webp`].sort(),
    );

    for (const [name, width] of [
      [`${id}-480.webp`, 480],
      [`${id}-720.webp`, 720],
      [`${id}-960.webp`, 960],
      [`${id}.webp`, 1600],
    ] as const) {
      const bytes = await readFile(path.join(uploadsDir(), "stories", name));
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
      expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    }
    expect(await incomingLeftovers()).toEqual([]);
  });

  it("refuses a file that is not an image, whatever its name, and keeps what was typed", async () => {
    const result = await callWithRequest(
      storiesScreen.action,
      multipartRequest("/admin/stories", {
        ...STORY_FIELDS,
        image_file: { data: new TextEncoder().encode("#!/bin/sh\necho hi\n"), name: "photo.jpg", type: "image/jpeg" },
      }),
    );
    const { status, data } = unwrapData(result);
    expect(status).toBe(400);
    const reply = (data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error.image_file).toEqual(["Please upload a JPG, PNG, WebP or GIF image"]);
    expect(reply.initialValue).toMatchObject({ title: STORY_FIELDS.title, summary: STORY_FIELDS.summary });
    expect(await getDb().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(await incomingLeftovers()).toEqual([]);
  });

  it("refuses a photo over 5 MB without keeping any of it", async () => {
    const huge = new Uint8Array(5 * 1024 * 1024 + 10).fill(7);
    huge.set(await phonePhoto(40, 40));
    const result = await callWithRequest(
      storiesScreen.action,
      multipartRequest("/admin/stories", {
        ...STORY_FIELDS,
        image_file: { data: huge, name: "big.jpg", type: "image/jpeg" },
      }),
    );
    const { status, data } = unwrapData(result);
    expect(status).toBe(400);
    expect((data as { result: { error: Record<string, string[]> } }).result.error.image_file).toEqual([
      "The file is larger than 5 MB",
    ]);
    expect(await getDb().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(await incomingLeftovers()).toEqual([]);
  });
});

describe("a photo leaving the site", () => {
  const upload = async (fields: Record<string, string>) => {
    const response = await callWithRequest(
      storiesScreen.action,
      multipartRequest("/admin/stories", {
        ...STORY_FIELDS,
        ...fields,
        image_file: { data: await phonePhoto(900, 600), name: "a.jpg", type: "image/jpeg" },
      }),
    );
    expect(unwrapData(response).status).toBe(302);
    return getDb().selectFrom("stories").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  };

  it("takes its files with it when the story gets another photo or is deleted", async () => {
    const first = await upload({});
    expect(await stored("stories")).toHaveLength(4);
    const replaced = await upload({ id: String(first.id) });
    expect(replaced.id).toBe(first.id);
    expect(
      (await stored("stories")).every((file) => file.startsWith(replaced.image_filename.replace(".webp", ""))),
    ).toBe(true);
    expect(await stored("stories")).toHaveLength(4);

    const gone = await callRoute(storiesScreen.action, "/admin/stories", {
      form: { intent: "delete", id: String(first.id) },
    });
    expect(unwrapData(gone).status).toBe(302);
    expect(await stored("stories")).toEqual([]);
  });

  it("stays while another record still shows it", async () => {
    const story = await upload({});
    await getDb()
      .insertInto("stories")
      .values({ title: "Same photo", summary: "s", content: "c", image_filename: story.image_filename })
      .execute();
    await callRoute(storiesScreen.action, "/admin/stories", { form: { intent: "delete", id: String(story.id) } });
    expect(await stored("stories")).toHaveLength(4);
  });

  it("cannot be brought back by a form loaded before it was replaced", async () => {
    const first = await upload({});
    const photoA = first.image_filename;
    const second = await upload({ id: String(first.id) });
    const photoB = second.image_filename;
    // A second tab still holds the form as it was, naming photo A, whose files are gone.
    const stale = await callRoute(storiesScreen.action, "/admin/stories", {
      form: { ...STORY_FIELDS, id: String(first.id), title: "Typo fixed", image_filename: photoA },
    });
    const { status, data } = unwrapData(stale);
    expect(status).toBe(400);
    expect((data as { result: { error: Record<string, string[]> } }).result.error.image_filename).toEqual([
      "This file was replaced or removed in the meantime. Reload the page, or upload it again.",
    ]);
    expect(
      await getDb().selectFrom("stories").select("image_filename").where("id", "=", first.id).executeTakeFirst(),
    ).toEqual({ image_filename: photoB });
    expect(await stored("stories")).toHaveLength(4);
  });

  it("stays while another record shows it by its address", async () => {
    const slot = (data: Buffer) =>
      callWithRequest(
        mediaScreen.action,
        multipartRequest("/admin/media", {
          key: "program_image_1",
          intent: "upload",
          file: { data, name: "p.jpg", type: "image/jpeg" },
        }),
      );
    await slot(await phonePhoto(800, 600));
    const first = (await getSetting("program_image_1")).value;
    await updateSetting("gallery_item_1", {
      value: `https://charity.example/api/uploads/media/images/${first.replace(".webp", "-960.webp")}`,
    });
    await slot(await phonePhoto(800, 600));
    expect((await stored("media/images")).filter((file) => file.startsWith(first.replace(".webp", "")))).toHaveLength(
      4,
    );
    await updateSetting("gallery_item_1", { value: "" });
  });

  it("goes when a media slot is given another photo, and an oversized one is refused", async () => {
    const slot = (data: Buffer) =>
      callWithRequest(
        mediaScreen.action,
        multipartRequest("/admin/media", {
          key: "program_image_3",
          intent: "upload",
          file: { data, name: "p.jpg", type: "image/jpeg" },
        }),
      );
    await slot(await phonePhoto(800, 600));
    const first = (await getSetting("program_image_3")).value;
    await slot(await phonePhoto(800, 600));
    const second = (await getSetting("program_image_3")).value;
    const files = await stored("media/images");
    expect(files.some((file) => file.startsWith(first.replace(".webp", "")))).toBe(false);
    expect(files.filter((file) => file.startsWith(second.replace(".webp", "")))).toHaveLength(4);

    const huge = Buffer.concat([await phonePhoto(40, 40), Buffer.alloc(5 * 1024 * 1024)]);
    expect(unwrapData(await slot(huge))).toMatchObject({
      status: 400,
      data: { error: { message: "The file is larger than 5 MB" } },
    });
    expect((await getSetting("program_image_3")).value).toBe(second);
  });
});

describe("a testimonial's uploaded photo", () => {
  // A testimonial names a file uploaded through the Media screen: put one there, then let the slot go.
  async function photoHandedToTestimonial(): Promise<{ name: string; testimonialId: number }> {
    await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "program_image_2",
        intent: "upload",
        file: { data: await phonePhoto(800, 600), name: "p.jpg", type: "image/jpeg" },
      }),
    );
    const name = (await getSetting("program_image_2")).value;
    const testimonial = await createTestimonial({
      name: "Maryam",
      text: "The well changed our village.",
      rating: 5,
      category: "recipient",
      is_approved: true,
      image_filename: name,
    });
    await updateSetting("program_image_2", { value: "" });
    return { name, testimonialId: testimonial.id };
  }
  const filesOf = async (name: string) =>
    (await stored("media/images")).filter((file) => file.startsWith(name.replace(".webp", "")));

  beforeEach(async () => {
    await getDb().deleteFrom("testimonials").execute();
  });

  it("stays while the testimonial shows it, and goes when the testimonial gets another photo", async () => {
    const { name, testimonialId } = await photoHandedToTestimonial();
    expect(await filesOf(name)).toHaveLength(4);
    await updateTestimonial(testimonialId, { image_filename: "https://images.unsplash.com/photo-1.jpg" });
    expect(await filesOf(name)).toEqual([]);
  });

  it("goes when the testimonial is deleted", async () => {
    const { name, testimonialId } = await photoHandedToTestimonial();
    await deleteTestimonial(testimonialId);
    expect(await filesOf(name)).toEqual([]);
  });

  it("cannot be named again once its files are gone", async () => {
    const { name, testimonialId } = await photoHandedToTestimonial();
    await updateTestimonial(testimonialId, { image_filename: "" });
    await expect(updateTestimonial(testimonialId, { image_filename: name })).rejects.toMatchObject({
      fieldErrors: {
        image_filename: ["This file was replaced or removed in the meantime. Reload the page, or upload it again."],
      },
    });
  });
});

describe("homepage media uploads", () => {
  const mp4 = () => phoneVideo();

  it("take a photo for a programme slot and a video for the hero slot", async () => {
    const photo = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "program_image_2",
        intent: "upload",
        file: { data: await phonePhoto(800, 600), name: "orphans.jpg", type: "image/jpeg" },
      }),
    );
    expect((photo as Response).status).toBe(302);
    const photoName = (await getSetting("program_image_2")).value;
    expect(photoName).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await stored("media/images")).toContain(photoName);

    const video = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: mp4(), name: "film.mov", type: "video/quicktime" },
      }),
    );
    expect((video as Response).status).toBe(302);
    const videoName = (await getSetting("hero_video")).value;
    expect(videoName).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(await stored("media/videos")).toContain(videoName);
  });

  it("blank where and with what a video was recorded, keeping every sample in place", async () => {
    const original = phoneVideo();
    expect(original.includes(Buffer.from(RECORDED_AT))).toBe(true);
    const result = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "gallery_item_4",
        intent: "upload",
        file: { data: original, name: "clip.mp4", type: "video/mp4" },
      }),
    );
    expect(unwrapData(result).status).toBe(302);
    const name = (await getSetting("gallery_item_4")).value;
    const stored = await readFile(path.join(uploadsDir(), "media/videos", name));
    expect(stored.length).toBe(original.length);
    expect(stored.includes(Buffer.from(RECORDED_AT))).toBe(false);
    expect(stored.includes(Buffer.from("com.apple.quicktime.location"))).toBe(false);
    // The samples and the index's own boxes are untouched.
    expect(stored.subarray(-4000)).toEqual(original.subarray(-4000));
    for (const kept of ["ftyp", "moov", "mvhd", "trak", "tkhd", "mdhd", "mdat"])
      expect(stored.includes(Buffer.from(kept)), kept).toBe(true);
  });

  it("refuse an iPhone HEIC photo, which must not pass as a video with its location", async () => {
    const result = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "gallery_item_5",
        intent: "upload",
        file: { data: heicPhoto(), name: "IMG_0042.mp4", type: "video/mp4" },
      }),
    );
    expect(unwrapData(result)).toMatchObject({
      status: 400,
      data: { error: { message: "Please upload a JPG, PNG, WebP or GIF image, or an MP4 or WebM video" } },
    });
    expect((await getSetting("gallery_item_5")).value).toBe("");
    expect(await incomingLeftovers()).toEqual([]);
  });

  it("take WebM but not other Matroska files", async () => {
    const ebml = (docType: string) =>
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]),
        Buffer.from(docType),
        Buffer.alloc(500, 3),
      ]);
    const webm = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: ebml("webm"), name: "a.webm", type: "video/webm" },
      }),
    );
    expect(unwrapData(webm).status).toBe(302);
    expect((await getSetting("hero_video")).value).toMatch(/^[0-9a-f]{32}\.webm$/);
    const mkv = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: ebml("matroska"), name: "a.webm", type: "video/webm" },
      }),
    );
    expect(unwrapData(mkv)).toMatchObject({
      status: 400,
      data: { error: { message: "Please upload an MP4 or WebM video" } },
    });
  });

  it("refuse a video whose boxes do not hold together", async () => {
    const upload = (data: Buffer) =>
      callWithRequest(
        mediaScreen.action,
        multipartRequest("/admin/media", {
          key: "hero_video",
          intent: "upload",
          file: { data, name: "clip.mp4", type: "video/mp4" },
        }),
      );
    const broken = phoneVideo();
    // The moov box (after the 24-byte ftyp) claims far more bytes than the file has.
    broken.writeUInt32BE(0x7fffffff, 24);
    expect(unwrapData(await upload(broken))).toMatchObject({
      status: 400,
      data: { error: { message: "This video could not be read. Please try another file." } },
    });
    // A 64-bit size announced in the last bytes of the index, with no room for it.
    const video = phoneVideo();
    const moovSize = video.readUInt32BE(24);
    const cut = Buffer.concat([
      video.subarray(0, 24),
      Buffer.alloc(4),
      video.subarray(28, 24 + moovSize),
      Buffer.from([0, 0, 0, 1]),
      Buffer.from("junk"),
      video.subarray(24 + moovSize),
    ]);
    cut.writeUInt32BE(moovSize + 8, 24);
    expect(unwrapData(await upload(cut))).toMatchObject({
      status: 400,
      data: { error: { message: "This video could not be read. Please try another file." } },
    });
  });

  it("say what to do with an iPhone's QuickTime movie", async () => {
    const result = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: phoneVideo({ brand: "qt  " }), name: "IMG_0007.MOV", type: "video/quicktime" },
      }),
    );
    expect(unwrapData(result)).toMatchObject({
      status: 400,
      data: {
        error: {
          message:
            "This is a QuickTime (.MOV) video, which not every browser can play: please export it as MP4 and upload that",
        },
      },
    });
  });

  it("refuse the wrong kind for a slot with that slot's message", async () => {
    const before = (await getSetting("hero_video")).value;
    const result = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: await phonePhoto(40, 40), name: "x.mp4", type: "video/mp4" },
      }),
    );
    expect(unwrapData(result)).toMatchObject({
      status: 400,
      data: { error: { key: "hero_video", field: "file", message: "Please upload an MP4 or WebM video" } },
    });
    const programme = await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "program_image_1",
        intent: "upload",
        file: { data: mp4(), name: "x.jpg", type: "image/jpeg" },
      }),
    );
    expect(unwrapData(programme)).toMatchObject({
      status: 400,
      data: { error: { message: "Please upload a JPG, PNG, WebP or GIF image" } },
    });
    expect((await getSetting("hero_video")).value).toBe(before);
  });

  it("check typed URLs by the URL rule of each kind of slot", async () => {
    const attempts = [
      [
        "hero_video",
        "https://example.org/clip.jpg",
        "Please enter a valid video URL (YouTube, Vimeo, or direct video file)",
      ],
      [
        "program_image_1",
        "https://example.org/page",
        "Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)",
      ],
      [
        "gallery_item_3",
        "https://vimeo.com/76979871",
        "Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg) or YouTube video URL",
      ],
      // An empty Save (possible without JavaScript) must not clear the slot unasked.
      ["program_image_2", "  ", "Enter a URL"],
    ] as const;
    await updateSetting("program_image_2", { value: "https://example.org/kept.jpg" });
    for (const [key, value, message] of attempts) {
      const result = await callRoute(mediaScreen.action, "/admin/media", { form: { key, intent: "save", value } });
      expect(unwrapData(result)).toEqual({
        status: 400,
        data: { error: { key, field: "value", message, value } },
        headers: undefined,
      });
    }
    for (const [key, value] of [
      ["hero_video", "https://vimeo.com/76979871"],
      ["program_image_1", "https://example.org/a.png"],
      ["gallery_item_3", "https://youtu.be/dQw4w9WgXcQ"],
    ] as const) {
      expect(
        ((await callRoute(mediaScreen.action, "/admin/media", { form: { key, intent: "save", value } })) as Response)
          .status,
      ).toBe(302);
      expect((await getSetting(key)).value).toBe(value);
    }
    expect((await getSetting("program_image_2")).value).toBe("https://example.org/kept.jpg");
    expect(
      unwrapData(
        await callRoute(mediaScreen.action, "/admin/media", { form: { key: "site_name", intent: "save", value: "x" } }),
      ).status,
    ).toBe(404);
  });
});

describe("an upload whose save fails", () => {
  const storyWith = async (fields: Record<string, string> = {}) =>
    multipartRequest("/admin/stories", {
      ...STORY_FIELDS,
      ...fields,
      image_file: { data: await phonePhoto(900, 600), name: "a.jpg", type: "image/jpeg" },
    });

  it("leaves no story photo when the story was deleted meanwhile", async () => {
    expect(unwrapData(await callWithRequest(storiesScreen.action, await storyWith({ id: "999999" })))).toMatchObject({
      status: 404,
      data: { missing: true },
    });
    expect(await stored("stories")).toEqual([]);
  });

  it("leaves no story photo when the story cannot be written", async () => {
    const request = await storyWith();
    const failed = await whileWritesFail("stories", "insert", "disk I/O error", () =>
      callWithRequest(storiesScreen.action, request),
    );
    expect(failed).toMatchObject({ message: expect.stringContaining("disk I/O error") });
    expect(await getDb().selectFrom("stories").select("id").execute()).toEqual([]);
    expect(await stored("stories")).toEqual([]);
    expect(await incomingLeftovers()).toEqual([]);
  });

  it("leaves no media file when the slot cannot be written, and the slot keeps its value", async () => {
    const upload = (file: { data: Buffer; name: string; type: string }) =>
      whileWritesFail("settings", "update", "disk I/O error", () =>
        callWithRequest(
          mediaScreen.action,
          multipartRequest("/admin/media", { key: "gallery_item_3", intent: "upload", file }),
        ),
      );
    await updateSetting("gallery_item_3", { value: "" });
    expect(await upload({ data: await phonePhoto(800, 600), name: "p.jpg", type: "image/jpeg" })).toMatchObject({
      message: expect.stringContaining("disk I/O error"),
    });
    expect(await upload({ data: phoneVideo(), name: "v.mp4", type: "video/mp4" })).toMatchObject({
      message: expect.stringContaining("disk I/O error"),
    });
    expect(await stored("media/images")).toEqual([]);
    expect(await stored("media/videos")).toEqual([]);
    expect((await getSetting("gallery_item_3")).value).toBe("");
    expect(await incomingLeftovers()).toEqual([]);
  });
});

describe("GET /api/uploads/…", () => {
  async function upload(): Promise<{ photo: string; video: string }> {
    await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "gallery_item_1",
        intent: "upload",
        file: { data: await phonePhoto(600, 400), name: "a.jpg", type: "image/jpeg" },
      }),
    );
    await callWithRequest(
      mediaScreen.action,
      multipartRequest("/admin/media", {
        key: "hero_video",
        intent: "upload",
        file: { data: phoneVideo({ samples: 1000 }), name: "v.mp4", type: "video/mp4" },
      }),
    );
    return { photo: (await getSetting("gallery_item_1")).value, video: (await getSetting("hero_video")).value };
  }
  const get = (splat: string, headers: Record<string, string> = {}, method = "GET") =>
    callRoute(uploadsApi.loader, `/api/uploads/${splat}`, {
      params: { "*": splat },
      headers,
      method,
    }) as Promise<Response>;

  it("serves a photo with its type and a cache that lasts, and answers 304 when unchanged", async () => {
    const { photo } = await upload();
    const response = await get(`media/images/${photo}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).exif).toBeUndefined();
    const again = await get(`media/images/${photo}`, { "If-None-Match": response.headers.get("ETag")! });
    expect(again.status).toBe(304);
  });

  it("answers byte ranges for video, and HEAD without a body", async () => {
    const { video } = await upload();
    const stored = await readFile(path.join(uploadsDir(), "media/videos", video));
    const size = stored.length;
    const part = await get(`media/videos/${video}`, { Range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.subarray(100, 200));
    const tail = await get(`media/videos/${video}`, { Range: "bytes=-10" });
    expect(tail.headers.get("Content-Range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect((await get(`media/videos/${video}`, { Range: `bytes=${size + 10}-` })).status).toBe(416);
    // Ranges this server does not serve (several at once, or none named) get the whole file.
    for (const range of ["bytes=0-9,20-29", "bytes=-"]) {
      const whole = await get(`media/videos/${video}`, { Range: range });
      expect(whole.status, range).toBe(200);
      expect(whole.headers.get("Content-Length")).toBe(String(size));
    }
    const head = await get(`media/videos/${video}`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(size));
    expect(head.headers.get("Content-Type")).toBe("video/mp4");
  });

  it("never reads outside the uploads folders", async () => {
    await upload();
    for (const splat of [
      "stories/../../test.sqlite",
      "stories/..%2F..%2Ftest.sqlite",
      "media/../../../etc/passwd",
      ".incoming/anything.webp",
      "media/images/%2e%2e%2ftest.sqlite",
      "media/images/missing.webp",
      "secret/file.webp",
      "media/images/notes.txt",
    ]) {
      expect((await get(splat)).status, splat).toBe(404);
    }
  });
});
