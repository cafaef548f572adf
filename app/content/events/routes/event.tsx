import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/event";
import { Icon } from "~/ui/icon";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { RecordMissing } from "~/ui/record-missing";
import { SafeImage } from "~/ui/safe-image";
import { eventTiming, formatEventDate } from "../rules/event-dates";
import { imageSources, UPLOAD_FOLDERS } from "~/content/media";
import { shareTags } from "~/content/sharing";
import { paragraphs, truncate } from "~/shared/text";
import { recordOr404 } from "~/lib/record-ids.server";
import { siteUrlFor } from "~/lib/site-url.server";
import { foundationToday, getEvent } from "../server/events.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

/** One event, in full, with a calendar file to add it (an unknown one is a 404). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const event = await recordOr404(params.id, getEvent);
  const image = imageSources(event.image, UPLOAD_FOLDERS.events);
  const site = siteUrlFor(request);
  return {
    event,
    image,
    timing: eventTiming(event.date, foundationToday()),
    share: { url: `${site}/events/${event.id}`, image: image ? new URL(image.src, site).href : null },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Event not found | Al-Amanah Foundation" }];
  const { event, share } = loaderData;
  return shareTags({
    type: "website",
    title: event.title,
    pageTitle: `${event.title} | Events | Al-Amanah Foundation`,
    description: truncate(`${formatEventDate(event.date)}, ${event.location}. ${event.description}`, 200),
    ...share,
  });
};

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, image, timing } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Link to="/events" className="hover:underline">
          Events
        </Link>
        {timing === "past" ? <span className="ml-2 text-slate-500 normal-case">(this event has passed)</span> : null}
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{event.title}</h1>
      <dl className="mt-6 space-y-2 text-slate-700">
        <div className="flex items-center gap-2">
          <dt>
            <Icon name="calendar" className="h-5 w-5 text-brand-700" />
            <span className="sr-only">Date</span>
          </dt>
          <dd>
            <time dateTime={event.date}>{formatEventDate(event.date)}</time>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Icon name="location" className="h-5 w-5 text-brand-700" />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{event.location}</dd>
        </div>
      </dl>
      {image ? (
        <SafeImage
          src={image.src}
          srcSet={image.srcSet}
          sizes={IMAGE_SIZES.article}
          alt={event.title}
          width={768}
          height={480}
          eager
          className="mt-8 aspect-[16/10] w-full rounded-2xl object-cover"
        />
      ) : null}
      <div className="prose-page mt-8">
        {paragraphs(event.description).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {timing !== "past" ? (
          <a href={`/events/${event.id}/calendar.ics`} download className="btn-primary">
            <Icon name="calendar" /> Add to calendar
          </a>
        ) : null}
        <Link to="/events" className="btn-secondary">
          All events
        </Link>
      </div>
    </article>
  );
}

/** An unknown or hidden event is a 404 inside the site's layout; anything else goes to the root's boundary. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return <RecordMissing what="Event" listTo="/events" listLabel="All events" />;
  throw error;
}
