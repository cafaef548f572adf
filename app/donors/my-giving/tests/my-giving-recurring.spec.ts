import type { Page } from "@playwright/test";
import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * A newcomer gives monthly in the sandbox, opens My giving from the Outbox, halves the
 * amount and pauses the gift, sees both in its history, and staff see the same on
 * Subscriptions: with JavaScript and without it.
 */
async function giveMonthlyAndSignIn(page: Page, email: string, name: string) {
  await page.goto("/donate");
  await page.getByLabel("Amount (USD)", { exact: true }).fill("50");
  await page.getByLabel("Monthly").check();
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success/);

  await page.goto("/my-giving");
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If this address has given with us, a link is on its way.")).toBeVisible();
  await page.goto("/admin/outbox");
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: "Your link to your giving" })
    .getByRole("link", { name: /^Read / })
    .click();
  const link = new URL(
    (await page
      .getByRole("region")
      .getByRole("link", { name: /\/my-giving\/sign-in\?token=/ })
      .getAttribute("href"))!,
  );
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Open my giving" }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByText("$50.00 every month · General Donation")).toBeVisible();
}

async function halveAndPause(page: Page, withScript: boolean) {
  await page.getByRole("link", { name: "Change the amount of the gift of $50.00 every month" }).click();
  const changeTitle = page.getByRole("heading", { name: "Change the amount of your gift of $50.00 every month" });
  if (withScript) await expect(changeTitle).toBeFocused();
  await page.getByLabel("New amount (USD)").fill("25");
  await page.getByRole("button", { name: "Change the amount" }).click();
  const changed = page.getByText("Your gift's new amount is taken from its next charge; nothing was charged now.");
  await expect(changed).toBeVisible();
  if (withScript) await expect(changed).toBeFocused();
  await expect(page.getByText("$25.00 every month · General Donation")).toBeVisible();

  await page.getByRole("link", { name: "Pause the gift of $25.00 every month" }).click();
  if (withScript)
    await expect(page.getByRole("heading", { name: "Pause your gift of $25.00 every month" })).toBeFocused();
  await page.getByLabel("2 charges").check();
  await page.getByRole("button", { name: "Pause the gift" }).click();
  await expect(page.getByText(/^Paused · resumes with the charge on \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume the gift of $25.00 every month now" })).toBeVisible();

  // Both changes are in the gift's history, made by the donor.
  await page.getByText("History", { exact: true }).click();
  await expect(page.getByText("Amount changed by you; from $50 to $25")).toBeVisible();
  await expect(page.getByText(/Paused by you; resumes with the charge on \w{3} \d{1,2}, \d{4}/)).toBeVisible();
}

async function staffSeeIt(page: Page, email: string, name: string) {
  await page.goto("/admin/subscriptions");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("$25");
  // Paused, never "active", with the charge it resumes with.
  await expect(row.getByText("paused", { exact: true })).toBeVisible();
  await expect(row.getByText("active", { exact: true })).toHaveCount(0);
  await expect(row).toContainText(/\w{3} \d{1,2}, \d{4}\s*resumes after the pause/);
  await row.locator("summary", { hasText: "Actions" }).click();
  await row.getByRole("link", { name: `History of ${name}'s $25 monthly gift` }).click();
  const panel = page.getByRole("region", { name: `History of ${name}'s $25 monthly gift` });
  await expect(panel).toContainText("Amount changed by the donor; from $50 to $25");
  await expect(panel).toContainText(/Paused by the donor; resumes with the charge on \w{3} \d{1,2}, \d{4}/);
}

test("a donor halves and pauses a monthly gift from My giving, and staff see it", async ({ adminPage: page }) => {
  const email = `halve-${Date.now().toString(36)}@example.org`;
  await giveMonthlyAndSignIn(page, email, "Hafsa Noor");
  // Changing one's mind: the form closes and the focus goes back to its link.
  await page.getByRole("link", { name: "Change the amount of the gift of $50.00 every month" }).click();
  await page.getByRole("link", { name: "Keep it as it is" }).click();
  await expect(page.getByRole("link", { name: "Change the amount of the gift of $50.00 every month" })).toBeFocused();
  await halveAndPause(page, true);
  // Resume early, then staff see the whole history.
  await page.getByRole("button", { name: "Resume the gift of $25.00 every month now" }).click();
  await expect(page.getByText("Your gift has resumed from its next charge.")).toBeFocused();
  await page.getByRole("link", { name: "Pause the gift of $25.00 every month" }).click();
  await page.getByLabel("1 charge").check();
  await page.getByRole("button", { name: "Pause the gift" }).click();
  await expect(page.getByText(/^Paused · resumes with the charge on/)).toBeVisible();
  await staffSeeIt(page, email, "Hafsa Noor");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a donor halves and pauses a monthly gift with plain forms, and staff see it", async ({ adminPage: page }) => {
    const email = `halve-nojs-${Date.now().toString(36)}@example.org`;
    await giveMonthlyAndSignIn(page, email, "Bilal Aziz");
    await halveAndPause(page, false);
    await staffSeeIt(page, email, "Bilal Aziz");
  });
});
