import { imageSources, UPLOAD_FOLDERS, uploadUrl, type ImageSources } from "./media-sources";
import { GALLERY_URL_ERROR, PHOTO_URL_ERROR, VIDEO_EXTENSIONS, VIDEO_URL_ERROR, isValidGalleryUrl, isValidPhotoUrl, isValidVideoUrl } from "./media-urls";
import type { MediaKey } from "./setting-keys";
import { videoSource, type VideoSource } from "./video-embeds";

/**
 * The homepage media slots (SPEC 2 "Home", SPEC 5 "Media URL entry"): what each takes,
 * how a value is checked as staff type it, and what the homepage shows for it.
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
  ...([1, 2, 3, 4, 5, 6] as const).map((n) => ({ key: `gallery_item_${n}` as MediaKey, label: `Gallery item ${n}`, kind: "gallery" as const })),
];

/** The URL rule of a slot and its message (SPEC 5): the save button waits until it holds. */
export function slotUrlProblem(kind: SlotKind, value: string): string | null {
  const url = value.trim();
  if (!url) return "Enter a URL";
  if (kind === "video") return isValidVideoUrl(url) ? null : VIDEO_URL_ERROR;
  if (kind === "image") return isValidPhotoUrl(url) ? null : PHOTO_URL_ERROR;
  return isValidGalleryUrl(url) ? null : GALLERY_URL_ERROR;
}

export function isVideoFileName(value: string): boolean {
  const name = value.trim().toLowerCase();
  return !/^https?:/.test(name) && VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** What a slot's value shows: nothing, a photo, or a video (embed or file). */
export type SlotMedia = { kind: "none" } | { kind: "image"; sources: ImageSources } | { kind: "video"; video: VideoSource };

export function slotMedia(kind: SlotKind, value: string): SlotMedia {
  const trimmed = value.trim();
  if (!trimmed) return { kind: "none" };
  if (kind === "video" || (kind === "gallery" && (isVideoFileName(trimmed) || videoSource(trimmed)?.kind === "youtube"))) {
    const video = videoSource(trimmed, (name) => uploadUrl(UPLOAD_FOLDERS.videos, name));
    return video ? { kind: "video", video } : { kind: "none" };
  }
  const sources = imageSources(trimmed, UPLOAD_FOLDERS.images);
  return sources ? { kind: "image", sources } : { kind: "none" };
}
