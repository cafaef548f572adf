import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VOLUNTEER_INTERESTS } from "~/community/volunteers/rules/volunteer-schemas";
import { getDb } from "~/lib/db.server";
import * as volunteersApi from "~/community/volunteers/routes/api-volunteers";
import * as volunteerApi from "~/community/volunteers/routes/api-volunteer";
import * as dashboardApi from "~/staff/dashboard/routes/api-admin-dashboard";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi } from "../../../../tests/support/routes";

/** The volunteer endpoints: who may call them and what they answer. */
let auth: Record<string, string>;
let visitor = 0;
/** Each test posts from its own address, so the per-address limit of one never reaches another. */
const fromNewAddress = () => `198.51.100.${(visitor += 1)}`;

beforeAll(async () => {
  auth = (await createTestAdmin()).auth;
});
beforeEach(async () => {
  await getDb().deleteFrom("volunteer_signups").execute();
});

const SIGNUP = { name: "Maryam Said", email: "maryam@example.org", interest: "Food Distribution" };

describe("the volunteer endpoints", () => {
  it("take a signup from anyone, with an interest from the form's eight only", async () => {
    const created = await callApi(volunteersApi.action, "/api/volunteers/", {
      body: SIGNUP,
      clientAddress: fromNewAddress(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...SIGNUP, submitted_at: expect.any(String) });

    const refused = await callApi(volunteersApi.action, "/api/volunteers/", {
      body: { ...SIGNUP, interest: "Baking" },
      clientAddress: fromNewAddress(),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ interest: ["Please choose an area of interest"] });
    const missing = await callApi(volunteersApi.action, "/api/volunteers/", {
      body: { email: "x" },
      clientAddress: fromNewAddress(),
    });
    expect(Object.keys(missing.body.errors).sort()).toEqual(["email", "interest", "name"]);

    const bot = await callApi(volunteersApi.action, "/api/volunteers/", {
      body: { ...SIGNUP, website: "x" },
      clientAddress: fromNewAddress(),
    });
    expect(bot).toMatchObject({ status: 201, body: SIGNUP });
    expect(await getDb().selectFrom("volunteer_signups").select("name").execute()).toEqual([{ name: "Maryam Said" }]);
  });

  it("are listed, filtered and deleted by an admin only; the dashboard counts them by interest", async () => {
    for (const interest of ["Fundraising", "Fundraising", "Other"]) {
      await callApi(volunteersApi.action, "/api/volunteers/", {
        body: { ...SIGNUP, interest },
        clientAddress: fromNewAddress(),
      });
    }
    expect((await callApi(volunteersApi.loader, "/api/volunteers/")).status).toBe(401);
    const all = await callApi(volunteersApi.loader, "/api/volunteers/", { headers: auth });
    expect(all.body).toHaveLength(3);
    const fundraisers = await callApi(volunteersApi.loader, "/api/volunteers/?interest=Fundraising", { headers: auth });
    expect(fundraisers.body).toHaveLength(2);
    // Any stored value may be asked for (an interest is stored as free text); nobody chose this one.
    expect((await callApi(volunteersApi.loader, "/api/volunteers/?interest=Baking", { headers: auth })).body).toEqual(
      [],
    );

    const dashboard = await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: auth });
    expect(dashboard.body.volunteers).toEqual({
      total: 3,
      by_interest: {
        ...Object.fromEntries(VOLUNTEER_INTERESTS.map((interest) => [interest, 0])),
        Fundraising: 2,
        Other: 1,
      },
    });

    const id = String(all.body[0].id);
    expect(
      (await callApi(volunteerApi.action, `/api/volunteers/${id}`, { method: "DELETE", params: { id } })).status,
    ).toBe(401);
    expect(
      (await callApi(volunteerApi.action, `/api/volunteers/${id}`, { method: "DELETE", params: { id }, headers: auth }))
        .status,
    ).toBe(204);
    expect(
      (await callApi(volunteerApi.action, `/api/volunteers/${id}`, { method: "DELETE", params: { id }, headers: auth }))
        .status,
    ).toBe(404);
    expect((await callApi(dashboardApi.loader, "/api/admin/dashboard", { headers: auth })).body.volunteers.total).toBe(
      2,
    );
  });
});
