import { mkdirSync, readFileSync, existsSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, test, E2E_ADMIN } from "./fixtures";
import { e2eDatabaseUrl, onPostgres, withDatabase } from "./e2e-database";
import { newPersona } from "./staff-personas";

/**
 * Issue 31's "Done means", told once as one story, with JavaScript and again without: a family
 * checks eligibility and applies; a case worker finds the case, assigns it to herself and asks
 * for a bank statement; the family signs in by the mailed link and uploads it; the case worker
 * assesses the case; a finance officer approves it and pays it from Zakat al-Mal by bank
 * transfer; the family sees it paid; the Zakat ledger and the transparency report show the
 * payment in its category with no name and count the household; and the server's database
 * holds the family's name, email and phone nowhere in plain text.
 *
 * Each pass has its own family, its own staff and its own browser contexts (the one JavaScript
 * setting for all of them), so the two passes and other specs run side by side.
 */

/** Full-page pictures of the key steps, for people to look at (never compared). */
const SHOTS = process.env.STORY_SHOTS_DIR ?? "/work/story-shots";

/** The category the story pays in: "the poor", so the report's household count stays small. */
const CATEGORY = { key: "fuqara", english: "the poor", arabic: "al-fuqara'" };
const GRANT_DOLLARS = 400;

interface Family {
  name: string;
  email: string;
  phone: string;
}

function familyFor(js: boolean): Family {
  const stamp = `${js ? "s" : "n"}${process.pid.toString(36)}${Date.now().toString(36)}`;
  const digits = `${Date.now()}${js ? 1 : 2}`.slice(-8);
  return {
    name: `Maryam Storyteller ${stamp}`,
    email: `maryam.story.${stamp}@example.org`,
    phone: `+1 555 ${digits.slice(0, 4)} ${digits.slice(4)}`,
  };
}

/** A new browser window with its own cookies, JavaScript on or off, failing on any script error. */
async function newWindow(browser: Browser, baseURL: string, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`Page error: ${error.message}`);
  });
  return page;
}

/** With JavaScript, wait until the page has come alive (hydrated, nothing loading) before typing. */
async function settled(page: Page, js: boolean) {
  await page.waitForLoadState(js ? "networkidle" : "load");
}

async function staffSignIn(page: Page, js: boolean, who: { username: string; password: string }) {
  await page.goto("/admin/login");
  await settled(page, js);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin(\/|$|\?)/);
  await expect(page.getByRole("complementary", { name: "Admin" })).toBeVisible();
}

async function statementPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText("Bank statement. Closing balance: $12.00");
  return Buffer.from(await document.save());
}

/** "$1,234.56" → 1234.56 */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

