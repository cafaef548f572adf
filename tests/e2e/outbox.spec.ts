import { expect, test } from "./fixtures";

/**
 * Without SMTP_URL no mail leaves the machine: the staff's note about a new message is
 * kept, and read in the Outbox exactly as it would be sent.
 */
test("a contact message's note to the staff waits in the Outbox, readable as sent", async ({ adminPage: page }) => {
  const name = `Outbox Reader ${Date.now().toString(36)}`;
  const sent = await page.request.post("/api/contact/", { data: { name, email: "reader@example.org", message: "Where can I read my receipt?" } });
  expect(sent.status()).toBe(201);

  await page.goto("/admin/outbox");
  await expect(page.getByRole("status")).toContainText("No SMTP server is set (SMTP_URL), so no mail leaves this machine");
  const row = page.getByRole("row").filter({ hasText: `New contact message from ${name}` });
  await expect(row).toContainText("staff@charity.example");
  await expect(row).toContainText("Kept here (not sent)");
  await row.getByRole("link", { name: `Read New contact message from ${name}` }).click();

  const message = page.getByRole("region", { name: `New contact message from ${name}` });
  const frame = page.frameLocator(`iframe[title="The message: New contact message from ${name}"]`);
  await expect(frame.getByText("Where can I read my receipt?")).toBeVisible();
  await expect(frame.getByRole("link", { name: "Open Contacts" })).toHaveAttribute("href", /\/admin\/contacts\?status=pending$/);
  await message.getByText("Plain-text version").click();
  await expect(message.locator("pre")).toContainText("Al-Amanah Foundation");
  await message.getByRole("link", { name: "Close" }).click();
  await expect(message).toBeHidden();
});
