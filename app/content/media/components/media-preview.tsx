import type { SlotMedia } from "../rules/media-slots";

/** What a media slot holds now, as staff will see it on the homepage (embeds previewed as embeds). */
export function MediaPreview({ media, label }: { media: SlotMedia; label: string }) {
  if (media.kind === "none") {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-500">
        No media yet
      </div>
    );
  }
  if (media.kind === "image") {
    return (
      <img
        src={media.sources.src}
        alt={`${label}, as shown now`}
        width={320}
        height={180}
        className="aspect-video w-full rounded-lg bg-slate-100 object-cover"
      />
    );
  }
  if (media.video.kind === "file") {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded videos come without a captions file: the upload does not offer one yet
      <video
        src={media.video.src}
        controls
        preload="metadata"
        className="aspect-video w-full rounded-lg bg-black"
        aria-label={`${label}: current video`}
      />
    );
  }
  return (
    <iframe
      src={media.video.embedUrl.replace("autoplay=1", "autoplay=0")}
      title={`${label}: current video`}
      loading="lazy"
      allow="encrypted-media; picture-in-picture; fullscreen"
      className="aspect-video w-full rounded-lg bg-black"
    />
  );
}
