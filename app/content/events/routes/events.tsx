import { Link } from "react-router";
import type { Route } from "./+types/events";
import { CardGrid } from "~/ui/card-grid";
import { EventCard } from "../components/event-card";
import { EmptyState, LoadFailure } from "~/ui/page-states";
import { PageHero } from "~/ui/page-hero";
import { eventsByTiming } from "../server/events.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Events | Al-Amanah Foundation" },
  { name: "description", content: "Iftars, Zakat clinics, fun runs and volunteering days: join us." },
];

export async function loader() {
  try {
    return { ...(await eventsByTiming()), failed: false };
  } catch (error) {
    console.error("Events failed to load:", error);
    return { today: "", upcoming: [], past: [], failed: true };
  }
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { today, upcoming, past, failed } = loaderData;
  return (
    <>
      <PageHero id="events-title" eyebrow="Community" title="Events">
        <p>Come and meet the people your giving supports, and the volunteers who make it happen.</p>
      </PageHero>
      <div className="container-page py-12">
        {failed ? (
          <LoadFailure>Error loading events. Please try again later.</LoadFailure>
        ) : upcoming.length === 0 && past.length === 0 ? (
          <EmptyState
            title="No Events Yet"
            text="We will announce our next gatherings soon."
            action={{ to: "/contact", label: "Get Notified About Events" }}
          />
        ) : (
          <>
            <section aria-labelledby="upcoming-title">
              <h2 id="upcoming-title" className="mb-6 text-2xl font-bold text-slate-900">
                Upcoming Events
              </h2>
              {upcoming.length ? (
                <CardGrid
                  items={upcoming}
                  columns={3}
                  renderItem={(event, index) => <EventCard event={event} today={today} eager={index === 0} />}
                />
              ) : (
                <p className="text-slate-600">No upcoming events right now.</p>
              )}
            </section>
            {past.length ? (
              <section aria-labelledby="past-title" className="mt-14">
                <h2 id="past-title" className="mb-6 text-2xl font-bold text-slate-900">
                  Past Events
                </h2>
                <CardGrid
                  items={past}
                  columns={3}
                  renderItem={(event, index) => (
                    <EventCard event={event} today={today} eager={index === 0 && upcoming.length === 0} />
                  )}
                />
              </section>
            ) : null}
          </>
        )}
      </div>
      <section aria-labelledby="events-cta" className="bg-brand-800 py-14 text-center text-white">
        <div className="container-page">
          <h2 id="events-cta" className="text-2xl font-bold sm:text-3xl">
            Want to help at our next event?
          </h2>
          <div className="mt-6 flex flex-wrap justify-center gap-4">
            <Link to="/volunteer" className="btn-gold">
              Volunteer
            </Link>
            <Link to="/contact" className="btn-outline text-white">
              Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
