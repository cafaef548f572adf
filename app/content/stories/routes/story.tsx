import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/story";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { RecordMissing } from "~/ui/record-missing";
import { SafeImage } from "~/ui/safe-image";
import { HeroVideo } from "~/content/homepage/index.ui";
import { imageSources, UPLOAD_FOLDERS, uploadUrl, videoSource } from "~/content/media";
import { shareTags } from "~/content/sharing";
import { paragraphs, truncate } from "~/shared/text";
import { recordOr404 } from "~/lib/record-ids.server";
import { siteUrlFor } from "~/lib/site-url.server";
import { getStory } from "../server/stories.server";
import { pageWithoutScriptsUnless } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/**
 * Read as it is sent (its links and forms need no script, the menu is a disclosure),
 * unless the story has a video: that plays in a dialog, which only the script opens.
 */
export const handle = {
  ...pageWithoutScriptsUnless<{ video: unknown }>((story) => story.video !== null),
  ...SAME_FOR_EVERY_VISITOR,
};

/** One story, in full (an unknown or inactive one is a 404), with its sharing tags. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const story = await recordOr404(params.id, (id) => getStory(id));
  const image = imageSources(story.image_filename, UPLOAD_FOLDERS.stories);
  const site = siteUrlFor(request);
  return {
    story,
    image,
    video: videoSource(story.video_url, (name) => uploadUrl(UPLOAD_FOLDERS.stories, name)),
    share: { url: `${site}/stories/${story.id}`, image: image ? new URL(image.src, site).href : null },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Story not found | Al-Amanah Foundation" }];
  const { story, share } = loaderData;
  return shareTags({
    type: "article",
    title: story.title,
    pageTitle: `${story.title} | Al-Amanah Foundation`,
    description: truncate(story.summary, 200),
    ...share,
  });
};

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story, image, video } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Link to="/stories" className="hover:underline">
          Stories
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{story.title}</h1>
      <p className="mt-4 text-lg text-slate-600">{story.summary}</p>
      {image ? (
        <SafeImage
          src={image.src}
          srcSet={image.srcSet}
          sizes={IMAGE_SIZES.article}
          alt={story.title}
          width={768}
          height={480}
          eager
          className="mt-8 aspect-[16/10] w-full rounded-2xl object-cover"
        />
      ) : null}
      {video ? (
        <div className="mt-8">
          <HeroVideo video={video} />
        </div>
      ) : null}
      <div className="prose-page mt-8">
        {paragraphs(story.content).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <aside className="mt-10 rounded-xl bg-brand-50 p-6">
        <h2 className="text-lg font-semibold text-brand-900">Stories like this start with a gift</h2>
        <p className="mt-1 text-slate-700">Your Zakat and Sadaqa reach families like these within weeks.</p>
        <Link to="/donate" className="btn-primary mt-4">
          Donate Now
        </Link>
      </aside>
    </article>
  );
}

/** An unknown or hidden story is a 404 inside the site's layout; anything else goes to the root's boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <RecordMissing what="Story" listTo="/stories" listLabel="All stories" />;
  throw error;
}
