/**
 * The URL rules for photos and videos: http(s) only; a photo has a photo extension in its
 * path or comes from a stock-photo site, a video is YouTube, Vimeo or a video file. Shared
 * by the media slots, events, stories and testimonials forms, and the API. Pure functions:
 * the browser and the server use the same.
 */

export const PHOTO_URL_ERROR = "Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)";
export const VIDEO_URL_ERROR = "Please enter a valid video URL (YouTube, Vimeo, or direct video file)";
export const GALLERY_URL_ERROR = "Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg) or YouTube video URL";

export const PHOTO_EXTENSIONS = [".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg"] as const;
export const VIDEO_EXTENSIONS = [".mp4", ".webm", ".ogg", ".avi", ".mov"] as const;

/** The three stock photo sites whose links need no file extension. */
export const STOCK_PHOTO_HOSTS = ["unsplash.com", "pexels.com", "pixabay.com"] as const;

const YOUTUBE_HOSTS = ["youtube.com", "youtu.be", "youtube-nocookie.com"];
const VIMEO_HOSTS = ["vimeo.com"];

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function isOnHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

function pathHasExtension(url: URL, extensions: readonly string[]): boolean {
  const path = url.pathname.toLowerCase();
  return extensions.some((extension) => path.includes(extension));
}

/** http(s), and either a photo extension in the path or one of the stock photo sites. */
export function isValidPhotoUrl(value: string): boolean {
  const url = httpUrl(value);
  return url !== null && (pathHasExtension(url, PHOTO_EXTENSIONS) || isOnHost(url, STOCK_PHOTO_HOSTS));
}

export function isYouTubeUrl(value: string): boolean {
  const url = httpUrl(value);
  return url !== null && isOnHost(url, YOUTUBE_HOSTS);
}

export function isVimeoUrl(value: string): boolean {
  const url = httpUrl(value);
  return url !== null && isOnHost(url, VIMEO_HOSTS);
}

/** YouTube, Vimeo, or a direct video file (mp4, webm, ogg, avi, mov). */
export function isValidVideoUrl(value: string): boolean {
  const url = httpUrl(value);
  return url !== null && (isYouTubeUrl(value) || isVimeoUrl(value) || pathHasExtension(url, VIDEO_EXTENSIONS));
}

/** Gallery slots take a photo or a YouTube video. */
export function isValidGalleryUrl(value: string): boolean {
  return isValidPhotoUrl(value) || isYouTubeUrl(value);
}

/**
 * The demo's photos, shipped in public/demo/ as `<name>.webp` (drawn by
 * scripts/make-demo-photos.ts, named by the demo seed). The list, not the folder, is the
 * rule: the browser checks a form with it too, and a test keeps it and the folder in step.
 */
export const DEMO_PHOTO_NAMES = [
  "winter-tents",
  "ramadan-food-packs",
  "village-well",
  "school-classroom",
  "winter-food-parcels",
  "flood-clinic",
  "sewing-workshop",
] as const;
export type DemoPhotoName = (typeof DEMO_PHOTO_NAMES)[number];

/**
 * One of the demo's photos by its path ("/demo/village-well.webp"), so a demo story saved
 * unchanged keeps its photo. Any other path on this site would be a broken image.
 */
export function isDemoPhotoPath(value: string): boolean {
  const path = value.trim();
  return DEMO_PHOTO_NAMES.some((name) => path === `/demo/${name}.webp`);
}

/** A file uploaded to this site: a bare name (no path) with one of the given extensions. */
export function isUploadedFileName(value: string, extensions: readonly string[]): boolean {
  const name = value.trim().toLowerCase();
  return (
    /^[a-z0-9][a-z0-9._-]{0,199}$/.test(name) && !name.includes("..") && extensions.some((ext) => name.endsWith(ext))
  );
}