/** The transparency report's Zakat given to the story's category so far (0 while nothing is). */
async function categoryTotalOnTheReport(page: Page): Promise<number> {
  await page.goto("/transparency");
  const row = page
    .getByRole("table", { name: /Zakat distributed to each category/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^The poor`, "i") }) });
  if ((await row.count()) === 0) return 0;
  return dollars(await row.getByRole("cell").first().innerText());
}

// 1. The family: the home page, Get help in the footer, the checker, the five steps.
async function familyApplies(page: Page, js: boolean, family: Family): Promise<string> {
  const main = page.getByRole("main");
  await page.goto("/");
  await settled(page, js);
  await page.getByRole("contentinfo").getByRole("link", { name: "Get help", exact: true }).click();
  await expect(page).toHaveURL(/\/get-help$/);
  await expect(main.getByRole("heading", { name: "Get help", level: 1 })).toBeVisible();
  await settled(page, js);

  await main.getByLabel("People in your household").fill("4");
  await main.getByLabel("Monthly income").fill("1200");
  await main.getByLabel("Monthly essential costs").fill("1750");
  await main.getByLabel("Savings").fill("100");
  await main.getByRole("button", { name: "Check" }).click();
  await expect(main.getByRole("status").filter({ hasText: "An application is likely to succeed" })).toBeVisible();
  await expect(main.getByLabel("People in your household")).toHaveValue("4");

  await main.getByRole("link", { name: "Apply for help" }).first().click();
  await expect(page).toHaveURL(/\/get-help\/apply/);
  await expect(main.getByRole("heading", { name: "Step 1 of 5: About you" })).toBeVisible();
  await settled(page, js);
  await main.getByLabel("Full name").fill(family.name);
  await main.getByLabel("Date of birth").fill("1984-06-11");
  await main.getByLabel("Email").fill(family.email);
  await main.getByLabel("Phone number").fill(family.phone);
  await main.getByLabel("Address").fill("7 Cedar Row, Springfield");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 2 of 5: Your household" })).toBeVisible();
  await main.getByLabel("Adults in the household (you included)").fill("2");
  await main.getByLabel("Children's ages").fill("5, 9");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 3 of 5: Money coming in and going out" })).toBeVisible();
  await main.getByLabel("Benefits or government support").fill("1200");
  await main.getByLabel("Rent or mortgage").fill("1100");
  await main.getByLabel("Food", { exact: true }).fill("650");
  await main.getByLabel("Savings").fill("100");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 4 of 5: The help you need" })).toBeVisible();
  await main.getByLabel("Rent or housing arrears").check();
  await main.getByLabel("Tell us about it").fill("Rent arrears since my hours at work were cut.");
  await main.getByLabel("How much are you asking for?").fill("1200");
  await main.getByRole("button", { name: "Continue" }).click();

  await expect(main.getByRole("heading", { name: "Step 5 of 5: Check and send" })).toBeVisible();
  await expect(main.getByText(family.name)).toBeVisible();
  await main.getByRole("checkbox", { name: "What I have told you is true and complete" }).check();
  await main.getByRole("checkbox", { name: "I agree to the privacy notice" }).check();
  await main.getByRole("button", { name: "Send my application" }).click();

  await expect(main.getByRole("heading", { name: "Your application is sent" })).toBeVisible();
  const ref = main.getByTestId("application-ref");
  await expect(ref).toHaveText(/^ZA-[0-9A-Z]{8}$/);
  return (await ref.innerText()).trim();
}

// 2. The case worker finds the case by its reference, opens it and takes it.
async function caseWorkerTakesTheCase(page: Page, js: boolean, label: string, ref: string, family: Family) {
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(/\/admin\/applications/);
  await settled(page, js);
  await page.getByLabel("Find a reference (ZA-…)").fill(ref);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId(`application-${ref}`);
  await expect(row).toContainText("Submitted");
  // The queue names no one.
  await expect(page.getByRole("main")).not.toContainText(family.name);
  await row.getByRole("link", { name: ref }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Application ${ref}`);
  await expect(page.getByText("Rent arrears since my hours at work were cut.")).toBeVisible();
  await settled(page, js);
  await page.getByLabel("Case worker").selectOption({ label: `Persona ${label} (me)` });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The case is assigned." })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Under assessment");

  await page.getByRole("link", { name: "Request documents…" }).click();
  await settled(page, js);
  const first = page.getByRole("group", { name: "Document 1" });
  await first.getByLabel("What is needed").fill("Bank statement for the last three months");
  await first.getByLabel("Why it is needed").fill("To confirm the income you told us about");
  await page.getByRole("button", { name: "Request and mail the family" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Documents requested" })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Documents requested");
}

/** The owner reads the family's sign-in mail in the Outbox (no SMTP: mail waits there) and hands back its link. */
async function linkFromTheMail(owner: Page, family: Family): Promise<string> {
  await owner.goto("/admin/outbox");
  await owner
    .getByRole("row")
    .filter({ hasText: family.email })
    .getByRole("link", { name: "Read Your link to your application" })
    .first()
    .click();
  const href = (await owner
    .getByRole("region")
    .getByRole("link", { name: /\/my-application\/sign-in\?token=/ })
    .getAttribute("href"))!;
  const link = new URL(href);
  return link.pathname + link.search;
}

// 3. The family signs in by the mailed link, sees the request, uploads the statement.
async function familySignsIn(page: Page, js: boolean, owner: Page, family: Family) {
  await page.goto("/my-application");
  await settled(page, js);
  await page.getByLabel("Email", { exact: true }).fill(family.email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If an application was sent from this address, a link is on its way.")).toBeVisible();

  await page.goto(await linkFromTheMail(owner, family));
  await settled(page, js);
  await page.getByRole("button", { name: "Open my application" }).click();
  await expect(page.getByText(`Signed in as ${family.email}`)).toBeVisible();
}

async function familyUploadsTheStatement(page: Page, js: boolean, ref: string) {
  const card = page.getByRole("region", { name: `Application ${ref}` });
  await expect(card.getByTestId("application-state")).toHaveText(
    "We need some documents from you before we can go on. Please see below.",
  );
  await expect(card.getByText("Bank statement for the last three months", { exact: true })).toBeVisible();
  await expect(card.getByText("Why we need it: To confirm the income you told us about")).toBeVisible();
  await settled(page, js);
  await card
    .getByLabel("Upload: Bank statement for the last three months")
    .setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: await statementPdf() });
  await card.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Thank you: your document has arrived.")).toBeVisible();
  const after = page.getByRole("region", { name: `Application ${ref}` });
  await expect(after.getByTestId("application-state")).toHaveText("A case worker is looking at your application.");
  await expect(after.getByRole("link", { name: "statement.pdf" })).toBeVisible();
}

