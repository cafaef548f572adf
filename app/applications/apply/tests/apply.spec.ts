import type { Page } from "@playwright/test";
import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * A family as they meet the site: the eligibility checker on Get help, then the application's
 * five steps to the reference, once with JavaScript and once without.
 */

async function checkEligibility(page: Page) {
  const main = page.getByRole("main");
  await page.goto("/get-help");
  await expect(main.getByRole("heading", { name: "Get help", level: 1 })).toBeVisible();
  await main.getByLabel("People in your household").fill("4");
  await main.getByLabel("Monthly income").fill("1200");
  await main.getByLabel("Monthly essential costs").fill("1750");
  await main.getByLabel("Savings").fill("100");
  await main.getByRole("button", { name: "Check" }).click();
  const answer = main.getByRole("status").filter({ hasText: "An application is likely to succeed" });
  await expect(answer).toContainText("between $500 and $1,500");
  await expect(answer).toContainText("$550 a month more than your income");
  // What was typed stays in the form.
  await expect(main.getByLabel("People in your household")).toHaveValue("4");
}

async function apply(page: Page, who: string, children: string) {
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Apply for help" }).first().click();
  await expect(main.getByRole("heading", { name: "Step 1 of 5: About you" })).toBeVisible();
  await main.getByLabel("Full name").fill(`Amina ${who}`);
  await main.getByLabel("Date of birth").fill("1985-04-02");
  await main.getByLabel("Email").fill(`amina.${who.toLowerCase()}@example.org`);
  await main.getByLabel("Phone number").fill("+1 555 010 2030");
  await main.getByLabel("Address").fill("12 Olive Street, Springfield");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 2 of 5: Your household" })).toBeVisible();
  // A rejected step names the field and keeps what was typed.
  await main.getByLabel("Adults in the household (you included)").fill("2");
  await main.getByLabel("Children's ages").fill("4, 19");
  await main.getByRole("button", { name: "Continue" }).click();
  await expect(main.getByText("Please give each child's age in years (under 18), separated by commas")).toBeVisible();
  await expect(main.getByLabel("Adults in the household (you included)")).toHaveValue("2");
  await main.getByLabel("Children's ages").fill(children);
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 3 of 5: Money coming in and going out" })).toBeVisible();
  await main.getByLabel("Benefits or government support").fill("1200");
  await main.getByLabel("Rent or mortgage").fill("1100");
  await main.getByLabel("Food", { exact: true }).fill("650");
  await main.getByLabel("Savings").fill("100");
  // Saved part way: a link is mailed, and what was typed stays.
  await main.getByRole("button", { name: "Save and come back later" }).click();
  await expect(main.getByText("Your application is saved. We have emailed you a link to continue it")).toBeVisible();
  await expect(main.getByLabel("Rent or mortgage")).toHaveValue("1100");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 4 of 5: The help you need" })).toBeVisible();
  await main.getByLabel("Rent or housing arrears").check();
  await main.getByLabel("Tell us about it").fill("Two months of rent arrears after losing work.");
  await main.getByLabel("How much are you asking for?").fill("1200");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 5 of 5: Check and send" })).toBeVisible();
  await expect(main.getByText(`Amina ${who}`)).toBeVisible();
  await main.getByRole("button", { name: "Send my application" }).click();
  await expect(
    page.getByText("Please agree to the privacy notice so that we can look at your application"),
  ).toBeVisible();
  await main.getByRole("checkbox", { name: "What I have told you is true and complete" }).check();
  await main.getByRole("checkbox", { name: "I agree to the privacy notice" }).check();
  await main.getByRole("button", { name: "Send my application" }).click();

  await expect(main.getByRole("heading", { name: "Your application is sent" })).toBeVisible();
  await expect(main.getByTestId("application-ref")).toHaveText(/^ZA-[0-9A-Z]{8}$/);
  await expect(main.getByRole("link", { name: "My application" }).first()).toHaveAttribute("href", "/my-application");
}

test.describe("asking for help", () => {
  test("with JavaScript: the checker answers, and the application goes through its five steps to a reference", async ({
    page,
  }) => {
    await checkEligibility(page);
    await apply(page, "Withscript", "4, 9");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the checker answers, and the application goes through its five steps to a reference", async ({ page }) => {
      await checkEligibility(page);
      // No children: the field left empty.
      await apply(page, "Noscript", "");
    });
  });

  test("the footer and the Zakat education page lead to Get help", async ({ page }) => {
    await page.goto("/zakat-education");
    await expect(page.getByRole("main").getByRole("link", { name: "Get help" })).toHaveAttribute("href", "/get-help");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Get help" })).toHaveAttribute(
      "href",
      "/get-help",
    );
  });
});
