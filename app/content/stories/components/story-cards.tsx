import { Link } from "react-router";
import { imageSources, UPLOAD_FOLDERS } from "~/content/media";
import type { StoryCard as StoryCardFields } from "../rules/story";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { MediaImage } from "~/ui/media-image";

type StoryCardData = Pick<StoryCardFields, "id" | "title" | "summary" | "image_filename" | "video_url">;

/**
 * A featured story (leading /stories, and on the home page): image, play overlay when it has a video, 'Featured' badge,
 * 'Read Full Story'.
 */
export function FeaturedStoryCard({
  story,
  eager = false,
  sizes = IMAGE_SIZES.halves,
}: {
  story: StoryCardData;
  eager?: boolean;
  sizes?: string;
}) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <MediaImage
          sources={imageSources(story.image_filename, UPLOAD_FOLDERS.stories)}
          alt={story.title}
          sizes={sizes}
          eager={eager}
        />
        {story.video_url ? (
          <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-lg">
              <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8 fill-current">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </span>
        ) : null}
        <span className="absolute top-3 left-3 rounded-full bg-gold-400 px-3 py-1 text-xs font-bold text-slate-900">
          Featured
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold text-slate-900">{story.title}</h3>
        <p className="mt-2 line-clamp-3 text-slate-600">{story.summary}</p>
        <Link to={`/stories/${story.id}`} className="mt-4 font-semibold text-brand-700 hover:underline">
          Read Full Story<span className="sr-only"> about {story.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** Any other story, in /stories' three-column grid: 'Impact Story' and 'Read More'. */
export function StoryCard({ story, eager = false }: { story: StoryCardData; eager?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <MediaImage
        sources={imageSources(story.image_filename, UPLOAD_FOLDERS.stories)}
        alt={story.title}
        sizes={IMAGE_SIZES.thirds}
        eager={eager}
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Impact Story</p>
        <h3 className="mt-1 text-lg font-semibold text-slate-900">{story.title}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{story.summary}</p>
        <Link to={`/stories/${story.id}`} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
          Read More<span className="sr-only"> about {story.title}</span>
        </Link>
      </div>
    </article>
  );
}
