import type { Locator, Page } from "@playwright/test";
import { ADMIN_NAVIGATION } from "../components/admin-navigation";
import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";

/**
 * Every admin screen fits a laptop (1366×900) without scrolling sideways, and a phone
 * (390×844) with its tables scrolling inside their own box: the page itself never overflows,
 * every row's actions can be reached, and Logout is on screen wherever the page is scrolled.
 */
const SCREENS = [
  ...new Set([
    ...ADMIN_NAVIGATION.map((item) => item.to),
    "/admin/funds/ledger",
    "/admin/funds/rates",
    "/admin/funds/policy",
  ]),
];

const LAPTOP = { width: 1366, height: 900 };
const PHONE_AND_LAPTOP = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** An ordinary address too long for a phone's line, with nowhere a browser breaks it by itself. */
const LONG_EMAIL = "abdulrahman.alhashimi.alqurashi@hotmail.co.uk";
/** A partner's receipt address, as a disbursement's description may hold one. */
const LONG_LINK =
  "https://partner-organisation.example.org/receipts/2026/winter-blankets-and-heaters-for-the-northern-villages.pdf";
const PHONE = { width: 390, height: 844 };

/**
 * Real rows for Subscriptions and Donations: a monthly gift and a one-off gift with a long
 * dedication, and two more monthly gifts, one made past due by the sandbox's failed charge and
 * one paused by staff, whose status and next-payment notes are the widest a row gets.
 */
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  expect((await page.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
  const stamp = Date.now().toString(36);
  const give = async (frequency: string, name: string, email: string) => {
    await page.goto(`/donate?amount=45&frequency=${frequency}`);
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Donate Now" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/donation-success/);
  };
  for (const frequency of ["Monthly", "One-time"]) {
    await give(
      frequency,
      "Khadijah Abdul-Rahman Al-Hashimi",
      `layout-${frequency.toLowerCase()}-${stamp}@a-rather-long-domain-name.example.org`,
    );
  }
  const pastDue = `layout-past-due-${stamp}@a-rather-long-domain-name.example.org`;
  const paused = `layout-paused-${stamp}@a-rather-long-domain-name.example.org`;
  await give("Monthly", "Abdulrahman Al-Qurashi", pastDue);
  await give("Monthly", "Maryam Bint-Yusuf Al-Ansari", paused);

  await page.goto("/admin/subscriptions");
  await page.getByLabel("Active gift").selectOption({ label: `Abdulrahman Al-Qurashi (${pastDue}) · $45 monthly` });
  await page.getByRole("button", { name: "Simulate failed charge" }).click();
  await expect(page.getByText(/Charge declined\./)).toBeVisible();
  const pausedRow = page
    .getByRole("table", { name: "Recurring gifts, newest first" })
    .getByRole("row")
    .filter({ hasText: paused });
  await pausedRow.locator("summary").click();
  await pausedRow.getByRole("link", { name: /^Pause / }).click();
  await page.getByRole("button", { name: "Pause the gift" }).click();
  await expect(page.getByText(/Maryam Bint-Yusuf Al-Ansari's gift is paused/)).toBeVisible();

  // The long address in a volunteer's signup, a message, a gift (typed as the name too, as
  // donors sometimes do) and its receipt in the Outbox; the long link in a disbursement.
  await give("Monthly", LONG_EMAIL, LONG_EMAIL);
  for (const [path, body] of [
    ["/api/volunteers/", { name: "Abdulrahman Al-Hashimi", email: LONG_EMAIL, interest: "Fundraising" }],
    [
      "/api/contact/",
      {
        name: "Abdulrahman Al-Hashimi",
        email: LONG_EMAIL,
        message: "Could you send me last year's receipts again, please?",
      },
    ],
  ] as const) {
    expect((await page.request.post(path, { data: body })).status()).toBe(201);
  }
  const { access_token } = await (await page.request.post("/api/auth/login", { data: E2E_ADMIN })).json();
  const staff = { authorization: `Bearer ${access_token}` };
  const [fund] = await (await page.request.get("/api/funds/", { headers: staff })).json();
  const disbursed = await page.request.post("/api/disbursements/", {
    headers: staff,
    data: {
      fund_id: fund.id,
      amount: 12,
      disbursed_on: new Date().toISOString().slice(0, 10),
      description: `Blankets, receipt at ${LONG_LINK}`,
    },
  });
  expect(disbursed.status()).toBe(201);
  await page.close();
});

/** The page's own width beyond the window, in pixels (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The links, buttons and menu toggles a person can see in the tables' rows. */
const rowActions = (page: Page): Promise<Locator[]> =>
  page.locator("main table tbody tr").locator(":is(a, button, summary):visible").all();

/**
 * Runs `check` on the page with no row menu open, then with each row's menu (a <details>)
 * opened in turn by a click, as a person opens it, and closed again.
 */
async function withEachMenuOpen(page: Page, check: (actions: Locator[]) => Promise<void>) {
  await check(await rowActions(page));
  for (const menu of await page.locator("main table tbody tr details").all()) {
    await menu.locator("> summary").click();
    await expect(menu).toHaveAttribute("open");
    await check(await rowActions(page));
    await menu.locator("> summary").click();
    await expect(menu).not.toHaveAttribute("open");
  }
}

/** The box a table scrolls in: its nearest ancestor that scrolls sideways. */
function scrollBoxOf(table: Locator) {
  return table.evaluate((element) => {
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(box).overflowX)) {
        const rect = box.getBoundingClientRect();
        const caption = element.querySelector("caption")?.textContent ?? "a table";
        return {
          left: rect.left,
          right: rect.right,
          scrolls: box.scrollWidth > box.clientWidth + 1,
          size: `${caption}: ${box.scrollWidth} px in a ${box.clientWidth} px box`,
        };
      }
    }
    return null;
  });
}

