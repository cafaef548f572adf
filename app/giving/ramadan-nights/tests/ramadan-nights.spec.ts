import { expect, test } from "../../../../tests/e2e/fixtures";
import type { Page } from "@playwright/test";

/**
 * Ramadan's nights end to end in the sandbox, as a newcomer would try them out of season:
 * a donor chooses the last ten nights at $10, doubled on the odd nights, sees the nights
 * and the total, and saves a card on the simulated page; staff confirm a first night that
 * makes tonight the 21st night (test mode rehearses out of season), run tonight's charges
 * and find one gift of frequency Ramadan; running again charges nothing more.
 *
 * Settings are shared by both workers: the test that changes them runs alone in its
 * describe, and puts them back.
 */

/** The day whose evening "tonight" is in UTC (the e2e server's SITE_TIMEZONE): before 5 am, still last night. */
function tonightsEvening(now = new Date()): string {
  const evening = new Date(now.getTime() - (now.getUTCHours() < 5 ? 86_400_000 : 0));
  return evening.toISOString().slice(0, 10);
}

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const words = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(date);
  return `${part({ weekday: "long" })} ${part({ day: "numeric" })} ${part({ month: "long" })} ${part({ year: "numeric" })}`;
};

test.describe.serial("Ramadan nights", () => {
  test("a donor sets up the last ten nights, staff confirm the first night and charge tonight's, once", async ({
    adminPage: page,
  }) => {
    const email = `ramadan-${Date.now().toString(36)}@example.org`;
    const tonight = tonightsEvening();
    // Tonight is the 21st night: the first night began twenty evenings ago.
    const firstNight = daysBefore(tonight, 20);
    const tonightIs = `Tonight is the 21st night, ${new Date().getUTCHours() < 5 ? "which began on the evening of" : "beginning this evening,"} ${words(tonight)}.`;

    // The donor: Ramadan nights beside the other way to give, the nights shown as they type.
    await page.goto("/donate");
    await page.getByRole("navigation", { name: "Ways to give" }).getByRole("link", { name: "Ramadan nights" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Give on the nights of Ramadan" })).toBeVisible();
    await expect(page.getByLabel("The last ten nights")).toBeChecked();
    await page.getByLabel("Amount per night (USD)").fill("10");
    await page.getByLabel("Double on the odd nights of the last ten").check();
    await expect(page.getByTestId("ramadan-total")).toHaveText(
      "In all: $150.00 if Ramadan has 30 days, $140.00 if it has 29.",
    );
    const preview = page.getByTestId("ramadan-preview");
    await expect(preview.getByRole("row", { name: /21st night/ })).toContainText("$20.00Doubled: an odd night");
    await expect(preview.getByRole("row", { name: /22nd night/ })).toContainText("$10.00");
    await expect(preview.getByRole("row")).toHaveCount(11);
    await expect(page.getByTestId("ramadan-first-night")).toContainText("a proposal until the foundation confirms it");
    await page.getByLabel("Amount per night (USD)").fill("5");
    await expect(page.getByTestId("ramadan-total")).toHaveText(
      "In all: $75.00 if Ramadan has 30 days, $70.00 if it has 29.",
    );
    await page.getByLabel("Amount per night (USD)").fill("10");
    await page.getByLabel("Full name").fill("Maryam Idris");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Save my card and give each night" }).click();

    // The sandbox's card page: nothing charged now.
    await expect(page.getByRole("heading", { name: "Save a card for your Ramadan nights" })).toBeVisible();
    await expect(page.getByTestId("sandbox-setup")).toContainText("Charged nowNothing");
    await page.getByRole("button", { name: "Save card", exact: true }).click();
    await expect(page).toHaveURL(/\/donation-success\?ramadan=\d+/);
    await expect(page.getByRole("heading", { name: "Your Ramadan nights are set up, Maryam Idris!" })).toBeVisible();
    await expect(page.getByTestId("ramadan-first-charge")).toContainText("for the 21st night");

    try {
      // Staff confirm the first night (out of season: the sandbox rehearses) and an hour late enough that only the
      // button charges.
      await page.goto("/admin/settings");
      await expect(page.getByTestId("ramadan-proposal")).toContainText("Proposed from the Hijri calendar:");
      await page.getByLabel("First night of Ramadan").fill(firstNight);
      await page.getByLabel("Charge hour").fill("23");
      await page.getByRole("button", { name: "Save Ramadan settings" }).click();
      await expect(page.getByText("Ramadan settings saved.")).toBeVisible();
      await expect(page.getByTestId("ramadan-tonight")).toHaveText(tonightIs);

      // A donor starting now, on the 21st night, is shown and totalled only the nights still to give.
      await page.goto("/donate?way=ramadan-nights&plan=all-thirty&per_night=1");
      await expect(page.getByTestId("ramadan-from-night")).toContainText(
        "Ramadan is under way: you give from the 21st night on",
      );
      await expect(page.getByTestId("ramadan-total")).toHaveText(
        "In all: $10.00 if Ramadan has 30 days, $9.00 if it has 29.",
      );
      await expect(page.getByTestId("ramadan-preview").getByRole("row")).toHaveCount(11);
      await page.goto("/admin/settings");

      await page.getByRole("navigation").getByRole("link", { name: "Ramadan nights" }).click();
      await expect(page.getByTestId("ramadan-tonight")).toHaveText(tonightIs);
      const row = page.getByRole("row").filter({ hasText: email });
      // From 11 pm (and until the night ends at 5 am) the queue may charge tonight's night before the button does.
      const lateHour = new Date().getUTCHours() >= 23 || new Date().getUTCHours() < 5;
      await expect(row).toContainText(
        lateHour
          ? /0 charged · 0 failed · 10 to come|1 charged · 0 failed · 9 to come/
          : "0 charged · 0 failed · 10 to come",
      );

      await page.getByRole("link", { name: "Run tonight's charges now" }).click();
      await expect(page.getByRole("heading", { name: "Charge tonight's nights now?" })).toBeFocused();
      await page.getByRole("button", { name: "Yes, charge tonight's nights" }).click();
      // Late, the queue may have charged it a moment before the button did: either way, once.
      await expect(page.getByRole("status")).toContainText(
        lateHour
          ? /Tonight's charges ran: (1 charged, 0 failed, 0|0 charged, 0 failed, 1) already charged/
          : "Tonight's charges ran: 1 charged, 0 failed, 0 already charged, 0 missed.",
      );
      await expect(row).toContainText("1 charged · 0 failed · 9 to come");
      await expect(row).toContainText("$20.00");

      await row.getByRole("link", { name: "Nights of Maryam Idris", exact: true }).click();
      const nights = page.getByRole("region", { name: "Nights of Maryam Idris", exact: true });
      await expect(nights.getByRole("row", { name: /21st night/ })).toContainText(`${words(tonight)}$20.00charged`);
      await expect(nights.getByRole("row", { name: /22nd night/ })).toContainText("to come");

      // One gift for tonight's night, of frequency Ramadan.
      await page.goto(`/admin/donations?${new URLSearchParams({ search: email })}`);
      const gifts = page.getByRole("row").filter({ hasText: email });
      await expect(gifts).toHaveCount(1);
      await expect(gifts).toContainText("Ramadan");
      await expect(gifts).toContainText("$20");

      // Running again charges nothing more.
      await page.goto("/admin/ramadan?run=1");
      await page.getByRole("button", { name: "Yes, charge tonight's nights" }).click();
      await expect(page.getByRole("status")).toContainText(
        /Tonight's charges ran: 0 charged, 0 failed, [1-9]\d* already charged/,
      );
      await page.goto(`/admin/donations?${new URLSearchParams({ search: email })}`);
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
    } finally {
      // The other worker's tests read the settings too: back to no first night confirmed, the usual hour.
      const restored = await page.request.post("/admin/settings", {
        form: { intent: "ramadan", ramadan_first_night: "", ramadan_charge_hour: "20" },
        maxRedirects: 0,
      });
      expect(restored.status()).toBe(302);
    }
  });
});

test.describe("Ramadan nights without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Show the nights draws them on the server, keeping what was typed; a bad amount is refused beside its field", async ({
    page,
  }) => {
    await page.goto("/donate?way=ramadan-nights");
    await page.getByLabel("All thirty nights").check();
    await page.getByLabel("Amount per night (USD)").fill("0.5");
    await page.getByLabel("Full name").fill("Yusuf Ali");
    await page.getByRole("button", { name: "Show the nights" }).click();
    await expect(page.getByText("The minimum for a night is $1")).toBeVisible();
    await expect(page.getByLabel("Amount per night (USD)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full name")).toHaveValue("Yusuf Ali");

    await page.getByLabel("Amount per night (USD)").fill("2");
    await page.getByRole("button", { name: "Show the nights" }).click();
    await expect(page.getByLabel("All thirty nights")).toBeChecked();
    await expect(page.getByTestId("ramadan-preview").getByRole("row")).toHaveCount(31);
    await expect(page.getByTestId("ramadan-total")).toHaveText(
      "In all: $60.00 if Ramadan has 30 days, $58.00 if it has 29.",
    );
    await expect(page.getByLabel("Full name")).toHaveValue("Yusuf Ali");
  });
});

