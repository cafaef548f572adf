import { expect, test } from "../../../../tests/e2e/fixtures";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/**
 * "Your details", as a member of staff meets it: their name and email, and a new password that
 * signs them in from then on (the old one no longer does).
 */
test("a member of staff changes their own name, email and password", async ({ page }) => {
  const persona = await newPersona(["community"], "own-details");
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(persona.username);
  await page.getByLabel("Password", { exact: true }).fill(persona.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("admin-username")).toHaveText(persona.username);

  await page.locator("summary", { hasText: "Your account" }).click();
  await page.getByRole("link", { name: "Your details", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByText(`You sign in as ${persona.username}, as Community.`)).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Bilal Rahman");
  await page.getByLabel("Email", { exact: true }).fill(`bilal.${persona.username}@example.org`);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(/Password resets and notices/);
  await page.getByRole("button", { name: "Save your details" }).click();
  await expect(page.getByText("Your details were saved.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bilal Rahman");

  // A wrong current password is refused in words, on the field.
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password again").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change your password" }).click();
  await expect(page.getByText("That is not your current password")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password");

  await page.getByLabel("Current password").fill(persona.password);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password again").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change your password" }).click();
  await expect(page.getByText("Your password was changed.")).toBeVisible();
  // Still signed in in this browser, with a new session.
  await page.goto("/admin/contacts");
  await expect(page.getByTestId("admin-username")).toHaveText(persona.username);

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByLabel("Username").fill(persona.username);
  await page.getByLabel("Password", { exact: true }).fill(persona.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("admin-username")).toHaveText(persona.username);
});
