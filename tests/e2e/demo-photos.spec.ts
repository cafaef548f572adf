import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The demo's appeals and stories have photos of their own (drawn by
 * scripts/make-demo-photos.ts and shipped in public/demo/), not the empty card's placeholder.
 */
const DEMO_STORIES = [
  "Clean Water Reaches Al-Noor Village",
  "Amina's Second Chance at School",
  "Winter Food Packs for 1,200 Families",
  "A Mobile Clinic After the Floods",
  "Sewing Machines, Steady Incomes",
];
const DEMO_APPEALS = ["Winter Emergency in Gaza", "Ramadan Food Packs", "Build a Well"];

/** The photo has loaded: the browser has its pixels, from the demo's own folder. */
async function expectLoadedPhoto(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("src", /^\/demo\/[a-z-]+\.webp$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

for (const [address, titles] of [
  ["/stories", DEMO_STORIES],
  ["/appeals", DEMO_APPEALS],
] as const) {
  test(`${address} shows each of the demo's photos, loaded`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(address);
    const sources = new Set<string>();
    for (const title of titles) {
      const photo = page.getByRole("main").getByRole("img", { name: title, exact: true }).first();
      await expectLoadedPhoto(photo);
      sources.add((await photo.getAttribute("src"))!);
    }
    for (const source of sources) {
      const response = await page.request.get(source);
      expect(response.status(), source).toBe(200);
      expect(response.headers()["content-type"], source).toBe("image/webp");
    }
  });
}

test("a demo appeal's and a demo story's own pages open on their photo", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/appeals/winter-emergency-in-gaza");
  await expectLoadedPhoto(page.getByRole("img", { name: "Winter Emergency in Gaza", exact: true }));
  await page.goto("/stories");
  await page
    .getByRole("link", { name: /Clean Water Reaches Al-Noor Village/ })
    .first()
    .click();
  await expectLoadedPhoto(
    page.getByRole("main").getByRole("img", { name: "Clean Water Reaches Al-Noor Village", exact: true }),
  );
});
