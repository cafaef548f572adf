import type { Page } from "@playwright/test";
import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";

/**
 * Quick pay as a new donor meets it: the household's Zakat al-Fitr worked out from the
 * foundation's rate, paid in the sandbox, and found by staff under its fund, marked as a
 * test payment. With and without JavaScript.
 */

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** The Fitr rate the page states ("$12.00"), in dollars. */
async function fitrRate(page: Page): Promise<number> {
  const text =
    (await page.getByRole("region", { name: "Zakat al-Fitr", exact: true }).getByTestId("rate").textContent()) ?? "";
  return Number(/\$([\d,.]+)/.exec(text)![1]!.replace(/,/g, ""));
}

const money = (dollars: number) =>
  `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function payFitrFor(page: Page, people: number, email: string): Promise<{ amount: string; late: boolean }> {
  await page.goto("/obligations");
  const fitr = page.getByRole("region", { name: "Zakat al-Fitr", exact: true });
  await expect(fitr.getByText(/In force from .+ AH\)\. Set by: .+/)).toBeVisible();
  const late = await fitr.getByTestId("fitr-late").isVisible();
  const amount = money((await fitrRate(page)) * people);
  await fitr.getByLabel("People in your household").fill(String(people));
  await fitr.getByRole("button", { name: "Continue to pay Zakat al-Fitr" }).click();

  await expect(page).toHaveURL(new RegExp(`/donate\\?obligation=fitr&people=${people}$`));
  const designation = `Zakat al-Fitr for ${people} people${late ? ", given after Eid as Sadaqa" : ""}`;
  await expect(page.getByTestId("quick-pay-summary")).toHaveText(`${designation} — ${amount}`);
  await expect(page.getByLabel("Amount (USD)")).toHaveCount(0);
  await page.getByLabel("Full name").fill("Zaid Rahman");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText(amount.replace(/\.00$/, ""));
  await expect(page.getByText(designation, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/donation-success\?session_id=cs_sandbox_/);
  await expect(page.getByRole("heading", { name: "Thank you, Zaid Rahman!" })).toBeVisible();
  await expect(page.getByTestId("gift-designation")).toHaveText(designation);
  return { amount, late };
}

/** The donate page's way back: the request's own form, filled in, and changed from there. */
async function changeTheRequest(page: Page) {
  await page.goto("/donate?obligation=fitr&people=5");
  await page.getByRole("link", { name: "Change what you are paying for" }).click();
  await expect(page).toHaveURL(/\/obligations\?obligation=fitr&people=5&change=1#fitr-title$/);
  const fitr = page.getByRole("region", { name: "Zakat al-Fitr", exact: true });
  await expect(fitr.getByLabel("People in your household")).toHaveValue("5");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await fitr.getByLabel("People in your household").fill("4");
  await fitr.getByRole("button", { name: "Continue to pay Zakat al-Fitr" }).click();
  await expect(page).toHaveURL(/\/donate\?obligation=fitr&people=4$/);
  await expect(page.getByTestId("quick-pay-summary")).toContainText("Zakat al-Fitr for 4 people");
}

test.describe("quick pay with JavaScript", () => {
  test("the donate page leads back to the request's own form, filled in, to change it", async ({ page }) => {
    await changeTheRequest(page);
  });

  test("a new donor pays Zakat al-Fitr for a household, and staff find it under its fund, marked as a test", async ({
    page,
    browser,
  }, testInfo) => {
    const email = uniqueEmail("fitr");
    await page.goto("/obligations");
    // The amount shows as the donor types; the server works it out again all the same.
    const fitr = page.getByRole("region", { name: "Zakat al-Fitr", exact: true });
    await fitr.getByLabel("People in your household").fill("3");
    await expect(fitr.getByTestId("fitr-preview")).toHaveText(
      `3 × ${money(await fitrRate(page))} = ${money((await fitrRate(page)) * 3)}`,
    );

    const { amount, late } = await payFitrFor(page, 5, email);
    await expect(page.getByTestId("gift-summary")).toContainText(late ? "General Donation" : "Zakat al-Fitr");

    // Staff in a browser of their own: the donor is nobody's session.
    const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const staff = await staffContext.newPage();
    expect((await staff.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
    await staff.goto(`/admin/donations?search=${encodeURIComponent(email)}`);
    const row = staff.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText(amount.replace(/\.00$/, ""));
    await expect(row).toContainText("Test");
    const fundCell = row.getByRole("cell").nth(5);
    await expect(fundCell).toContainText(late ? "Sadaqa" : "Zakat al-Fitr");
    await expect(fundCell).toContainText(`Zakat al-Fitr for 5 people`);
    await staffContext.close();
  });

  test("the donate page and the calculator lead to quick pay", async ({ page }) => {
    await page.goto("/donate");
    await page.getByRole("link", { name: "Quick pay works out the amount" }).click();
    await expect(page).toHaveURL(/\/obligations$/);
    await expect(page.getByRole("heading", { name: "Zakat al-Fitr, Fidya and Kaffarah", level: 1 })).toBeVisible();
    await page.goto("/zakat-calculator");
    await expect(page.getByTestId("todays-prices")).toContainText(/gold \$[\d,.]+ a gram as of .+ AH\)/);
    await expect(page.getByRole("link", { name: "quick pay works them out" })).toHaveAttribute("href", "/obligations");
    await page.goto("/zakat-education");
    await expect(page.getByRole("link", { name: "Zakat al-Fitr, Fidya and Kaffarah" })).toHaveAttribute(
      "href",
      "/obligations",
    );
  });
});

test.describe("quick pay without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the donate page leads back to the request's own form, filled in, to change it", async ({ page }) => {
    await changeTheRequest(page);
  });

  test("Kaffarah and Fidya forms say what is missing, and Zakat al-Fitr is paid all the way through", async ({
    page,
  }) => {
    await page.goto("/obligations");
    const kaffarah = page.getByRole("region", { name: "Kaffarah", exact: true });
    await expect(kaffarah.getByTestId("kaffarah-view")).toContainText("The foundation follows the view that");
    // The browser's own checks stop an empty field; a crafted address reaches the server's.
    await page.goto("/obligations?obligation=fidya&days=0");
    const fidya = page.getByRole("region", { name: "Fidya", exact: true });
    await expect(fidya.getByText("Please enter a whole number of days from 1 to 360")).toBeVisible();
    await expect(fidya.getByLabel("Days missed")).toHaveValue("0");

    await payFitrFor(page, 2, uniqueEmail("fitr-nojs"));
  });
});
