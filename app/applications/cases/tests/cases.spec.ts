import type { Page } from "@playwright/test";
import { applicationSchema } from "~/applications/records";
import { insertApplication } from "~/applications/records/index.server";
import { forgetKeyRing } from "~/lib/data-keys.server";
import { openDatabase } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { e2eDatabaseUrl, withDatabase } from "../../../../tests/e2e/e2e-database";
import { newPersona, type Persona } from "../../../../tests/e2e/staff-personas";

/**
 * A case worker's day, in the browser, with and without JavaScript: a family's application
 * (written by the records slice's service, sealed with the server's key) waits in the queue;
 * she opens it, assigns it to herself, asks for a bank statement, and once the documents are
 * in (set here as the documents slice's upload would) assesses it, warned that the same
 * family applied a few months ago.
 */

/** The data key playwright.config.ts gives the server: the case is sealed as the site would seal it. */
const SERVER_DATA_KEY = "e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0";

/** Two applications from one family (the earlier one 100 days ago): the later one's reference. */
async function familyWithTwoApplications(label: string): Promise<{ ref: string; earlier: string }> {
  // On PostgreSQL the site's settings ask for a session secret too; this process signs nothing.
  Object.assign(process.env, {
    DATABASE_URL: e2eDatabaseUrl(),
    DATA_ENCRYPTION_KEY: SERVER_DATA_KEY,
    SESSION_SECRET: process.env.SESSION_SECRET || "e2e-spec-process-signs-nothing-0123456789",
  });
  resetEnvCache();
  forgetKeyRing();
  const stamp = `${label}${Date.now().toString(36)}`;
  const input = applicationSchema.parse({
    name: `Khadija Rahman ${stamp}`,
    email: `khadija.${stamp}@example.org`,
    phone: "07700 900456",
    address: "3 Mill Lane, Bradford",
    date_of_birth: "1979-11-20",
    adults: "1",
    children_ages: "6, 11",
    income_benefits: "900",
    cost_housing: "700",
    cost_food: "400",
    cost_utilities: "150",
    purpose: "rent",
    purpose_details: "Rent arrears since my hours were cut",
    requested: "1200",
    declare_true: "on",
    consent_privacy: "on",
  });
  const url = e2eDatabaseUrl();
  const db = openDatabase(/^postgres(ql)?:/i.test(url) ? url : url.replace(/^file:/i, ""));
  try {
    const earlier = await db.transaction().execute((trx) => insertApplication(trx, input));
    const hundredDaysAgo = new Date(Date.now() - 100 * 86_400_000).toISOString();
    await db.updateTable("applications").set({ submitted_at: hundredDaysAgo }).where("id", "=", earlier.id).execute();
    await db
      .updateTable("application_match_keys")
      .set({ created_at: hundredDaysAgo })
      .where("application_id", "=", earlier.id)
      .execute();
    const later = await db.transaction().execute((trx) => insertApplication(trx, input));
    return { ref: later.ref, earlier: earlier.ref };
  } finally {
    await db.destroy();
  }
}

