import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A newcomer's walk through the admin Funds area: record a disbursement of Zakat to "the
 * needy", see the balance change, and be refused an overdraft with a clear message,
 * once as a browser without JavaScript posts the forms and once with it.
 */

function dollars(text: string | null): number {
  return Number((text ?? "").replace(/[$,\s]/g, ""));
}

async function zakatBalance(page: Page): Promise<number> {
  await page.goto("/admin/funds");
  return dollars(await page.getByTestId("balance-zakat-al-mal").textContent());
}

/** Zakat to give out: an offline gift recorded as staff record one. */
async function receiveZakat(page: Page, amount: string) {
  const response = await page.request.post("/admin/donations", {
    form: { intent: "record", name: "Funds walk donor", amount, frequency: "One-Time", payment_method: "cash", purpose: "Zakat" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function openDisbursementForm(page: Page) {
  await page.goto("/admin/funds");
  await page.getByRole("link", { name: "Record a disbursement" }).click();
  await expect(page).toHaveURL(/\/admin\/funds\/ledger\?record=1$/);
  return page.getByRole("region", { name: "Record a disbursement" });
}

async function fillDisbursement(page: Page, amount: string, description: string) {
  const form = await openDisbursementForm(page);
  const fund = form.getByLabel("Fund", { exact: true });
  const zakatOption = (await fund.locator("option", { hasText: /^Zakat al-Mal — balance/ }).textContent())!;
  await fund.selectOption({ label: zakatOption });
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Category of recipients").selectOption({ label: "the needy (al-masakin)" });
  await form.getByLabel("Programme or project").fill("Winter food parcels");
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Record disbursement" }).click();
  return form;
}

async function walk(page: Page) {
  await receiveZakat(page, "250");
  const before = await zakatBalance(page);
  expect(before).toBeGreaterThanOrEqual(250);

  await fillDisbursement(page, "12.34", "Food parcels for three families");
  await expect(page.getByRole("status").filter({ hasText: "Disbursement #" })).toContainText(/Disbursement #\d+ recorded: \$12\.34 from Zakat al-Mal\. Zakat al-Mal now holds \$[\d,]+\.\d\d\./);
  const row = page.getByRole("row").filter({ hasText: "Food parcels for three families" }).first();
  await expect(row).toContainText("the needy (al-masakin)");
  await expect(row).toContainText("$12.34");
  expect(await zakatBalance(page)).toBeCloseTo(before - 12.34, 2);

  const balance = await zakatBalance(page);
  const tooMuch = (balance + 1000).toFixed(2);
  const form = await fillDisbursement(page, tooMuch, "More than the fund holds");
  await expect(form.getByRole("alert")).toContainText(/^The Zakat al-Mal balance is not enough: it holds \$[\d,]+\.\d\d, and this disbursement is \$[\d,]+\.\d\d\. Nothing was recorded\.$/);
  await expect(form.getByLabel("Amount (USD)")).toHaveValue(tooMuch);
  await expect(form.getByLabel("Description")).toHaveValue("More than the fund holds");
  expect(await zakatBalance(page)).toBe(balance);
}

test.describe("the Funds area without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("records a disbursement of Zakat to the needy, changes the balance, and refuses an overdraft", async ({ adminPage: page }) => {
    await walk(page);
  });

  test("asks for the category of recipients whatever the fund, with a hint", async ({ adminPage: page }) => {
    const form = await openDisbursementForm(page);
    await expect(form.getByLabel("Category of recipients")).toBeVisible();
    await expect(form.getByText("Required for Zakat al-Mal and Zakat al-Fitr (the eight categories of Qur'an 9:60); leave it empty for any other fund.")).toBeVisible();
  });
});

test.describe("the Funds area with JavaScript", () => {
  test("records a disbursement of Zakat to the needy, changes the balance, and refuses an overdraft", async ({ adminPage: page }) => {
    await walk(page);
  });

  test("asks for the category only for the Zakat funds, and applies a ledger filter as soon as it is chosen", async ({ adminPage: page }) => {
    const form = await openDisbursementForm(page);
    const fund = form.getByLabel("Fund", { exact: true });
    await expect(form.getByLabel("Category of recipients")).toHaveCount(0);
    await fund.selectOption({ label: (await fund.locator("option", { hasText: /^Zakat al-Fitr — / }).textContent())! });
    await expect(form.getByLabel("Category of recipients")).toBeVisible();
    await fund.selectOption({ label: (await fund.locator("option", { hasText: /^Sadaqa — / }).textContent())! });
    await expect(form.getByLabel("Category of recipients")).toHaveCount(0);

    await page.goto("/admin/funds/ledger");
    await page.getByRole("search").getByLabel("Category").selectOption({ label: "the needy (al-masakin)" });
    await expect(page).toHaveURL(/[?&]category=masakin/);
  });
});

test("a visitor who is not signed in reaches none of the funds screens, the CSV or a proof", async ({ request }) => {
  for (const address of ["/admin/funds", "/admin/funds/ledger", "/admin/funds/ledger.csv", "/admin/funds/proofs/1", "/admin/funds/rates", "/admin/funds/policy"]) {
    const response = await request.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBe(302);
    expect(response.headers().location, address).toBe(`/admin/login?redirectTo=${encodeURIComponent(address)}`);
  }
  const posted = await request.post("/admin/funds/ledger", { form: { intent: "disburse", fund_id: "2", amount: "1", description: "x" }, maxRedirects: 0 });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toMatch(/^\/admin\/login/);
});
