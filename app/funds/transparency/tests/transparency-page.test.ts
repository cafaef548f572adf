import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, todayIn } from "~/shared/dates";
import { formatHijri, hijriYearOf } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import TransparencyPage, * as transparency from "~/funds/transparency/routes/transparency";
import ZakatPolicyPage, * as zakatPolicy from "~/funds/zakat-policy/routes/zakat-policy";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { getZakatPolicy, saveZakatPolicy } from "~/funds/zakat-policy/server/zakat-policy.server";
import { getZakatWatch } from "~/funds/zakat-policy/server/zakat-watch.server";
import { recordDisbursement, recordReversal } from "~/funds/ledger/server/ledger.server";
import { recordRate } from "~/funds/rates/server/rates.server";
import { callRoute, unwrapData } from "../../../../tests/support/routes";

/**
 * /transparency and /zakat-policy as a visitor gets them: the loaders' data and the HTML the
 * server renders from it. The figures must be the ones recorded (test payments left out),
 * and nothing a donor, a recipient or a staff member typed about a person may reach the page.
 */
type ReportData = Awaited<ReturnType<typeof transparency.loader>>;
type PolicyData = Awaited<ReturnType<typeof zakatPolicy.loader>>;

async function report(query = ""): Promise<ReportData> {
  return (await callRoute(transparency.loader, `/transparency${query}`)) as ReportData;
}

/** The page's HTML as the server renders it for this data. */
function html(page: (props: never) => unknown, loaderData: unknown): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(page as never, { loaderData, params: {}, matches: [] } as never)),
  );
}

const fundOf = (data: ReportData, name: string) => data.report.funds.find((fund) => fund.name === name);
const categoryOf = (data: ReportData, key: string) =>
  data.report.zakat.by_category.find((category) => category.key === key);

// What people typed that must never reach a visitor.
const DONOR_NAME = "Maryam Qureshi-Donor";
const DONOR_EMAIL = "maryam.private@example.org";
const RECIPIENT_STORY = "Rent for the Haddad family";
const PROGRAMME = "Winter Warmth Programme";
const REGION = "Northside estate";
const RECORDED_BY = "auditor.amina";
const SANDBOX_DONOR = "Sandbox Tester";

