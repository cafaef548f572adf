import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import * as fundsScreen from "~/funds/funds/routes/admin-funds";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";
import { newGift, signedInStaff } from "../../../../tests/support/builders";

/** The Funds screen as staff use it: the funds and their balances, adding, editing and archiving one. */

type FundsData = Awaited<ReturnType<typeof fundsScreen.loader>>;
type Reply = {
  result: { status?: string; error: Record<string, string[]> | null; initialValue: Record<string, unknown> | null };
};

const TODAY = todayIn("UTC");

describe("the Funds screen", () => {
  it("lists each fund's received, disbursed and balance, adds a restricted fund, edits its description and archives it", async () => {
    const { context } = await signedInStaff();
    const added = (await callRoute(fundsScreen.action, "/admin/funds?new=1", {
      form: { intent: "save", name: "Winter Appeal", description: "Blankets" },
      context,
    })) as Response;
    expect(added.status).toBe(302);
    const winter = await fundBySlug("winter-appeal");
    expect(added.headers.get("Location")).toBe(`/admin/funds?added=${winter.id}`);
    // A live gift to it, as an offline gift would be recorded.
    await newGift({
      name: "Ledger donor",
      email: "donor@example.org",
      amount_cents: 12_000,
      purpose: "Winter Appeal",
      donated_at: `${TODAY}T10:00:00.000Z`,
    });

    const duplicate = unwrapData(
      await callRoute(fundsScreen.action, "/admin/funds?new=1", {
        form: { intent: "save", name: "winter appeal", description: "Again" },
        context,
      }),
    );
    expect(duplicate.status).toBe(400);
    expect((duplicate.data as Reply).result.error).toMatchObject({ name: ["A fund with this name already exists"] });
    expect((duplicate.data as Reply).result.initialValue).toMatchObject({
      name: "winter appeal",
      description: "Again",
    });

    const text = await screenText(fundsScreen as never, "/admin/funds");
    expect(text).toMatch(/Winter Appeal Blankets Restricted \$120\.00 \$0\.00 \$120\.00 1/);
    expect(text).toMatch(/Zakat al-Mal .*?Zakat-bound Obligation-bound/);
    // Every fund says its kind: general Sadaqa too.
    expect(text).toMatch(/Sadaqa Voluntary giving[^$]*? Sadaqa \(general\) \$/);

    const described = (await callRoute(fundsScreen.action, `/admin/funds?edit=${winter.id}`, {
      form: { intent: "save", id: String(winter.id), description: "" },
      context,
    })) as Response;
    expect(described.status).toBe(302);
    expect((await fundBySlug("winter-appeal")).description).toBe("");

    // The fixed funds have no archive control, and the service refuses them anyway.
    const page = (await callRoute(
      fundsScreen.loader,
      `/admin/funds?archive=${(await fundBySlug("zakat-al-mal")).id}`,
    )) as FundsData;
    expect(page.archiving).toBeNull();
    const refused = unwrapData(
      await callRoute(fundsScreen.action, "/admin/funds", {
        form: { intent: "archive", id: String((await fundBySlug("fidya")).id) },
        context,
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      message: "Fidya is one of the foundation's fixed funds and cannot be archived",
    });

    const confirm = (await callRoute(fundsScreen.loader, `/admin/funds?archive=${winter.id}`)) as FundsData;
    expect(confirm.archiving?.name).toBe("Winter Appeal");
    const archived = (await callRoute(fundsScreen.action, `/admin/funds?archive=${winter.id}`, {
      form: { intent: "archive", id: String(winter.id) },
      context,
    })) as Response;
    expect(archived.headers.get("Location")).toBe(`/admin/funds?archived=${winter.id}`);
    expect(await screenText(fundsScreen as never, `/admin/funds?archived=${winter.id}`)).toMatch(
      /Winter Appeal archived: it no longer appears on the donate form\..*Winter Appeal Restricted Archived \$120\.00/,
    );
    const reopened = (await callRoute(fundsScreen.action, "/admin/funds", {
      form: { intent: "reopen", id: String(winter.id) },
      context,
    })) as Response;
    expect(reopened.headers.get("Location")).toBe(`/admin/funds?reopened=${winter.id}`);
    expect((await fundBySlug("winter-appeal")).archived).toBe(false);
  });
});