test.describe("Ramadan nights on a phone", () => {
  /** How far the page, and the widest table in its own scroller, reach past the screen's width. */
  const sideways = (page: Page) =>
    page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: Math.max(
        0,
        ...[...document.querySelectorAll("table")].map(
          (table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
        ),
      ),
    }));

  test("every Ramadan screen fits 390 pixels without scrolling sideways", async ({ adminPage: page }) => {
    const email = `ramadan-phone-${Date.now().toString(36)}@example.org`;
    await page.setViewportSize({ width: 390, height: 844 });
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });

    await page.goto("/donate?way=ramadan-nights&per_night=10&double_odd_nights=on");
    await expect(page.getByTestId("ramadan-total")).toBeVisible();
    await shot("donate");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });

    await page.getByLabel("Full name").fill("Khadija Abdullahi-Warsame");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Save my card and give each night" }).click();
    await expect(page.getByRole("heading", { name: "Save a card for your Ramadan nights" })).toBeVisible();
    await shot("card-page");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
    await page.getByRole("button", { name: "Save card", exact: true }).click();
    await expect(page.getByRole("heading", { name: /Your Ramadan nights are set up/ })).toBeVisible();
    await shot("thanks");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });

    await page.goto(`/admin/ramadan?${new URLSearchParams({ email })}`);
    await page
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("link", { name: /^Nights of / })
      .click();
    await expect(page.getByRole("region", { name: /^Nights of / })).toBeVisible();
    await shot("admin-ramadan");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });

    await page.goto("/admin/settings");
    await expect(page.getByRole("region", { name: "Ramadan nights" })).toBeVisible();
    await page
      .getByRole("region", { name: "Ramadan nights" })
      .screenshot({ path: test.info().outputPath("settings-ramadan-390.png") });
    expect((await sideways(page)).page).toBe(0);

    // The donor, whose only giving is these nights (nothing charged yet), signs in from the Outbox and stops the
    // remaining nights.
    await page.goto("/my-giving");
    await page.getByLabel("Email", { exact: true }).first().fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByText("If this address has given with us, a link is on its way.")).toBeVisible();
    await page.goto("/admin/outbox");
    await page
      .getByRole("row")
      .filter({ hasText: email })
      .filter({ hasText: "Your link to your giving" })
      .getByRole("link", { name: /^Read / })
      .click();
    const link = new URL(
      (await page
        .getByRole("region")
        .getByRole("link", { name: /\/my-giving\/sign-in\?token=/ })
        .getAttribute("href"))!,
    );
    await page.goto(link.pathname + link.search);
    await page.getByRole("button", { name: "Open my giving" }).click();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const myNights = page.getByRole("region", { name: "Ramadan nights" });
    await myNights.getByText("See each night").click();
    await shot("my-giving-nights");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
    await myNights.getByRole("link", { name: /^Stop the remaining nights of / }).click();
    await expect(page.getByRole("heading", { name: "Stop the remaining nights?" })).toBeVisible();
    await shot("my-giving-stop");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
    await page.getByRole("button", { name: "Yes, stop the remaining nights" }).click();
    await expect(page.getByText("The remaining nights are stopped: no further nights will be charged.")).toBeVisible();
    await expect(myNights).toContainText("Stopped · 0 given");
    expect(await sideways(page)).toEqual({ page: 0, table: 0 });
  });
});
