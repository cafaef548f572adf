import type { Page } from "@playwright/test";
import { settled, withDatabase } from "../../../../tests/e2e/e2e-database";
import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * A visitor checks where the Zakat went: /transparency from the footer, its figures (the
 * same the database keeps), the switch to Gregorian years, and a table beside every chart;
 * and the Zakat policy from the donate page. Neither page ships any script.
 */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Zakat al-Fitr given to the poor, as staff would record it, with the gift it spends when the
 * fund holds too little (the demo gives out all its Fitr before Eid). Zakat al-Fitr, because
 * the Funds walk on the other worker checks Zakat al-Mal's balance to the cent; one write
 * transaction, because another copy of this test may be checking and spending the same balance.
 */
async function recordFitrGivenOut(cents: number): Promise<void> {
  await withDatabase((db) =>
    db.transaction(async () => {
      const fund = (await db.get<{ id: number; balance: number }>(
        `select id, received_cents - disbursed_cents as balance from funds where slug = 'zakat-al-fitr'${db.forUpdate}`,
      ))!;
      if (fund.balance < cents) {
        await db.run(
          "insert into donations (name, email, amount_cents, frequency, purpose, donated_at, payment_method, recorded_by) values (?, '', ?, 'One-Time', 'Zakat al-Fitr', ?, 'cash', 'e2e')",
          ["Transparency Donor", cents, new Date().toISOString()],
        );
      }
      await db.run(
        "insert into disbursements (kind, fund_id, amount_cents, disbursed_on, category, description, recorded_by, recorded_at) values ('disbursement', ?, ?, ?, 'fuqara', ?, 'e2e', ?)",
        [fund.id, cents, today(), "Eid food for a household in need", new Date().toISOString()],
      );
    }),
  );
}

/** What the ledger holds for a category, reversed entries left out: the figure the page must show. */
async function givenToCategory(category: string): Promise<number> {
  const row = await withDatabase((db) =>
    db.get<{ cents: number }>(
      `select coalesce(sum(amount_cents), 0) as cents from disbursements entry
       where kind = 'disbursement' and category = ? and not exists (select 1 from disbursements r where r.reverses_id = entry.id)`,
      [category],
    ),
  );
  return row!.cents;
}

function dollars(cents: number): string {
  const value = cents / 100;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
  });
}

/** The script elements and module preloads a page's HTML carries. */
async function scriptsOf(page: Page, address: string) {
  const html = await (await page.request.get(address)).text();
  return { scripts: html.match(/<script\b/g)?.length ?? 0, modules: html.match(/rel="modulepreload"/g)?.length ?? 0 };
}

test.describe("the transparency report", () => {
  test("a new visitor opens it from the footer, reads the figures, switches to Gregorian years, and every chart has its table", async ({
    page,
  }) => {
    await recordFitrGivenOut(12_300);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Transparency" }).click();
    await expect(page).toHaveURL(/\/transparency$/);
    await expect(page).toHaveTitle("Transparency Report | Al-Amanah Foundation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transparency report");
    await expect(page.getByText(/Latest ledger entry: .+ \(\d+ .+ \d+ AH\)\./)).toBeVisible();
    await expect(page.getByText("test payments are never counted", { exact: false })).toBeVisible();

    // What the ledger holds for the poor, this test's entry with it, read while no other test records one.
    const categories = page.getByRole("table", { name: /Zakat distributed to each category of recipients/ });
    const poor = categories
      .getByRole("row", { name: /The poor \(al-fuqara'\)/ })
      .getByRole("cell")
      .first();
    const given = await settled(
      () => givenToCategory("fuqara"),
      async () => {
        await page.reload();
        return poor.textContent();
      },
      (shown, cents) => expect(shown).toBe(dollars(cents)),
    );
    expect(given.mark).toBeGreaterThanOrEqual(12_300);
    const funds = page.getByRole("table", { name: /Money received, distributed and held by each fund, all years/ });
    await expect(funds.getByRole("rowheader", { name: "Zakat al-Mal" })).toBeVisible();
    await expect(page.getByRole("table", { name: /Zakat by Hijri year of receipt/ })).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: /The rates in force today/ })
        .getByRole("row", { name: /Zakat al-Fitr, per person/ }),
    ).toBeVisible();

    await page.getByRole("navigation", { name: "Calendar" }).getByRole("link", { name: "Gregorian years" }).click();
    await expect(page).toHaveURL(/\/transparency\?calendar=gregorian$/);
    await expect(page.getByRole("table", { name: /Zakat by Gregorian year of receipt/ })).toBeVisible();
    const thisYear = today().slice(0, 4);
    await page.getByRole("navigation", { name: "Year" }).getByRole("link", { name: thisYear, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`calendar=gregorian&year=${thisYear}$`));
    await expect(page.getByRole("heading", { level: 2, name: `Funds, ${thisYear}` })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Year" }).getByRole("link", { name: thisYear, exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("columnheader", { name: `Received in ${thisYear}` })).toBeVisible();

    // Every bar is drawn inside a table that says the same in words, and is hidden from screen readers.
    const bars = page.locator("[data-bar]");
    expect(await bars.count()).toBeGreaterThan(0);
    await expect(page.locator("[data-bar]:not(table [data-bar])")).toHaveCount(0);
    await expect(page.locator('[data-bar]:not([aria-hidden="true"])')).toHaveCount(0);
    await expect(page.locator("table:not(:has(caption))")).toHaveCount(0);

    await page.getByRole("link", { name: "Read our Zakat policy" }).click();
    await expect(page).toHaveURL(/\/zakat-policy$/);
  });

  test("the Zakat policy is reachable from the donate page, and says whose view on Kaffarah it follows", async ({
    page,
  }) => {
    await page.goto("/donate");
    await page.getByRole("complementary").getByRole("link", { name: "read our Zakat policy" }).click();
    await expect(page).toHaveURL(/\/zakat-policy$/);
    await expect(page).toHaveTitle("Zakat Policy | Al-Amanah Foundation");
    await expect(page.getByRole("heading", { level: 1, name: "Our Zakat policy" })).toBeVisible();
    // The demo's own policy, filled in: no template's placeholders reach a donor.
    await expect(page.getByRole("main")).toContainText("Administration share: we take no share of Zakat");
    await expect(page.getByRole("main")).not.toContainText(/template|\[say|\[name/i);
    await expect(
      page.getByText(
        /We follow the view that (each broken fast needs its own Kaffarah|one Kaffarah covers the fasts broken in one Ramadan)\./,
      ),
    ).toBeVisible();
    await expect(page.getByText(/^Last updated .+ \(\d+ .+ \d+ AH\)\.$/)).toBeVisible();
    await page.getByRole("link", { name: "See where Zakat went" }).click();
    await expect(page).toHaveURL(/\/transparency$/);

    await page.goto("/donate");
    await page.getByRole("complementary").getByRole("link", { name: "See where it went" }).click();
    await expect(page).toHaveURL(/\/transparency$/);
    await page.goto("/about");
    await page.getByRole("main").getByRole("link", { name: "transparency report" }).click();
    await expect(page).toHaveURL(/\/transparency$/);
  });

  test("ships no script at all: the report, its Gregorian view and the policy are read as sent", async ({ page }) => {
    for (const address of [
      "/transparency",
      "/transparency?calendar=gregorian",
      "/transparency?calendar=hijri&year=1447",
      "/zakat-policy",
    ]) {
      expect(await scriptsOf(page, address), address).toEqual({ scripts: 0, modules: 0 });
    }
  });
});
