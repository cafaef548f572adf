import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { test, expect } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { newPersona, type Persona } from "../../../../tests/e2e/staff-personas";
import { dataKeyFromHex, sealValue } from "../../../lib/data-encryption.server";
import { referenceFrom } from "../../records/rules/references";

/**
 * A grant decided and paid in the browser (issue 31, point 4): a finance officer approves a
 * case another person recommended, and pays it from a Zakat fund; the Zakat ledger shows the
 * payment in its category as "Zakat grant", with nothing of the family. Once with JavaScript,
 * once without.
 */

/** The e2e server's data key (playwright.config.ts), so the case is sealed as the site seals it. */
const E2E_DATA_KEY = "e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0";

/** A case as submission and assessment leave it: the family's fields sealed, recommended by `recommender`. */
async function recommendedCase(recommender: Persona, cents: number): Promise<{ ref: string; name: string }> {
  const ref = referenceFrom(randomBytes(8));
  const name = `Grant Walk Family ${ref}`;
  const ring = { current: dataKeyFromHex(E2E_DATA_KEY), older: [] };
  const applicant = sealValue(
    JSON.stringify({ name, email: `${ref.toLowerCase()}@example.org`, phone: "020 7946 0000", address: "1 Road" }),
    `application:${ref}:applicant`,
    ring,
  );
  const now = new Date().toISOString();
  await withDatabase(async (db) => {
    const worker = await db.get<{ id: number }>("select id from admins where username = ?", [recommender.username]);
    await db.run(
      `insert into applications (ref, state, email_key, applicant_sealed, household_size, purpose, requested_cents,
         category, recommended_plan, recommended_cents, recommended_by, recommended_by_id, recommended_at,
         submitted_at, updated_at)
       values (?, 'recommended', ?, ?, 3, 'rent', ?, 'masakin', 'once', ?, ?, ?, ?, ?, ?)`,
      [ref, `e2e-${ref}`, applicant, cents, cents, recommender.username, worker!.id, now, now, now],
    );
  });
  return { ref, name };
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  persona: Persona,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const response = await page.request.post("/admin/login", {
    form: { username: persona.username, password: persona.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test(`a finance officer approves a recommended case and pays it from Zakat (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    adminPage,
    browser,
  }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    // Zakat to give: an offline gift, recorded as staff record one.
    const gift = await adminPage.request.post("/admin/donations", {
      form: {
        intent: "record",
        name: "Grant walk donor",
        amount: "3000",
        frequency: "One-Time",
        payment_method: "cash",
        purpose: "Zakat",
      },
      maxRedirects: 0,
    });
    expect(gift.status()).toBe(302);
    const caseworker = await newPersona(["caseworker"], "grant-worker");
    const finance = await newPersona(["finance"], "grant-finance");
    const { ref, name } = await recommendedCase(caseworker, 125_000);

    // The recommender is told another person decides.
    const workerPage = await signedIn(browser, baseURL, caseworker, javaScriptEnabled);
    await workerPage.goto(`/admin/applications/${ref}/grant`);
    await expect(workerPage.getByTestId("grant-decided-by-another")).toContainText("finance or owner");
    await expect(workerPage.getByRole("button", { name: /Approve/ })).toHaveCount(0);
    await workerPage.context().close();

    const page = await signedIn(browser, baseURL, finance, javaScriptEnabled);
    await page.goto(`/admin/applications/${ref}/grant`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("grant-recommendation")).toContainText("$1,250.00 as one payment");

    // A decline without a reason (spaces pass the browser's own check) is refused beside its field.
    await page.getByLabel(/Reason/).fill("   ");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("Reason is required")).toBeVisible();
    await expect(page.getByTestId("grant-state")).toHaveText("Recommended");

    await page.getByRole("button", { name: "Approve $1,250.00" }).click();
    await expect(page.getByText("The grant is approved")).toBeVisible();
    await expect(page.getByTestId("grant-state")).toHaveText("Approved");
    await page.waitForLoadState("networkidle");

    // Paying: the form offers the Zakat funds only, with the due amount filled in.
    const form = page.getByRole("form", { name: /Confirm the payment due on/ });
    await expect(form.getByLabel("Amount (USD)")).toHaveValue("1250");
    await expect(form.getByLabel("From the Zakat fund").locator("option")).not.toContainText(["Sadaqa"]);
    const zakatAlMal = form.getByLabel("From the Zakat fund").locator("option", { hasText: "Zakat al-Mal" });
    await form.getByLabel("From the Zakat fund").selectOption((await zakatAlMal.getAttribute("value"))!);
    await form.getByLabel("How it was paid").selectOption("third_party");
    await form.getByLabel(/Paid to/).fill("Acme Lettings");
    await form.getByRole("button", { name: "Confirm payment" }).click();
    await expect(page.getByText("The payment is written to the Zakat ledger")).toBeVisible();
    await expect(page.getByTestId("grant-state")).toHaveText("Paid");
    await expect(page.getByTestId("grant-amounts")).toContainText("$1,250.00");

    // The ledger shows the payment in its category, as "Zakat grant", nothing of the family.
    await page.getByRole("link", { name: /Ledger entry #\d+/ }).click();
    await expect(page).toHaveURL(/\/admin\/funds\/ledger\?fund=\d+/);
    const row = page.getByRole("row").filter({ hasText: "Zakat grant" }).filter({ hasText: "$1,250.00" }).first();
    await expect(row).toContainText("al-masakin");
    const ledger = await page.locator("main").innerText();
    expect(ledger).not.toContain(ref);
    expect(ledger).not.toContain(name);
    expect(ledger).not.toContain("Acme");
    await page.context().close();
  });
}
