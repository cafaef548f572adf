import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import * as volunteerPage from "~/community/volunteers/routes/volunteer";
import * as volunteersScreen from "~/community/volunteers/routes/admin-volunteers";
import * as volunteersExport from "~/community/volunteers/routes/admin-volunteers-export";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { passwordJustGiven } from "../../../../tests/support/admins";

/** The volunteer page's action, and the staff screen over the signups it collects. */
type VolunteersData = Awaited<ReturnType<typeof volunteersScreen.loader>>;
type Outcome = {
  sent: boolean;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

let visitor = 0;
const fromNewAddress = () => `192.0.2.${(visitor += 1)}`;

beforeEach(async () => {
  await getDb().deleteFrom("volunteer_signups").execute();
});

describe("the volunteer page's form", () => {
  it("stores a signup and shows the thanks; a missing interest keeps what was typed", async () => {
    const sent = unwrapData(
      await callRoute(volunteerPage.action, "/volunteer", {
        form: { name: "Maryam", email: "maryam@example.org", interest: "Fundraising", "via-script": "1" },
        clientAddress: fromNewAddress(),
      }),
    ) as { data: Outcome };
    expect(sent.data.sent).toBe(true);
    const withoutScript = (await callRoute(volunteerPage.action, "/volunteer", {
      form: { name: "Bilal", email: "bilal@example.org", interest: "Other" },
      clientAddress: fromNewAddress(),
    })) as Response;
    expect(withoutScript.headers.get("Location")).toBe("/volunteer?submitted=1#signup-title");
    const refused = unwrapData(
      await callRoute(volunteerPage.action, "/volunteer", {
        form: { name: "Maryam", email: "maryam@example.org", interest: "" },
        clientAddress: fromNewAddress(),
      }),
    ) as { status: number; data: Outcome };
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ interest: ["Please choose an area of interest"] });
    expect(refused.data.result.initialValue).toMatchObject({ name: "Maryam", email: "maryam@example.org" });
    expect(await getDb().selectFrom("volunteer_signups").select(["name", "interest"]).orderBy("id").execute()).toEqual([
      { name: "Maryam", interest: "Fundraising" },
      { name: "Bilal", interest: "Other" },
    ]);
  });
});

describe("the Volunteers screen", () => {
  async function addSignups(interests: string[]) {
    for (const [index, interest] of interests.entries()) {
      await getDb()
        .insertInto("volunteer_signups")
        .values({
          name: `Volunteer ${index}`,
          email: `v${index}@example.org`,
          interest,
          submitted_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
        })
        .execute();
    }
  }

  it("tells 'no signups yet' from 'no matching volunteers', and counts each interest", async () => {
    expect(((await callRoute(volunteersScreen.loader, "/admin/volunteers")) as VolunteersData).counts.total).toBe(0);
    await addSignups(["Fundraising", "Fundraising", "Other"]);
    const all = (await callRoute(volunteersScreen.loader, "/admin/volunteers")) as VolunteersData;
    expect(all.counts.total).toBe(3);
    expect(all.counts.by_interest).toMatchObject({ Fundraising: 2, Other: 1, "Food Distribution": 0 });
    const other = (await callRoute(volunteersScreen.loader, "/admin/volunteers?interest=Other")) as VolunteersData;
    expect(other.volunteers.map((volunteer) => volunteer.name)).toEqual(["Volunteer 2"]);
    const none = (await callRoute(volunteersScreen.loader, "/admin/volunteers?search=nobody")) as VolunteersData;
    expect(none.volunteers).toEqual([]);
    expect(none.counts.total).toBe(3);

    const csv = await (
      (await callRoute(volunteersExport.loader, "/admin/volunteers/export?interest=Fundraising", {
        headers: await passwordJustGiven(),
      })) as Response
    ).text();
    expect(
      csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\n"),
    ).toEqual([
      "ID,Name,Email,Interest,Date",
      expect.stringMatching(/^\d+,Volunteer 1,v1@example.org,Fundraising,2026-01-02T/),
      expect.stringMatching(/^\d+,Volunteer 0,v0@example.org,Fundraising,2026-01-01T/),
    ]);
  });
});
