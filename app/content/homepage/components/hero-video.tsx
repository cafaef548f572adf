import { useState } from "react";
import { Modal } from "~/ui/modal";
import { SafeImage } from "~/ui/safe-image";
import { useHydrated } from "~/ui/use-hydrated";
import type { VideoSource } from "~/content/media";
import { dialogOpener } from "./dialog-opener";
import { VideoPlayer, videoLink } from "./video-player";

/**
 * The homepage video (setting hero_video). Nothing from YouTube or Vimeo loads until the
 * visitor presses play: then a modal opens with the player. Without JavaScript the
 * button is a link to the video itself. No video: 'Video Coming Soon'.
 */
export function HeroVideo({ video }: { video: VideoSource | null }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  if (!video) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-2xl border-2 border-dashed border-brand-200 bg-brand-50 text-lg font-semibold text-brand-800">
        Video Coming Soon
      </div>
    );
  }
  const title = "Watch how your giving helps";
  return (
    <>
      <a
        href={videoLink(video)}
        {...dialogOpener(() => setOpen(true), hydrated)}
        className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-brand-900 shadow-lg"
      >
        {video.kind === "youtube" ? (
          <SafeImage
            src={video.thumbnailUrl}
            alt=""
            width={480}
            height={360}
            placeholderAt="top"
            className="h-full w-full object-cover opacity-80 transition-opacity group-hover:opacity-100"
          />
        ) : null}
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-gold-400 text-slate-900 shadow-xl transition-transform group-hover:scale-105">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 h-10 w-10 fill-current">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="rounded bg-slate-900/60 px-3 py-1 font-semibold">{title}</span>
        </span>
      </a>
      {open ? (
        <Modal title={title} onClose={() => setOpen(false)} size="lg">
          <VideoPlayer video={video} title={title} />
        </Modal>
      ) : null}
    </>
  );
}
