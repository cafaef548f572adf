import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, E2E_ADMIN } from "../../../../tests/e2e/fixtures";

/**
 * Giving, as a donor and the staff meet it: from the calculator to the donate form, the
 * sandbox's hosted checkout (the default without Stripe keys), the thank-you page, and
 * the gift in the admin screens. With and without JavaScript.
 */

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

async function dashboardTotal(request: APIRequestContext): Promise<number> {
  const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
  const { access_token } = await login.json();
  const dashboard = await request.get("/api/admin/dashboard", { headers: { Authorization: `Bearer ${access_token}` } });
  return (await dashboard.json()).donations.total_amount;
}

async function fillDonor(page: Page, name: string, email: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
}

test.describe("giving with JavaScript", () => {
  test("calculate Zakat, pay it in the sandbox, and find it in the admin screens", async ({ adminPage: page }) => {
    const email = uniqueEmail("zakat");
    const totalBefore = await dashboardTotal(page.request);

    await page.goto("/zakat-calculator");
    const result = page.getByTestId("zakat-result");
    await expect(result).toContainText("Enter what you own and owe");
    await page.getByLabel("Cash and bank balances").fill("300");
    await expect(page.getByTestId("below-nisab")).toContainText("below the nisab");
    await expect(page.getByRole("link", { name: "Pay Zakat Now" })).toHaveCount(0);
    await page.getByLabel("Cash and bank balances").fill("10000");
    await page.getByLabel("Gold (grams)").fill("100");
    await expect(page.getByTestId("zakat-total")).toHaveText("$412.50");
    await page.getByLabel("Gold: 87.48 g").check();
    await expect(result).toContainText("the gold standard of 87.48 g");

    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByLabel("Cash and bank balances")).toHaveValue("");
    await expect(result).toContainText("Enter what you own and owe");
    await page.getByLabel("Cash and bank balances").fill("4000");
    await expect(page.getByTestId("zakat-total")).toHaveText("$100.00");

    await page.getByRole("link", { name: "Pay Zakat Now" }).click();
    await expect(page).toHaveURL(/\/donate\?zakat_amount=100$/);
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("100");
    await expect(page.getByLabel("Purpose")).toHaveValue("Zakat");
    await expect(page.getByTestId("impact-preview")).toContainText("20meals provided");
    await expect(
      page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$100" }),
    ).toHaveAttribute("aria-pressed", "true");

    await fillDonor(page, "Hafsa Yilmaz", email);
    // Hold the form's post a moment to see the button while it is processing.
    await page.route("**/donate.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(page.getByText("Sandbox · test mode · no real payment")).toBeVisible();
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$100");
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/donation-success\?session_id=cs_sandbox_/);
    await expect(page.getByRole("heading", { name: "Thank you, Hafsa Yilmaz!" })).toBeVisible();
    await expect(page.getByTestId("gift-summary")).toHaveText("We received your gift of $100 for Zakat al-Mal.");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Make Another Donation" })).toHaveAttribute("href", "/donate");

    await page.goto("/admin/donations");
    await page.getByLabel("Search by name or email").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toContainText("Hafsa Yilmaz");
    await expect(row).toContainText("$100");
    await expect(row).toContainText("One-Time");
    await expect(row).toContainText("Zakat");
    await expect(page.getByTestId("donations-total")).not.toHaveText("$0");
    expect(await dashboardTotal(page.request)).toBeGreaterThanOrEqual(totalBefore + 100);

    // The dashboard shows the API's total; the other worker records gifts meanwhile, so the
    // two are compared again until they are read with no gift recorded in between.
    await expect(async () => {
      const total = await dashboardTotal(page.request);
      await page.goto("/admin");
      const shown = Number.isInteger(total)
        ? `$${total.toLocaleString("en-US")}`
        : `$${total.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
      await expect(page.getByTestId("dashboard-total-donations")).toHaveText(shown, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  test("the donate form: presets, the live impact preview, the disabled button and field errors", async ({ page }) => {
    await page.goto("/donate");
    const submit = page.getByRole("button", { name: "Donate Now" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Amount (USD)").fill("0.5");
    await expect(submit).toBeDisabled();
    await page.getByLabel("Amount (USD)").fill("250");
    await expect(submit).toBeEnabled();
    await expect(page.getByTestId("impact-preview")).toContainText("50meals provided");
    await expect(page.getByTestId("impact-preview")).toContainText("2families supported");
    await expect(page.getByTestId("impact-preview")).toContainText("5children helped");

    await page.getByRole("button", { name: "$1,000" }).click();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("1000");
    await expect(page.getByRole("button", { name: "$1,000" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "$25", exact: true })).toHaveAttribute("aria-pressed", "false");

    await page.getByLabel("Monthly").check();
    await expect(page.getByText("You will give $1,000 today and every month")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await submit.click();
    await expect(page.getByText("Please enter your full name")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page).toHaveURL(/\/donate$/);
  });

  test("canceling at the checkout returns to the form with the gift kept", async ({ page }) => {
    await page.goto("/donate");
    await page.getByRole("button", { name: "$50", exact: true }).click();
    await page.getByLabel("Purpose").selectOption("Education");
    await page.getByLabel("Annually").check();
    await fillDonor(page, "Idris Bello", uniqueEmail("cancel"));
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/donate\?amount=50&purpose=Education&frequency=Annually&checkout=canceled$/);
    await expect(page.getByRole("status")).toContainText(
      "Your checkout was canceled and nothing was charged. The amount, purpose and frequency you chose are kept",
    );
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("50");
    await expect(page.getByLabel("Purpose")).toHaveValue("Education");
    await expect(page.getByLabel("Annually")).toBeChecked();
  });

  test("a monthly gift, paid in the sandbox", async ({ page }) => {
    await page.goto("/donate");
    await page.getByLabel("Amount (USD)").fill("40");
    await page.getByLabel("Purpose").selectOption("Food & Water Aid");
    await page.getByLabel("Monthly").check();
    await fillDonor(page, "Sumayyah Osman", uniqueEmail("monthly-js"));
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$40");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("gift-summary")).toHaveText(
      "We received your gift of $40 every month for Food & Water Aid.",
    );
  });

  test("a success address without a paid gift thanks nobody", async ({ page }) => {
    await page.goto("/donation-success?session_id=cs_sandbox_0123456789abcdef");
    await expect(page.getByRole("heading", { name: "We couldn't find this donation" })).toBeVisible();
    await expect(page.getByText("Thank you")).toHaveCount(0);
  });
});

test.describe("giving without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a monthly gift: preset, form post, sandbox Pay, thank-you, then cancelled by staff", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("monthly");
    await page.goto("/donate");
    await page.getByRole("button", { name: "$50", exact: true }).click();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("50");
    await page.getByLabel("Monthly").check();
    await fillDonor(page, "Yusuf Adeyemi", email);
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
    await expect(
      page.getByText("Monthly: Charged today, then on the 1st of every month until you cancel."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("gift-summary")).toHaveText("We received your gift of $50 every month for Sadaqa.");

    // Staff, with JavaScript, find the subscription and cancel it.
    const staff = await browser.newContext({ javaScriptEnabled: true });
    const admin = await staff.newPage();
    expect((await admin.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
    await admin.goto("/admin/subscriptions");
    const row = admin.getByRole("row", { name: new RegExp(email) });
    await expect(row.getByRole("cell", { name: "Monthly, on the 1st", exact: true })).toBeVisible();
    await expect(row).toContainText("active");
    // The row's actions wait in its menu, so the list fits a laptop.
    await row.locator("summary", { hasText: "Actions" }).click();
    const cancelLink = row.getByRole("link", { name: "Cancel subscription of Yusuf Adeyemi" });
    await cancelLink.click();
    const dialog = admin.getByRole("region", { name: "Are you sure you want to cancel this subscription?" });
    await expect(dialog.getByRole("heading")).toBeFocused();
    // Escape (or "Keep it") closes it and hands the focus back to the link that opened it.
    await admin.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cancelLink).toBeFocused();
    await cancelLink.click();
    await expect(dialog.getByRole("heading")).toBeFocused();
    await dialog.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await expect(admin.getByRole("status")).toHaveText(
      "Subscription of Yusuf Adeyemi canceled. No further payments will be taken.",
    );
    await expect(admin.getByRole("row", { name: new RegExp(email) })).toContainText("canceled");
    await expect(admin.getByRole("row", { name: new RegExp(email) }).getByRole("link", { name: /Cancel/ })).toHaveCount(
      0,
    );
    await staff.close();
  });

  test("a one-time gift, and field errors that keep what was typed", async ({ page }) => {
    await page.goto("/donate?zakat_amount=75.25");
    await expect(page.getByLabel("Purpose")).toHaveValue("Zakat");
    // The browser's own checks are skipped to reach the server's messages.
    await page.locator("form#donate").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Full name").fill("Maryam Ali");
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Maryam Ali");
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("75.25");

    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nojs"));
    await page.getByRole("button", { name: "Donate Now" }).click();
    await expect(page.getByTestId("sandbox-amount")).toHaveText("$75.25");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("gift-summary")).toHaveText("We received your gift of $75.25 for Zakat al-Mal.");
  });
});

test.describe("admin donations", () => {
  test("record an offline gift, filter, export the CSV and sync", async ({ adminPage: page }) => {
    const name = `Friday collection ${Date.now()}`;
    await page.goto("/admin/donations");
    await page.getByRole("link", { name: "Record offline gift" }).click();
    const form = page.getByRole("region", { name: "Record an offline gift" });
    await expect(form.getByRole("heading")).toBeFocused();
    await form.getByLabel("Donor name").fill(name);
    await form.getByLabel("Amount (USD)").fill("-5");
    await form.getByRole("button", { name: "Record gift" }).click();
    await expect(form.getByText("The amount must be more than $0")).toBeVisible();
    await form.getByLabel("Amount (USD)").fill("1,312.50");
    await form.getByLabel("Paid by").selectOption("cheque");
    await form.getByLabel("Frequency").selectOption("Ramadan");
    await form.getByRole("button", { name: "Record gift" }).click();
    await expect(page.getByRole("status")).toContainText("recorded");

    await page.getByLabel("Search by name or email").fill(name);
    await page.getByLabel("Frequency").selectOption("Ramadan");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=Friday/);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("$1,312.50");
    await expect(row).toContainText("Offline · Cheque");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("donations.csv");
    const csv = (await (await file.createReadStream()).toArray()).join("");
    const lines = csv
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "ID,Name,Email,Amount,Frequency,Date,Fund,Designation,Appeal,Fee covered,Anonymous,Tribute,Test",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${name},,1312.50,Ramadan,`);

    await page.getByRole("link", { name: "Clear" }).click();
    await page.getByRole("button", { name: "Sync" }).click();
    await expect(page.getByRole("status")).toHaveText(
      /^Successfully synced \d+ records from the card payment provider$/,
    );
  });

  test("a fund's gift count leads to its gifts, and the Fund filter applies as soon as it is chosen", async ({
    adminPage: page,
  }) => {
    const name = `Fund filter donor ${Date.now()}`;
    const recorded = await page.request.post("/admin/donations", {
      form: {
        intent: "record",
        name,
        amount: "17",
        frequency: "One-Time",
        payment_method: "cash",
        purpose: "Education",
      },
      maxRedirects: 0,
    });
    expect(recorded.status()).toBe(302);

    await page.goto("/admin/funds");
    await page
      .getByTestId("fund-education")
      .getByRole("link", { name: /^[\d,]+ gifts? to Education$/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/donations\?fund=\d+$/);
    const filters = page.getByRole("search");
    await expect(filters.getByLabel("Fund")).toHaveValue(/^\d+$/);
    await expect(filters.getByLabel("Fund").locator("option:checked")).toHaveText("Education");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Education");
    // Every row listed is the fund's.
    for (const cell of await page.getByRole("row").locator("td:nth-child(6)").all())
      await expect(cell).toContainText("Education");

    await filters.getByLabel("Fund").selectOption({ label: "Healthcare" });
    await expect(page).toHaveURL(/[?&]fund=\d+/);
    await expect(filters.getByLabel("Fund").locator("option:checked")).toHaveText("Healthcare");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  });

  test("a page past the end shows the last page there is, and an empty list says so", async ({ adminPage: page }) => {
    // Like every staff list: the last page (its last row reads "of" the total), or the empty list when there is
    // nothing.
    for (const [path, label, empty] of [
      ["/admin/donations?page=99999", "Donations", "No donations found"],
      ["/admin/subscriptions?page=99999", "Subscriptions", "No subscriptions"],
    ] as const) {
      await page.goto(path);
      const pages = page.getByRole("navigation", { name: `${label} pages` });
      await expect(pages.or(page.getByRole("cell", { name: empty, exact: true }))).toBeVisible();
      if (await pages.isVisible()) await expect(pages).toContainText(/Showing [\d,]+–([\d,]+) of \1(?![\d,])/);
    }
    await page.goto("/admin/donations?search=no-such-donor-at-all");
    await expect(page.getByRole("cell", { name: "No donations found" })).toBeVisible();
  });

  test("the admin screens and the export need a signed-in admin", async ({ page }) => {
    for (const path of ["/admin/donations", "/admin/subscriptions", "/admin/donations/export"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });
});
