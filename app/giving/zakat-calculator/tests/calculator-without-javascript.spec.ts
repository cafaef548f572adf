import { expect, test } from "../../../../tests/e2e/fixtures";

/** The Zakat calculator as a donor meets it without JavaScript: the form posts, the server answers. */

test.describe("the calculator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calculator answers with the result", async ({ page }) => {
    await page.goto("/zakat-calculator");
    await page.getByLabel("Cash and bank balances").fill("10000");
    await page.getByLabel("Harvest value").fill("2000");
    await page.getByLabel("Rain or rivers (10%)").check();
    await page.getByRole("button", { name: "Calculate Zakat" }).click();
    await expect(page.getByTestId("zakat-total")).toHaveText("$450.00");
    await expect(page.getByLabel("Cash and bank balances")).toHaveValue("10000");
    await expect(page.getByRole("link", { name: "Pay Zakat Now" })).toHaveAttribute("href", "/donate?zakat_amount=450");
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByLabel("Cash and bank balances")).toHaveValue("");
    await expect(page.getByTestId("zakat-result")).toContainText("Enter what you own and owe");
  });
});
