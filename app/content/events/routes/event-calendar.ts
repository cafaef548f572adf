import type { Route } from "./+types/event-calendar";
import { eventCalendar } from "../rules/calendar";
import { getEnv } from "~/lib/env.server";
import { recordOr404 } from "~/lib/record-ids.server";
import { siteUrlFor } from "~/lib/site-url.server";
import { getEvent } from "../server/events.server";

/** GET /events/{id}/calendar.ics: the event as a file calendar apps add. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const event = await recordOr404(params.id, getEvent);
  const site = siteUrlFor(request);
  const body = eventCalendar({
    uid: `event-${event.id}@${new URL(site).hostname}`,
    title: event.title,
    description: event.description,
    location: event.location,
    date: event.date,
    url: `${site}/events/${event.id}`,
    timeZone: getEnv().SITE_TIMEZONE,
    stamp: new Date(event.updated_at),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${event.id}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
