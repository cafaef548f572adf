import { createHash, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { withDatabase } from "./e2e-database";
import { expect, test } from "./fixtures";
import { uniqueSlug } from "../support/unique";

/**
 * The pages a visitor only reads are sent without any of the site's JavaScript, and stay
 * whole: the footer's newsletter form, the testimonial form and the phone menu work as
 * plain HTML, in a browser with JavaScript switched on. The pages that need their script
 * (giving, the calculator, the forms that check as you type) still get it.
 */
const READ_ONLY_PAGES = [
  "/about",
  "/zakat-education",
  "/stories",
  "/stories/1",
  "/events",
  "/events/1",
  "/testimonials",
  "/transparency",
  "/transparency?calendar=gregorian",
  "/zakat-policy",
  "/get-help",
  "/get-help?household_size=3&income=900&costs=1400",
  "/appeals",
  "/no-such-page",
];

/** What a receipt or a statement says where no script runs to print it. */
const PRINT_FALLBACK = "Use your browser's Print command to keep a copy on paper or as a PDF.";

/** The phone menu button's two drawings: three lines when closed, a cross when open. */
const MENU_ICON = "M4 6h16M4 12h16M4 18h16";
const CLOSE_ICON = "M6 6l12 12M18 6L6 18";

/** What of the app's JavaScript a page's HTML carries: script elements and module preloads. */
async function scriptsIn(page: Page, address: string) {
  const response = await page.request.get(address);
  const html = await response.text();
  return {
    status: response.status(),
    scripts: html.match(/<script\b/gi)?.length ?? 0,
    preloads: html.match(/rel="modulepreload"/g)?.length ?? 0,
    mentionsTheApp: /__reactRouter|\/assets\/[^"]+\.js/.test(html),
  };
}

/** A gift of the donor's own, with its receipt key, and a sign-in link to their giving (as the mail would carry). */
async function giftWithReceiptAndLink(email: string): Promise<{ receiptToken: string; signInToken: string }> {
  const receiptToken = randomBytes(18).toString("base64url");
  const signInToken = randomBytes(18).toString("base64url");
  const now = new Date();
  await withDatabase(async (db) => {
    await db.run(
      "insert into donations (name, email, amount_cents, frequency, purpose, donated_at, payment_method, recorded_by, receipt_token) values (?, ?, 4200, 'One-Time', 'General Donation', ?, 'cash', 'e2e', ?)",
      ["Hafsa Karim", email, now.toISOString(), receiptToken],
    );
    await db.run("insert into giving_sign_in_links (email, token_hash, created_at, expires_at) values (?, ?, ?, ?)", [
      email,
      createHash("sha256").update(signInToken).digest("hex"),
      now.toISOString(),
      new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
    ]);
  });
  return { receiptToken, signInToken };
}

test.describe("pages sent without JavaScript", () => {
  test("a page to read carries no script of the app and no module preload", async ({ page }) => {
    for (const address of READ_ONLY_PAGES) {
      const shipped = await scriptsIn(page, address);
      expect(shipped.status, address).toBe(address === "/no-such-page" ? 404 : 200);
      expect(shipped, address).toMatchObject({ scripts: 0, preloads: 0, mentionsTheApp: false });
    }
    // A story or an event that is not there is a page to read too, and so is a missing
    // appeal, though an appeal's own page needs its script.
    expect(await scriptsIn(page, "/stories/987654")).toMatchObject({ status: 404, scripts: 0, preloads: 0 });
    expect(await scriptsIn(page, `/appeals/${uniqueSlug("no-such-appeal")}`)).toMatchObject({
      status: 404,
      scripts: 0,
      preloads: 0,
      mentionsTheApp: false,
    });
  });

  test("a story with a video keeps its script, so its video plays in a dialog on the page", async ({ page }) => {
    const title = uniqueSlug("The well at Kibera");
    const { id } = (await withDatabase((db) =>
      db.get<{ id: number }>(
        "insert into stories (title, summary, content, video_url) values (?, 'A village drinks clean water.', 'The well was dug in a week.', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ') returning id",
        [title],
      ),
    ))!;
    const shipped = await scriptsIn(page, `/stories/${id}`);
    expect(shipped.status).toBe(200);
    expect(shipped.scripts).toBeGreaterThan(0);
    await page.goto(`/stories/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const play = page.getByRole("button", { name: "Watch how your giving helps" });
    await expect(play).toHaveAttribute("aria-haspopup", "dialog");
    await play.click();
    await expect(page.getByRole("dialog", { name: "Watch how your giving helps" }).locator("iframe")).toHaveAttribute(
      "src",
      /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
    );
    await expect(page).toHaveURL(new RegExp(`/stories/${id}$`));
  });

  test("a receipt and a yearly statement carry only their print button's own script, and print with it or say how without", async ({
    page,
    browser,
  }) => {
    const email = `${uniqueSlug("sheet")}@example.org`;
    const { receiptToken, signInToken } = await giftWithReceiptAndLink(email);
    // The browser's print dialog cannot be driven: each call is counted instead, as the donor's one press.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const timesPrinted = () => page.evaluate(() => (window as unknown as { printed: number }).printed);

    expect(
      (await page.request.post("/my-giving/sign-in", { form: { token: signInToken }, maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    const statement = `/my-giving/statement/${new Date().getUTCFullYear()}`;
    for (const [address, shows] of [
      [`/receipts/${receiptToken}`, page.getByRole("heading", { name: "Official receipt for your donation" })],
      [statement, page.getByRole("main").getByText("$42.00", { exact: true }).first()],
    ] as const) {
      // None of the app's JavaScript: one inline script, the button's own.
      expect(await scriptsIn(page, address), address).toMatchObject({
        status: 200,
        scripts: 1,
        preloads: 0,
        mentionsTheApp: false,
      });
      await page.goto(address);
      await expect(shows).toBeVisible();
      const print = page.getByRole("button", { name: "Print or save as PDF" });
      await expect(print).toBeVisible();
      await expect(page.getByText(PRINT_FALLBACK)).toBeHidden();
      await print.click();
      expect(await timesPrinted(), address).toBe(1);
      // On paper only the sheet: the button stays off it.
      await page.emulateMedia({ media: "print" });
      await expect(print).toBeHidden();
      await expect(shows).toBeVisible();
      await page.emulateMedia({ media: "screen" });
    }

    // Reached by a link from My giving, the running app draws the statement and its button itself.
    await page.goto("/my-giving");
    await page.getByRole("link", { name: `Statement for ${new Date().getUTCFullYear()}` }).click();
    await expect(page).toHaveURL(new RegExp(`${statement}$`));
    await page.getByRole("button", { name: "Print or save as PDF" }).click();
    expect(await timesPrinted()).toBe(1);
    await expect(page.getByText(PRINT_FALLBACK)).toBeHidden();

    // Where no script runs, the sheet says how to print it instead, and shows no button that would do nothing.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    const plainPage = await plain.newPage();
    await plainPage.goto(`/receipts/${receiptToken}`);
    await expect(plainPage.getByRole("heading", { name: "Official receipt for your donation" })).toBeVisible();
    await expect(plainPage.getByText("$42.00 USD")).toBeVisible();
    await expect(plainPage.getByText(PRINT_FALLBACK)).toBeVisible();
    await expect(plainPage.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
    await plain.close();
  });

  test("the footer's newsletter form subscribes from a page without script", async ({ page }) => {
    await page.goto("/stories");
    const footer = page.getByRole("contentinfo");
    const email = `${uniqueSlug("plain-news")}@example.org`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
    );
    const pending = await withDatabase((db) =>
      db.get<{ n: number }>("select count(*) as n from newsletter_subscribers where email = ?", [email]),
    );
    expect(pending!.n).toBe(1);
  });

  test("the testimonial form sends from a page without script, and lands back at its thanks", async ({ page }) => {
    const name = uniqueSlug("Khadija");
    await page.goto("/testimonials");
    const form = page.getByRole("region", { name: "Share your experience" });
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("3 stars").check();
    await form.getByLabel("Your experience").fill("The food parcels came the week we needed them.");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/testimonials\?shared=1#share-title$/);
    await expect(form.getByRole("status")).toHaveText(
      "Thank you! Your testimonial will appear once our team has reviewed it.",
    );
    await expect(form.getByRole("status")).toBeInViewport();
    const kept = await withDatabase((db) =>
      db.get<{ rating: number; is_approved: number }>("select rating, is_approved from testimonials where name = ?", [
        name,
      ]),
    );
    expect(kept).toEqual({ rating: 3, is_approved: 0 });
  });

  test("on a phone the menu opens and leads on, without script", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/zakat-education");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    const toggle = page.getByRole("banner").locator("summary");
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(toggle.locator("svg:visible path")).toHaveAttribute("d", MENU_ICON);
    await toggle.click();
    await expect(mobileNav).toBeVisible();
    // Open, the button shows a cross (CSS follows the disclosure); the browser says it is expanded.
    await expect(toggle.locator("svg:visible path")).toHaveAttribute("d", CLOSE_ICON);
    await expect(toggle).toHaveAccessibleName("Menu");
    await mobileNav.getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.locator('nav[aria-label="Mobile"] a[href="/events"]')).toHaveAttribute("aria-current", "page");
    // The keyboard opens it too: the menu is a disclosure the browser runs itself.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(mobileNav).toBeVisible();
  });
});

test.describe("pages that need their script keep it", () => {
  test("donate, the calculator and an appeal's page are sent their scripts and come alive", async ({ page }) => {
    for (const address of [
      "/",
      "/donate",
      "/zakat-calculator",
      "/contact",
      "/volunteer",
      "/my-giving",
      "/appeals/winter-emergency-in-gaza",
    ]) {
      const shipped = await scriptsIn(page, address);
      expect(shipped.scripts, address).toBeGreaterThan(0);
      expect(shipped.preloads, address).toBeGreaterThan(0);
    }
    // Hydrated: a preset fills the amount and the summary follows it, which only the page's script does.
    await page.goto("/donate");
    await page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$25", exact: true }).click();
    await expect(page.getByLabel("Amount (USD)").first()).toHaveValue("25");
    await expect(page.locator("form[novalidate]").first()).toBeAttached();
  });

  test("a page reached by a link from a page with script is shown by that script, whole", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/donate");
    await expect(page.locator("form[novalidate]").first()).toBeAttached();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
    await expect(page).toHaveURL(/\/stories$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Still the running app: the footer's form now answers in place.
    const footer = page.getByRole("contentinfo");
    const email = `${uniqueSlug("spa-news")}@example.org`;
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText(
      `Thank you! Please check your inbox at ${email} to confirm your subscription.`,
    );
    await expect(page).toHaveURL(/\/stories$/);
  });
});
