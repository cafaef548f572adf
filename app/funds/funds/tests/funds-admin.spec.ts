import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { settled, withDatabase } from "../../../../tests/e2e/e2e-database";
import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";
import { uniqueSuffix } from "../../../../tests/support/unique";

/**
 * A newcomer's walk through the admin Funds area: record a disbursement of Zakat to "the
 * needy", see the balance change, and be refused an overdraft with a clear message,
 * once as a browser without JavaScript posts the forms and once with it.
 *
 * The other worker records gifts and disbursements on the same server meanwhile (with
 * --repeat-each, another copy of this very walk), so Zakat al-Mal may move between two
 * readings for reasons of its own. Each reading of the screen is taken while the database
 * stands still and must equal it; the change between two readings must then be exactly the
 * walk's own entry plus what the database shows others recorded in between.
 */

const cents = (dollars: number) => Math.round(dollars * 100);

function dollars(text: string | null): number {
  return Number((text ?? "").replace(/[$,\s]/g, ""));
}

async function zakatBalance(page: Page): Promise<number> {
  await page.goto("/admin/funds");
  return dollars(await page.getByTestId("balance-zakat-al-mal").textContent());
}

/** Zakat al-Mal in the database: its balance, and the newest gift and ledger entry anywhere. */
interface ZakatMark {
  balanceCents: number;
  lastGift: number;
  lastEntry: number;
}

async function zakatMark(): Promise<ZakatMark> {
  const mark = await withDatabase((db) =>
    db.get<ZakatMark>(
      `select received_cents - disbursed_cents as "balanceCents",
         (select coalesce(max(id), 0) from donations) as "lastGift",
         (select coalesce(max(id), 0) from disbursements) as "lastEntry"
       from funds where slug = 'zakat-al-mal'`,
    ),
  );
  return mark!;
}

/** The balance the Funds screen shows, read while the database stands still: it must be the database's. */
function readZakatBalance(page: Page) {
  return settled(
    zakatMark,
    () => zakatBalance(page),
    (shown, mark) => {
      expect(cents(shown), "the Funds screen shows the Zakat al-Mal balance the database holds").toBe(
        mark.balanceCents,
      );
    },
  );
}

/**
 * What others did to Zakat al-Mal between two marks: the live gifts and the ledger entries
 * recorded after the first and up to the second, the walk's own entries left out.
 */
function othersCents(from: ZakatMark, to: ZakatMark, own: number[] = []): Promise<number> {
  return withDatabase(async (db) => {
    const fund = "(select id from funds where slug = 'zakat-al-mal')";
    const gifts = await db.get<{ cents: number }>(
      `select coalesce(sum(amount_cents), 0) as cents from donations where id > ? and id <= ? and is_test = 0 and fund_id = ${fund}`,
      [from.lastGift, to.lastGift],
    );
    const notOwn = own.length ? `and id not in (${own.map(() => "?").join(", ")})` : "";
    const entries = await db.get<{ cents: number }>(
      `select coalesce(sum(case kind when 'disbursement' then amount_cents else -amount_cents end), 0) as cents from disbursements
       where id > ? and id <= ? and fund_id = ${fund} ${notOwn}`,
      [from.lastEntry, to.lastEntry, ...own],
    );
    return gifts!.cents - entries!.cents;
  });
}

/** The ledger entries the database holds with this description, and their fund. */
function entriesDescribed(description: string) {
  return withDatabase((db) =>
    db.all(
      `select entry.id, entry.kind, funds.slug as fund, entry.amount_cents, entry.category, entry.recorded_by
       from disbursements entry join funds on funds.id = entry.fund_id where entry.description = ?`,
      [description],
    ),
  );
}