// 4. The case worker sees the statement and recommends one payment.
async function caseWorkerRecommends(page: Page, js: boolean, ref: string) {
  await page.goto(`/admin/applications/${ref}`);
  await expect(page.getByTestId("case-state")).toContainText("Under assessment");
  await expect(page.getByRole("list", { name: "Documents received" })).toContainText("statement.pdf");
  await settled(page, js);
  await page.getByLabel("Category", { exact: true }).selectOption(CATEGORY.key);
  await page.getByLabel("Why this category").fill("Benefits do not cover the rent and food; no savings to speak of");
  await page.getByLabel("Recommended help").selectOption("once");
  await page.getByLabel("Amount (each payment), $").fill(String(GRANT_DOLLARS));
  await page.getByRole("button", { name: "Recommend" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Assessment saved" })).toBeVisible();
  await expect(page.getByTestId("case-state")).toContainText("Recommended");
}

// 5. The finance officer approves, and pays from Zakat al-Mal by bank transfer.
async function financeApprovesAndPays(page: Page, js: boolean, ref: string, family: Family) {
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(/\/admin\/applications/);
  await settled(page, js);
  await page.getByLabel("Find a reference (ZA-…)").fill(ref);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await page.getByTestId(`application-${ref}`).getByRole("link", { name: ref }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Application ${ref}`);
  const panel = page.getByTestId("grant-panel");
  await expect(panel.getByTestId("grant-recommendation")).toContainText(`$${GRANT_DOLLARS}.00 as one payment`);
  await settled(page, js);
  await panel.getByRole("button", { name: `Approve $${GRANT_DOLLARS}.00` }).click();
  await expect(page.getByText(/The grant is approved/)).toBeVisible();
  await expect(page.getByTestId("grant-state")).toHaveText("Approved");
  await settled(page, js);

  const form = page.getByRole("form", { name: /Confirm the payment due on/ });
  await expect(form.getByLabel("Amount (USD)")).toHaveValue(String(GRANT_DOLLARS));
  const fund = form.getByLabel("From the Zakat fund");
  const zakatAlMal = fund.locator("option", { hasText: "Zakat al-Mal" });
  await fund.selectOption((await zakatAlMal.getAttribute("value"))!);
  await form.getByLabel("How it was paid").selectOption("bank_transfer");
  await form.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByText("The payment is written to the Zakat ledger")).toBeVisible();
  await expect(page.getByTestId("grant-state")).toHaveText("Paid");
  await expect(page.getByTestId("case-state")).toContainText("Paid");

  // The Zakat ledger: the payment in its category, as a Zakat grant, with nothing of the family.
  await page
    .getByRole("link", { name: /Ledger entry #\d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/funds\/ledger/);
  const row = page
    .getByRole("row")
    .filter({ hasText: "Zakat grant" })
    .filter({ hasText: `$${GRANT_DOLLARS}.00` })
    .filter({ hasText: CATEGORY.arabic })
    .first();
  await expect(row).toBeVisible();
  const ledger = await page.getByRole("main").innerText();
  for (const personal of [family.name, family.email, family.phone, ref]) expect(ledger).not.toContain(personal);
}

/** The family's own words, as bytes, in the forms a database might keep them. */
function plainForms(family: Family): string[] {
  return [family.name, family.email, family.email.toLowerCase(), family.phone, family.phone.replace(/\D/g, "")];
}

// 7. The database holds none of it in plain text.
async function nothingPlainInTheDatabase(family: Family, ref: string) {
  if (onPostgres()) {
    test.info().annotations.push({
      type: "database file",
      description: "PostgreSQL: the family's fields are looked for with SQL in every text column instead of in a file",
    });
    await withDatabase(async (db) => {
      const columns = await db.all<{ table_name: string; column_name: string; data_type: string }>(
        `select table_name, column_name, data_type from information_schema.columns
         where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb', 'bytea')`,
      );
      expect(columns.length).toBeGreaterThan(10);
      const holding = async (value: string) => {
        const where: string[] = [];
        for (const { table_name, column_name, data_type } of columns) {
          // Bytes are searched as bytes; text and JSON as their text.
          const found = `position(${data_type === "bytea" ? "convert_to(?, 'UTF8')" : "?"} in "${column_name}"${data_type === "bytea" ? "" : "::text"}) > 0`;
          const row = await db.get<{ n: number | string }>(`select count(*) as n from "${table_name}" where ${found}`, [
            value,
          ]);
          if (Number(row!.n) > 0) where.push(`${table_name}.${column_name}`);
        }
        return where;
      };
      // The search finds what is there: the case's reference (kept plain, it names no one).
      expect(await holding(ref)).toContain("applications.ref");
      for (const value of plainForms(family)) expect(await holding(value), value).toEqual([]);
    });
    return;
  }
  const file = e2eDatabaseUrl().replace(/^file:/i, "");
  const files = [file, `${file}-wal`].filter((path) => existsSync(path));
  expect(files[0]).toBe(file);
  const all = files.map((path) => readFileSync(path));
  // The right file, read as it stands: the case's reference (kept plain, it names no one) is in it.
  expect(
    all.some((bytes) => bytes.includes(Buffer.from(ref, "utf8"))),
    `${ref} in ${files.join(", ")}`,
  ).toBe(true);
  for (const [index, bytes] of all.entries()) {
    const path = files[index];
    for (const value of plainForms(family)) {
      expect(bytes.includes(Buffer.from(value, "utf8")), `${value} in ${path}`).toBe(false);
    }
  }
}

