import { Link } from "react-router";
import type { Route } from "./+types/stories";
import { FeaturedStoryCard, StoryCard } from "../components/story-cards";
import { CardGrid } from "~/ui/card-grid";
import { EmptyState, LoadFailure } from "~/ui/page-states";
import { PageHero } from "~/ui/page-hero";
import { listStories, storyCard } from "../server/stories.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Stories | Al-Amanah Foundation" },
  { name: "description", content: "Stories of the families, orphans and communities your Zakat and Sadaqa reach." },
];

/** Up to two featured stories lead; every other active story follows in the three-column grid. */
export async function loader() {
  try {
    const stories = (await listStories({ activeOnly: true })).map(storyCard);
    const featured = stories.filter((story) => story.is_featured).slice(0, 2);
    return { featured, others: stories.filter((story) => !featured.includes(story)), failed: false };
  } catch (error) {
    console.error("Stories failed to load:", error);
    return { featured: [], others: [], failed: true };
  }
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { featured, others, failed } = loaderData;
  return (
    <>
      <PageHero id="stories-title" eyebrow="Impact" title="Stories of Hope">
        <p>Real families, real change: what your Zakat and Sadaqa make possible.</p>
      </PageHero>
      <div className="container-page py-12">
        {failed ? (
          <LoadFailure>Error loading stories. Please try again later.</LoadFailure>
        ) : featured.length === 0 && others.length === 0 ? (
          <EmptyState
            title="No Stories Yet"
            text="The first stories of your giving are on their way."
            action={{ to: "/donate", label: "Make a Difference Today" }}
          />
        ) : (
          <>
            {featured.length > 0 ? (
              <section aria-labelledby="featured-title">
                <h2 id="featured-title" className="mb-6 text-2xl font-bold text-slate-900">
                  Featured Stories
                </h2>
                <CardGrid
                  items={featured}
                  columns={2}
                  renderItem={(story, index) => <FeaturedStoryCard story={story} eager={index === 0} />}
                />
              </section>
            ) : null}
            {others.length > 0 ? (
              <section aria-labelledby="more-title" className="mt-12">
                <h2 id="more-title" className="mb-6 text-2xl font-bold text-slate-900">
                  More Stories
                </h2>
                <CardGrid
                  items={others}
                  columns={3}
                  renderItem={(story, index) => (
                    <StoryCard story={story} eager={index === 0 && featured.length === 0} />
                  )}
                />
              </section>
            ) : null}
          </>
        )}
      </div>
      <ClosingBlock />
    </>
  );
}

function ClosingBlock() {
  return (
    <section aria-labelledby="stories-cta" className="bg-brand-800 py-14 text-center text-white">
      <div className="container-page">
        <h2 id="stories-cta" className="text-2xl font-bold sm:text-3xl">
          Help write the next story
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          <Link to="/donate" className="btn-gold">
            Donate Now
          </Link>
          <Link to="/volunteer" className="btn-outline text-white">
            Volunteer
          </Link>
        </div>
      </div>
    </section>
  );
}
