import type { Sharp, SharpOptions } from "sharp";

/**
 * sharp (libvips), loaded the first time a photo or a video's still is made rather than
 * when the server starts: a visitor's page never needs it, and loading it costs about
 * 10 MB of memory. libvips' cache of decoded images is turned off (it would otherwise keep
 * up to 50 MB after an upload, for images the site never reads twice) and one thread
 * encodes each image, so an upload cannot take the memory a surge of visitors needs.
 */
type SharpFactory = (input?: string | Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
