import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * Without SMTP_URL no mail leaves the machine: the staff's note about a new message is
 * kept, and read in the Outbox exactly as it would be sent.
 */
test("a contact message's note to the staff waits in the Outbox, readable as sent", async ({ adminPage: page }) => {
  const name = `Outbox Reader ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/contact/", {
    data: { name, email: "reader@example.org", message: "Where can I read my receipt?" },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/admin/outbox");
  await expect(page.getByRole("status")).toContainText(
    "No SMTP server is set (SMTP_URL), so no mail leaves this machine",
  );
  const row = page.getByRole("row").filter({ hasText: `New contact message from ${name}` });
  await expect(row).toContainText("staff@charity.example");
  await expect(row).toContainText("Kept here (not sent)");
  await row.getByRole("link", { name: `Read New contact message from ${name}` }).click();

  const message = page.getByRole("region", { name: `New contact message from ${name}` });
  const frame = page.frameLocator(`iframe[title="The message: New contact message from ${name}"]`);
  await expect(frame.getByText("Where can I read my receipt?")).toBeVisible();
  await expect(frame.getByRole("link", { name: "Open Contacts" })).toHaveAttribute(
    "href",
    /\/admin\/contacts\?status=pending$/,
  );
  await message.getByText("Plain-text version").click();
  await expect(message.locator("pre")).toContainText("Al-Amanah Foundation");
  await message.getByRole("link", { name: "Close" }).click();
  await expect(message).toBeHidden();
});

test("a sandbox gift's receipt is in the Outbox, and its link opens the printable receipt", async ({
  adminPage: page,
}) => {
  const email = `receipt-${Date.now().toString(36)}@example.org`;
  await page.goto("/donate?zakat_amount=75");
  await page.getByLabel("Full name").fill("Sumayyah Bello");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success\?session_id=cs_sandbox_/);

  await page.goto("/admin/outbox");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$75.00 to Al-Amanah Foundation");
  await row.getByRole("link", { name: /^Read / }).click();
  const link = page.getByRole("region").getByRole("link", { name: /\/receipts\// });
  const href = (await link.getAttribute("href"))!;

  await page.goto(new URL(href).pathname);
  await expect(page.getByRole("heading", { name: "Official receipt for your donation" })).toBeVisible();
  await expect(page.getByText("Test payment: no money moved.")).toBeVisible();
  await expect(page.getByText("$75.00 USD")).toBeVisible();
  await expect(
    page.getByText("Your Zakat is kept apart and given only to those eligible to receive it."),
  ).toBeVisible();
  await expect(page.getByText("No goods or services were provided in exchange for this contribution.")).toBeVisible();
  // A sheet sent without the app's script: its own small script shows the Print button.
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  expect((await page.request.get("/receipts/not-a-real-token")).status()).toBe(404);
});
