import type { ImpactStatisticKey } from "./setting-keys";

/**
 * Content as the API and the pages see it: flags as booleans, text never null. The
 * services build these from their rows; components render them.
 */

/** An impact story. */
export interface Story {
  id: number;
  title: string;
  summary: string;
  content: string;
  is_active: boolean;
  is_featured: boolean;
  video_url: string;
  image_filename: string;
  created_at: string;
  updated_at: string;
}

/** What a story's card shows: lists send this, not the full text, into the page. */
export type StoryCard = Pick<Story, "id" | "title" | "summary" | "image_filename" | "video_url" | "is_featured">;

/** An event. */
export interface CharityEvent {
  id: number;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM', kept as given. */
  date: string;
  location: string;
  image: string;
  created_at: string;
  updated_at: string;
}

/** A testimonial. */
export interface Testimonial {
  id: number;
  name: string;
  country: string;
  text: string;
  rating: number;
  video_url: string;
  category: "donor" | "recipient" | "volunteer" | "other";
  is_approved: boolean;
  image_filename: string;
  created_at: string;
  updated_at: string;
}

/** The homepage's impact figures, as numbers. */
export type ImpactStatistics = Record<ImpactStatisticKey, number>;
