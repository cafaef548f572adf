import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { PHOTO_URL_ERROR } from "~/content/media/rules/media-urls";
import { getDb } from "~/lib/db.server";
import * as eventsApi from "~/content/events/routes/api-events";
import * as eventApi from "~/content/events/routes/api-event";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/** The event endpoints: their snake_case field names, what the public may see, and who may write. */
let auth: Record<string, string>;
beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  await getDb().deleteFrom("events").execute();
});

describe("events", () => {
  const today = () => todayIn("UTC");
  const day = (offset: number) =>
    new Date(Date.parse(`${today()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const EVENT = { title: "Iftar", description: "Dinner", location: "Hall", image: "" };

  it("list past and upcoming soonest first, or only today and later with upcoming_only", async () => {
    for (const [title, date] of [
      ["Past", day(-3)],
      ["Tonight", `${today()}T19:00`],
      ["Next week", day(7)],
    ] as const) {
      expect(
        (await callApi(eventsApi.action, "/api/events/", { body: { ...EVENT, title, date }, headers: auth })).status,
      ).toBe(201);
    }
    const all = await callApi(eventsApi.loader, "/api/events/?upcoming_only=false");
    expect(all.body.map((event: { title: string }) => event.title)).toEqual(["Past", "Tonight", "Next week"]);
    expect(all.body[1]).toEqual({
      id: expect.any(Number),
      ...EVENT,
      title: "Tonight",
      date: `${today()}T19:00`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const upcoming = await callApi(eventsApi.loader, "/api/events/?upcoming_only=true");
    expect(upcoming.body.map((event: { title: string }) => event.title)).toEqual(["Tonight", "Next week"]);
  });

  it("are read one at a time, updated and deleted, and refuse bad dates and photos", async () => {
    const created = await callApi(eventsApi.action, "/api/events/", {
      body: { ...EVENT, date: day(2) },
      headers: auth,
    });
    const id = String(created.body.id);
    expect((await callApi(eventApi.loader, `/api/events/${id}`, { params: { id } })).body.title).toBe("Iftar");
    const updated = await callApi(eventApi.action, `/api/events/${id}`, {
      method: "PUT",
      body: { ...EVENT, date: day(3), location: "Mosque" },
      headers: auth,
      params: { id },
    });
    expect(updated.body).toMatchObject({ location: "Mosque", date: day(3) });
    const invalid = await callApi(eventsApi.action, "/api/events/", {
      body: { ...EVENT, date: "2026-13-01", image: "ftp://x.org/a.jpg" },
      headers: auth,
    });
    expect(invalid).toMatchObject({
      status: 422,
      body: { errors: { date: ["Please enter a real date as YYYY-MM-DD"], image: [PHOTO_URL_ERROR] } },
    });
    expect((await callApi(eventApi.action, `/api/events/${id}`, { method: "DELETE", params: { id } })).status).toBe(
      401,
    );
    expect(
      (await callApi(eventApi.action, `/api/events/${id}`, { method: "DELETE", headers: auth, params: { id } })).status,
    ).toBe(204);
    expect((await callApi(eventApi.loader, `/api/events/${id}`, { params: { id } })).status).toBe(404);
  });
});
