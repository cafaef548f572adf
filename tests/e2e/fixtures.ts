import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-credentials";

/**
 * `adminPage`: a page whose browser context is already signed in. It signs in by posting
 * the real form over HTTP (no typing), so each test starts at the screen it is about.
 */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, use) => {
    const response = await page.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await use(page);
  },
});

/** Every page must load without script errors or failed hydration. */
test.beforeEach(async ({ page }) => {
  page.on("pageerror", (error) => {
    throw new Error(`Page error: ${error.message}`);
  });
});

export { expect, E2E_ADMIN };
