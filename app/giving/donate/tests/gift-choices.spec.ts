import { expect, test } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";

/**
 * A donor's choices on the donate form, in the browser: the card fee covered (its amount
 * following the amount typed), giving anonymously and in someone's name, through the
 * sandbox's checkout to the thank-you page and the receipt. With and without JavaScript.
 */

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** The printable receipt of the gift made at this checkout. */
async function receiptAddress(sessionId: string): Promise<string> {
  const row = await withDatabase((db) =>
    db.get<{ receipt_token: string }>("select receipt_token from donations where stripe_checkout_session_id = ?", [
      sessionId,
    ]),
  );
  if (!row) throw new Error(`No gift recorded for ${sessionId}`);
  return `/receipts/${row.receipt_token}`;
}

test.describe("a donor's choices with JavaScript", () => {
  test("the fee cover follows the amount, and the gift, its fee and its tribute reach the receipt", async ({
    page,
  }) => {
    await page.goto("/donate");
    await page.getByLabel("Amount (USD)").fill("50");
    await page.getByLabel("Purpose").selectOption("Orphan Care");
    const cover = page.getByRole("checkbox", {
      name: "Add $1.80 so that all of your gift reaches the Orphan Care fund",
    });
    await expect(cover).not.toBeChecked();
    await cover.check();
    await expect(
      page.getByText("You will give $50 + $1.80 card fee = $51.80 once, through a secure hosted checkout."),
    ).toBeVisible();

    await page.getByLabel("Amount (USD)").fill("100");
    await expect(page.getByTestId("cover-fees-label")).toHaveText(
      "Add $3.30 so that all of your gift reaches the Orphan Care fund",
    );
    await expect(page.getByText("You will give $100 + $3.30 card fee = $103.30 once")).toBeVisible();
    await page.getByLabel("Amount (USD)").fill("");
    await expect(page.getByTestId("cover-fees-label")).toHaveText(
      "Add the card fee so that all of your gift reaches the Orphan Care fund",
    );
    await page.getByLabel("Amount (USD)").fill("100");
    await page.getByLabel("Purpose").selectOption("Zakat");
    await expect(page.getByTestId("cover-fees-label")).toHaveText(
      "Add $3.30 so that all of your gift reaches the Zakat al-Mal fund",
    );
    await expect(page.getByText("Covering the fee lets the whole of your Zakat reach its recipients.")).toBeVisible();

    const anonymous = page.getByRole("checkbox", { name: "Give anonymously" });
    await expect(anonymous).toHaveAccessibleDescription(
      "Your name will not appear on our public pages; your receipt and My giving still show it. Otherwise, a gift to an appeal is listed on its page with your first name and the amount.",
    );
    await anonymous.check();

    // The person's name waits until the donor says in whose name they give.
    await expect(page.getByLabel("The person's name")).toHaveCount(0);
    await page.getByRole("radio", { name: "In memory of" }).check();
    await page.getByLabel("The person's name").fill("Fatima Ahmed");

    await page.getByLabel("Full name").fill("Hamza Idris");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("choices-js"));
    await page.getByRole("button", { name: "Donate Now" }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
    const sessionId = page.url().split("/").pop()!;
    const lines = page.getByTestId("sandbox-lines");
    await expect(lines).toContainText("Donation: Zakat$100");
    await expect(lines).toContainText("Card fee, covered by you$3.30");
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$103.30");
    await expect(page.getByText("In memory of Fatima Ahmed")).toBeVisible();
    await expect(page.getByText("Anonymous: your name is kept private")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/donation-success\?session_id=cs_sandbox_/);
    await expect(page.getByRole("heading", { name: "Thank you, Hamza Idris!" })).toBeVisible();
    await expect(page.getByTestId("gift-summary")).toHaveText(
      "We received your gift of $100 for Zakat al-Mal, and $3.30 to cover the card fee, so that all of it arrives.",
    );
    await expect(page.getByTestId("gift-tribute")).toHaveText("In memory of Fatima Ahmed");

    await page.goto(await receiptAddress(sessionId));
    for (const [label, value] of [
      ["Amount", "$100.00 USD"],
      ["Card fee covered", "$3.30 USD"],
      ["Total given", "$103.30 USD"],
      ["Tribute", "In memory of Fatima Ahmed"],
      ["On our public pages", "Anonymous"],
    ] as const) {
      await expect(page.getByText(label, { exact: true }).locator("xpath=following-sibling::dd")).toHaveText(value);
    }
  });
});

