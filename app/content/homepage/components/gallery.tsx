import { useState } from "react";
import { Modal } from "~/ui/modal";
import { SafeImage } from "~/ui/safe-image";
import { useHydrated } from "~/ui/use-hydrated";
import type { SlotMedia } from "~/content/media";
import { dialogOpener } from "./dialog-opener";
import { VideoPlayer, videoLink } from "./video-player";

type GalleryItem = Exclude<SlotMedia, { kind: "none" }>;

/**
 * The home page's six gallery slots (gallery_item_1..6): photos and videos that open in
 * the same modal as the hero video. Without JavaScript each tile links to its photo or
 * video.
 */
export function Gallery({ items }: { items: GalleryItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const hydrated = useHydrated();
  if (items.length === 0) return <p className="text-center text-slate-600">Gallery coming soon...</p>;
  const current = open === null ? null : items[open];
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {items.map((item, index) => {
          const label = item.kind === "image" ? `Open photo ${index + 1}` : `Play video ${index + 1}`;
          const href = item.kind === "image" ? item.sources.src : videoLink(item.video);
          return (
            <li key={index}>
              <a
                href={href}
                aria-label={label}
                {...dialogOpener(() => setOpen(index), hydrated)}
                className="group relative block aspect-square overflow-hidden rounded-xl bg-slate-200"
              >
                {item.kind === "image" ? (
                  <SafeImage
                    src={item.sources.src}
                    srcSet={item.sources.srcSet}
                    sizes="(min-width: 768px) 33vw, 50vw"
                    alt=""
                    width={400}
                    height={400}
                    className="h-full w-full object-cover transition-transform group-hover:scale-105"
                  />
                ) : item.video.kind === "youtube" ? (
                  <SafeImage
                    src={item.video.thumbnailUrl}
                    alt=""
                    width={480}
                    height={360}
                    placeholderAt="top"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="block h-full w-full bg-gradient-to-br from-brand-700 to-brand-900"
                  />
                )}
                {item.kind === "video" ? (
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                    <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow">
                      <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7 fill-current">
                        <path d="M8 5v14l11-7z" />
                      </svg>
                    </span>
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {current ? (
        <Modal title={current.kind === "image" ? "Photo" : "Video"} onClose={() => setOpen(null)} size="lg">
          {current.kind === "image" ? (
            <SafeImage
              src={current.sources.src}
              srcSet={current.sources.srcSet}
              sizes="(min-width: 1024px) 896px, 100vw"
              alt={`Gallery photo ${open! + 1}`}
              width={1600}
              height={1067}
              eager
              className="h-auto max-h-[70vh] min-h-48 w-full rounded-lg object-contain"
            />
          ) : (
            <VideoPlayer video={current.video} title="Gallery video" />
          )}
        </Modal>
      ) : null}
    </>
  );
}
