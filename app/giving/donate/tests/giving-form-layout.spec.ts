import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * The giving forms at a laptop's width: a form's choices and boxes line up, and the donate
 * page says nothing about impact until there is an amount, with or without JavaScript.
 */
test.describe("giving forms line up", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the tribute's three choices sit on one row, on the donate page and in an appeal's narrower column, at 1366 and 1024 px", async ({
    page,
  }) => {
    await page.goto("/appeals");
    const appeal = (await page.locator('main a[href^="/appeals/"]').first().getAttribute("href"))!;
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const address of ["/donate", appeal]) {
        await page.goto(address);
        const choices = page.getByRole("group", { name: "Give in someone's name (optional)" }).getByRole("radio");
        await expect(choices).toHaveCount(3);
        const tops = await choices.evaluateAll((radios) =>
          radios.map((radio) => Math.round(radio.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size, `${address} at ${width} px: ${tops.join(", ")}`).toBe(1);
      }
    }
  });

  test("the calculator's boxes of a row share one top, whether or not a field has a hint", async ({ page }) => {
    await page.goto("/zakat-calculator");
    const top = async (name: string) => (await page.locator(`input[name="${name}"]`).boundingBox())!.y;
    expect(await top("receivables")).toBe(await top("cash"));
    expect(await top("gold_price_per_gram")).toBe(await top("gold_weight"));
    expect(await top("silver_price_per_gram")).toBe(await top("silver_weight"));
    // The hint is still said with its box.
    await expect(page.getByLabel("Money owed to you", { exact: true })).toHaveAccessibleDescription(
      "Loans you expect to be repaid",
    );
  });
});

test.describe("the donate page's impact preview", () => {
  test("shows only once there is an amount", async ({ page }) => {
    await page.goto("/donate");
    await expect(page.getByRole("button", { name: "Donate Now" })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Your impact" })).toHaveCount(0);
    await page.getByLabel("Amount (USD)").fill("100");
    await expect(page.getByTestId("impact-preview")).toContainText("20meals provided");
    await page.getByLabel("Amount (USD)").fill("");
    await expect(page.getByRole("heading", { name: "Your impact" })).toHaveCount(0);
  });

  test("without JavaScript too: absent on a bare page, present for an amount in the address", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/donate");
    await expect(page.getByRole("heading", { name: "Make a Donation" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your impact" })).toHaveCount(0);
    await page.goto("/donate?amount=50");
    await expect(page.getByTestId("impact-preview")).toContainText("10meals provided");
    await context.close();
  });
});
