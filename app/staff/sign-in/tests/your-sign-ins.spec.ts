import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";

/**
 * Your sign-ins, in two browsers signed in as one owner: "Sign out all others" in the first
 * sends the second to sign-in on its next page. The owner is a new one (the "admin" owner's
 * password, copied), so that the other worker's specs, signed in as "admin", keep their sessions.
 */
test("signing out all others in one browser sends the other to sign-in on its next page", async ({
  page,
  browser,
}, testInfo) => {
  const username = `sessions-${Date.now().toString(36)}`;
  await withDatabase((db) =>
    db.run(
      `insert into admins (username, password_hash, name, email, roles, active)
       select ?, password_hash, 'Sessions Owner', '', 'owner', 1 from admins where username = ?`,
      [username, E2E_ADMIN.username],
    ),
  );
  const form = { username, password: E2E_ADMIN.password };

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const otherPage = await other.newPage();
    expect((await otherPage.request.post("/admin/login", { form, maxRedirects: 0 })).status()).toBe(302);
    expect((await page.request.post("/admin/login", { form, maxRedirects: 0 })).status()).toBe(302);
    await otherPage.goto("/admin");
    await expect(otherPage.getByTestId("admin-username")).toHaveText(username);

    await page.goto("/admin");
    await page.locator("summary", { hasText: "Your account" }).click();
    await page.getByRole("link", { name: "Your sign-ins" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your sign-ins" })).toBeVisible();
    const sessions = page.getByRole("table", { name: "Your sessions" });
    await expect(sessions.getByTestId("session-row")).toHaveCount(2);
    await expect(sessions.getByText("This device")).toHaveCount(1);

    await page.getByRole("link", { name: "Sign out all others" }).click();
    await expect(page).toHaveURL(/\?signout=others$/);
    await page.getByRole("button", { name: "Yes, sign out all others" }).click();
    await expect(page.getByText("Every other session of yours is signed out.")).toBeVisible();
    await expect(sessions.getByTestId("session-row")).toHaveCount(1);

    await otherPage.goto("/admin/stories");
    await expect(otherPage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fstories$/);
    await page.goto("/admin/stories");
    await expect(page).toHaveURL(/\/admin\/stories$/);
  } finally {
    await other.close();
  }
});
