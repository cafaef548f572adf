import { useEffect, useRef, useState } from "react";

/**
 * An image that gives way to the site's one placeholder for broken media, 'Media Not
 * Available', when it cannot be loaded. It always carries its width and height (no layout
 * shift) and loads lazily unless it is among the first things seen.
 */
export function SafeImage({
  src,
  srcSet,
  sizes,
  alt,
  width,
  height,
  className = "",
  eager = false,
  placeholderAt = "center",
}: {
  src: string;
  srcSet?: string;
  sizes?: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  /** Where 'Media Not Available' sits: "top" when something (a play button) covers the middle. */
  placeholderAt?: "center" | "top";
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before the page became interactive reports no error event.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, [src]);

  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt}: media not available` : "Media not available"}
        className={`flex justify-center bg-slate-100 text-sm font-medium text-slate-500 ${placeholderAt === "top" ? "items-start pt-3" : "items-center"} ${className}`}
      >
        Media Not Available
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      // An eager image is the one in view first (often the page's largest paint).
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? undefined : "async"}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
