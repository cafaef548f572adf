import { createHash, randomBytes } from "node:crypto";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { uniqueSlug } from "../../../../tests/support/unique";

/**
 * A receipt and a yearly statement read on a 390 px phone: the page never scrolls sideways.
 * The statement's table, which needs more room than a phone has, scrolls inside its own box.
 */
/**
 * A gift as wide as a statement's row gets (an appeal, a designation, a covered card fee), its receipt key, and a
 * sign-in link to My giving.
 */
async function wideGift(email: string): Promise<{ receiptToken: string; signInToken: string }> {
  const receiptToken = randomBytes(18).toString("base64url");
  const signInToken = randomBytes(18).toString("base64url");
  const now = new Date();
  await withDatabase(async (db) => {
    await db.run(
      `insert into donations (name, email, amount_cents, fee_cover_cents, frequency, purpose, designation, appeal_id, donated_at, payment_method, recorded_by, receipt_token)
       values (?, ?, 1234500, 37250, 'One-Time', 'Zakat al-Mal', 'Orphan sponsorship in the north', (select id from appeals order by id limit 1), ?, 'cash', 'e2e', ?)`,
      ["Abdurrahman Oluwaseun-Fitzgerald", email, now.toISOString(), receiptToken],
    );
    await db.run("insert into giving_sign_in_links (email, token_hash, created_at, expires_at) values (?, ?, ?, ?)", [
      email,
      createHash("sha256").update(signInToken).digest("hex"),
      now.toISOString(),
      new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    ]);
  });
  return { receiptToken, signInToken };
}

test("a receipt and a yearly statement fit a 390 px phone; the statement's table scrolls in its own box", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `${uniqueSlug("abdurrahman.oluwaseun-fitzgerald")}@example.org`;
  const { receiptToken, signInToken } = await wideGift(email);
  expect(
    (await page.request.post("/my-giving/sign-in", { form: { token: signInToken }, maxRedirects: 0 })).status(),
  ).toBeLessThan(400);

  await page.goto(`/receipts/${receiptToken}`);
  await expect(page.getByRole("heading", { name: "Official receipt for your donation" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(`/my-giving/statement/${new Date().getUTCFullYear()}`);
  await expect(page.getByTestId("statement-total")).toHaveText("$12,717.50 USD");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The table keeps its columns: its box, reachable by keyboard, scrolls to the amounts.
  const gifts = page.getByRole("region", { name: /Gifts in \d{4}/ });
  await expect(gifts).toBeVisible();
  await expect(gifts.getByRole("table")).toBeVisible();
  const box = await gifts.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});

test("printed, the statement's table is whole on the paper, not cut at a scrolling box", async ({ page }) => {
  const email = `${uniqueSlug("print")}@example.org`;
  const { signInToken } = await wideGift(email);
  expect(
    (await page.request.post("/my-giving/sign-in", { form: { token: signInToken }, maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/my-giving/statement/${new Date().getUTCFullYear()}`);
  await page.emulateMedia({ media: "print" });
  const overflow = await page.getByRole("table").evaluate((table) => getComputedStyle(table.parentElement!).overflowX);
  expect(overflow).toBe("visible");
});