async function expectLogoutOnScreen(page: Page) {
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("button", { name: "Logout" })).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The laptop widths each screen must fit: 1366 for every screen; 1280 too for the widest lists. */
const LAPTOPS = [
  LAPTOP,
  ...["/admin/donations", "/admin/subscriptions"].map((screen) => ({ width: 1280, height: 800, screen })),
];

for (const laptop of LAPTOPS) {
  test.describe(`admin screens on a ${laptop.width} px laptop`, () => {
    test.use({ viewport: { width: laptop.width, height: laptop.height } });

    for (const screen of SCREENS.filter((screen) => !("screen" in laptop) || laptop.screen === screen)) {
      test(`${screen} fits ${laptop.width} px with any row menu open, its row actions on screen, Logout at hand`, async ({
        adminPage: page,
      }) => {
        // Every row's menu opened in turn, every action measured: a long list on a busy machine takes a while.
        test.setTimeout(90_000);
        await page.goto(screen);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await withEachMenuOpen(page, async (actions) => {
          expect(await pageOverflow(page), "the page scrolls sideways").toBeLessThanOrEqual(0);
          for (const table of await page.locator("main table").all()) {
            const box = await scrollBoxOf(table);
            expect(box?.scrolls ?? false, `a table scrolls sideways (${box?.size})`).toBe(false);
          }
          for (const action of actions) {
            const box = (await action.boundingBox())!;
            expect(box.x, `${await action.textContent()} starts off screen`).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width, `${await action.textContent()} ends off screen`).toBeLessThanOrEqual(
              laptop.width,
            );
          }
        });
        await expectLogoutOnScreen(page);
      });
    }
  });
}

