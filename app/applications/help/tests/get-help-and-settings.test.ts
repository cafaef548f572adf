import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as getHelpPage from "~/applications/help/routes/get-help";
import * as settingsScreen from "~/applications/help/routes/admin-application-settings";
import * as settingsApi from "~/applications/help/routes/api-application-settings";
import { APPLICATION_SETTING_KEYS, DEFAULT_HELP_TEXT } from "~/applications/records";
import { getDb } from "~/lib/db.server";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenHtml } from "../../../../tests/support/screens";
import { guardApi } from "~/staff/access/server/access.server";

type Page = Awaited<ReturnType<typeof getHelpPage.loader>>;
type PageData = Page extends { data: infer D } ? D : never;

async function openGetHelp(query = "") {
  const answer = unwrapData(await callRoute(getHelpPage.loader, `/get-help${query}`));
  return { ...answer, data: answer.data as PageData, cacheControl: new Headers(answer.headers).get("Cache-Control") };
}

/** Every row of the tables a visitor could leave a trace in, counted. */
async function traces() {
  const count = async (table: "audit_entries" | "rate_limits" | "outbound_mail" | "settings" | "application_drafts") =>
    Number(
      (
        await getDb()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return Promise.all(
    (["audit_entries", "rate_limits", "outbound_mail", "settings", "application_drafts"] as const).map(count),
  );
}

const SETTINGS_FORM = {
  help_text: "We help families in our city.\n\nApply below: we answer within a week.",
  low_1: "100",
  high_1: "300",
  low_2: "150",
  high_2: "450.50",
  savings_limit: "2500",
  household_cap: "5000",
  retention_years: "7",
  document_days: "14",
};

beforeEach(async () => {
  await getDb().deleteFrom("settings").where("key", "in", Object.values(APPLICATION_SETTING_KEYS)).execute();
});

describe("the Get help page", () => {
  it("shows the foundation's words as paragraphs and the table, and is kept for every visitor", async () => {
    const { data, cacheControl } = await openGetHelp();
    expect(data.paragraphs).toHaveLength(DEFAULT_HELP_TEXT.split("\n\n").length);
    expect(data.eligibility.rows).toHaveLength(6);
    expect(data.check).toBeNull();
    expect(cacheControl).toBeNull();
    expect(getHelpPage.handle).toEqual({ sameForEveryVisitor: true, hydrate: false });
  });

  it("answers the checker in plain terms with the household's range, keeps nothing, and is never cached", async () => {
    const before = await traces();
    const { data, cacheControl } = await openGetHelp("?household_size=8&income=1000&costs=1600&savings=0&debts=0");
    expect(cacheControl).toBe("private, no-store");
    expect(data.check).toEqual({
      values: { household_size: "8", income: "1000", costs: "1600", savings: "0", debts: "0" },
      errors: null,
      answer: {
        likelihood: "likely",
        shortfall_cents: 60_000,
        net_savings_cents: 0,
        range: { low_cents: 70_000, high_cents: 210_000 },
      },
    });
    expect(await traces()).toEqual(before);
  });

  it("names the figures it cannot read and keeps what was typed", async () => {
    const { data, cacheControl } = await openGetHelp("?household_size=&income=lots&costs=-3&savings=&debts=");
    expect(cacheControl).toBe("private, no-store");
    expect(data.check?.answer).toBeNull();
    expect(Object.keys(data.check?.errors ?? {}).sort()).toEqual(["costs", "household_size", "income"]);
    expect(data.check?.values.income).toBe("lots");
  });

  it("shows what staff saved", async () => {
    await callRoute(settingsScreen.action, "/admin/applications/settings", { form: SETTINGS_FORM });
    const { data } = await openGetHelp("?household_size=5&income=3000&costs=1000&savings=2600&debts=0");
    expect(data.paragraphs).toEqual(["We help families in our city.", "Apply below: we answer within a week."]);
    expect(data.check?.answer?.likelihood).toBe("unlikely");
    expect((await openGetHelp("?household_size=5&income=3000&costs=1000&savings=0")).data.check?.answer?.range).toEqual(
      {
        low_cents: 15_000,
        high_cents: 45_050,
      },
    );
  });
});

describe("the applications' settings screen", () => {
  it("opens with the defaults, saves all five settings at once, and audits the values", async () => {
    const opened = (await callRoute(settingsScreen.loader, "/admin/applications/settings")) as {
      values: Record<string, string>;
    };
    expect(opened.values).toMatchObject({ low_1: "200", high_6: "2100", savings_limit: "3000", retention_years: "6" });

    const answer = (await callRoute(settingsScreen.action, "/admin/applications/settings", {
      form: SETTINGS_FORM,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/applications/settings?saved=1");
    const stored = Object.fromEntries(
      (
        await getDb()
          .selectFrom("settings")
          .select(["key", "value"])
          .where("key", "in", Object.values(APPLICATION_SETTING_KEYS))
          .execute()
      ).map((row) => [row.key, row.value]),
    );
    expect(stored).toEqual({
      applications_help_text: SETTINGS_FORM.help_text,
      applications_eligibility_table: JSON.stringify({
        rows: [
          { household_size: 1, low_cents: 10_000, high_cents: 30_000 },
          { household_size: 2, low_cents: 15_000, high_cents: 45_050 },
        ],
        savings_limit_cents: 250_000,
      }),
      applications_household_cap_cents: "500000",
      applications_retention_years: "7",
      applications_document_days: "14",
    });
    const entry = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "entity", "entity_id", "changes"])
      .where("entity_id", "=", "applications")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "update", entity: "setting" });
    expect(JSON.parse(entry.changes)).toMatchObject({ retention_years: [6, 7], document_days: [10, 14] });
  });

  it("refuses wrong values field by field, keeping what was typed, and saves nothing", async () => {
    const { status, data } = unwrapData(
      await callRoute(settingsScreen.action, "/admin/applications/settings", {
        form: { ...SETTINGS_FORM, help_text: "", high_2: "100", low_4: "5", high_4: "9", retention_years: "0" },
      }),
    ) as {
      status: number;
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    };
    expect(status).toBe(400);
    expect(Object.keys(data.result.error).sort()).toEqual(["help_text", "high_2", "low_4", "retention_years"]);
    expect(data.result.error.high_2).toEqual(["The highest help cannot be below the lowest"]);
    expect(data.result.initialValue.low_4).toBe("5");
    expect(
      await getDb()
        .selectFrom("settings")
        .select("key")
        .where("key", "in", Object.values(APPLICATION_SETTING_KEYS))
        .execute(),
    ).toEqual([]);
  });
});

describe("who may change the applications' settings (decision 172)", () => {
  /** The request as the server answers it: the API's guard first, then the route. */
  async function throughGuard(method: string, headers: Record<string, string>, body?: unknown) {
    const request = makeRequest("/api/applications/settings", { method, headers, body });
    const url = new URL(request.url);
    const context = makeContext("203.0.113.10", null);
    const pattern = "api/applications/settings";
    const route = method === "GET" ? settingsApi.loader : settingsApi.action;
    let response: Response;
    try {
      response = await guardApi(
        { request, url, pattern, context } as never,
        async () => (await route({ request, url, params: {}, context, pattern } as never)) as Response,
      );
    } catch (thrown) {
      response = thrown as Response;
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  it("lets a case worker read them and refuses their PUT with 403; finance's PUT is saved", async () => {
    const caseworker = (await createTestAdmin("a-strong-password", ["caseworker"])).auth;
    const finance = (await createTestAdmin("a-strong-password", ["finance"])).auth;
    const read = await throughGuard("GET", caseworker);
    expect(read.status).toBe(200);
    const raised = { ...read.body, household_cap: 60000, retention_years: 1 };
    const refused = await throughGuard("PUT", caseworker, raised);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain("Finance");
    expect((await throughGuard("GET", finance)).body).toMatchObject({
      household_cap: read.body.household_cap,
      retention_years: read.body.retention_years,
    });
    const saved = await throughGuard("PUT", finance, { ...read.body, household_cap: 6500 });
    expect(saved.status).toBe(200);
    expect(saved.body.household_cap).toBe(6500);
  });

  it("shows a case worker the values to read, the form disabled with a note, and no Save button", async () => {
    const caseworker = (await createTestAdmin("a-strong-password", ["caseworker"])).admin;
    const asCaseworker = {
      ...settingsScreen,
      loader: (args: Parameters<typeof settingsScreen.loader>[0]) =>
        settingsScreen.loader({ ...args, context: makeContext("203.0.113.10", caseworker) }),
    };
    const readOnly = await screenHtml(asCaseworker as never, "/admin/applications/settings");
    expect(readOnly).toContain("They are changed by finance or an owner");
    expect(readOnly).toMatch(/<fieldset disabled=""/);
    expect(readOnly).toContain('name="household_cap"');
    expect(readOnly).not.toContain("Save settings");
    const owner = await screenHtml(settingsScreen, "/admin/applications/settings");
    expect(owner).toContain("Save settings");
    expect(owner).not.toContain("They are changed by finance or an owner");
    expect(owner).not.toMatch(/<fieldset disabled/);
  });
});

describe("GET and PUT /api/applications/settings", () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = (await createTestAdmin("a-strong-password", ["finance"])).auth;
  });

  it("answers the settings in dollars and takes them back in the same shape", async () => {
    const read = await callApi(settingsApi.loader, "/api/applications/settings", { headers: auth });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      eligibility: { rows: expect.any(Array), savings_limit: 3000 },
      household_cap: 6000,
      retention_years: 6,
      document_days: 10,
    });
    const changed = { ...read.body, document_days: 12, eligibility: { ...read.body.eligibility, savings_limit: 2000 } };
    const written = await callApi(settingsApi.action, "/api/applications/settings", {
      method: "PUT",
      body: changed,
      headers: auth,
    });
    expect(written.status).toBe(200);
    expect(written.body).toEqual(changed);
  });

  it("answers bad input with 422 and the field errors, and a signed-out caller with 401", async () => {
    const bad = await callApi(settingsApi.action, "/api/applications/settings", {
      method: "PUT",
      body: {
        help_text: "Words",
        eligibility: { rows: [{ low: 5, high: 1 }] },
        retention_years: "x",
        document_days: 3,
      },
      headers: auth,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["high_1", "retention_years"]);
    const anonymous = await callApi(settingsApi.loader, "/api/applications/settings");
    expect(anonymous.status).toBe(401);
  });
});
