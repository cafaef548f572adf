import { generate } from "otplib";
import { hashPassword } from "../../../lib/password.server";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * A new member of staff turns on an authenticator app (the secret read off the page as a person
 * would type it in, the codes computed by the real TOTP library), signs out, and signs in again
 * with password and code.
 */
const PASSWORD = "correct horse battery staple";

async function freshEditor(): Promise<string> {
  const username = `editor-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const passwordHash = await hashPassword(PASSWORD);
  await withDatabase((db) =>
    db.run("insert into admins (username, password_hash, name, email, roles) values (?, ?, ?, ?, ?)", [
      username,
      passwordHash,
      "Bilal Rahman",
      `${username}@example.org`,
      "editor",
    ]),
  );
  return username;
}

test("a new editor turns on two-factor, then signs in with password and code", async ({ page }) => {
  const username = await freshEditor();
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.locator("summary", { hasText: "Your account" }).click();

  await page.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security" })).toBeVisible();
  await page.getByRole("button", { name: "Turn on an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Two-factor sign-in is on. Here are your recovery codes.")).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByText(/Two-factor sign-in is on \(an authenticator app/)).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // The password alone granted nothing.
  expect((await page.request.get("/admin/stories", { maxRedirects: 0 })).status()).toBe(302);

  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");

  // The next step's code: the one used to turn it on is spent.
  await page.getByLabel("Code").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("admin-username")).toHaveText(username);
});