test.describe("admin screens on a phone", () => {
  test.use({ viewport: PHONE });

  for (const screen of SCREENS) {
    test(`${screen} never overflows a 390 px phone; its tables scroll in their own box`, async ({
      adminPage: page,
    }) => {
      // Every row's menu opened in turn, every action scrolled to: a long list on a busy machine takes a while.
      test.setTimeout(90_000);
      await page.goto(screen);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageOverflow(page), "the page scrolls sideways").toBeLessThanOrEqual(0);
      for (const table of await page.locator("main table").all()) {
        const box = await scrollBoxOf(table);
        const wide = await table.evaluate((element) => element.getBoundingClientRect().right > window.innerWidth);
        if (wide) expect(box, "a table wider than the phone has no box of its own to scroll in").not.toBeNull();
        if (box) expect(box.right, "a table's box is wider than the phone").toBeLessThanOrEqual(PHONE.width);
      }
      await withEachMenuOpen(page, async (actions) => {
        for (const action of actions) {
          await action.scrollIntoViewIfNeeded();
          await expect(action).toBeInViewport();
        }
        expect(await pageOverflow(page), "scrolling to a row action widened the page").toBeLessThanOrEqual(0);
      });
      await expectLogoutOnScreen(page);
    });
  }
});

/**
 * A confirmation or a message opened by its address holds an ordinary long address or link
 * without widening the page, on a phone and on a laptop.
 */
const PANELS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: "a volunteer's ?delete=", open: (page) => openFromRow(page, "/admin/volunteers", LONG_EMAIL, /^Delete /) },
  { name: "a message's ?delete=", open: (page) => openFromRow(page, "/admin/contacts", LONG_EMAIL, /^Delete /) },
  { name: "the Outbox's ?view=", open: (page) => openFromRow(page, "/admin/outbox", LONG_EMAIL, /^Read /) },
  {
    name: "Subscriptions' ?change=",
    open: (page) => openFromRow(page, "/admin/subscriptions", LONG_EMAIL, /^Change the amount/),
  },
  {
    name: "a gift's ?cancel=",
    open: (page) => openFromRow(page, "/admin/subscriptions", LONG_EMAIL, /^Cancel subscription/),
  },
  {
    name: "the Ledger's ?reverse=",
    open: (page) => openFromRow(page, "/admin/funds/ledger", LONG_LINK, /^Reverse entry/),
  },
];

/** Opens a row's link (from its menu, when it has one) as staff would, and waits for the panel it opens. */
async function openFromRow(page: Page, screen: string, rowText: string, link: RegExp) {
  await page.goto(screen);
  const row = page.locator("main table tbody tr").filter({ hasText: rowText }).first();
  const menu = row.locator("details > summary");
  if (await menu.count()) await menu.click();
  await row.getByRole("link", { name: link }).click();
  await expect(page).toHaveURL(/[?&](delete|view|change|cancel|reverse)=/);
  await expect(page.locator("main section h2").first()).toBeVisible();
}

for (const viewport of PHONE_AND_LAPTOP) {
  test.describe(`confirmations and messages at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const panel of PANELS) {
      test(`${panel.name} holds a long address or link within the screen`, async ({ adminPage: page }) => {
        await panel.open(page);
        expect(await pageOverflow(page), "the page scrolls sideways").toBeLessThanOrEqual(0);
      });
    }
  });
}

test.describe("a row's Actions menu", () => {
  test.use({ viewport: LAPTOP });

  test("opens with Enter, closes with Escape with focus back on its toggle, and opening another closes it", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/subscriptions");
    const menus = page.locator("main table tbody tr details");
    const [first, second] = [menus.nth(0), menus.nth(1)];
    // The page's scripts loaded and run: Escape is theirs.
    await page.waitForLoadState("networkidle");
    await first.locator("> summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(first).not.toHaveAttribute("open");
    await expect(first.locator("> summary")).toBeFocused();

    await page.keyboard.press("Enter");
    await second.locator("> summary").click();
    await expect(second).toHaveAttribute("open");
    await expect(first).not.toHaveAttribute("open");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("still opens, and opening another closes the first", async ({ adminPage: page }) => {
      await page.goto("/admin/subscriptions");
      const menus = page.locator("main table tbody tr details");
      await menus.nth(0).locator("> summary").click();
      await expect(menus.nth(0).getByRole("link", { name: /^History of / })).toBeVisible();
      await menus.nth(1).locator("> summary").click();
      await expect(menus.nth(1)).toHaveAttribute("open");
      await expect(menus.nth(0)).not.toHaveAttribute("open");
    });
  });
});
