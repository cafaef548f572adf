import { describe, expect, it } from "vitest";
import { pageSharedAfterGift, shareLinks } from "./share-links";

describe("shareLinks", () => {
  const page = {
    url: "https://give.example.org/appeals/build-a-well",
    title: "Build a Well & Pump",
    text: "Clean water for 300 families?",
  };

  it("gives each network the page's address and its words, encoded", () => {
    expect(shareLinks(page)).toEqual([
      {
        network: "WhatsApp",
        href: "https://wa.me/?text=Clean%20water%20for%20300%20families%3F%20https%3A%2F%2Fgive.example.org%2Fappeals%2Fbuild-a-well",
        opensPage: true,
      },
      {
        network: "Facebook",
        href: "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fgive.example.org%2Fappeals%2Fbuild-a-well",
        opensPage: true,
      },
      {
        network: "X",
        href: "https://x.com/intent/post?text=Clean%20water%20for%20300%20families%3F&url=https%3A%2F%2Fgive.example.org%2Fappeals%2Fbuild-a-well",
        opensPage: true,
      },
      {
        network: "Email",
        href: "mailto:?subject=Build%20a%20Well%20%26%20Pump&body=Clean%20water%20for%20300%20families%3F%0A%0Ahttps%3A%2F%2Fgive.example.org%2Fappeals%2Fbuild-a-well",
        opensPage: false,
      },
    ]);
  });
});

describe("pageSharedAfterGift", () => {
  it("shares the appeal given to", () => {
    expect(
      pageSharedAfterGift("https://give.example.org", "Al-Amanah Foundation", {
        slug: "build-a-well",
        title: "Build a Well",
      }),
    ).toEqual({
      url: "https://give.example.org/appeals/build-a-well",
      title: "Build a Well",
      text: "I just gave to Build a Well with Al-Amanah Foundation. Will you join me?",
    });
  });

  it("shares the donate page after a gift to no appeal", () => {
    expect(pageSharedAfterGift("https://give.example.org", "Al-Amanah Foundation", null)).toEqual({
      url: "https://give.example.org/donate",
      title: "Give with Al-Amanah Foundation",
      text: "I just gave to Al-Amanah Foundation. Will you join me?",
    });
  });
});
