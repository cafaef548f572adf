import type { Locator, Page } from "@playwright/test";
import { ADMIN_NAVIGATION } from "../../app/components/admin/admin-navigation";
import { expect, test } from "./fixtures";

/**
 * Every admin screen fits a laptop (1366×900) without scrolling sideways, and a phone
 * (390×844) with its tables scrolling inside their own box: the page itself never overflows,
 * every row's actions can be reached, and Logout is on screen wherever the page is scrolled.
 */
const SCREENS = [...ADMIN_NAVIGATION.map((item) => item.to), "/admin/funds/ledger", "/admin/funds/rates", "/admin/funds/policy"];

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A monthly gift and a one-off gift with a long dedication, so Subscriptions and Donations show real rows. */
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const stamp = Date.now().toString(36);
  for (const frequency of ["Monthly", "One-time"]) {
    await page.goto(`/donate?amount=45&frequency=${frequency}`);
    await page.getByLabel("Full name").fill("Khadijah Abdul-Rahman Al-Hashimi");
    await page.getByLabel("Email", { exact: true }).fill(`layout-${frequency.toLowerCase()}-${stamp}@a-rather-long-domain-name.example.org`);
    await page.getByRole("button", { name: "Donate Now" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/donation-success/);
  }
  await page.close();
});

/** The page's own width beyond the window, in pixels (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Every row's menu opened (a <details>, as a click opens it), then the links, buttons and toggles a person can see in the rows. */
async function rowActions(page: Page): Promise<Locator[]> {
  for (const toggle of await page.locator("main table tbody tr details:not([open]) > summary").all()) await toggle.click();
  return page.locator("main table tbody tr").locator(":is(a, button, summary):visible").all();
}

/** The box a table scrolls in: its nearest ancestor that scrolls sideways. */
function scrollBoxOf(table: Locator) {
  return table.evaluate((element) => {
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(box).overflowX)) {
        const rect = box.getBoundingClientRect();
        return { left: rect.left, right: rect.right, scrolls: box.scrollWidth > box.clientWidth + 1 };
      }
    }
    return null;
  });
}

async function expectLogoutOnScreen(page: Page) {
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe("admin screens on a laptop", () => {
  test.use({ viewport: LAPTOP });

  for (const screen of SCREENS) {
    test(`${screen} fits 1366 px, its row actions on screen, Logout at hand`, async ({ adminPage: page }) => {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const actions = await rowActions(page);
      expect(await pageOverflow(page), "the page scrolls sideways").toBeLessThanOrEqual(0);
      for (const table of await page.locator("main table").all()) {
        expect((await scrollBoxOf(table))?.scrolls ?? false, "a table scrolls sideways").toBe(false);
      }
      for (const action of actions) {
        const box = (await action.boundingBox())!;
        expect(box.x, `${await action.textContent()} starts off screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${await action.textContent()} ends off screen`).toBeLessThanOrEqual(LAPTOP.width);
      }
      await expectLogoutOnScreen(page);
    });
  }
});

test.describe("admin screens on a phone", () => {
  test.use({ viewport: PHONE });

  for (const screen of SCREENS) {
    test(`${screen} never overflows a 390 px phone; its tables scroll in their own box`, async ({ adminPage: page }) => {
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageOverflow(page), "the page scrolls sideways").toBeLessThanOrEqual(0);
      for (const table of await page.locator("main table").all()) {
        const box = await scrollBoxOf(table);
        const wide = await table.evaluate((element) => element.getBoundingClientRect().right > window.innerWidth);
        if (wide) expect(box, "a table wider than the phone has no box of its own to scroll in").not.toBeNull();
        if (box) expect(box.right, "a table's box is wider than the phone").toBeLessThanOrEqual(PHONE.width);
      }
      for (const action of await rowActions(page)) {
        await action.scrollIntoViewIfNeeded();
        await expect(action).toBeInViewport();
      }
      expect(await pageOverflow(page), "scrolling to a row action widened the page").toBeLessThanOrEqual(0);
      await expectLogoutOnScreen(page);
    });
  }
});
