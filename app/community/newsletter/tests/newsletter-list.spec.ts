import type { Page } from "@playwright/test";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { escapeRegExp, exportCsv, rowOf, searchList } from "../../../../tests/e2e/admin-lists";
import { uniqueSuffix } from "../../../../tests/support/unique";

/** The newsletter's addresses in the admin screen and its CSV export, given in the footer. */

async function subscribeFromFooter(page: Page, email: string) {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // Once hydrated the form answers in place (and leaves the checks to the server).
  await expect(footer.locator('form[action="/newsletter"]')).toHaveAttribute("novalidate", "");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText(
    `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
  );
}

test.describe("CSV exports", () => {
  test("newsletter-subscribers.csv holds an address given in the footer", async ({ adminPage: page }) => {
    const email = `csv-${uniqueSuffix()}@example.org`;
    await subscribeFromFooter(page, email);

    await page.goto("/admin/newsletter");
    await searchList(page, "Search addresses", email);
    const { bom, lines } = await exportCsv(page, "newsletter-subscribers.csv");
    expect(bom).toBe(true);
    expect(lines[0]).toBe("ID,Email,Subscribed,Status");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^\\d+,${escapeRegExp(email)},\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,pending$`));
  });
});

test.describe("admin newsletter", () => {
  test("an address given in the footer is listed, and removed after its confirmation", async ({ adminPage: page }) => {
    const email = `list-${uniqueSuffix()}@example.org`;
    await subscribeFromFooter(page, email);

    await page.goto("/admin/newsletter");
    await searchList(page, "Search addresses", email);
    const row = rowOf(page, email);
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: `Remove ${email}` }).click();
    const confirm = page.getByRole("region", {
      name: "Are you sure you want to remove this address from the newsletter?",
    });
    await expect(confirm).toContainText(`${email} will receive no more newsletters.`);
    await confirm.getByRole("button", { name: "Yes, remove address" }).click();
    await expect(page.getByRole("status")).toHaveText("Address removed from the list.");
    await expect(rowOf(page, email)).toHaveCount(0);
    await expect(page.getByRole("cell", { name: "No matching addresses" })).toBeVisible();
  });
});
