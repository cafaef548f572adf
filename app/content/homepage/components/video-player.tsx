import type { VideoSource } from "~/content/media";

/** What plays inside the modal: the provider's player for YouTube and Vimeo, the browser's own for files. */
export function VideoPlayer({ video, title }: { video: VideoSource; title: string }) {
  if (video.kind === "file") {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded videos come without a captions file: the upload does not offer one yet
      <video src={video.src} controls autoPlay playsInline className="aspect-video w-full rounded-lg bg-black">
        <a href={video.src}>Download the video</a>
      </video>
    );
  }
  return (
    <iframe
      src={video.embedUrl}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="aspect-video w-full rounded-lg bg-black"
    />
  );
}

/** Where a video goes without JavaScript: the provider's page, or the file itself. */
export function videoLink(video: VideoSource): string {
  return video.kind === "file" ? video.src : video.watchUrl;
}
