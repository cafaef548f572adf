import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { dataKeyFromHex, sealValue } from "~/lib/data-encryption.server";
import { matchKey } from "~/lib/data-keys.server";
import { normaliseEmail, referenceFrom } from "~/applications/records";
import { sealedContext } from "~/applications/records/index.server";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { E2E_DATA_ENCRYPTION_KEY } from "../../../../tests/e2e/e2e-data-key";

/**
 * A family's own page end to end, with and without JavaScript: their application (written
 * straight into the server's database, sealed with the server's key, as the apply form would
 * leave it) waits for a bank statement; they ask for a sign-in link, open it from the mail (read
 * in the Outbox, where mail waits without SMTP), see the request, upload a PDF, and see the
 * case go back under assessment.
 */
const ring = { current: dataKeyFromHex(E2E_DATA_ENCRYPTION_KEY), older: [] };
const sealed = (ref: string, field: string, value: unknown) =>
  sealValue(JSON.stringify(value), sealedContext(ref, field), ring);

async function familyWaitingForAStatement(email: string): Promise<string> {
  const ref = referenceFrom(randomBytes(8));
  const now = new Date().toISOString();
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const applicant = {
    name: "Amina Yusuf",
    email,
    phone: "07700 900123",
    address: "1 High Street, Leeds",
    date_of_birth: "1985-04-02",
    adults: 2,
    children_ages: [4, 7],
    purpose: "rent",
    purpose_details: "Two months of rent arrears",
    requested: 1900,
    declared_at: now,
  };
  await withDatabase(async (db) => {
    const application = await db.get<{ id: number }>(
      `insert into applications (ref, state, email_key, applicant_sealed, household_size, purpose, requested_cents, submitted_at, updated_at)
       values (?, 'documents_requested', ?, ?, 4, 'rent', 190000, ?, ?) returning id`,
      [ref, matchKey("email", normaliseEmail(email), ring), sealed(ref, "applicant", applicant), now, now],
    );
    await db.run(
      `insert into application_document_requests (application_id, request_sealed, due_on, requested_by, requested_at)
       values (?, ?, ?, 'Case Worker', ?)`,
      [
        application!.id,
        sealed(ref, "document-request", { what: "A bank statement", why: "To check the income you gave" }),
        due,
        now,
      ],
    );
  });
  return ref;
}

async function statementPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle("Statement for Amina Yusuf");
  document.addPage().drawText("Balance: $12.00");
  return Buffer.from(await document.save());
}

/** The family asks for a link, and it is read from the Outbox as their inbox would show it. */
async function signInByMailedLink(page: Page, email: string) {
  await page.goto("/my-application");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByText("If an application was sent from this address, a link is on its way.")).toBeVisible();

  // An applicant's mail is sealed, its address too, so the Outbox lists it (newest first) but cannot search by it.
  await page.goto("/admin/outbox");
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("link", { name: "Read Your link to your application" })
    .click();
  const href = (await page
    .getByRole("region")
    .getByRole("link", { name: /\/my-application\/sign-in\?token=/ })
    .getAttribute("href"))!;
  const link = new URL(href);
  await page.goto(link.pathname + link.search);
  await page.getByRole("button", { name: "Open my application" }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

async function uploadTheStatement(page: Page, ref: string) {
  const card = page.getByRole("region", { name: `Application ${ref}` });
  await expect(card.getByText("We need some documents from you before we can go on. Please see below.")).toBeVisible();
  await expect(card.getByText("A bank statement", { exact: true })).toBeVisible();
  await expect(card.getByText("Why we need it: To check the income you gave")).toBeVisible();
  await expect(card.getByText(/^Please send it by \w+ \d{1,2}, \d{4}$/)).toBeVisible();

  // A file that is not a document is refused beside its field.
  await card
    .getByLabel("Upload: A bank statement")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a statement") });
  await card.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Please upload a PDF, or a photo as JPEG or PNG")).toBeVisible();

  // A file over 10 MB is refused beside its field too: the page stays (with JavaScript, before it is sent).
  const tooLarge = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
  await page
    .getByRole("region", { name: `Application ${ref}` })
    .getByLabel("Upload: A bank statement")
    .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: tooLarge });
  await page
    .getByRole("region", { name: `Application ${ref}` })
    .getByRole("button", { name: "Upload", exact: true })
    .click();
  await expect(page.getByText("The file is larger than 10 MB")).toBeVisible();
  await expect(page.getByText("Signed in as")).toBeVisible();

  await page
    .getByRole("region", { name: `Application ${ref}` })
    .getByLabel("Upload: A bank statement")
    .setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: await statementPdf() });
  await page
    .getByRole("region", { name: `Application ${ref}` })
    .getByRole("button", { name: "Upload", exact: true })
    .click();
  await expect(page.getByText("Thank you: your document has arrived.")).toBeVisible();
  const after = page.getByRole("region", { name: `Application ${ref}` });
  await expect(after.getByText("A case worker is looking at your application.")).toBeVisible();
  await expect(after.getByText(/^Received on /)).toBeVisible();
  await expect(after.getByRole("link", { name: "statement.pdf" })).toBeVisible();
}

test("a family signs in by the mailed link, sees the request, uploads a PDF and sees the case move on", async ({
  adminPage: page,
}) => {
  const email = `family-${Date.now().toString(36)}@example.org`;
  const ref = await familyWaitingForAStatement(email);
  await signInByMailedLink(page, email);
  await uploadTheStatement(page, ref);

  // Their own document comes back to them as a PDF.
  const href = (await page.getByRole("link", { name: "statement.pdf" }).getAttribute("href"))!;
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same, every form a plain post", async ({ adminPage: page }) => {
    const email = `family-nojs-${Date.now().toString(36)}@example.org`;
    const ref = await familyWaitingForAStatement(email);
    await signInByMailedLink(page, email);
    await uploadTheStatement(page, ref);

    // Withdrawing asks first, and the confirmation is a page of its own.
    await page.getByRole("link", { name: `Withdraw application ${ref}` }).click();
    await expect(
      page.getByRole("heading", { name: `Are you sure you want to withdraw application ${ref}?` }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Yes, withdraw it" }).click();
    await expect(page.getByText("Your application is withdrawn.")).toBeVisible();
    await expect(page.getByText("You withdrew this application.")).toBeVisible();
  });
});
