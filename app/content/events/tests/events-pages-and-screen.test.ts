import { beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import * as eventsScreen from "~/content/events/routes/admin-events";
import * as calendarRoute from "~/content/events/routes/event-calendar";
import * as eventPage from "~/content/events/routes/event";
import * as eventsPage from "~/content/events/routes/events";
import { missingTablePattern, withoutTable } from "../../../../tests/support/database-engine";
import { callRoute, expectLoggedError, unwrapData } from "../../../../tests/support/routes";
import { newEvent } from "../../../../tests/support/builders";

/**
 * The Events pages and the staff screen through their loaders and actions: what a visitor
 * or a staff member would see, and what lands in the database.
 */
const day = (offset: number) =>
  new Date(Date.parse(`${todayIn("UTC")}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  await getDb().deleteFrom("events").execute();
});

describe("the Events pages", () => {
  it("split events into upcoming (today on) and past, each in its order", async () => {
    await newEvent("Last month", day(-30));
    await newEvent("Yesterday", day(-1));
    const tonight = await newEvent("Tonight", `${day(0)}T19:00`);
    await newEvent("Next week", day(7));
    const data = (await callRoute(eventsPage.loader, "/events")) as Awaited<ReturnType<typeof eventsPage.loader>>;
    expect(data.upcoming.map((event) => event.title)).toEqual(["Tonight", "Next week"]);
    expect(data.past.map((event) => event.title)).toEqual(["Yesterday", "Last month"]);

    const page = (await callRoute(eventPage.loader, `/events/${tonight}`, {
      params: { id: String(tonight) },
    })) as Awaited<ReturnType<typeof eventPage.loader>>;
    expect(page.timing).toBe("today");
    expect(unwrapData(await callRoute(eventPage.loader, "/events/999", { params: { id: "999" } })).status).toBe(404);
  });

  it("offer each event as a calendar file", async () => {
    const id = await newEvent("Iftar, together; all welcome", "2026-03-01T18:30");
    const response = (await callRoute(calendarRoute.loader, `/events/${id}/calendar.ics`, {
      params: { id: String(id) },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="event-${id}.ics"`);
    const body = await response.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toContain("SUMMARY:Iftar\\, together\\; all welcome\r\n");
    expect(body).toContain("DTSTART:20260301T183000Z\r\n"); // SITE_TIMEZONE is UTC in tests
    expect(body).toContain(`URL:http://localhost:3000/events/${id}\r\n`);
    expect(
      unwrapData(await callRoute(calendarRoute.loader, "/events/999/calendar.ics", { params: { id: "999" } })).status,
    ).toBe(404);
  });
});

describe("the admin content screens", () => {
  it("keep an event form's input and errors when it is refused", async () => {
    const result = unwrapData(
      await callRoute(eventsScreen.action, "/admin/events", {
        form: {
          intent: "save",
          title: "Iftar",
          description: "",
          date: "2026-02-30",
          location: "Hall",
          image: "ftp://x/a.jpg",
        },
      }),
    );
    expect(result.status).toBe(400);
    const reply = (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error).toEqual({
      description: ["Description is required"],
      date: ["Please enter a real date as YYYY-MM-DD"],
      image: ["Please enter a valid photo URL (jpg, jpeg, png, gif, webp, svg)"],
    });
    expect(reply.initialValue).toMatchObject({ title: "Iftar", location: "Hall" });
  });

  it("show 'Error loading events: {error}' when events cannot be loaded", async () => {
    await withoutTable("events", async () => {
      const screen = (await callRoute(eventsScreen.loader, "/admin/events")) as Awaited<
        ReturnType<typeof eventsScreen.loader>
      >;
      expect(screen.loadError).toMatch(new RegExp(`^Error loading events: .*${missingTablePattern("events").source}`));
    });
    expectLoggedError(/Admin events failed to load/);
  });
});
