import type { Page } from "@playwright/test";
import { withDatabase } from "./e2e-database";
import { expect, test } from "./fixtures";
import { uniqueSuffix } from "../support/unique";

/**
 * A staff list's filter: with JavaScript it applies as soon as it changes, keeping the
 * search typed before it; without JavaScript the Search button sends it. The subscribers
 * are this test's own (a unique token), since both workers share the list.
 */
async function addSubscribers(token: string): Promise<{ waiting: string; subscribed: string }> {
  const waiting = `waiting-${token}@example.org`;
  const subscribed = `subscribed-${token}@example.org`;
  await withDatabase(async (db) => {
    const insert = "insert into newsletter_subscribers (email, subscribed_at, status) values (?, ?, ?)";
    await db.run(insert, [waiting, new Date().toISOString(), "pending"]);
    await db.run(insert, [subscribed, new Date().toISOString(), "confirmed"]);
  });
  return { waiting, subscribed };
}

const rowOf = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

async function searchFor(page: Page, token: string) {
  await page.getByLabel("Search addresses").fill(token);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${token}`));
}

test("with JavaScript, the subscribers' and the Outbox's status filters apply as they change", async ({
  adminPage: page,
}) => {
  const token = uniqueSuffix();
  const { waiting, subscribed } = await addSubscribers(token);
  await page.goto("/admin/newsletter");
  await searchFor(page, token);
  await expect(rowOf(page, waiting)).toBeVisible();
  await expect(rowOf(page, subscribed)).toBeVisible();

  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Subscribed" });
  await expect(page).toHaveURL(new RegExp(`search=${token}&status=confirmed`));
  await expect(rowOf(page, subscribed)).toBeVisible();
  await expect(rowOf(page, waiting)).toHaveCount(0);

  await page.goto("/admin/outbox");
  const status = page.getByRole("search").getByLabel("Status");
  const options = await status.locator("option").allTextContents();
  await status.selectOption({ index: 1 });
  await expect(page).toHaveURL(/\/admin\/outbox\?.*status=\w+/);
  await expect(status).toHaveValue(new URL(page.url()).searchParams.get("status")!);
  expect(options[0]).toBe("Every status");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Search button sends the status filter", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const { waiting, subscribed } = await addSubscribers(token);
    await page.goto("/admin/newsletter");
    await page.getByLabel("Search addresses").fill(token);
    await page.getByRole("search").getByLabel("Status").selectOption({ label: "Waiting for confirmation" });
    // Nothing happens until the button is pressed.
    await expect(page).toHaveURL(/\/admin\/newsletter$/);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${token}&status=pending`));
    await expect(rowOf(page, waiting)).toBeVisible();
    await expect(rowOf(page, subscribed)).toHaveCount(0);
  });
});