for (const js of [true, false]) {
  test(`a family asks for help and is paid Zakat, and nothing of them is left in plain text (${js ? "with" : "without"} JavaScript)`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SHOTS}/${js ? "js" : "nojs"}-${name}.png`, fullPage: true });
    const baseURL = testInfo.project.use.baseURL!;
    const family = familyFor(js);
    const label = `story-worker-${js ? "js" : "nojs"}-${Date.now().toString(36)}`;
    const worker = await newPersona(["caseworker"], label);
    const officer = await newPersona(["finance"], `story-finance-${js ? "js" : "nojs"}`);

    const familyPage = await newWindow(browser, baseURL, js);
    const workerPage = await newWindow(browser, baseURL, js);
    const financePage = await newWindow(browser, baseURL, js);
    const ownerPage = await newWindow(browser, baseURL, js);
    try {
      // 1.
      const ref = await familyApplies(familyPage, js, family);

      // 2.
      await staffSignIn(workerPage, js, worker);
      await caseWorkerTakesTheCase(workerPage, js, label, ref, family);
      await expect(workerPage.getByTestId("case-assignee")).toHaveText(`Persona ${label}`);

      // 3.
      await staffSignIn(ownerPage, js, E2E_ADMIN);
      await familySignsIn(familyPage, js, ownerPage, family);
      await familyUploadsTheStatement(familyPage, js, ref);

      // 4.
      await caseWorkerRecommends(workerPage, js, ref);
      await shot(workerPage, "case-page-recommended");

      // 5. Zakat to give first: an offline Zakat gift, recorded as staff record one.
      const gift = await ownerPage.request.post("/admin/donations", {
        form: {
          intent: "record",
          name: "Story donor",
          amount: "2000",
          frequency: "One-Time",
          payment_method: "cash",
          purpose: "Zakat",
        },
        maxRedirects: 0,
      });
      expect(gift.status()).toBe(302);
      const before = await categoryTotalOnTheReport(familyPage);
      await staffSignIn(financePage, js, officer);
      await financeApprovesAndPays(financePage, js, ref, family);

      // 6. The family's page: approved, paid, and the payment.
      await familyPage.goto("/my-application");
      const card = familyPage.getByRole("region", { name: `Application ${ref}` });
      await expect(card.getByTestId("application-state")).toHaveText("The help has been paid.");
      await expect(card.getByText(new RegExp(`^Approved: \\$${GRANT_DOLLARS}\\.00`))).toBeVisible();
      await expect(card.getByRole("heading", { name: "Payments made" })).toBeVisible();
      await expect(card.getByRole("listitem").filter({ hasText: `$${GRANT_DOLLARS}.00 on ` })).toBeVisible();
      await shot(familyPage, "family-page-paid");

      // The transparency report: the payment in its category, the household counted, no name.
      const after = await categoryTotalOnTheReport(familyPage);
      expect(after).toBeGreaterThanOrEqual(before + GRANT_DOLLARS);
      const households = familyPage.getByRole("table", { name: /Households helped through applications/ });
      const poor = households
        .getByRole("row")
        .filter({ has: familyPage.getByRole("rowheader", { name: /^The poor/ }) });
      await expect(poor.getByRole("cell")).toHaveText("Fewer than 5");
      const report = await familyPage.getByRole("main").innerText();
      for (const personal of [family.name, family.email, family.phone, ref]) expect(report).not.toContain(personal);
      await households.scrollIntoViewIfNeeded();
      await shot(familyPage, "transparency-households");
      await households.screenshot({ path: `${SHOTS}/${js ? "js" : "nojs"}-transparency-households-table.png` });

      // Their mail, each once, none naming them or the amount in its subject.
      await ownerPage.goto("/admin/outbox");
      const theirs = ownerPage.getByRole("row").filter({ hasText: family.email });
      for (const subject of [
        `We have received your application (${ref})`,
        "We need some documents for your application",
        "Your link to your application",
        "A decision on your application",
        "A payment on your application",
      ])
        await expect(theirs.getByRole("link", { name: `Read ${subject}`, exact: true })).toHaveCount(1);
      for (const text of await theirs.allInnerTexts()) {
        expect(text).not.toContain(family.name);
        expect(text).not.toContain(`${GRANT_DOLLARS}`);
      }

      // 7.
      await nothingPlainInTheDatabase(family, ref);
    } finally {
      for (const page of [familyPage, workerPage, financePage, ownerPage]) await page.context().close();
    }
  });
}
