import { expect, test } from "./fixtures";

test.describe("newsletter", () => {
  test("subscribes in place with JavaScript, and a repeat is welcomed, not refused", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const email = `js-${Date.now()}@example.org`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText(`Thank you for subscribing! We'll send our news to ${email}.`);
    await expect(page).toHaveURL(/\/about$/);
    await expect(footer.getByLabel("Email address")).toHaveValue("");

    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("already on our list");
  });

  test("shows a field error for an empty or malformed address", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByText("Email is required")).toBeVisible();
    await footer.getByLabel("Email address").fill("not-an-email");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByText("Please enter a valid email address")).toBeVisible();
    await expect(footer.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expect(footer.getByLabel("Email address")).toHaveValue("not-an-email");
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const email = `nojs-${Date.now()}@example.org`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Thank you for subscribing! We'll send our news to ${email}.`);
    await context.close();
  });
});
