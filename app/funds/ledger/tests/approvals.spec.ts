import type { Browser, Page } from "@playwright/test";
import { test, expect } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { hashPassword } from "../../../lib/password.server";

/**
 * A second pair of eyes on money (decision 152), in the browser: finance officer A asks for
 * a $5,000 Zakat disbursement, which moves nothing and which A cannot approve (no button, and
 * a 403 from the API); finance officer B approves it, and the ledger names both.
 */

const PASSWORD = "finance-officer-password";

/** A member of staff holding finance, written straight into the e2e server's database. */
async function financeOfficer(label: string): Promise<string> {
  const username = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  await withDatabase((db) =>
    db.run(
      `insert into admins (username, password_hash, name, email, roles, active, created_at, updated_at)
       values (?, ?, ?, ?, 'finance', 1, ?, ?)`,
      [username, hash, `Finance ${label}`, `${username}@example.org`, now, now],
    ),
  );
  return username;
}

async function signedIn(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post("/admin/login", {
    form: { username, password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return page;
}

test("a $5,000 Zakat disbursement waits for a second finance officer, who approves it", async ({
  adminPage,
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  // Zakat to give out: an offline gift, recorded as staff record one.
  const gift = await adminPage.request.post("/admin/donations", {
    form: {
      intent: "record",
      name: "Approvals walk donor",
      amount: "6000",
      frequency: "One-Time",
      payment_method: "cash",
      purpose: "Zakat",
    },
    maxRedirects: 0,
  });
  expect(gift.status()).toBe(302);

  const [officerA, officerB] = [await financeOfficer("officer-a"), await financeOfficer("officer-b")];
  const description = `Rent arrears for a family (${officerA})`;

  // A asks for it.
  const a = await signedIn(browser, baseURL, officerA);
  await a.goto("/admin/funds/ledger?record=1");
  const form = a.getByRole("region", { name: "Record a disbursement" });
  const fund = form.getByLabel("Fund", { exact: true });
  const zakat = (await fund.locator("option", { hasText: /^Zakat al-Mal — balance/ }).textContent())!;
  await fund.selectOption({ label: zakat });
  await form.getByLabel("Amount (USD)").fill("5000");
  await form.getByLabel("Category of recipients").selectOption({ label: "debtors (al-gharimin)" });
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Record disbursement" }).click();

  const notice = a.getByText(/Request R\d+ sent for approval/);
  await expect(notice).toBeVisible();
  const requestId = /Request R(\d+)/.exec((await notice.textContent())!)![1]!;
  const row = a.getByTestId(`request-${requestId}`);
  await expect(row).toContainText(description);
  await expect(row).toContainText("Your request: another person decides it");
  await expect(row.getByRole("link", { name: `Approve request ${requestId}` })).toHaveCount(0);
  // Nothing moved: the ledger has no entry for it.
  await expect(a.getByRole("table", { name: /Ledger entries/ })).not.toContainText(description);

  // Nor can A approve it through the API.
  const login = await a.request.post("/api/auth/login", { data: { username: officerA, password: PASSWORD } });
  const { access_token } = await login.json();
  const refused = await a.request.post(`/api/disbursements/${requestId}/approve`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toMatch(/You asked for this disbursement/);

  // B approves it.
  const b = await signedIn(browser, baseURL, officerB);
  await b.goto("/admin/funds/ledger");
  await b.getByRole("link", { name: `Approve request ${requestId}` }).click();
  await expect(b.getByRole("heading", { name: `Approve request R${requestId}?` })).toBeVisible();
  await b.getByRole("button", { name: "Approve and record" }).click();
  await expect(b.getByText(`Request R${requestId} approved`)).toBeVisible();
  await expect(b.getByTestId(`request-${requestId}`)).toHaveCount(0);

  const entry = b.getByRole("row").filter({ hasText: description });
  await expect(entry).toContainText(`Requested by ${officerA}`);
  await expect(entry).toContainText(`Approved by ${officerB}`);
  await expect(entry).toContainText("$5,000.00");

  await a.context().close();
  await b.context().close();
});
