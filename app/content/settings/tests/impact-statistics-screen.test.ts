import { describe, expect, it } from "vitest";
import * as settings from "~/content/settings/routes/admin-settings";
import { getSetting } from "~/content/settings/server/settings.server";
import { callRoute, unwrapData } from "../../../../tests/support/routes";

type ActionData = { key: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

describe("Impact Statistics Settings screen", () => {
  it("lists the four statistics and opens the one selected", async () => {
    const data = (await callRoute(settings.loader, "/admin/settings?edit=total_raised")) as Awaited<
      ReturnType<typeof settings.loader>
    >;
    expect(data.statistics.map((s) => s.key)).toEqual([
      "meals_provided",
      "families_supported",
      "orphans_cared_for",
      "total_raised",
    ]);
    expect(data.editing).toBe("total_raised");
    const ignored = (await callRoute(settings.loader, "/admin/settings?edit=hero_video")) as Awaited<
      ReturnType<typeof settings.loader>
    >;
    expect(ignored.editing).toBeNull();
  });

  it("saves a value and description, then closes the form with a confirmation", async () => {
    const response = (await callRoute(settings.action, "/admin/settings", {
      form: { key: "families_supported", value: "3,250", description: "Families helped in 2026" },
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings?saved=families_supported");
    expect(await getSetting("families_supported")).toMatchObject({
      value: "3250",
      description: "Families helped in 2026",
    });
  });

  it("keeps the form open with the typed value and a field error when the value is not numeric", async () => {
    const { status, data } = unwrapData(
      await callRoute(settings.action, "/admin/settings", {
        form: { key: "meals_provided", value: "many", description: "x" },
      }),
    );
    const actionData = data as ActionData;
    expect(status).toBe(400);
    expect(actionData.key).toBe("meals_provided");
    expect(actionData.result.error?.value).toEqual(["Value must be a number"]);
    expect(actionData.result.initialValue).toMatchObject({ value: "many", description: "x" });
    expect((await getSetting("meals_provided")).value).toBe("0");
  });

  it("requires a value and refuses keys that are not statistics", async () => {
    const empty = unwrapData(
      await callRoute(settings.action, "/admin/settings", { form: { key: "meals_provided", value: "" } }),
    );
    expect((empty.data as ActionData).result.error?.value).toEqual(["Value is required"]);
    const media = unwrapData(
      await callRoute(settings.action, "/admin/settings", { form: { key: "hero_video", value: "1" } }),
    );
    expect(media.status).toBe(400);
  });
});
