import type { ImageSources } from "~/shared/media-sources";
import { SafeImage } from "./safe-image";

/**
 * A card's picture at a fixed shape: the image when there is one (lazily loaded, with
 * the sizes the browser may pick from), or a calm placeholder when none was given.
 */
export function MediaImage({
  sources,
  alt,
  sizes,
  className = "aspect-[16/10] w-full object-cover",
  eager = false,
}: {
  sources: ImageSources | null;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  if (!sources) {
    return (
      <div aria-hidden="true" className={`bg-gradient-to-br from-brand-700 to-brand-900 ${className}`}>
        <svg
          viewBox="0 0 24 24"
          className="mx-auto h-full w-12 text-brand-100/60"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
        >
          <path d="M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z" />
        </svg>
      </div>
    );
  }
  return (
    <SafeImage
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      alt={alt}
      width={640}
      height={400}
      className={className}
      eager={eager}
    />
  );
}