test("back from a canceled checkout, the name, email and tribute are filled in again, then forgotten", async ({
  page,
}) => {
  const email = uniqueEmail("kept-donor");
  await page.goto("/donate");
  await page.getByLabel("Amount (USD)").fill("30");
  await page.getByLabel("Full name").fill("Safiya Noor");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("radio", { name: "In honour of" }).check();
  await page.getByLabel("The person's name").fill("Our mother, Halima");
  await page.getByRole("checkbox", { name: "Give anonymously" }).check();
  await page.getByRole("button", { name: "Donate Now" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByRole("button", { name: "Cancel" }).click();

  await expect(page).toHaveURL(/\/donate\?.*checkout=canceled/);
  expect(page.url()).not.toMatch(/Safiya|Halima|kept-donor/);
  await expect(page.getByRole("status")).toHaveText(
    "Your checkout was canceled and nothing was charged. The amount, purpose and frequency you chose are kept below, with your ticks. Your name and email are filled in again from this browser.",
  );
  await expect(page.getByLabel("Full name")).toHaveValue("Safiya Noor");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByRole("radio", { name: "In honour of" })).toBeChecked();
  await expect(page.getByLabel("The person's name")).toHaveValue("Our mother, Halima");
  await expect(page.getByLabel("Amount (USD)")).toHaveValue("30");
  await expect(page.getByRole("checkbox", { name: "Give anonymously" })).toBeChecked();
  // Filled in once: a reload of the canceled page finds nothing kept.
  expect(await page.evaluate(() => sessionStorage.getItem("giving:kept-donor"))).toBeNull();

  await page.getByRole("button", { name: "Donate Now" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByText("In honour of Our mother, Halima")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("giving:kept-donor"))).toContain("Safiya Noor");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, Safiya Noor!" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("giving:kept-donor"))).toBeNull();
});

test.describe("a donor's choices without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every field is there, a tribute without a name is refused beside it, and the fixed form pays gift and fee", async ({
    page,
  }) => {
    await page.goto("/donate");
    await page.getByLabel("Amount (USD)").fill("25");
    // The words cannot follow the purpose without JavaScript: they name no fund, and say what the fee means for Zakat.
    await expect(
      page.getByText("If you give Zakat, covering the fee lets the whole of it reach its recipients."),
    ).toBeVisible();
    await page.getByRole("checkbox", { name: "Add the card fee so that all of your gift arrives" }).check();
    await page.getByRole("radio", { name: "In honour of" }).check();
    await expect(page.getByLabel("The person's name")).toBeVisible();
    await page.getByLabel("Full name").fill("Maryam Sesay");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("choices-nojs"));
    await page.getByRole("button", { name: "Donate Now" }).click();

    await expect(page.getByText("Please enter the name of the person the gift honours")).toBeVisible();
    await expect(page.getByRole("radio", { name: "In honour of" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Add $1.06 so that all of your gift arrives" })).toBeChecked();
    await expect(page.getByText("You will give $25 + $1.06 card fee = $26.06 once")).toBeVisible();
    await page.getByLabel("The person's name").fill("Our teacher, Ustadh Kamal");
    await page.getByRole("button", { name: "Donate Now" }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$26.06");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("gift-summary")).toHaveText(
      "We received your gift of $25 for Sadaqa, and $1.06 to cover the card fee, so that all of it arrives.",
    );
    await expect(page.getByTestId("gift-tribute")).toHaveText("In honour of Our teacher, Ustadh Kamal");
  });
});
