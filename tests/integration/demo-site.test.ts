import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../db/seed";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as dashboard from "~/staff/dashboard/routes/admin-dashboard";
import * as transparencyApi from "~/funds/transparency/routes/api-transparency";
import * as donate from "~/giving/donate/routes/donate";
import * as home from "~/content/homepage/routes/home";
import * as obligations from "~/giving/quick-pay/routes/obligations";
import * as transparency from "~/funds/transparency/routes/transparency";
import * as zakatCalculator from "~/giving/zakat-calculator/routes/zakat-calculator";
import * as zakatEducation from "~/content/homepage/routes/zakat-education";
import * as zakatPolicy from "~/funds/zakat-policy/routes/zakat-policy";
import { callApi, callRoute } from "../support/routes";
import { screenHtml, screenText } from "../support/screens";

/**
 * The demo a newcomer meets on a first `npm start` (SEED_DEMO=1 in test mode): a filled
 * policy (clearly a demonstration foundation's), confirmed rates, and a Total Raised that
 * is what /transparency shows as received.
 */
// This file's database is migrated by the setup's beforeAll, which runs before this one.
beforeAll(() => seedDemoContent(getDb()));

describe("the demo site", () => {
  it("publishes a filled Zakat policy, clearly a demonstration's, linked from the donate page", async () => {
    const text = await screenText(zakatPolicy as never, "/zakat-policy");
    expect(text).not.toMatch(/template|\[say|\[name/i);
    expect(text).toMatch(/demonstration/i);
    expect(text).toContain("Administration share:");
    expect(await screenHtml(donate as never, "/donate")).toContain('href="/zakat-policy"');
  });

  it("states its rates as confirmed: nothing to be confirmed on quick pay, the report, the calculator or the education page", async () => {
    for (const [page, address] of [
      [obligations, "/obligations"],
      [transparency, "/transparency"],
      [zakatCalculator, "/zakat-calculator"],
      [zakatEducation, "/zakat-education"],
    ] as const) {
      expect(await screenText(page as never, address), address).not.toMatch(/to be confirmed/i);
    }
  });

  it("leaves the dashboard nothing to ask about the policy or the rates", async () => {
    const text = await screenText(dashboard as never, "/admin");
    expect(text).not.toContain("The Zakat policy is not written yet");
    expect(text).not.toContain("Rates still to be confirmed");
  });

  it("says on the dashboard that Total Donations counts test gifts while the site takes no real payments", async () => {
    expect(await screenText(dashboard as never, "/admin")).toContain("Total Donations");
    expect(await screenText(dashboard as never, "/admin")).toMatch(
      /Total Donations \$[\d,.]+ Including test gifts while the site takes no real payments/,
    );
  });

  it("tells staff which of the foundation's details on receipts and the footer are still placeholders, until they are set", async () => {
    expect(await screenText(dashboard as never, "/admin")).toContain(
      "Receipts and the site's footer still carry placeholder details: set ORG_LEGAL_NAME, ORG_TAX_ID, ORG_ADDRESS, ORG_EMAIL, ORG_PHONE in the environment (docs/going-live.md).",
    );
    const placeholders = {
      ORG_LEGAL_NAME: "Al-Amanah Foundation Inc.",
      ORG_TAX_ID: "12-3456789",
      ORG_ADDRESS: "1 Main Street, Dearborn, MI",
      ORG_EMAIL: "info@al-amanah.example",
      ORG_PHONE: "+1 313 555 0100",
    };
    Object.assign(process.env, placeholders);
    resetEnvCache();
    try {
      expect(await screenText(dashboard as never, "/admin")).not.toContain("placeholder details");
    } finally {
      for (const name of Object.keys(placeholders)) delete process.env[name];
      resetEnvCache();
    }
  });

  it("tells staff while the emergency banner shows its built-in words rather than an appeal of theirs, until they choose", async () => {
    const reminder =
      "The emergency banner above every public page shows its built-in words (families displaced by floods), not an appeal of yours.";
    expect(await screenText(dashboard as never, "/admin")).toContain(reminder);
    await getDb().updateTable("settings").set({ value: "off" }).where("key", "=", "emergency_appeal").execute();
    try {
      expect(await screenText(dashboard as never, "/admin")).not.toContain(reminder);
    } finally {
      await getDb().updateTable("settings").set({ value: "" }).where("key", "=", "emergency_appeal").execute();
    }
  });

  it("shows on the homepage the Total Raised that /transparency shows as received", async () => {
    const { body } = await callApi(transparencyApi.loader, "/api/transparency");
    const received =
      (body.funds as { received: number }[]).reduce((cents, fund) => cents + Math.round(fund.received * 100), 0) / 100;
    expect(received).toBeGreaterThan(100_000);
    const data = (await callRoute(home.loader, "/")) as { page: { figures: { total_raised: number } } };
    expect(data.page.figures.total_raised).toBe(received);
    expect(await screenText(home as never, "/")).toContain(
      `Total Raised $${Math.round(received).toLocaleString("en-US")}`,
    );
  });
});
