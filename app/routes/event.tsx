import { data, Link } from "react-router";
import type { Route } from "./+types/event";
import { Icon } from "~/components/ui/icon";
import { SafeImage } from "~/components/ui/safe-image";
import { eventTiming, formatEventDate } from "~/domain/event-dates";
import { imageSources, UPLOAD_FOLDERS } from "~/domain/media-sources";
import { paragraphs, truncate } from "~/domain/text";
import { NotFoundError } from "~/lib/service-errors";
import { foundationToday, getEvent } from "~/services/events.server";

/** One event, in full, with a calendar file to add it (an unknown one is a 404). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  try {
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    const event = await getEvent(id);
    return { event, image: imageSources(event.image, UPLOAD_FOLDERS.events), timing: eventTiming(event.date, foundationToday()) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.event.title} | Events | Al-Amanah Foundation` },
        { name: "description", content: truncate(loaderData.event.description, 200) },
        { property: "og:title", content: loaderData.event.title },
        { property: "og:description", content: truncate(loaderData.event.description, 200) },
      ]
    : [{ title: "Event not found | Al-Amanah Foundation" }];

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
        <SafeImage src={image.src} srcSet={image.srcSet} sizes="(min-width: 768px) 768px, 100vw" alt={event.title} width={768} height={480} eager className="mt-8 aspect-[16/10] w-full rounded-2xl object-cover" />
      ) : null}
      <div className="prose-page mt-8">
        {paragraphs(event.description).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
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
