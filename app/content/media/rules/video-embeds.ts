import { isVimeoUrl, isYouTubeUrl } from "./media-urls";

/**
 * How a video is shown: YouTube and Vimeo links become embeds (loaded only when the
 * viewer opens them), anything else plays in the browser's own video player.
 */
export type VideoSource =
  | { kind: "youtube"; id: string; embedUrl: string; watchUrl: string; thumbnailUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "file"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export function youTubeId(value: string): string | null {
  if (!isYouTubeUrl(value)) return null;
  const url = new URL(value.trim());
  const candidates = [
    url.searchParams.get("v"),
    url.hostname.endsWith("youtu.be") ? url.pathname.slice(1) : null,
    /\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1] ?? null,
  ];
  return candidates.find((id): id is string => Boolean(id && YOUTUBE_ID.test(id))) ?? null;
}

export function vimeoId(value: string): string | null {
  if (!isVimeoUrl(value)) return null;
  return /\/(?:video\/)?(\d{5,12})(?:[/?#]|$)/.exec(new URL(value.trim()).pathname)?.[1] ?? null;
}

/** `fileSrc` turns a bare uploaded file name into its address. */
export function videoSource(value: string, fileSrc: (name: string) => string = (name) => name): VideoSource | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const youtube = youTubeId(trimmed);
  if (youtube) {
    return {
      kind: "youtube",
      id: youtube,
      // The no-cookie domain sets no tracking cookies until the viewer plays the video.
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1&rel=0`,
      watchUrl: `https://www.youtube.com/watch?v=${youtube}`,
      // Served through this site, so the page itself makes no request to YouTube.
      thumbnailUrl: `/api/video-thumbnails/${youtube}.webp`,
    };
  }
  const vimeo = vimeoId(trimmed);
  if (vimeo) {
    return {
      kind: "vimeo",
      id: vimeo,
      embedUrl: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1`,
      watchUrl: `https://vimeo.com/${vimeo}`,
    };
  }
  if (isYouTubeUrl(trimmed) || isVimeoUrl(trimmed)) return null;
  return { kind: "file", src: /^(https?:)?\//.test(trimmed) ? trimmed : fileSrc(trimmed) };
}
