import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * "Your account" gathers a person's own screens (Your details, Security, Passkeys, Your sign-ins) behind one
 * toggle in the account bar: it opens without JavaScript, and with it closes on Escape, on a
 * click elsewhere and on arriving at the chosen screen.
 */
const ACCOUNT_SCREENS = [
  { link: "Your details", heading: "Your details", note: "Name, email and password" },
  { link: "Security", heading: "Security", note: "Two-factor sign-in and recovery codes" },
  { link: "Passkeys", heading: "Passkeys", note: "Sign in with this device" },
  { link: "Your sign-ins", heading: "Your sign-ins", note: "Sessions and API tokens" },
];

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`Your account leads to each of the person's own screens at ${viewport.width} px`, async ({
    adminPage: page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/admin");
    const bar = page.getByRole("banner");
    const toggle = bar.locator("summary", { hasText: "Your account" });
    for (const screen of ACCOUNT_SCREENS) {
      await toggle.click();
      const link = bar.getByRole("link", { name: screen.link, exact: true });
      await expect(link).toBeInViewport();
      await expect(link).toHaveAccessibleDescription(screen.note);
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      await expect(link).toBeHidden();
    }
    await toggle.click();
    await expect(bar.getByRole("link", { name: "Passkeys" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bar.getByRole("link", { name: "Passkeys" })).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    // A click far from the menu, at the foot of the window.
    await page.mouse.click(5, viewport.height - 5);
    await expect(bar.getByRole("link", { name: "Passkeys" })).toBeHidden();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Your account opens as a plain disclosure and its links work", async ({ adminPage: page }) => {
    await page.goto("/admin");
    const bar = page.getByRole("banner");
    await bar.locator("summary", { hasText: "Your account" }).click();
    await bar.getByRole("link", { name: "Your sign-ins", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your sign-ins" })).toBeVisible();
  });
});
