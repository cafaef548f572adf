import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * A failed charge as a newcomer with no keys sees it: give monthly in the sandbox, have
 * staff simulate a declined charge, read the donor's mail in the Outbox, follow its card
 * link to the simulated billing page, update the card, and see the gift recovered.
 */
test("staff simulate a failed charge; the mail's card link leads to the simulated billing page, and fixing the card recovers the gift", async ({
  adminPage: page,
}) => {
  const email = `declined-${Date.now().toString(36)}@example.org`;
  await page.goto("/donate?amount=30&frequency=Monthly");
  await page.getByLabel("Full name").fill("Bilal Hassan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success/);

  await page.goto("/admin/subscriptions");
  await expect(page.getByRole("heading", { name: "Payment troubles, last 30 days" })).toBeVisible();
  await page.getByLabel("Active gift").selectOption({ label: `Bilal Hassan (${email}) · $30 monthly` });
  await page.getByRole("button", { name: "Simulate failed charge" }).click();
  await expect(page.getByText(/Charge declined\. The donor's mail is in the Outbox/)).toBeVisible();
  const gifts = page.getByRole("table", { name: "Recurring gifts, newest first" });
  await expect(gifts.getByRole("row").filter({ hasText: email })).toContainText(
    /past_due\s*(Test)?\s*Past due · next try/,
  );
  const troubles = page.getByRole("table", { name: /Failed charges of the last 30 days/ });
  await expect(troubles.getByRole("row").filter({ hasText: email })).toContainText("Past due · next try");

  // The donor's one mail waits in the Outbox, with the link to put the card right.
  await page.goto("/admin/outbox");
  const row = page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: "Your monthly gift did not go through" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /^Read / }).click();
  const href = (await page
    .getByRole("region")
    .getByRole("link", { name: /\/update-card\// })
    .getAttribute("href"))!;

  await page.goto(new URL(href).pathname);
  await expect(page.getByText("Your monthly gift of $30 for General Donation (test)")).toBeVisible();
  await page.getByRole("button", { name: "Update my card" }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/bps_sandbox_/);
  await expect(page.getByTestId("sandbox-card")).toHaveText("Test card: declined · one charge owed");
  await page.getByRole("button", { name: "Update your card" }).click();
  await expect(page).toHaveURL(new RegExp(`${new URL(href).pathname}$`));
  await expect(page.getByRole("status")).toContainText("your gift is back on track");

  await page.goto("/admin/subscriptions");
  await expect(gifts.getByRole("row").filter({ hasText: email })).toContainText("active");
  await expect(troubles.getByRole("row").filter({ hasText: email })).toContainText("Recovered");
  await page.goto("/admin/outbox");
  await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: "is back on track" })).toHaveCount(1);
});
