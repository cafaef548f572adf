import { describe, expect, it } from "vitest";
import { formatDate } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import * as dashboardScreen from "~/staff/dashboard/routes/admin-dashboard";
import * as policyScreen from "~/funds/zakat-policy/routes/admin-funds-policy";
import { asOwner, callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { signedInStaff } from "../../../../tests/support/builders";

/** The Zakat policy editor: the policy, the Kaffarah view and this year's Eid al-Fitr. */

type Reply = {
  result: { status?: string; error: Record<string, string[]> | null; initialValue: Record<string, unknown> | null };
};

describe("the Zakat policy editor", () => {
  it("saves the policy and the Kaffarah view, which turns off the dashboard's reminder", async () => {
    const { admin, context } = await signedInStaff();
    expect((await dashboardScreen.loader(asOwner())).stats.funds!.policy_is_template).toBe(true);
    expect(await screenText(dashboardScreen as never, "/admin")).toContain(
      "The Zakat policy is not written yet: until it is, no public page links to it. Still to write:",
    );

    const empty = unwrapData(
      await callRoute(policyScreen.action, "/admin/funds/policy", {
        form: { intent: "save-policy", body: "  ", kaffarah_per_fast: "false" },
        context,
      }),
    );
    expect(empty.status).toBe(400);
    expect((empty.data as Reply).result.error).toMatchObject({ body: ["Policy is required"] });

    const saved = (await callRoute(policyScreen.action, "/admin/funds/policy", {
      form: {
        intent: "save-policy",
        body: "Our Zakat committee distributes within one lunar year; no administration share is taken.",
        kaffarah_per_fast: "false",
      },
      context,
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/funds/policy?saved=policy");
    const page = (await callRoute(policyScreen.loader, "/admin/funds/policy?saved=policy")) as Awaited<
      ReturnType<typeof policyScreen.loader>
    >;
    expect(page.policy).toMatchObject({ is_template: false, kaffarah_per_fast: false, updated_by: admin.username });
    expect((await dashboardScreen.loader(asOwner())).stats.funds!.policy_is_template).toBe(false);
    expect(await screenText(dashboardScreen as never, "/admin")).not.toContain("still the template");
  });

  it("sets this year's Eid al-Fitr near the calculated date, and says whether it is confirmed", async () => {
    const { context } = await signedInStaff();
    const before = (await callRoute(policyScreen.loader, "/admin/funds/policy")) as Awaited<
      ReturnType<typeof policyScreen.loader>
    >;
    expect(before.eid.confirmed).toBe(false);
    expect(before.eid.date).toBe(before.eid.calculated);
    const shown = await screenText(policyScreen as never, "/admin/funds/policy");
    expect(shown).toContain("Not yet confirmed: by the Umm al-Qura calculation");
    // The calculated day is said once.
    expect(shown).not.toContain("The calculation says");
    // Late Fitr is judged by the day, so the screen says so rather than promise the hour of the prayer.
    expect(shown).toContain(
      before.eid.passed
        ? "Eid has come: Zakat al-Fitr given now is recorded as Sadaqa."
        : "Zakat al-Fitr is taken as such until Eid day begins (the site cannot know the hour of the prayer, so the whole of Eid day counts as after it).",
    );

    const far = unwrapData(
      await callRoute(policyScreen.action, "/admin/funds/policy", {
        form: { intent: "set-eid", eid_al_fitr_on: addDays(before.eid.calculated, 20) },
        context,
      }),
    );
    expect(far.status).toBe(400);
    expect((far.data as Reply).result.error?.eid_al_fitr_on?.[0]).toMatch(
      /falls near .* by the calculation; please check the date$/,
    );

    const sighted = addDays(before.eid.calculated, 1);
    const saved = (await callRoute(policyScreen.action, "/admin/funds/policy", {
      form: { intent: "set-eid", eid_al_fitr_on: sighted },
      context,
    })) as Response;
    expect(saved.status).toBe(302);
    const after = (await callRoute(policyScreen.loader, "/admin/funds/policy")) as Awaited<
      ReturnType<typeof policyScreen.loader>
    >;
    expect(after.eid).toMatchObject({ confirmed: true, date: sighted });
    const confirmed = await screenText(policyScreen as never, "/admin/funds/policy");
    expect(confirmed).toContain(`Confirmed by staff: ${formatDate(sighted, "UTC")}`);
    // A sighted day a day off the calculation says what the calculation gave.
    expect(confirmed).toContain(`The calculation says ${formatDate(before.eid.calculated, "UTC")}.`);
  });
});
