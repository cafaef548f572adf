import { imageSources, UPLOAD_FOLDERS, uploadUrl, type ImageSources } from "~/shared/media-sources";
import {
  GALLERY_URL_ERROR,
  PHOTO_EXTENSIONS,
  PHOTO_URL_ERROR,
  VIDEO_EXTENSIONS,
  VIDEO_URL_ERROR,
  isUploadedFileName,
  isValidGalleryUrl,
  isValidPhotoUrl,
  isValidVideoUrl,
} from "./media-urls";
import type { MediaKey } from "~/content/settings";
import { videoSource, type VideoSource } from "./video-embeds";

/**
 * The homepage media slots (the hero video, three programme images, six gallery items):
 * what each takes, how a value is checked as staff type it, and what the homepage shows
 * for it.
 */
export type SlotKind = "video" | "image" | "gallery";

export interface MediaSlot {
  key: MediaKey;
  label: string;
  kind: SlotKind;
}

export const MEDIA_SLOTS: MediaSlot[] = [
  { key: "hero_video", label: "Hero video", kind: "video" },
  { key: "program_image_1", label: "Emergency Relief image", kind: "image" },
  { key: "program_image_2", label: "Orphan Care image", kind: "image" },
  { key: "program_image_3", label: "Food & Water Aid image", kind: "image" },
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => ({
    key: `gallery_item_${n}` as MediaKey,
    label: `Gallery item ${n}`,
    kind: "gallery" as const,
  })),
];

export function findMediaSlot(key: string): MediaSlot | undefined {
  return MEDIA_SLOTS.find((slot) => slot.key === key);
}

/**
 * What each kind of slot holds (video: a video URL; image: a photo URL; gallery: a photo or a
 * YouTube link): a URL by its rule, or the name of a file uploaded for it. Staff type URLs
 * only; uploaded names come from uploads.
 */
export const SLOT_RULES: Record<
  SlotKind,
  { isUrl(value: string): boolean; isUploadedName(value: string): boolean; message: string }
> = {
  video: {
    isUrl: isValidVideoUrl,
    isUploadedName: (value) => isUploadedFileName(value, VIDEO_EXTENSIONS),
    message: VIDEO_URL_ERROR,
  },
  image: {
    isUrl: isValidPhotoUrl,
    isUploadedName: (value) => isUploadedFileName(value, PHOTO_EXTENSIONS),
    message: PHOTO_URL_ERROR,
  },
  gallery: {
    isUrl: isValidGalleryUrl,
    isUploadedName: (value) => isUploadedFileName(value, [...PHOTO_EXTENSIONS, ...VIDEO_EXTENSIONS]),
    message: GALLERY_URL_ERROR,
  },
};

/** The URL rule of a slot and its message: the Media screen's save button waits until it holds. */
export function slotUrlProblem(kind: SlotKind, value: string): string | null {
  const url = value.trim();
  if (!url) return "Enter a URL";
  return SLOT_RULES[kind].isUrl(url) ? null : SLOT_RULES[kind].message;
}

export function isVideoFileName(value: string): boolean {
  const name = value.trim().toLowerCase();
  return !/^https?:/.test(name) && VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** What a slot's value shows: nothing, a photo, or a video (embed or file). */
export type SlotMedia =
  { kind: "none" } | { kind: "image"; sources: ImageSources } | { kind: "video"; video: VideoSource };

export function slotMedia(kind: SlotKind, value: string): SlotMedia {
  const trimmed = value.trim();
  if (!trimmed) return { kind: "none" };
  if (
    kind === "video" ||
    (kind === "gallery" && (isVideoFileName(trimmed) || videoSource(trimmed)?.kind === "youtube"))
  ) {
    const video = videoSource(trimmed, (name) => uploadUrl(UPLOAD_FOLDERS.videos, name));
    return video ? { kind: "video", video } : { kind: "none" };
  }
  const sources = imageSources(trimmed, UPLOAD_FOLDERS.images);
  return sources ? { kind: "image", sources } : { kind: "none" };
}