/** Zakat to give out: an offline gift recorded as staff record one. */
async function receiveZakat(page: Page, amount: string) {
  const response = await page.request.post("/admin/donations", {
    form: {
      intent: "record",
      name: "Funds walk donor",
      amount,
      frequency: "One-Time",
      payment_method: "cash",
      purpose: "Zakat",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function openDisbursementForm(page: Page) {
  await page.goto("/admin/funds");
  await page.getByRole("link", { name: "Record a disbursement" }).click();
  await expect(page).toHaveURL(/\/admin\/funds\/ledger\?record=1$/);
  return page.getByRole("region", { name: "Record a disbursement" });
}

async function fillDisbursement(page: Page, amount: string, description: string) {
  const form = await openDisbursementForm(page);
  const fund = form.getByLabel("Fund", { exact: true });
  const zakatOption = (await fund.locator("option", { hasText: /^Zakat al-Mal — balance/ }).textContent())!;
  await fund.selectOption({ label: zakatOption });
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Category of recipients").selectOption({ label: "the needy (al-masakin)" });
  await form.getByLabel("Programme or project").fill("Winter food parcels");
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Record disbursement" }).click();
  return form;
}

async function walk(page: Page) {
  const token = uniqueSuffix();
  await receiveZakat(page, "250");
  const before = await readZakatBalance(page);
  expect(before.shown).toBeGreaterThanOrEqual(250);

  const given = `Food parcels for three families (${token})`;
  await fillDisbursement(page, "12.34", given);
  const status = page.getByRole("status").filter({ hasText: "Disbursement #" });
  await expect(status).toContainText(
    /Disbursement #\d+ recorded: \$12\.34 from Zakat al-Mal\. Zakat al-Mal now holds \$[\d,]+\.\d\d\./,
  );
  const entryId = Number(/Disbursement #(\d+)/.exec((await status.textContent()) ?? "")?.[1]);
  const row = page.getByRole("row").filter({ hasText: given });
  await expect(row).toContainText("the needy (al-masakin)");
  await expect(row).toContainText("$12.34");
  expect(await entriesDescribed(given)).toEqual([
    {
      id: entryId,
      kind: "disbursement",
      fund: "zakat-al-mal",
      amount_cents: 1234,
      category: "masakin",
      recorded_by: E2E_ADMIN.username,
    },
  ]);

  // The balance went down by the walk's $12.34, and otherwise only by what others recorded meanwhile.
  const after = await readZakatBalance(page);
  expect(entryId).toBeGreaterThan(before.mark.lastEntry);
  expect(entryId).toBeLessThanOrEqual(after.mark.lastEntry);
  expect(cents(after.shown)).toBe(cents(before.shown) - 1234 + (await othersCents(before.mark, after.mark, [entryId])));

  // A million over: the other worker's specs give Zakat meanwhile (the approvals spec thousands), never that much.
  const tooMuch = (after.shown + 1_000_000).toFixed(2);
  const refused = `More than the fund holds (${token})`;
  const form = await fillDisbursement(page, tooMuch, refused);
  await expect(form.getByRole("alert")).toContainText(
    /^The Zakat al-Mal balance is not enough: it holds \$[\d,]+\.\d\d, and this disbursement is \$[\d,]+\.\d\d\. Nothing was recorded\.$/,
  );
  await expect(form.getByLabel("Amount (USD)")).toHaveValue(tooMuch);
  await expect(form.getByLabel("Description")).toHaveValue(refused);
  // Nothing was recorded: no such entry, and the balance moved only by what others recorded.
  expect(await entriesDescribed(refused)).toEqual([]);
  const last = await readZakatBalance(page);
  expect(cents(last.shown)).toBe(cents(after.shown) + (await othersCents(after.mark, last.mark)));
}

test.describe("the Funds area without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("records a disbursement of Zakat to the needy, changes the balance, and refuses an overdraft", async ({
    adminPage: page,
  }) => {
    await walk(page);
  });

  test("asks for the category of recipients whatever the fund, with a hint", async ({ adminPage: page }) => {
    const form = await openDisbursementForm(page);
    await expect(form.getByLabel("Category of recipients")).toBeVisible();
    await expect(
      form.getByText(
        "Required for Zakat al-Mal and Zakat al-Fitr (the eight categories of Qur'an 9:60); leave it empty for any other fund.",
      ),
    ).toBeVisible();
  });
});

test.describe("the Funds area with JavaScript", () => {
  test("records a disbursement of Zakat to the needy, changes the balance, and refuses an overdraft", async ({
    adminPage: page,
  }) => {
    await walk(page);
  });

  test("asks for the category only for the Zakat funds, and applies a ledger filter as soon as it is chosen", async ({
    adminPage: page,
  }) => {
    const form = await openDisbursementForm(page);
    const fund = form.getByLabel("Fund", { exact: true });
    await expect(form.getByLabel("Category of recipients")).toHaveCount(0);
    await fund.selectOption({ label: (await fund.locator("option", { hasText: /^Zakat al-Fitr — / }).textContent())! });
    await expect(form.getByLabel("Category of recipients")).toBeVisible();
    await fund.selectOption({ label: (await fund.locator("option", { hasText: /^Sadaqa — / }).textContent())! });
    await expect(form.getByLabel("Category of recipients")).toHaveCount(0);

    await page.goto("/admin/funds/ledger");
    await page.getByRole("search").getByLabel("Category").selectOption({ label: "the needy (al-masakin)" });
    await expect(page).toHaveURL(/[?&]category=masakin/);
  });
});

test("a visitor who is not signed in reaches none of the funds screens, the CSV or a proof", async ({ request }) => {
  for (const address of [
    "/admin/funds",
    "/admin/funds/ledger",
    "/admin/funds/ledger.csv",
    "/admin/funds/proofs/1",
    "/admin/funds/rates",
    "/admin/funds/policy",
  ]) {
    const response = await request.get(address, { maxRedirects: 0 });
    expect(response.status(), address).toBe(302);
    expect(response.headers().location, address).toBe(`/admin/login?redirectTo=${encodeURIComponent(address)}`);
  }
  const posted = await request.post("/admin/funds/ledger", {
    form: { intent: "disburse", fund_id: "2", amount: "1", description: "x" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toMatch(/^\/admin\/login/);
});

/** A phone's photo of a receipt, about 2 MB: noise, so that JPEG cannot make it small. */
async function receiptPhoto(): Promise<Buffer> {
  const [width, height] = [1300, 900];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** Healthcare's money, so the proof walks leave Zakat al-Mal to the walks above. */
async function receiveHealthcare(page: Page) {
  const response = await page.request.post("/admin/donations", {
    form: {
      intent: "record",
      name: "Proof walk donor",
      amount: "40",
      frequency: "One-Time",
      payment_method: "cash",
      purpose: "Healthcare",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

async function disburseWithProof(
  page: Page,
  description: string,
  proof: { name: string; mimeType: string; buffer: Buffer },
) {
  const form = await openDisbursementForm(page);
  const fund = form.getByLabel("Fund", { exact: true });
  await fund.selectOption({ label: (await fund.locator("option", { hasText: /^Healthcare — / }).textContent())! });
  await form.getByLabel("Amount (USD)").fill("3.21");
  await form.getByLabel("Description").fill(description);
  await form.getByLabel(/^Proof document/).setInputFiles(proof);
  await form.getByRole("button", { name: "Record disbursement" }).click();
}

/** A proof photo larger than an ordinary form may send (1 MB), within the 10 MB the form promises. */
async function proofWalk(page: Page) {
  await receiveHealthcare(page);
  const photo = await receiptPhoto();
  expect(photo.length).toBeGreaterThan(1.8 * 1024 * 1024);
  const description = `Clinic invoice, photographed (${uniqueSuffix()})`;
  await disburseWithProof(page, description, { name: "receipt.jpg", mimeType: "image/jpeg", buffer: photo });

  await expect(page.getByRole("status").filter({ hasText: "Disbursement #" })).toContainText(
    /Disbursement #\d+ recorded: \$3\.21 from Healthcare\./,
  );
  const [entry] = (await entriesDescribed(description)) as { id: number }[];
  expect(entry).toBeDefined();
  const proof = page
    .getByRole("row")
    .filter({ hasText: description })
    .getByRole("link", { name: `Proof document of entry ${entry!.id}` });
  const download = await page.request.get((await proof.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/webp");
  await expect(sharp(await download.body()).metadata()).resolves.toMatchObject({
    format: "webp",
    width: 1300,
    height: 900,
  });
}

test.describe("a proof document without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a 2 MB photo is recorded with the disbursement, and staff can open it", async ({ adminPage: page }) => {
    await proofWalk(page);
  });

  test("a file larger than the form takes gets a page in words, and nothing is recorded", async ({
    adminPage: page,
  }) => {
    const description = `Too large to send (${uniqueSuffix()})`;
    await disburseWithProof(page, description, {
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: randomBytes(11 * 1024 * 1024),
    });
    await expect(page.getByRole("heading", { name: "The form was too large to send", level: 1 })).toBeVisible();
    await expect(page.getByText("comes to more than this form takes: 10 MB in all. Nothing was saved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the form again" })).toHaveAttribute(
      "href",
      "/admin/funds/ledger?record=1",
    );
    expect(await entriesDescribed(description)).toEqual([]);
  });
});

test.describe("a proof document with JavaScript", () => {
  test("a 2 MB photo is recorded with the disbursement, and staff can open it", async ({ adminPage: page }) => {
    await proofWalk(page);
  });
});
