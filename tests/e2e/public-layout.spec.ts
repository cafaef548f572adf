import { expect, test } from "./fixtures";

test.describe("public layout", () => {
  test("header links navigate and the current one is marked", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    for (const label of [
      "Home",
      "About",
      "Donate",
      "Zakat Calculator",
      "Zakat Education",
      "Stories",
      "Events",
      "Volunteer",
      "Contact",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }

    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Zakat Education" }).click();
    await expect(page).toHaveURL(/\/zakat-education$/);
    await expect(nav.getByRole("link", { name: "Zakat Education" })).toHaveAttribute("aria-current", "page");
  });

  test("every page shows the emergency banner and the Test mode notice", async ({ page }) => {
    for (const path of ["/", "/about", "/zakat-education", "/admin/login"]) {
      await page.goto(path);
      await expect(page.getByRole("note", { name: "Test mode" })).toContainText("no card is charged");
    }
    await page.goto("/about");
    const banner = page.getByRole("complementary", { name: "Emergency appeal" });
    await expect(banner.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate");
  });

  test("the mobile menu opens, closes on a link click, and works from the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    const toggle = page.getByRole("banner").locator("summary");
    await expect(toggle).toHaveAccessibleName("Menu");
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mobileNav).toBeHidden();
    await expect(page.locator('nav[aria-label="Mobile"] a[href="/about"]')).toHaveAttribute("aria-current", "page");

    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(mobileNav.getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("an unknown address shows a friendly 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });

  test("every header link leads to a real page, and addresses under one are simply not found", async ({ page }) => {
    for (const path of [
      "/",
      "/about",
      "/donate",
      "/zakat-calculator",
      "/zakat-education",
      "/stories",
      "/events",
      "/volunteer",
      "/contact",
    ])
      expect((await page.goto(path))?.status()).toBe(200);

    expect((await page.goto("/stories/1/extra"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();

    // An unknown story is a 404 in the site's layout, with its own title and the way back.
    expect((await page.goto("/stories/987654"))?.status()).toBe(404);
    await expect(page).toHaveTitle("Story not found | Al-Amanah Foundation");
    await expect(page.getByRole("heading", { level: 1, name: "Story not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "All stories" })).toBeVisible();
  });
});

test.describe("static pages", () => {
  test("/about shows mission, values, live impact figures and the way to give or volunteer", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    for (const heading of ["Our Mission", "Our Vision", "Our Values", "Our Impact", "What We Do"]) {
      await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    // The books' received by default (the figure itself moves with every gift the other worker records).
    await expect(main.getByText("Total Raised", { exact: true })).toBeVisible();
    await expect(main.locator('a[href="/donate"]').first()).toBeVisible();
    await expect(main.locator('a[href="/volunteer"]').first()).toBeVisible();
  });

  test("/zakat-education shows both nisab figures and links to the calculator and to donate", async ({ page }) => {
    await page.goto("/zakat-education");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByText(/\$4,000/).first()).toBeVisible();
    await expect(main.getByText(/85 g/).first()).toBeVisible();
    await expect(main.getByText(/\$5,686/).first()).toBeVisible();
    await expect(main.getByText(/\$521/).first()).toBeVisible();
    await expect(main.locator('a[href="/zakat-calculator"]').first()).toBeVisible();
    await expect(main.locator('a[href="/donate"]').first()).toBeVisible();
  });
});

test.describe("content security policy", () => {
  test("no page with a validated form trips the policy (zod's eval probe stays off)", async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}`),
      );
    });
    // (Testimonials, with a form too, is sent without script: nothing there to trip it.)
    for (const path of ["/donate", "/zakat-calculator", "/contact", "/volunteer"]) {
      await page.goto(path);
      // Hydrated: the form validates in the browser now (conform sets novalidate).
      await expect(page.locator("form[novalidate]").first()).toBeAttached();
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
        [],
      );
    }
  });
});
