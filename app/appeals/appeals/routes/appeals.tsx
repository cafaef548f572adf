import { Link } from "react-router";
import type { Route } from "./+types/appeals";
import { AppealCard } from "../components/appeal-card";
import { CardGrid } from "~/ui/card-grid";
import { EmptyState, LoadFailure } from "~/ui/page-states";
import { PageHero } from "~/ui/page-hero";
import { todayIn } from "~/shared/dates";
import { getEnv } from "~/lib/env.server";
import { listPublicAppeals } from "../server/appeals.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Appeals | Al-Amanah Foundation" },
  {
    name: "description",
    content: "The foundation's current appeals: what each one is for, how far it has come, and how to give to it.",
  },
];

/** Live appeals (featured first), then the archive of those that have closed or ended. Drafts are never listed. */
export async function loader() {
  const today = todayIn(getEnv().SITE_TIMEZONE);
  try {
    return { ...(await listPublicAppeals()), today, failed: false };
  } catch (error) {
    console.error("Appeals failed to load:", error);
    return { live: [], archive: [], today, failed: true };
  }
}

export default function Appeals({ loaderData }: Route.ComponentProps) {
  const { live, archive, today, failed } = loaderData;
  return (
    <>
      <PageHero id="appeals-title" eyebrow="Give where it is needed now" title="Appeals">
        <p>
          Each appeal raises for one need, with a goal you can watch it reach. Every gift goes to the fund the appeal
          names.
        </p>
      </PageHero>
      <div className="container-page py-12">
        {failed ? (
          <LoadFailure>Error loading appeals. Please try again later.</LoadFailure>
        ) : (
          <>
            <section aria-labelledby="live-title">
              <h2 id="live-title" className="mb-6 text-2xl font-bold text-slate-900">
                Current appeals
              </h2>
              {live.length ? (
                <CardGrid
                  items={live}
                  columns={3}
                  renderItem={(appeal, index) => <AppealCard appeal={appeal} today={today} eager={index === 0} />}
                />
              ) : (
                <EmptyState
                  title="No appeals open right now"
                  text="You can still give wherever the need is greatest."
                  action={{ to: "/donate", label: "Donate Now" }}
                />
              )}
            </section>
            {archive.length ? (
              <section aria-labelledby="archive-title" className="mt-16">
                <h2 id="archive-title" className="text-2xl font-bold text-slate-900">
                  Past appeals
                </h2>
                <p className="mt-2 mb-6 text-slate-600">
                  Appeals that have closed, and what your gifts to them raised.
                </p>
                <CardGrid
                  items={archive}
                  columns={3}
                  renderItem={(appeal) => <AppealCard appeal={appeal} today={today} />}
                />
              </section>
            ) : null}
          </>
        )}
      </div>
      <section aria-labelledby="appeals-cta" className="bg-brand-800 py-14 text-center text-white">
        <div className="container-page">
          <h2 id="appeals-cta" className="text-2xl font-bold sm:text-3xl">
            Rather give where the need is greatest?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Your Zakat and Sadaqa can go to any of the foundation&apos;s funds.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-4">
            <Link to="/donate" className="btn-gold">
              Donate Now
            </Link>
            <Link to="/transparency" className="btn-outline text-white">
              See where it went
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
