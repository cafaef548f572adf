import type { Page } from "@playwright/test";
import { todayIn } from "../../../shared/dates";
import { formatBothCalendars, gregorianDayOf, hijriDateOf } from "../../../shared/hijri";
import { expect, test } from "../../../../tests/e2e/fixtures";

/**
 * The yearly Zakat reminder as a donor meets it: calculate, ask to be reminded, confirm
 * from the mail (read in the Outbox: no SMTP here), and see it planned for the same Hijri
 * date next year, on the confirmation page and in My giving.
 */

/** The same Hijri date next year, from today in the site's time zone (UTC here), in both calendars. */
function expectedDueDay(): string {
  const { year, month, day } = hijriDateOf(todayIn("UTC"));
  let due: string;
  try {
    due = gregorianDayOf({ year: year + 1, month, day });
  } catch {
    due = gregorianDayOf({ year: year + 1, month, day: 29 });
  }
  return formatBothCalendars(due);
}

async function linkFromOutbox(page: Page, email: string, subject: string, path: RegExp): Promise<string> {
  await page.goto("/admin/outbox");
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: subject })
    .getByRole("link", { name: /^Read / })
    .click();
  const url = new URL((await page.getByRole("region").getByRole("link", { name: path }).first().getAttribute("href"))!);
  return url.pathname + url.search;
}

test("calculate, ask for a reminder, confirm it from the mail, and see it planned in My giving", async ({
  adminPage: page,
}) => {
  const email = `zakat-${Date.now().toString(36)}@example.org`;
  const due = expectedDueDay();

  // A gift first, so that My giving will send this address a sign-in link.
  await page.goto("/donate");
  await page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$25", exact: true }).click();
  await page.getByLabel("Full name").fill("Hafsa Noor");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Donate Now" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success/);

  await page.goto("/zakat-calculator");
  const reminder = page.getByRole("region", { name: "Remind me when my Zakat is due next year" });
  await expect(reminder).toHaveCount(0);
  await page.getByLabel("Cash and bank balances").fill("10000");
  await expect(page.getByTestId("zakat-total")).toHaveText("$250.00");
  const keep = reminder.getByRole("checkbox", {
    name: "Keep my figures so the reminder can open the calculator with them",
  });
  await expect(keep).not.toBeChecked();
  await expect(keep).toHaveAccessibleDescription(/never the metal prices/);
  await reminder.getByLabel("Email").fill("not-an-email");
  await reminder.getByRole("button", { name: "Remind me" }).click();
  await expect(reminder.getByText("Please enter a valid email address")).toBeVisible();
  await expect(reminder.getByLabel("Email")).toHaveValue("not-an-email");
  await reminder.getByLabel("Email").fill(email);
  await keep.check();
  await reminder.getByRole("button", { name: "Remind me" }).click();
  await expect(reminder.getByRole("status")).toHaveText(
    `Thank you! Please check your inbox at ${email} and confirm your reminder for ${due}.`,
  );
  // The calculation is still there.
  await expect(page.getByTestId("zakat-total")).toHaveText("$250.00");

  const confirmPage = await page.goto(
    await linkFromOutbox(page, email, "Please confirm your Zakat reminder", /\/zakat-reminders\/confirm\?token=/),
  );
  expect(confirmPage!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("main")).toContainText(
    `we may write to ${email} when your Zakat is due again, on ${due}`,
  );
  await page.getByRole("button", { name: "Confirm my reminder" }).click();
  await expect(page.getByRole("status")).toContainText("Your reminder is confirmed.");
  await expect(page.getByTestId("reminder-plan")).toContainText(`Your Zakat is due again on ${due}`);
  await expect(page.getByTestId("reminder-plan")).toContainText("ten days before");

  // My giving, from the emailed sign-in link.
  await page.goto("/my-giving");
  await page.getByLabel("Email", { exact: true }).first().fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If this address has given with us, a link is on its way.")).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, "Your link to your giving", /\/my-giving\/sign-in\?token=/));
  await page.getByRole("button", { name: "Open my giving" }).click();
  const planned = page.getByTestId("zakat-reminder");
  await expect(planned).toContainText(`Zakat due again on ${due}`);
  await expect(planned).toContainText("Planned");
  await expect(planned).toContainText("Figures kept: cash and bank balances $10,000.00");

  await page.getByRole("link", { name: `Delete the figures kept with the reminder for ${due}` }).click();
  await page.getByRole("button", { name: "Yes, delete the figures" }).click();
  await expect(page.getByText("The kept figures are deleted.")).toBeVisible();
  await expect(planned).toContainText("No figures kept");

  await page.getByRole("link", { name: `Delete the reminder for ${due}` }).click();
  await expect(page.getByRole("heading", { name: "Delete this Zakat reminder?" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, delete the reminder" }).click();
  await expect(page.getByText("You have no Zakat reminders.")).toBeVisible();
});

test("asks for a reminder without JavaScript, the calculation's figures travelling with it", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `zakat-nojs-${Date.now().toString(36)}@example.org`;
  await page.goto("/zakat-calculator");
  await page.getByLabel("Cash and bank balances").fill("8000");
  await page.getByRole("button", { name: "Calculate Zakat" }).click();
  await expect(page.getByTestId("zakat-total")).toHaveText("$200.00");
  const reminder = page.getByRole("region", { name: "Remind me when my Zakat is due next year" });
  await reminder.getByLabel("Email").fill(email);
  await reminder
    .getByRole("checkbox", { name: "Keep my figures so the reminder can open the calculator with them" })
    .check();
  await reminder.getByRole("button", { name: "Remind me" }).click();
  await expect(reminder.getByRole("status")).toHaveText(
    `Thank you! Please check your inbox at ${email} and confirm your reminder for ${expectedDueDay()}.`,
  );
  await expect(page.getByTestId("zakat-total")).toHaveText("$200.00");
  await context.close();
});
