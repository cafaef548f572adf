import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as donationsScreen from "~/giving/gifts/routes/admin-donations";
import * as donationsExport from "~/giving/gifts/routes/admin-donations-export";
import * as fundsScreen from "~/funds/funds/routes/admin-funds";
import { clearGiving, donationRows } from "../../../../tests/support/giving-records";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { fundId, newGift, signedInStaff } from "../../../../tests/support/builders";
import { passwordJustGiven } from "../../../../tests/support/admins";

type DonationsData = Awaited<ReturnType<typeof donationsScreen.loader>>;

beforeEach(clearGiving);

/** `count` one-time gifts of $10 from Donor 0, Donor 1, ..., a day apart from 1 January 2026. */
async function addGifts(count: number, gift: Partial<Parameters<typeof newGift>[0]> = {}) {
  for (let index = 0; index < count; index += 1) {
    await newGift({
      name: `Donor ${index}`,
      email: `donor${index}@example.org`,
      amount_cents: 1000,
      donated_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      ...gift,
    });
  }
}

describe("the Donations screen", () => {
  it("shows the totals, the newest gifts a page at a time, and the filtered count", async () => {
    await addGifts(30);
    await addGifts(2, { name: "Zainab", email: "zainab@example.org", frequency: "Monthly", amount_cents: 5000 });
    const first = (await callRoute(donationsScreen.loader, "/admin/donations")) as DonationsData;
    expect(first.totals).toEqual({ amount: 400, donors: 31, average: 13 });
    expect(first.matching).toBe(32);
    expect(first.donations).toHaveLength(25);
    const second = (await callRoute(donationsScreen.loader, "/admin/donations?page=2")) as DonationsData;
    expect(second.donations).toHaveLength(7);
    expect(second.donations.at(-1)!.name).toBe("Donor 0");

    const filtered = (await callRoute(
      donationsScreen.loader,
      "/admin/donations?search=ZAINAB&frequency=Monthly",
    )) as DonationsData;
    expect(filtered.matching).toBe(2);
    expect(filtered.donations.map((gift) => gift.name)).toEqual(["Zainab", "Zainab"]);
    const none = (await callRoute(donationsScreen.loader, "/admin/donations?search=nobody")) as DonationsData;
    expect(none).toMatchObject({ matching: 0, donations: [] });
  });

  it("says under the figures that a filter does not narrow them, and that they count test gifts while the site takes no real payments", async () => {
    await addGifts(2);
    const sadaqa = (
      await getDb().selectFrom("funds").select("id").where("slug", "=", "sadaqa").executeTakeFirstOrThrow()
    ).id;
    const note = /<p id="donations-totals-note"[^>]*>([^<]*)<\/p>/;
    const sandbox = await screenHtml(donationsScreen as never, "/admin/donations");
    expect(sandbox.match(note)?.[1]).toBe("All gifts, including test gifts while the site takes no real payments.");
    expect(sandbox).toMatch(/<dl [^>]*aria-describedby="donations-totals-note"/);
    const sandboxFiltered = await screenHtml(donationsScreen as never, "/admin/donations?frequency=Monthly");
    expect(sandboxFiltered.match(note)?.[1]).toBe(
      "All gifts, whatever the filter, including test gifts while the site takes no real payments.",
    );

    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_live_totals_note",
      STRIPE_WEBHOOK_SECRET: "whsec_totals_note",
    });
    resetEnvCache();
    try {
      const live = await screenHtml(donationsScreen as never, "/admin/donations");
      expect(live).not.toContain("donations-totals-note");
      for (const query of ["search=donor", "frequency=Monthly", `fund=${sadaqa}`]) {
        const filtered = await screenHtml(donationsScreen as never, `/admin/donations?${query}`);
        expect(filtered.match(note)?.[1], query).toBe("All gifts, whatever the filter.");
      }
    } finally {
      Object.assign(process.env, { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
      resetEnvCache();
    }
  });

  it("shows the last page there is when the address asks past the end, unless a search's count is capped", async () => {
    await addGifts(30);
    const past = (await callRoute(donationsScreen.loader, "/admin/donations?page=9")) as DonationsData;
    expect(past).toMatchObject({ page: 2, matching: 30 });
    expect(past.donations.map((gift) => gift.name)).toEqual(["Donor 4", "Donor 3", "Donor 2", "Donor 1", "Donor 0"]);
    const searched = (await callRoute(donationsScreen.loader, "/admin/donations?search=donor&page=3")) as DonationsData;
    expect(searched).toMatchObject({ page: 2, matching: 30 });
    expect(searched.donations).toHaveLength(5);
    const none = (await callRoute(donationsScreen.loader, "/admin/donations?search=nobody&page=4")) as DonationsData;
    expect(none).toMatchObject({ page: 1, matching: 0, donations: [] });
  });

  it("exports the filtered rows as donations.csv, safe for spreadsheets", async () => {
    await addGifts(3);
    await addGifts(1, {
      name: '=HYPERLINK("http://evil.example")',
      email: "evil@example.org",
      frequency: "Ramadan",
      amount_cents: 1234,
    });
    const all = (await callRoute(donationsExport.loader, "/admin/donations/export", {
      headers: await passwordJustGiven(),
    })) as Response;
    expect(all.headers.get("Content-Disposition")).toBe('attachment; filename="donations.csv"');
    const lines = (await all.text()).trim().split("\n");
    expect(lines[0]).toBe(
      "ID,Name,Email,Amount,Frequency,Date,Fund,Designation,Appeal,Fee covered,Anonymous,Tribute,Test",
    );
    expect(lines).toHaveLength(5);
    // A test payment, listed while the site takes no real payments, says so in its own column.
    await newGift({
      name: "Sandbox",
      email: "sandbox@example.org",
      amount_cents: 700,
      frequency: "Annually",
      is_test: 1,
      donated_at: "2026-02-01T00:00:00.000Z",
    });
    const annual = (
      await (
        (await callRoute(donationsExport.loader, "/admin/donations/export?frequency=Annually", {
          headers: await passwordJustGiven(),
        })) as Response
      ).text()
    )
      .trim()
      .split("\n");
    expect(annual).toHaveLength(2);
    expect(annual[1]).toMatch(/^\d+,Sandbox,sandbox@example\.org,7\.00,Annually,.*,no,,yes$/);
    const ramadan = (
      await (
        (await callRoute(donationsExport.loader, "/admin/donations/export?frequency=Ramadan", {
          headers: await passwordJustGiven(),
        })) as Response
      ).text()
    )
      .trim()
      .split("\n");
    expect(ramadan).toHaveLength(2);
    expect(ramadan[1]).toMatch(
      /^\d+,"'=HYPERLINK\(""http:\/\/evil\.example""\)",evil@example\.org,12\.34,Ramadan,2026-01-01T00:00:00\.000Z,Sadaqa,,,0\.00,no,,no$/,
    );
  });

  it("records an offline gift, and keeps what was typed when it is refused", async () => {
    const { admin, context } = await signedInStaff();
    const refused = unwrapData(
      await callRoute(donationsScreen.action, "/admin/donations", {
        form: { intent: "record", name: "Ramadan box", amount: "twelve", frequency: "Ramadan", payment_method: "cash" },
        context,
      }),
    );
    expect(refused.status).toBe(400);
    const result = (
      refused.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(result.error.amount).toEqual(["Please enter the amount as a number, e.g. 50 or 25.50"]);
    expect(result.initialValue).toMatchObject({ name: "Ramadan box", amount: "twelve", frequency: "Ramadan" });
    expect(await donationRows()).toHaveLength(0);

    const saved = (await callRoute(donationsScreen.action, "/admin/donations", {
      form: {
        intent: "record",
        name: "Ramadan box",
        amount: "312.40",
        frequency: "Ramadan",
        payment_method: "cash",
        purpose: "Zakat",
        donated_at: "2026-03-25",
      },
      context,
    })) as Response;
    expect(saved, JSON.stringify(saved)).toBeInstanceOf(Response);
    expect(saved.status).toBe(302);
    const [row] = await donationRows();
    expect(saved.headers.get("Location")).toBe(`/admin/donations?recorded=${row!.id}`);
    expect(row).toMatchObject({
      amount_cents: 31240,
      frequency: "Ramadan",
      payment_method: "cash",
      purpose: "Zakat",
      recorded_by: admin.username,
    });
  });

  it("refuses an offline gift dated after today where the foundation is", async () => {
    const { context } = await signedInStaff();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
    const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date(Date.now() + 86_400_000));
    const refused = unwrapData(
      await callRoute(donationsScreen.action, "/admin/donations", {
        form: { intent: "record", name: "A", amount: "5", donated_at: tomorrow },
        context,
      }),
    );
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.donated_at).toEqual([
      "The date cannot be in the future",
    ]);
    const accepted = (await callRoute(donationsScreen.action, "/admin/donations", {
      form: { intent: "record", name: "A", amount: "5", donated_at: today },
      context,
    })) as Response;
    expect(accepted.status).toBe(302);
  });

  it("says so when the address asks for an unknown frequency, and the export refuses it", async () => {
    await addGifts(2);
    const page = (await callRoute(donationsScreen.loader, "/admin/donations?frequency=Weekly")) as DonationsData;
    expect(page.filterProblem).toBe("frequency must be one of One-Time, Monthly, Annually, Ramadan");
    expect(page.matching).toBe(2);
    const exported = (await callRoute(donationsExport.loader, "/admin/donations/export?frequency=Weekly", {
      headers: await passwordJustGiven(),
    })) as Response;
    expect(exported.status).toBe(422);
  });

  it("lists one fund's gifts, a page at a time, with the fund in the CSV link and the export; an unknown fund is said and left out", async () => {
    const [zakat, orphans] = [await fundId("zakat-al-mal"), await fundId("orphan-care")];
    await addGifts(27, { frequency: "One-Time" });
    for (const [index, purpose] of ["Zakat", "Orphan Care", "Zakat"].entries()) {
      await newGift({
        name: `Fund donor ${index}`,
        email: `fund${index}@example.org`,
        amount_cents: 2500,
        frequency: index === 2 ? "Monthly" : "One-Time",
        purpose,
        donated_at: `2026-06-0${index + 1}T10:00:00.000Z`,
      });
    }
    const page = (await callRoute(donationsScreen.loader, `/admin/donations?fund=${zakat}`)) as DonationsData;
    expect(page).toMatchObject({ matching: 2, filter: { fundId: zakat }, filterProblem: null });
    expect(page.donations.map((gift) => [gift.name, gift.fund])).toEqual([
      ["Fund donor 2", "Zakat al-Mal"],
      ["Fund donor 0", "Zakat al-Mal"],
    ]);
    // With the other filters: in SQL, not after the page is read.
    expect(
      (
        (await callRoute(donationsScreen.loader, `/admin/donations?fund=${zakat}&frequency=Monthly`)) as DonationsData
      ).donations.map((gift) => gift.name),
    ).toEqual(["Fund donor 2"]);
    expect(
      (
        (await callRoute(donationsScreen.loader, `/admin/donations?fund=${orphans}&search=fund`)) as DonationsData
      ).donations.map((gift) => gift.name),
    ).toEqual(["Fund donor 1"]);
    // The 27 gifts without a purpose are general Sadaqa's, two pages of them.
    const sadaqa = (await callRoute(
      donationsScreen.loader,
      `/admin/donations?fund=${await fundId("sadaqa")}&page=2`,
    )) as DonationsData;
    expect(sadaqa).toMatchObject({ matching: 27, page: 2 });
    expect(sadaqa.donations).toHaveLength(2);

    // The Funds screen's count of a fund's gifts leads here.
    const funds = await screenHtml(fundsScreen as never, "/admin/funds");
    expect(funds).toMatch(
      new RegExp(`<a [^>]*aria-label="2 gifts to Zakat al-Mal" href="/admin/donations\\?fund=${zakat}"[^>]*>2</a>`),
    );
    expect(funds).toContain('aria-label="1 gift to Orphan Care"');

    const html = await screenHtml(donationsScreen as never, `/admin/donations?fund=${zakat}&frequency=One-Time`);
    expect(html).toContain(`href="/admin/donations/export?frequency=One-Time&amp;fund=${zakat}"`);
    expect(html).toMatch(
      new RegExp(
        `<select id="donation-fund" name="fund"[^>]*>.*?<option value="${zakat}" selected="">Zakat al-Mal</option>`,
      ),
    );
    const exported = (
      await (
        (await callRoute(donationsExport.loader, `/admin/donations/export?fund=${zakat}`, {
          headers: await passwordJustGiven(),
        })) as Response
      ).text()
    )
      .trim()
      .split("\n");
    expect(exported.slice(1).map((line) => line.split(",")[1])).toEqual(["Fund donor 2", "Fund donor 0"]);

    for (const fund of ["999999", "zakat", "-1"]) {
      const unknown = (await callRoute(
        donationsScreen.loader,
        `/admin/donations?fund=${fund}&frequency=Monthly`,
      )) as DonationsData;
      expect(unknown, fund).toMatchObject({
        filterProblem: "fund must be a fund's id",
        filter: { frequency: "Monthly" },
      });
      expect(unknown.filter.fundId).toBeUndefined();
      expect(unknown.donations.map((gift) => gift.name)).toEqual(["Fund donor 2"]);
      expect(
        (
          (await callRoute(donationsExport.loader, `/admin/donations/export?fund=${fund}`, {
            headers: await passwordJustGiven(),
          })) as Response
        ).status,
      ).toBe(422);
    }
    expect(await screenText(donationsScreen as never, "/admin/donations?fund=zakat&frequency=Weekly")).toContain(
      "frequency must be one of One-Time, Monthly, Annually, Ramadan; fund must be a fund's id: that part of the filter was left out.",
    );
  });

  it("Sync reports how many records were new", async () => {
    const { context } = await signedInStaff();
    const answer = unwrapData(
      await callRoute(donationsScreen.action, "/admin/donations", { form: { intent: "sync" }, context }),
    );
    expect(answer.data).toEqual({
      intent: "sync",
      ok: true,
      message: "Successfully synced 0 records from the card payment provider",
    });
  });
});
