import { describe, expect, it } from "vitest";
import {
  DEMO_PHOTO_NAMES,
  isDemoPhotoPath,
  isUploadedFileName,
  isValidGalleryUrl,
  isValidPhotoUrl,
  isValidVideoUrl,
  PHOTO_EXTENSIONS,
  VIDEO_EXTENSIONS,
} from "./media-urls";

describe("photo URLs", () => {
  it.each([
    "https://example.org/images/well.jpg",
    "http://example.org/a/b/photo.JPEG?size=large",
    "https://cdn.example.org/logo.svg",
    "https://example.org/photo.webp#x",
    "https://images.unsplash.com/photo-1488521787991-ed7bbaae773c",
    "https://www.pexels.com/photo/children-1234/",
    "https://pixabay.com/photos/water-well-123/",
  ])("accepts %s", (url) => expect(isValidPhotoUrl(url)).toBe(true));

  it.each([
    "",
    "example.org/photo.jpg",
    "ftp://example.org/photo.jpg",
    "javascript:alert(1)//.jpg",
    "https://example.org/page.html",
    "https://notunsplash.com/photo",
    "/uploads/photo.jpg",
  ])("refuses %j", (url) => expect(isValidPhotoUrl(url)).toBe(false));
});

describe("video URLs", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://vimeo.com/76979871",
    "https://player.vimeo.com/video/76979871",
    "https://cdn.example.org/hero.mp4",
    "https://cdn.example.org/hero.MOV",
  ])("accepts %s", (url) => expect(isValidVideoUrl(url)).toBe(true));

  it.each(["https://example.org/hero.jpg", "https://example.org/watch", "youtube.com/watch?v=x"])("refuses %j", (url) =>
    expect(isValidVideoUrl(url)).toBe(false),
  );
});

describe("gallery URLs", () => {
  it("take photos and YouTube links, not other videos", () => {
    expect(isValidGalleryUrl("https://example.org/a.png")).toBe(true);
    expect(isValidGalleryUrl("https://youtu.be/abc")).toBe(true);
    expect(isValidGalleryUrl("https://vimeo.com/1")).toBe(false);
    expect(isValidGalleryUrl("https://example.org/a.mp4")).toBe(false);
  });
});

describe("uploaded file names", () => {
  it("are bare names with an allowed extension", () => {
    expect(isUploadedFileName("hero-2026.mp4", VIDEO_EXTENSIONS)).toBe(true);
    expect(isUploadedFileName("a1b2c3.webp", PHOTO_EXTENSIONS)).toBe(true);
    expect(isUploadedFileName("../../etc/passwd.jpg", PHOTO_EXTENSIONS)).toBe(false);
    expect(isUploadedFileName("dir/photo.jpg", PHOTO_EXTENSIONS)).toBe(false);
    expect(isUploadedFileName("photo.exe", PHOTO_EXTENSIONS)).toBe(false);
  });
});

describe("photos shipped with the site", () => {
  it("are the demo's own photos, by their path under /demo/", () => {
    for (const name of DEMO_PHOTO_NAMES) expect(isDemoPhotoPath(`/demo/${name}.webp`), name).toBe(true);
    expect(isDemoPhotoPath(" /demo/village-well.webp ")).toBe(true);
  });

  it("are nothing else on this site: another folder, another name, another extension or spelling is a broken image", () => {
    expect(isDemoPhotoPath("/admin.jpg")).toBe(false);
    expect(isDemoPhotoPath("/demo/nope.webp")).toBe(false);
    expect(isDemoPhotoPath("/images/programme-food-water.svg")).toBe(false);
    expect(isDemoPhotoPath("/demo/village-well.jpg")).toBe(false);
    expect(isDemoPhotoPath("/Demo/Village-Well.webp")).toBe(false);
    expect(isDemoPhotoPath("/demo/village-well.webp?size=2")).toBe(false);
    expect(isDemoPhotoPath("//evil.example/demo/village-well.webp")).toBe(false);
    expect(isDemoPhotoPath("/demo/../demo/village-well.webp")).toBe(false);
    expect(isDemoPhotoPath("demo/village-well.webp")).toBe(false);
  });
});
