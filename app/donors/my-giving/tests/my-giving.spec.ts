import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * Donor care end to end, as a newcomer with no keys would: give monthly in the sandbox,
 * find the receipt in the Outbox, sign in to /my-giving with the emailed link, and stop
 * the monthly gift.
 */
test("give monthly, read the receipt, sign in with the emailed link and cancel the gift", async ({
  adminPage: page,
}) => {
  const email = `monthly-${Date.now().toString(36)}@example.org`;
  await page.goto("/donate");
  await page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$25", exact: true }).click();
  await page.getByLabel("Monthly").check();
  await page.getByLabel("Full name").fill("Idris Rahman");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success/);
  await page.getByRole("main").getByRole("link", { name: "My giving" }).click();

  // Ask for a link; the page says the same for any address.
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If this address has given with us, a link is on its way.")).toBeVisible();

  // The receipt and the link wait in the Outbox (no SMTP_URL).
  await page.goto("/admin/outbox");
  await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: "Your receipt" })).toHaveCount(1);
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: "Your link to your giving" })
    .getByRole("link", { name: /^Read / })
    .click();
  const href = (await page
    .getByRole("region")
    .getByRole("link", { name: /\/my-giving\/sign-in\?token=/ })
    .getAttribute("href"))!;
  const link = new URL(href);

  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Open my giving" }).click();
  // Focus lands on what changed, not on the button that went away.
  await expect(page.getByText(`Signed in as ${email}`)).toBeFocused();
  await expect(page.getByRole("table")).toContainText("$25.00");
  await expect(page.getByText("$25.00 every month · General Donation")).toBeVisible();
  // The sandbox keeps no cards: no card to update.
  await expect(page.getByRole("button", { name: "Update payment card" })).toHaveCount(0);

  // On a phone the gifts table fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.getByRole("table");
  expect(
    await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth),
  ).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Changing one's mind keeps the gift.
  await page.getByRole("link", { name: "Cancel the gift of $25.00 every month" }).click();
  await expect(
    page.getByRole("heading", { name: "Are you sure you want to cancel this recurring gift?" }),
  ).toBeFocused();
  await page.getByRole("link", { name: "Keep this gift" }).click();
  await expect(page.getByRole("heading", { name: "Are you sure you want to cancel this recurring gift?" })).toHaveCount(
    0,
  );
  await expect(page.getByRole("heading", { name: "Monthly and yearly gifts" })).toBeFocused();

  await page.getByRole("link", { name: "Cancel the gift of $25.00 every month" }).click();
  await page.getByRole("button", { name: "Yes, cancel this gift" }).click();
  await expect(page.getByText("Your recurring gift is canceled: no further payments will be taken.")).toBeFocused();
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out. To see your giving again, ask for a new link.")).toBeFocused();

  // The link was single use.
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Open my giving" }).click();
  await expect(page.getByText("This link has expired or was already used.")).toBeVisible();

  // And the staff see it canceled too.
  await page.goto("/admin/subscriptions");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(/canceled/i);
});
