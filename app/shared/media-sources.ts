/**
 * Where media lives: an absolute URL as given, or a file uploaded to this site, served
 * from /api/uploads/{folder}/{name}, the addresses the API's clients know. Photos this
 * site processed come in four widths, so pages can let the browser pick the smallest
 * that fits.
 */
export const UPLOAD_FOLDERS = {
  images: "media/images",
  videos: "media/videos",
  stories: "stories",
  events: "events",
  appeals: "appeals",
} as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[keyof typeof UPLOAD_FOLDERS];

/**
 * The widths every uploaded photo is stored at: `{id}-480.webp`, `{id}-720.webp`,
 * `{id}-960.webp`, `{id}.webp` (1600). 720 is what a card filling a phone needs at 2x.
 */
export const IMAGE_WIDTHS = [480, 720, 960, 1600] as const;
const PROCESSED_PHOTO = /^([0-9a-f]{32})\.webp$/;

export function isAbsoluteUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

export function uploadUrl(folder: UploadFolder, name: string): string {
  return `/api/uploads/${folder}/${encodeURIComponent(name)}`;
}

/** The address of a media value: a URL as it is, an uploaded file's name under its folder. */
export function mediaUrl(value: string, folder: UploadFolder): string {
  const trimmed = value.trim();
  if (!trimmed) return "";
  return isAbsoluteUrl(trimmed) || trimmed.startsWith("/") ? trimmed : uploadUrl(folder, trimmed);
}

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** src, and srcSet for photos this site processed (their four widths). */
export function imageSources(value: string, folder: UploadFolder): ImageSources | null {
  const src = mediaUrl(value, folder);
  if (!src) return null;
  const processed = PROCESSED_PHOTO.exec(value.trim());
  if (!processed) return { src };
  const id = processed[1]!;
  const srcSet = IMAGE_WIDTHS.map(
    (width, index) =>
      `${uploadUrl(folder, index === IMAGE_WIDTHS.length - 1 ? `${id}.webp` : `${id}-${width}.webp`)} ${width}w`,
  ).join(", ");
  return { src: uploadUrl(folder, `${id}-960.webp`), srcSet };
}
