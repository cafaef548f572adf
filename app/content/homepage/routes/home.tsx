import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CardGrid } from "~/ui/card-grid";
import { EventCard } from "~/content/events/index.ui";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { FeaturedStoryCard } from "~/content/stories/index.ui";
import { TestimonialCard } from "~/content/testimonials/index.ui";
import { Gallery } from "../components/gallery";
import { HeroVideo } from "../components/hero-video";
import { ImpactStatisticsCards } from "../components/impact-statistics";
import { ProgrammeCards } from "../components/programmes";
import { AppealCard } from "~/appeals/appeals/index.ui";
import { featuredAppeals } from "~/appeals/appeals/index.server";
import { loadHomepage } from "../server/homepage.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

export const handle = SAME_FOR_EVERY_VISITOR;

export const meta: Route.MetaFunction = () => [
  { title: "Al-Amanah Foundation | Zakat & Sadaqa for families, orphans and emergencies" },
  {
    name: "description",
    content: "Give your Zakat and Sadaqa with confidence. We deliver food, water, orphan care and emergency relief.",
  },
];

/**
 * The featured appeals open for gifts are a section like the stories: if they fail to load, the page goes on without
 * them.
 */
export async function loader() {
  const appeals = featuredAppeals(3).catch((error: unknown) => {
    console.error("Homepage featured appeals failed to load:", error);
    return [];
  });
  try {
    const [page, current] = await Promise.all([loadHomepage(), appeals]);
    return { page, appeals: current };
  } catch (error) {
    console.error("Homepage statistics or settings failed to load:", error);
    return { page: null };
  }
}

const STEPS = [
  { title: "You Give", text: "Donate once or every month, or pay the Zakat you have calculated, securely online." },
  { title: "We Deliver", text: "Our teams and local partners turn every gift into food, water, care and schooling." },
  { title: "Lives Change", text: "Families, orphans and communities in crisis receive help, and you see the impact." },
];

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mb-8 text-center">
      <h2 id={id} className="text-3xl font-bold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mx-auto mt-3 max-w-2xl text-slate-600">{intro}</p> : null}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) {
    return (
      <section className="container-page py-24 text-center" role="alert">
        <p className="text-xl font-semibold text-slate-900">
          Unable to load homepage data. Please check your connection.
        </p>
        <p className="mt-2 text-slate-600">Other pages should still work normally.</p>
      </section>
    );
  }
  const { page, appeals } = loaderData;

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">Trusted by 10,000+ donors</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Your Zakat and Sadaqa, delivered with care
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">
            We carry your giving to families in need, orphans and communities struck by disaster, and we show you where
            every dollar goes.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/donate" className="btn-gold text-lg">
              Donate Now
            </Link>
            <Link to="/zakat-calculator" className="btn-outline text-lg text-white">
              Calculate Zakat
            </Link>
          </div>
        </div>
      </section>

      {appeals.length ? (
        <section aria-labelledby="appeals-heading" className="bg-slate-50 py-16">
          <div className="container-page">
            <SectionHeading
              id="appeals-heading"
              title="Current appeals"
              intro="Where your gift is needed now, and how close each appeal is to its goal."
            />
            <CardGrid
              items={appeals}
              columns="home"
              renderItem={(appeal) => <AppealCard appeal={appeal} today={page.today} />}
            />
            <p className="mt-8 text-center">
              <Link to="/appeals" className="font-semibold text-brand-700 hover:underline">
                All appeals
              </Link>
            </p>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="video-heading" className="py-16">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <h2 id="video-heading" className="text-3xl font-bold text-slate-900">
              See your giving at work
            </h2>
            <p className="mt-4 text-slate-600">
              From a new well to a child's first school year, every gift becomes something you can see. Watch a few
              minutes of the work your Zakat and Sadaqa make possible.
            </p>
          </div>
          <HeroVideo video={page.heroVideo} />
        </div>
      </section>

      <section aria-labelledby="impact-heading" className="bg-slate-50 py-16">
        <div className="container-page">
          <SectionHeading id="impact-heading" title="Our Impact" />
          <ImpactStatisticsCards figures={page.figures} />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="py-16">
        <div className="container-page">
          <SectionHeading id="how-heading" title="How Your Donation Works" />
          <ol className="grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-6 text-center">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="programmes-heading" className="bg-slate-50 py-16">
        <div className="container-page">
          <SectionHeading
            id="programmes-heading"
            title="Where Your Gift Goes"
            intro="Three programmes carry most of what you give."
          />
          <ProgrammeCards images={page.programImages} />
        </div>
      </section>

      <ContentSection
        id="testimonials-heading"
        title="In Their Words"
        intro="Donors, families and volunteers on what your giving means."
        items={page.testimonials}
        renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} />}
        more={{ to: "/testimonials", label: "Read more, or share your own experience" }}
      />

      <section aria-labelledby="gallery-heading" className="bg-slate-50 py-16">
        <div className="container-page">
          <SectionHeading id="gallery-heading" title="Gallery" />
          <Gallery items={page.gallery} />
        </div>
      </section>

      <ContentSection
        id="stories-heading"
        title="Stories of Hope"
        items={page.stories}
        renderItem={(story) => <FeaturedStoryCard story={story} sizes={IMAGE_SIZES.thirds} />}
        more={{ to: "/stories", label: "All stories" }}
      />

      <ContentSection
        id="events-heading"
        title="Upcoming Events"
        shaded
        items={page.events}
        renderItem={(event) => <EventCard event={event} today={page.today} />}
        more={{ to: "/events", label: "All events" }}
      />

      <section aria-labelledby="cta-heading" className="bg-brand-800 py-16 text-center text-white">
        <div className="container-page">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Every gift is an Amanah, a trust
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-brand-50">
            Work out what you owe in a minute, then pay it in one click, or give Sadaqa wherever the need is greatest.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/donate" className="btn-gold">
              Donate Now
            </Link>
            <Link to="/zakat-calculator" className="btn-outline text-white">
              Calculate Zakat
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * A home page section fed from the database (testimonials, stories, events): hidden when
 * it has nothing to show or failed to load (null), so one failure never blanks the page.
 */
function ContentSection<Item extends { id: number }>({
  id,
  title,
  intro,
  shaded = false,
  items,
  renderItem,
  more,
}: {
  id: string;
  title: string;
  intro?: string;
  shaded?: boolean;
  items: Item[] | null;
  renderItem: (item: Item) => ReactNode;
  more: { to: string; label: string };
}) {
  if (!items?.length) return null;
  return (
    <section aria-labelledby={id} className={`py-16 ${shaded ? "bg-slate-50" : ""}`}>
      <div className="container-page">
        <SectionHeading id={id} title={title} intro={intro} />
        <CardGrid items={items} columns="home" renderItem={renderItem} />
        <p className="mt-8 text-center">
          <Link to={more.to} className="font-semibold text-brand-700 hover:underline">
            {more.label}
          </Link>
        </p>
      </div>
    </section>
  );
}