const STAFF = "staff.member";
const recentDay = (() => {
  const date = new Date(`${todayIn("UTC")}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 20);
  return date.toISOString().slice(0, 10);
})();

describe("before anything is recorded", () => {
  it("says no ledger entry has been recorded yet and shows the obligation funds at nothing", async () => {
    const data = await report();
    expect(data.latestEntry).toBeNull();
    expect(data.report.funds.map((fund) => fund.name)).toEqual(["Zakat al-Mal", "Zakat al-Fitr", "Fidya", "Kaffarah"]);
    const page = html(TransparencyPage, data);
    expect(page).toContain("No ledger entry has been recorded yet");
    expect(page).toContain("No Zakat has been distributed yet.");
    expect(page).toContain("No Zakat has been received yet.");
    expect(page).toContain("test payments are never counted");
  });

  it("states each rate in force with its date and authority, the starting figures marked to be confirmed", async () => {
    const data = await report();
    expect(data.rates.map((rate) => rate.label)).toEqual([
      "Zakat al-Fitr, per person",
      "Fidya, per day",
      "Kaffarah, per person fed",
      "Gold price, per gram",
      "Silver price, per gram",
    ]);
    expect(data.rates.every((rate) => rate.to_confirm)).toBe(true);
    expect(data.rates.find((rate) => rate.key === "gold_per_gram")?.amount).toBe("$65");
    expect(data.rates.find((rate) => rate.key === "silver_per_gram")?.amount).toBe("$0.85");
    const page = html(TransparencyPage, data);
    expect(page.match(/to be confirmed<\/span>/g)).toHaveLength(5);
  });
});

describe("with a year of gifts and disbursements", () => {
  beforeAll(async () => {
    const zakat = await fundBySlug("zakat-al-mal");
    const sadaqa = await fundBySlug("sadaqa");
    const gift = (amount: number, purpose: string, donated_at: string, name = DONOR_NAME) =>
      recordOfflineGift({ amount, purpose, donated_at, name, email: DONOR_EMAIL }, STAFF);
    await gift(1000, "Zakat", "2025-03-10");
    await gift(400, "General Donation", "2025-06-20");
    await gift(600, "Zakat", "2025-07-01");
    await gift(250, "Zakat", recentDay);
    // Sandbox payments, one of them in a year nothing real happened in: they never count.
    await getDb()
      .insertInto("donations")
      .values([
        {
          name: SANDBOX_DONOR,
          email: "",
          amount_cents: 500_000,
          frequency: "One-Time",
          purpose: "Zakat",
          donated_at: "2025-08-01T10:00:00.000Z",
          is_test: 1,
        },
        {
          name: SANDBOX_DONOR,
          email: "",
          amount_cents: 70_000,
          frequency: "One-Time",
          purpose: "Zakat",
          donated_at: "2023-05-01T10:00:00.000Z",
          is_test: 1,
        },
      ])
      .execute();

    const paidOut = (fund_id: number, amount: number, disbursed_on: string, category?: string) =>
      recordDisbursement(
        { fund_id, amount, disbursed_on, category, programme: PROGRAMME, region: REGION, description: RECIPIENT_STORY },
        RECORDED_BY,
      );
    await paidOut(zakat.id, 300, "2025-08-01", "masakin");
    await paidOut(zakat.id, 900, "2026-01-20", "fuqara");
    await paidOut(sadaqa.id, 100, "2026-02-01");
    const mistake = await paidOut(zakat.id, 50, "2026-02-10", "amilin");
    await recordReversal(
      { reverses_id: mistake.id, disbursed_on: "2026-02-11", description: `Entered twice for ${RECIPIENT_STORY}` },
      RECORDED_BY,
    );
  });

  it("shows each fund's received, distributed and held, leaving test payments and reversed entries out", async () => {
    const data = await report();
    expect(data.report.calendar).toBe("hijri");
    expect(data.report.year).toBeNull();
    expect(fundOf(data, "Zakat al-Mal")).toMatchObject({ received: 1850, distributed: 1200, held: 650 });
    expect(fundOf(data, "Sadaqa")).toMatchObject({ received: 400, distributed: 100, held: 300 });
    expect(fundOf(data, "Zakat al-Fitr")).toMatchObject({ received: 0, distributed: 0, held: 0 });
    // A restricted fund nobody gave to stays off the page.
    expect(fundOf(data, "Education")).toBeUndefined();
    expect(data.report.zakat).toMatchObject({ received: 1850, distributed: 1200, held: 650 });
    expect(data.report.years).not.toContain(hijriYearOf("2023-05-01"));

    const page = html(TransparencyPage, data);
    expect(page).toContain("$1,850");
    expect(page).not.toContain("$6,850");
  });

  it("gives Zakat by the eight categories with each one's share", async () => {
    const data = await report();
    expect(data.report.zakat.by_category).toHaveLength(8);
    expect(categoryOf(data, "fuqara")).toMatchObject({
      english: "the poor",
      arabic: "al-fuqara'",
      amount: 900,
      percent: 75,
    });
    expect(categoryOf(data, "masakin")).toMatchObject({ amount: 300, percent: 25 });
    expect(categoryOf(data, "amilin")).toMatchObject({ amount: 0, percent: 0 });
    const page = html(TransparencyPage, data);
    expect(page).toMatch(/The needy <span[^>]*>\(al-masakin\)<\/span>/);
    expect(page).toContain("Zakat by the eight categories, all years");
    // Each category also in the verse's Arabic script, marked as Arabic; the figures keep their English and
    // transliteration.
    expect(page).toMatch(/\(al-masakin\)<\/span> <span lang="ar" dir="rtl"[^>]*>المساكين<\/span>/);
    expect(page).toMatch(/<span lang="ar" dir="rtl"[^>]*>ابن السبيل<\/span>/);
    expect(Object.keys(categoryOf(data, "masakin")!).sort()).toEqual(["amount", "arabic", "english", "key", "percent"]);
  });

  it("gives, per Hijri year of receipt, what went out within a lunar year, the newest year still open", async () => {
    const data = await report();
    expect(data.report.zakat.by_year).toEqual([
      {
        year: hijriYearOf(recentDay),
        received: 250,
        distributed: 0,
        distributed_within_lunar_year: 0,
        within_lunar_year_percent: 0,
        still_open: true,
      },
      {
        year: 1447,
        received: 600,
        distributed: 200,
        distributed_within_lunar_year: 200,
        within_lunar_year_percent: 33,
        still_open: false,
      },
      {
        year: 1446,
        received: 1000,
        distributed: 1000,
        distributed_within_lunar_year: 1000,
        within_lunar_year_percent: 100,
        still_open: false,
      },
    ]);
    const page = html(TransparencyPage, data);
    expect(page).toContain("1446 AH");
    expect(page.match(/still open<\/span>/g)).toHaveLength(1);
    // The caption is shown above the scrolling table, so it wraps on a phone, with a hint that the table scrolls.
    expect(page).toMatch(
      /<p aria-hidden="true"[^>]*>Zakat by Hijri year of receipt[^<]*<span class="[^"]*md:hidden[^"]*">Scroll sideways to see every column\.<\/span><\/p>/,
    );
    expect(page).toMatch(/<caption id="[^"]+" class="sr-only">Zakat by Hijri year of receipt/);
  });

  it("dates the latest ledger entry in both calendars", async () => {
    const data = await report();
    expect(data.latestEntry).toEqual({ gregorian: "Feb 11, 2026", hijri: "23 Sha'ban 1447 AH" });
    expect(html(TransparencyPage, data)).toContain(
      'Latest ledger entry: <strong class="text-white">Feb 11, 2026</strong> (23 Sha&#x27;ban 1447 AH)',
    );
  });

  it("shows one Hijri year: its money in and out, and what the funds held at its end", async () => {
    const data = await report("?year=1447");
    expect(data.report).toMatchObject({ calendar: "hijri", year: 1447 });
    expect(data.isThisYear).toBe(false);
    expect(fundOf(data, "Zakat al-Mal")).toMatchObject({ received: 600, distributed: 1200, held: 400 });
    expect(fundOf(data, "Sadaqa")).toMatchObject({ received: 0, distributed: 100, held: 300 });
    expect(data.report.zakat.by_year.map((row) => row.year)).toEqual([1447]);

    const page = html(TransparencyPage, data);
    expect(page).toContain("Transparency report, 1447 AH");
    expect(page).toContain("Funds, 1447 AH");
    expect(page).toContain("Held at the end of 1447 AH");
    expect(page).toContain("Received in 1447 AH");
    expect(page).toMatch(/<a[^>]*aria-current="page"[^>]*>1447 AH<\/a>/);
    // Why the two tables' "distributed" differ, said under each heading.
    expect(page).toContain(
      "This table counts what each fund received during 1447 AH and what it paid out during 1447 AH, including money received in earlier years.",
    );
    expect(page).toContain(
      "This table counts only the Zakat received during 1447 AH, and how much of that Zakat has been paid out so far, in 1447 AH or since.",
    );
  });

  it("switches to Gregorian years, and the calendar links start again from all years", async () => {
    const all = await report("?calendar=gregorian");
    expect(all.report.calendar).toBe("gregorian");
    expect(all.report.years).toEqual(expect.arrayContaining([2026, 2025]));
    expect(all.report.years).not.toContain(2023);
    expect(all.report.zakat.by_year.find((row) => row.year === 2025)).toMatchObject({
      received: 1600,
      distributed: 1200,
      within_lunar_year_percent: 75,
    });

    const year = await report("?calendar=gregorian&year=2025");
    expect(year.report).toMatchObject({ calendar: "gregorian", year: 2025 });
    expect(fundOf(year, "Zakat al-Mal")).toMatchObject({ received: 1600, distributed: 300, held: 1300 });
    expect(categoryOf(year, "masakin")).toMatchObject({ amount: 300, percent: 100 });
    expect(categoryOf(year, "fuqara")).toMatchObject({ amount: 0 });

    const page = html(TransparencyPage, year);
    expect(page).toContain("Funds, 2025");
    expect(page).toContain("Held at the end of 2025");
    expect(page).not.toContain(" AH</a>");
    expect(page).toContain('href="/transparency?calendar=hijri"');
    expect(page).toContain('href="/transparency?calendar=gregorian&amp;year=2026"');
    expect(page).toMatch(/<a[^>]*href="\/transparency\?calendar=gregorian"[^>]*>All years<\/a>/);
  });

  it("treats an address it cannot read as the default report", async () => {
    const data = await report("?calendar=julian&year=abc");
    expect(data.report).toMatchObject({ calendar: "hijri", year: null });
  });

  it("never shows a donor's or recipient's name, a description, a programme or who recorded an entry", async () => {
    for (const query of ["", "?year=1447", "?calendar=gregorian", "?calendar=gregorian&year=2025"]) {
      const data = await report(query);
      const shown = `${JSON.stringify(data)}\n${html(TransparencyPage, data)}`;
      for (const secret of [
        DONOR_NAME,
        DONOR_EMAIL,
        RECIPIENT_STORY,
        PROGRAMME,
        REGION,
        RECORDED_BY,
        SANDBOX_DONOR,
        STAFF,
        "proof",
      ]) {
        expect(shown).not.toContain(secret);
      }
    }
  });

  it("states a rate staff confirmed, with its date and authority, and not who recorded it", async () => {
    // Dated today, like the starting figures: the newer of two rates of one day is in force.
    const today = todayIn("UTC");
    await recordRate(
      {
        rate_key: "fitr_per_person",
        amount: 15,
        effective_on: today,
        authority: "The Fiqh Council of North America",
        note: "",
      },
      RECORDED_BY,
    );
    const data = await report();
    const fitr = data.rates.find((rate) => rate.key === "fitr_per_person");
    expect(fitr).toEqual({
      key: "fitr_per_person",
      label: "Zakat al-Fitr, per person",
      amount: "$15",
      effective_on: formatDate(today, "UTC"),
      effective_on_hijri: formatHijri(today),
      authority: "The Fiqh Council of North America",
      to_confirm: false,
    });
    expect(data.rates.filter((rate) => rate.to_confirm)).toHaveLength(4);
    expect(JSON.stringify(data.rates)).not.toContain(RECORDED_BY);
  });
});

describe("the Zakat policy page", () => {
  it("is not published while it is still the template (see zakat-policy/tests/policy-unpublished-until-written.test.ts)", async () => {
    expect((await getZakatPolicy()).body).toMatch(/^THIS IS A TEMPLATE\./);
    expect(unwrapData(await callRoute(zakatPolicy.loader, "/zakat-policy")).status).toBe(404);
  });

  it("stays a template when staff save the form with only the Kaffarah view changed", async () => {
    const template = (await getZakatPolicy()).body;
    // As a browser sends a textarea back: CRLF line endings, here with space around the text.
    await saveZakatPolicy(
      { body: `\n  ${template.replace(/\n/g, "\r\n")}  \r\n`, kaffarah_per_fast: false },
      RECORDED_BY,
    );
    expect(await getZakatPolicy()).toMatchObject({ is_template: true, kaffarah_per_fast: false });
    expect(unwrapData(await callRoute(zakatPolicy.loader, "/zakat-policy")).status).toBe(404);
    expect((await getZakatWatch()).policy_is_template).toBe(true);

    // A word changed but the template's placeholders left is still no policy of the foundation's own (decision 137).
    await saveZakatPolicy(
      { body: template.replace("programme staff", "Zakat committee"), kaffarah_per_fast: false },
      RECORDED_BY,
    );
    expect((await getZakatWatch()).policy_placeholders).toEqual([
      'The note "THIS IS A TEMPLATE" at the top',
      "Administration share",
      "Who reviews it",
    ]);

    // Every part the template left to the foundation written, and it is the foundation's own policy.
    const written = template
      .replace(/^THIS IS A TEMPLATE\..*\n\n/, "")
      .replace(/\[say whether a share[^\]]*\]/, "we take no share of Zakat")
      .replace(/\[name the scholar[^\]]*\]/, "our Shari'ah board");
    await saveZakatPolicy({ body: written, kaffarah_per_fast: false }, RECORDED_BY);
    expect((await getZakatWatch()).policy_is_template).toBe(false);
    expect((await getZakatPolicy()).is_template).toBe(false);
  });

  it("shows the policy staff wrote as paragraphs, its date and its Kaffarah view, never who wrote it", async () => {
    await saveZakatPolicy(
      {
        body: "Our trustees distribute Zakat.\r\n\r\nWe take no administration share.\n\n\nShaykh Example reviews this policy.",
        kaffarah_per_fast: false,
      },
      RECORDED_BY,
    );
    const data = (await callRoute(zakatPolicy.loader, "/zakat-policy")) as PolicyData;
    expect(data).toMatchObject({
      kaffarahPerFast: false,
      paragraphs: [
        "Our trustees distribute Zakat.",
        "We take no administration share.",
        "Shaykh Example reviews this policy.",
      ],
    });
    const page = html(ZakatPolicyPage, data);
    expect(page).not.toContain("This is a template");
    expect(page).toContain("<p>We take no administration share.</p>");
    expect(page).toContain("We follow the view that one Kaffarah covers the fasts broken in one Ramadan.");
    expect(page).toContain(`Last updated ${data.updated.gregorian} (${data.updated.hijri})`);
    expect(`${JSON.stringify(data)}${page}`).not.toContain(RECORDED_BY);
  });
});
