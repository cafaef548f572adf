import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import * as dashboardScreen from "~/staff/dashboard/routes/admin-dashboard";
import * as ratesScreen from "~/funds/rates/routes/admin-funds-rates";
import { asOwner, callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { signedInStaff } from "../../../../tests/support/builders";

/** The rates register as staff use it: the rates in force, recording and confirming one. */

type Reply = {
  result: { status?: string; error: Record<string, string[]> | null; initialValue: Record<string, unknown> | null };
};

const TODAY = todayIn("UTC");

describe("the rates register screen", () => {
  it("shows each rate in force with its date, authority and the to-be-confirmed marker, and records a new rate", async () => {
    const { admin, context } = await signedInStaff();
    const before = (await callRoute(ratesScreen.loader, "/admin/funds/rates")) as Awaited<
      ReturnType<typeof ratesScreen.loader>
    >;
    expect(before.inForce.map((rate) => rate.rate_key)).toEqual([
      "fitr_per_person",
      "fidya_per_day",
      "kaffarah_per_person",
      "gold_per_gram",
      "silver_per_gram",
    ]);
    expect(before.inForce.every((rate) => rate.to_confirm)).toBe(true);
    expect(await screenText(ratesScreen as never, "/admin/funds/rates")).toMatch(
      /In force today .*Zakat al-Fitr, per person \$\d+\.\d\d to be confirmed/i,
    );

    const refused = unwrapData(
      await callRoute(ratesScreen.action, "/admin/funds/rates", {
        form: { intent: "record-rate", rate_key: "fitr_per_person", amount: "-3", effective_on: TODAY, authority: "" },
        context,
      }),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Reply).result.error).toMatchObject({
      amount: ["Amount must be more than $0"],
      authority: ["Authority (council or scholar) is required"],
    });
    expect((refused.data as Reply).result.initialValue).toMatchObject({ amount: "-3", rate_key: "fitr_per_person" });

    const saved = (await callRoute(ratesScreen.action, "/admin/funds/rates", {
      form: {
        intent: "record-rate",
        rate_key: "fitr_per_person",
        amount: "13.50",
        effective_on: TODAY,
        authority: "Fiqh Council of North America",
        note: "Ramadan 1447",
      },
      context,
    })) as Response;
    expect(saved.status).toBe(302);
    const after = (await callRoute(ratesScreen.loader, saved.headers.get("Location")!)) as Awaited<
      ReturnType<typeof ratesScreen.loader>
    >;
    expect(after.inForce[0]).toMatchObject({
      amount: 13.5,
      authority: "Fiqh Council of North America",
      note: "Ramadan 1447",
      to_confirm: false,
      recorded_by: admin.username,
    });
    expect(after.history).toHaveLength(before.history.length + 1);
    const text = await screenText(ratesScreen as never, saved.headers.get("Location")!);
    expect(text).toContain(`Zakat al-Fitr, per person: $13.50 from ${TODAY} recorded.`);
    // The dashboard reminds staff of the four still unconfirmed.
    expect((await dashboardScreen.loader(asOwner())).stats.funds!.rates_to_confirm).toEqual([
      "Fidya, per day",
      "Kaffarah, per person fed",
      "Gold price, per gram",
      "Silver price, per gram",
    ]);
  });

  it("offers to confirm a rate still to be confirmed: the form comes filled in with its amount and today, the authority left to staff", async () => {
    const { context } = await signedInStaff();
    const list = await screenHtml(ratesScreen as never, "/admin/funds/rates");
    const confirmLinks = list.match(/<a[^>]*>Confirm this rate<\/a>/g) ?? [];
    expect(confirmLinks.find((link) => link.includes('href="/admin/funds/rates?confirm=fidya_per_day"'))).toContain(
      'aria-label="Confirm Fidya, per day"',
    );
    expect(list).toContain("Shown on the public pages beside the rate.");

    const fidya = (
      (await callRoute(ratesScreen.loader, "/admin/funds/rates")) as Awaited<ReturnType<typeof ratesScreen.loader>>
    ).inForce.find((rate) => rate.rate_key === "fidya_per_day")!;
    const form = await screenHtml(ratesScreen as never, "/admin/funds/rates?confirm=fidya_per_day");
    expect(form).toContain("Confirm Fidya, per day");
    expect(form).toMatch(/<option value="fidya_per_day" selected="">/);
    expect(form).toMatch(new RegExp(`<input[^>]*name="amount"[^>]*value="${fidya.amount}"`));
    expect(form).toMatch(new RegExp(`<input[^>]*name="effective_on"[^>]*value="${TODAY}"`));
    const authority = form.match(/<input[^>]*name="authority"[^>]*>/)?.[0] ?? "";
    expect(authority).toContain('required=""');
    expect(authority).not.toMatch(/value="[^"]/);

    const saved = (await callRoute(ratesScreen.action, "/admin/funds/rates?confirm=fidya_per_day", {
      form: {
        intent: "record-rate",
        rate_key: "fidya_per_day",
        amount: String(fidya.amount),
        effective_on: TODAY,
        authority: "Our Zakat committee",
        note: "",
      },
      context,
    })) as Response;
    expect(saved.status).toBe(302);
    const after = await screenHtml(ratesScreen as never, saved.headers.get("Location")!);
    expect(after).not.toContain("?confirm=fidya_per_day");
    expect(after).toContain("?confirm=kaffarah_per_person");

    expect(await screenText(ratesScreen as never, "/admin/funds/rates?confirm=zakat_per_camel")).toContain(
      "There is no rate called “zakat_per_camel” to confirm.",
    );
  });
});
