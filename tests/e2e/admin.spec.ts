import { withDatabase } from "./e2e-database";
import { expect, E2E_ADMIN, test } from "./fixtures";

test.describe("admin sign-in", () => {
  test("a wrong password shows 'Invalid username or password' and keeps the username", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
    await expect(page.getByLabel("Username")).toHaveValue(E2E_ADMIN.username);
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The password is cleared and focused, so a keyboard user simply types it again.
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveValue("");
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("both fields are required", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("the guard sends a visitor to sign in and back to the page asked for", async ({ page }) => {
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings$/);
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { name: "Impact Statistics Settings" })).toBeVisible();

    // Signed in, the sign-in page itself sends the admin to the dashboard.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });

  test("logout ends the session", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  });
});

test.describe("admin layout", () => {
  test("the sidebar shows every screen and collapses; the top bar the admin and View Site in a new tab", async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    const sidebar = page.getByRole("complementary", { name: "Admin" });
    const topBar = page.getByRole("banner");
    await expect(topBar.getByTestId("admin-username")).toHaveText(E2E_ADMIN.username);
    for (const label of [
      "Dashboard",
      "Donations",
      "Contacts",
      "Events",
      "Stories",
      "Testimonials",
      "Volunteers",
      "Newsletter",
      "Subscriptions",
      "Media",
      "Settings",
      "Outbox",
    ]) {
      await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    const viewSite = topBar.getByRole("link", { name: /View Site/ });
    await expect(viewSite).toHaveAttribute("target", "_blank");
    await expect(viewSite).toHaveAttribute("href", "/");

    const box = async () => (await sidebar.boundingBox())!.width;
    const toggle = sidebar.getByRole("button", { name: "Toggle sidebar" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const wide = await box();
    await toggle.click();
    await expect(sidebar.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "false");
    await expect.poll(box).toBeLessThan(wide / 2);
    // Collapsed, the links keep their names for screen readers.
    await expect(sidebar.getByRole("link", { name: "Settings", exact: true })).toBeVisible();
    await sidebar.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect.poll(box).toBe(wide);
  });
});

test.describe("the Appeals list on a phone", () => {
  test("says each appeal's facts under its title, with Edit in view and nothing to scroll sideways", async ({
    adminPage: page,
  }) => {
    const slug = `e2e-phone-list-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const title = `Clean Water for the Villages of Tharparkar ${slug.slice(-6)}`;
    const today = new Date().toISOString().slice(0, 10);
    await withDatabase((db) =>
      db.run(
        `insert into appeals (slug, title, summary, story, story_format, fund_id, goal_cents, preset_amounts, starts_on, ends_on, status, is_featured, went_live_at)
         values (?, ?, 'Wells for villages.', 'The wells are dry.', 'plain', (select id from funds where slug = 'emergency-relief'), 2500000, '50,100', ?, '2099-12-31', 'live', 1, ?)`,
        [slug, title, today, new Date().toISOString()],
      ),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/appeals?search=${slug}`);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("Emergency Relief");
    await expect(row).toContainText("$0 raised of $25,000 goal, 0%");
    await expect(row).toContainText("0 gifts");
    await expect(row.getByTestId("appeal-facts").getByText("Featured")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Fund" })).toBeHidden();

    const edit = row.getByRole("link", { name: `Edit ${title}` });
    await expect(edit).toBeInViewport({ ratio: 1 });
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const sideways = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: Math.max(
        ...[...document.querySelectorAll("table")].map(
          (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
        ),
      ),
    }));
    expect(sideways).toEqual({ page: 0, table: 0 });
    await page.screenshot({ path: test.info().outputPath("appeals-list-390.png"), fullPage: true });

    // From a tablet's width up, the facts have their own columns again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("columnheader", { name: "Fund" })).toBeVisible();
    await expect(row.getByTestId("appeal-facts")).toBeHidden();
  });
});

test.describe("Impact Statistics Settings", () => {
  test("edits a statistic: validation, save, cancel, and the homepage shows it", async ({ adminPage: page }) => {
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Impact Statistics Settings" })).toBeVisible();
    // The demo's Total Raised is the books' (the spec's client in the other worker may type one meanwhile).
    await expect(page.getByTestId("statistic-total_raised")).toHaveText(/^\$[\d,.]+$/);

    await page.getByRole("link", { name: "Edit Orphans Cared For" }).click();
    const form = page.getByRole("region", { name: "Edit Orphans Cared For" });
    const value = form.getByLabel("Value");
    await expect(value).toBeFocused();
    await expect(value).toHaveValue("450");

    await value.fill("lots");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Value must be a number")).toBeVisible();

    await value.fill("4321");
    await form.getByLabel("Description").fill("Orphans in our sponsorship programme");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole("status")).toHaveText("Orphans Cared For updated.");
    await expect(page.getByTestId("statistic-orphans_cared_for")).toHaveText("4,321");
    await expect(page.getByText("Orphans in our sponsorship programme")).toBeVisible();

    await page.getByRole("link", { name: "Edit Total Raised" }).click();
    const raised = page.getByRole("region", { name: "Edit Total Raised" });
    await expect(raised.getByRole("radio", { name: /From the books/ })).toBeVisible();
    await expect(raised.getByLabel(/Typed figure \(US dollars\)/)).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("region", { name: "Edit Total Raised" })).toBeHidden();

    await page.goto("/");
    await expect(page.getByText("4,321")).toBeVisible();
  });

  test("works without JavaScript, keeping what was typed when it is rejected", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Edit Families Supported" }).click();
    const form = page.getByRole("region", { name: "Edit Families Supported" });
    await form.getByLabel("Value").fill("12 families");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Value must be a number")).toBeVisible();
    await expect(form.getByLabel("Value")).toHaveValue("12 families");

    await form.getByLabel("Value").fill("3300");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=families_supported$/);
    await expect(page.getByTestId("statistic-families_supported")).toHaveText("3,300");
    await context.close();
  });
});
