import { expect, test } from "../../../../tests/e2e/fixtures";

test.describe("newsletter", () => {
  test("asks to confirm in place with JavaScript, and a repeat is welcomed, not refused", async ({ page }) => {
    // A page that runs the site's script (pages only to read have none: see no-script-pages.spec.ts).
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator('form[action="/newsletter"]')).toHaveAttribute("novalidate", "");
    const email = `js-${Date.now()}@example.org`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText(
      `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
    );
    await expect(page).toHaveURL(/\/contact$/);
    await expect(footer.getByLabel("Email address")).toHaveValue("");

    // Not confirmed yet: asking again sends the confirmation again, with the same friendly answer.
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText(
      `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
    );
  });

  test("shows a field error for an empty or malformed address", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    // Until the page is hydrated the browser's own bubble answers an empty address, not the server.
    await expect(footer.locator('form[action="/newsletter"]')).toHaveAttribute("novalidate", "");
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
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
    );
    await context.close();
  });
});

test("double opt-in: the address is pending until confirmed from the Outbox's mail, then subscribed, and leaves in one click", async ({
  adminPage: page,
}) => {
  const email = `optin-${Date.now()}@example.org`;
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.locator('form[action="/newsletter"]')).toHaveAttribute("novalidate", "");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toContainText("check your inbox");

  await page.goto(`/admin/newsletter?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Waiting for confirmation");

  const linkFrom = async (subject: string, path: string) => {
    await page.goto("/admin/outbox");
    await page
      .getByRole("row")
      .filter({ hasText: email })
      .filter({ hasText: subject })
      .getByRole("link", { name: /^Read / })
      .click();
    const href = (await page
      .getByRole("region")
      .getByRole("link", { name: new RegExp(path) })
      .first()
      .getAttribute("href"))!;
    const url = new URL(href);
    return url.pathname + url.search;
  };
  const confirmPage = await page.goto(await linkFrom("Please confirm your subscription", "/newsletter/confirm"));
  // The page names the address, so no browser or proxy may keep it.
  expect(confirmPage!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("main")).toContainText(email);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("status")).toContainText("Your subscription is confirmed.");
  await expect(page.getByRole("status")).toBeFocused();

  await page.goto(`/admin/newsletter?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Subscribed");

  const leavePage = await page.goto(await linkFrom("Welcome to our newsletter", "/newsletter/unsubscribe"));
  expect(leavePage!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("main")).toContainText(`${email} will receive no more of the foundation's newsletter`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText("You have left the newsletter.");
  await page.goto(`/admin/newsletter?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Unsubscribed");
});
