import { describe, expect, it } from "vitest";
import { imageSources, mediaUrl } from "./media-sources";

describe("media addresses", () => {
  it("keeps URLs and paths, and finds uploaded names in their folder", () => {
    expect(mediaUrl("https://images.unsplash.com/photo-1", "stories")).toBe("https://images.unsplash.com/photo-1");
    expect(mediaUrl("/images/x.svg", "events")).toBe("/images/x.svg");
    expect(mediaUrl("well photo.jpg", "stories")).toBe("/api/uploads/stories/well%20photo.jpg");
    expect(mediaUrl("", "stories")).toBe("");
  });

  it("offers the four widths of photos this site processed", () => {
    const id = "0123456789abcdef0123456789abcdef";
    expect(imageSources(`${id}.webp`, "media/images")).toEqual({
      src: `/api/uploads/media/images/${id}-960.webp`,
      srcSet: `/api/uploads/media/images/${id}-480.webp 480w, /api/uploads/media/images/${id}-720.webp 720w, /api/uploads/media/images/${id}-960.webp 960w, /api/uploads/media/images/${id}.webp 1600w`,
    });
    expect(imageSources("family.jpg", "events")).toEqual({ src: "/api/uploads/events/family.jpg" });
    expect(imageSources(" ", "events")).toBeNull();
  });
});