async function signIn(page: Page, persona: Persona) {
  const response = await page.request.post("/admin/login", {
    form: { username: persona.username, password: persona.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** What the documents slice does when the last requested upload arrives. */
async function documentsArrived(ref: string) {
  await withDatabase((db) =>
    db.run(
      "update application_document_requests set fulfilled_at = ? where application_id = (select id from applications where ref = ?)",
      [new Date().toISOString(), ref],
    ),
  );
  await withDatabase((db) => db.run("update applications set state = 'under_assessment' where ref = ?", [ref]));
}

async function workTheCase(page: Page, persona: Persona, label: string) {
  const { ref, earlier } = await familyWithTwoApplications(label);
  await signIn(page, persona);
  await page.goto("/admin/applications?caseworker=unassigned");
  await expect(
    page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Applications" }),
  ).toBeVisible();
  const row = page.getByTestId(`application-${ref}`);
  await expect(row).toContainText("Submitted");
  // The queue names no one.
  await expect(page.getByRole("table")).not.toContainText("Khadija");
  await row.getByRole("link", { name: ref }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Application ${ref}`);
  await expect(page.getByText("Rent arrears since my hours were cut")).toBeVisible();
  await expect(page.getByLabel("Case worker")).toHaveValue(/\d+/);
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The case is assigned." })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Under assessment");
  await expect(page.getByTestId("case-assignee")).toHaveText("Persona maryam");

  await page.getByRole("link", { name: "Request documents…" }).click();
  const first = page.getByRole("group", { name: "Document 1" });
  await first.getByLabel("What is needed").fill("Bank statement for the last three months");
  // Half a row is refused, and what was typed stays.
  await page.getByRole("button", { name: "Request and mail the family" }).click();
  await expect(first.getByText("Please say why it is needed")).toBeVisible();
  await expect(first.getByLabel("What is needed")).toHaveValue("Bank statement for the last three months");
  await first.getByLabel("Why it is needed").fill("To confirm the benefits you receive");
  await page.getByRole("button", { name: "Request and mail the family" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Documents requested" })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Documents requested");
  await expect(page.getByText("Bank statement for the last three months", { exact: true })).toBeVisible();

  // The due date moves from beside the request: a date in the past is refused with what was typed kept.
  const newDue = page.getByLabel("New due date for Bank statement for the last three months");
  await newDue.fill("2020-01-02");
  await page.getByRole("button", { name: "Move the due date" }).click();
  await expect(page.getByText("The due date cannot be in the past")).toBeVisible();
  await expect(newDue).toHaveValue("2020-01-02");
  const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await newDue.fill(later);
  await page.getByRole("button", { name: "Move the due date" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The due date is moved" })).toBeVisible();
  await expect(newDue).toHaveValue(later);

  await documentsArrived(ref);
  await page.reload();
  await expect(page.getByTestId(`duplicate-${earlier}`)).toContainText("email");
  await expect(page.getByTestId(`duplicate-${earlier}`)).toContainText("name with date of birth");
  await expect(page.getByTestId("computed-shortfall")).toContainText("$350.00");
  await page.getByLabel("Category", { exact: true }).selectOption("masakin");
  await page.getByLabel("Why this category").fill("Benefits do not meet the rent and food");
  // Past the household's cap ($6,000 in twelve months): warned, and asked to tick before it is recommended.
  await page.getByLabel("Amount (each payment), $").fill("7000");
  await page.getByRole("button", { name: "Recommend" }).click();
  await expect(page.getByTestId("cap-live-warning")).toContainText("$7,000.00 in all passes");
  await expect(page.getByText(`Tick "I have seen that this passes the household's cap"`)).toBeVisible();
  await expect(page.getByLabel("I have seen that this passes the household's cap")).not.toBeChecked();
  await expect(page.getByTestId("case-state")).toContainText("Under assessment");
  await expect(page.getByLabel("Why this category")).toHaveValue("Benefits do not meet the rent and food");
  await page.getByLabel("Recommended help").selectOption("monthly");
  await page.getByLabel("Amount (each payment), $").fill("350");
  await page.getByLabel("Months (monthly, 1 to 12)").fill("3");
  await page.getByRole("button", { name: "Recommend" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Assessment saved" })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Recommended");
  await expect(page.getByTestId("case-recommended")).toContainText("$350.00 a month for 3 months ($1,050.00 in all)");
}

test.describe("a case worker works a case", () => {
  test("with JavaScript", async ({ page }) => {
    const persona = await newPersona(["caseworker"], "maryam");
    await workTheCase(page, persona, "js");
  });
});

test.describe("a case worker works a case without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("without JavaScript", async ({ page }) => {
    const persona = await newPersona(["caseworker"], "maryam");
    await workTheCase(page, persona, "nojs");
  });
});
