import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { unique } from "../../../../tests/support/unique";

/**
 * Sharing an appeal, and the appeal (or the donate page) a donor has just given to: plain
 * links to WhatsApp, Facebook, X and email and the address to copy, without JavaScript; with
 * it, the device's own share sheet where there is one, and a button that copies the link.
 */

/** A live appeal written straight into the server's database, open since yesterday. */
async function seedAppeal(): Promise<{ slug: string; title: string }> {
  const slug = unique("e2e-share");
  const title = `Warm Coats ${slug.slice(-6)}`;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await withDatabase((db) =>
    db.run(
      `insert into appeals (slug, title, summary, story, story_format, fund_id, goal_cents, preset_amounts, starts_on, status, went_live_at)
       values (?, ?, ?, ?, 'markdown', (select id from funds where slug = 'emergency-relief'), 10000, '20,40', ?, 'live', ?)`,
      [
        slug,
        title,
        "Coats for children before the snow.",
        "The nights are freezing.",
        yesterday,
        new Date().toISOString(),
      ],
    ),
  );
  return { slug, title };
}

/** Every way to share `url`, as the page links it, with `text` going along. */
async function expectShareLinks(share: Locator, { url, title, text }: { url: string; title: string; text: string }) {
  const encode = encodeURIComponent;
  const expected = {
    WhatsApp: `https://wa.me/?text=${encode(`${text} ${url}`)}`,
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}`,
    X: `https://x.com/intent/post?text=${encode(text)}&url=${encode(url)}`,
  };
  for (const [network, href] of Object.entries(expected)) {
    // Named as the footer's social links are: the network first, then where it opens.
    const link = share.getByRole("link", { name: `${network} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(share.getByRole("link", { name: "Email", exact: true })).toHaveAttribute(
    "href",
    `mailto:?subject=${encode(title)}&body=${encode(`${text}\n\n${url}`)}`,
  );
}

/** The device's share sheet, stood in for: each call's data is kept for the test to read. */
async function standInShareSheet(page: Page) {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = shared;
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
}

async function payInTheSandbox(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/donation-success\?session_id=cs_sandbox_/);
}

test.describe("sharing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an appeal's page links each way to share it, and shows its address to copy", async ({ page, baseURL }) => {
    const appeal = await seedAppeal();
    await page.goto(`/appeals/${appeal.slug}`);
    const share = page.getByRole("region", { name: "Share this appeal" });
    const url = `${baseURL}/appeals/${appeal.slug}`;
    await expectShareLinks(share, {
      url,
      title: appeal.title,
      text: `${appeal.title}: Coats for children before the snow.`,
    });
    await expect(share.getByRole("textbox", { name: "Copy link" })).toHaveValue(url);
    await expect(share.getByRole("button")).toHaveCount(0);
  });
});

test.describe("sharing with JavaScript", () => {
  test("an appeal's page opens the device's share sheet, and copies its link", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await standInShareSheet(page);
    const appeal = await seedAppeal();
    await page.goto(`/appeals/${appeal.slug}`);
    const share = page.getByRole("region", { name: "Share this appeal" });
    const url = `${baseURL}/appeals/${appeal.slug}`;

    await share.getByRole("button", { name: "Share", exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([
      { title: appeal.title, text: `${appeal.title}: Coats for children before the snow.`, url },
    ]);

    // Every change of the words the live region carries, as a screen reader hears them.
    const said = await share.locator("[aria-live=polite]").evaluateHandle((region) => {
      const heard: string[] = [];
      new MutationObserver(() => heard.push(region.textContent ?? "")).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      return heard;
    });
    const copyLink = share.getByRole("button", { name: "Copy link" });
    await copyLink.click();
    await expect(share.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // A second copy straight after is announced again: the words go, then come back.
    await copyLink.click();
    await expect.poll(() => said.evaluate((heard) => heard.filter(Boolean).length)).toBe(2);
    expect((await said.jsonValue()).at(-1)).toBe("Link copied");
    // And after a few seconds they go of themselves.
    await expect(share.getByText("Link copied")).toBeHidden({ timeout: 8_000 });
    // The plain links stay beside them, for a network the share sheet lacks.
    await expectShareLinks(share, {
      url,
      title: appeal.title,
      text: `${appeal.title}: Coats for children before the snow.`,
    });
  });

  test("the thank-you page shares the appeal given to, or the donate page, never its own address", async ({
    page,
    baseURL,
  }) => {
    const appeal = await seedAppeal();
    await page.goto(`/appeals/${appeal.slug}`);
    const give = page.locator("#give");
    await give.getByRole("button", { name: "$20", exact: true }).click();
    await give.getByLabel("Full name").fill("Maryam Osei");
    await give.getByLabel("Email", { exact: true }).fill(`${unique("maryam")}@example.org`);
    await give.getByRole("button", { name: "Donate Now" }).click();
    await payInTheSandbox(page);
    const afterAppeal = page.getByRole("region", { name: "Invite others to give" });
    await expectShareLinks(afterAppeal, {
      url: `${baseURL}/appeals/${appeal.slug}`,
      title: appeal.title,
      text: `I just gave to ${appeal.title} with Al-Amanah Foundation. Will you join me?`,
    });
    await expect(afterAppeal.getByRole("textbox", { name: "Copy link" })).toHaveCount(0);
    expect(await afterAppeal.innerHTML()).not.toContain("session_id");

    await page.goto("/donate");
    await page.getByRole("group", { name: "Preset amounts" }).getByRole("button", { name: "$25", exact: true }).click();
    await page.getByLabel("Full name").fill("Maryam Osei");
    await page.getByLabel("Email", { exact: true }).fill(`${unique("maryam")}@example.org`);
    await page.getByRole("button", { name: "Donate Now" }).click();
    await payInTheSandbox(page);
    const afterGift = page.getByRole("region", { name: "Invite others to give" });
    await expectShareLinks(afterGift, {
      url: `${baseURL}/donate`,
      title: "Give with Al-Amanah Foundation",
      text: "I just gave to Al-Amanah Foundation. Will you join me?",
    });
    expect(await afterGift.innerHTML()).not.toContain("session_id");
  });
});
