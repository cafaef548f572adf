import { describe, expect, it } from "vitest";
import { videoSource, vimeoId, youTubeId } from "./video-embeds";

describe("YouTube and Vimeo links", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=x", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=short", null],
    ["https://example.org/watch?v=dQw4w9WgXcQ", null],
  ])("youTubeId(%s) = %s", (url, id) => expect(youTubeId(url)).toBe(id));

  it("reads Vimeo ids", () => {
    expect(vimeoId("https://vimeo.com/76979871")).toBe("76979871");
    expect(vimeoId("https://player.vimeo.com/video/76979871?h=abc")).toBe("76979871");
    expect(vimeoId("https://vimeo.com/channels/staffpicks")).toBeNull();
  });
});

describe("videoSource", () => {
  it("embeds YouTube without cookies, with a thumbnail", () => {
    expect(videoSource("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      thumbnailUrl: "/api/video-thumbnails/dQw4w9WgXcQ.webp",
    });
  });

  it("embeds Vimeo, plays files, and resolves uploaded names", () => {
    expect(videoSource("https://vimeo.com/76979871")).toMatchObject({
      kind: "vimeo",
      embedUrl: "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    });
    expect(videoSource("https://cdn.example.org/intro.mp4")).toEqual({
      kind: "file",
      src: "https://cdn.example.org/intro.mp4",
    });
    expect(videoSource("/videos/intro.mp4")).toEqual({ kind: "file", src: "/videos/intro.mp4" });
    expect(videoSource("intro.mp4", (name) => `/api/uploads/media/videos/${name}`)).toEqual({
      kind: "file",
      src: "/api/uploads/media/videos/intro.mp4",
    });
  });

  it("gives nothing for an empty value or a YouTube page that is not a video", () => {
    expect(videoSource("  ")).toBeNull();
    expect(videoSource("https://www.youtube.com/@channel")).toBeNull();
  });
});
