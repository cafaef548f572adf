import { slotMedia, type SlotMedia, type ImageSources, type VideoSource } from "~/content/media";
import { foundationToday, listEvents } from "~/content/events/index.server";
import { listMediaSlots } from "~/content/media/index.server";
import { getImpactStatistics } from "~/content/settings/index.server";
import { listStories, storyCard } from "~/content/stories/index.server";
import { listTestimonials } from "~/content/testimonials/index.server";

/**
 * Everything the homepage shows. The statistics and media settings are the page itself:
 * if they cannot be read, the caller shows 'Unable to load homepage data...' instead of
 * the page. Stories, events and testimonials are sections: one that fails is left out
 * (null) and logged.
 */
export async function loadHomepage() {
  const [figures, slots] = await Promise.all([getImpactStatistics(), listMediaSlots()]);
  const media = (key: string) => {
    const slot = slots.find((candidate) => candidate.key === key)!;
    return slotMedia(slot.kind, slot.value);
  };
  const hero = media("hero_video");
  const [stories, events, testimonials] = await Promise.all([
    section("featured stories", async () =>
      (await listStories({ activeOnly: true, featuredOnly: true, limit: 3 })).map(storyCard),
    ),
    section("upcoming events", () => listEvents({ upcomingOnly: true, limit: 3 })),
    section("testimonials", () => listTestimonials({ approvedOnly: true, limit: 3 })),
  ]);
  return {
    figures,
    heroVideo: hero.kind === "video" ? hero.video : (null as VideoSource | null),
    programImages: ["program_image_1", "program_image_2", "program_image_3"].map((key) => {
      const image = media(key);
      return image.kind === "image" ? image.sources : (null as ImageSources | null);
    }),
    gallery: slots
      .filter((slot) => slot.kind === "gallery")
      .map((slot) => slotMedia(slot.kind, slot.value))
      .filter((item): item is Exclude<SlotMedia, { kind: "none" }> => item.kind !== "none"),
    stories,
    events,
    testimonials,
    today: foundationToday(),
  };
}

async function section<T>(name: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    console.error(`Homepage ${name} failed to load:`, error);
    return null;
  }
}
