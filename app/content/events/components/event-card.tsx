import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import { eventTiming, formatEventDate } from "../rules/event-dates";
import { imageSources, UPLOAD_FOLDERS } from "~/content/media";
import type { CharityEvent } from "../rules/event";
import { IMAGE_SIZES } from "~/ui/image-sizes";
import { MediaImage } from "~/ui/media-image";

/**
 * An event's card (events page and home page): image, a 'Today' or 'Upcoming' badge for
 * events still to come, title, description, long-form date, location, and 'Learn More'
 * or, dimmed and past, 'View Details'.
 */
export function EventCard({
  event,
  today,
  eager = false,
}: {
  event: Pick<CharityEvent, "id" | "title" | "description" | "date" | "location" | "image">;
  today: string;
  /** The first card of a page is usually in view: its picture loads at once. */
  eager?: boolean;
}) {
  const timing = eventTiming(event.date, today);
  const past = timing === "past";
  return (
    // A past event is dimmed by its picture and background only: its text keeps full contrast.
    <article
      className={`flex flex-col overflow-hidden rounded-xl border border-slate-200 shadow-sm ${past ? "bg-slate-50" : "bg-white"}`}
    >
      <div className={`relative ${past ? "opacity-60 grayscale" : ""}`}>
        <MediaImage
          sources={imageSources(event.image, UPLOAD_FOLDERS.events)}
          alt={event.title}
          sizes={IMAGE_SIZES.thirds}
          eager={eager}
        />
        {!past ? (
          <span
            className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold ${timing === "today" ? "bg-gold-400 text-slate-900" : "bg-brand-700 text-white"}`}
          >
            {timing === "today" ? "Today" : "Upcoming"}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-semibold text-slate-900">{event.title}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{event.description}</p>
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <Icon name="calendar" className="h-4 w-4 shrink-0 text-brand-700" />
          <time dateTime={event.date}>{formatEventDate(event.date)}</time>
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <Icon name="location" className="h-4 w-4 shrink-0 text-brand-700" />
          {event.location}
        </p>
        <Link to={`/events/${event.id}`} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
          {past ? "View Details" : "Learn More"}
          <span className="sr-only"> about {event.title}</span>
        </Link>
      </div>
    </article>
  );
}
