import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * My giving is found in the header, beside the nine links the specification fixes (an account
 * link, not a tenth page), and in the phone menu with Appeals; the header never overflows at a
 * laptop's, a small laptop's or a phone's width.
 */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** How far the header's row runs past its own box (0 when everything in it fits). */
const headerOverflow = (page: Page) =>
  page.getByRole("banner").evaluate((header) => {
    const row = header.firstElementChild as HTMLElement;
    const right = Math.max(...Array.from(row.children, (child) => child.getBoundingClientRect().right));
    return Math.max(row.scrollWidth - row.clientWidth, right - row.getBoundingClientRect().right);
  });

test.describe("My giving in the header", () => {
  test("on a laptop it sits beside the nine links, and the header fits at 1366 and 1024", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/about");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "About",
      "Donate",
      "Zakat Calculator",
      "Zakat Education",
      "Stories",
      "Events",
      "Volunteer",
      "Contact",
    ]);
    const myGiving = header.getByRole("link", { name: "My giving", exact: true });
    await expect(myGiving).toBeInViewport({ ratio: 1 });
    await expect(myGiving).toHaveAttribute("href", "/my-giving");
    // Beside the links, at the right end of the same row.
    const [link, contact] = [
      (await myGiving.boundingBox())!,
      (await nav.getByRole("link", { name: "Contact" }).boundingBox())!,
    ];
    expect(link.x).toBeGreaterThan(contact.x + contact.width);
    expect(Math.abs(link.y + link.height / 2 - (contact.y + contact.height / 2))).toBeLessThan(4);
    expect(await headerOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(myGiving).toBeInViewport({ ratio: 1 });
    expect(await headerOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test("on a phone it is in the menu, after Appeals among the secondary links, and the header fits", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    expect(await headerOverflow(page)).toBeLessThanOrEqual(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole("banner").locator("summary").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Appeals", exact: true })).toBeInViewport();
    await menu.getByRole("link", { name: "My giving", exact: true }).click();
    await expect(page).toHaveURL(/\/my-giving/);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
