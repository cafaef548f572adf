import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { bootstrap, describeStartup } from "~/services/staff/startup.server";
import * as healthz from "~/routes/healthz";
import { callApi } from "../support/routes";

/**
 * The setup file has already migrated this file's database, as a restart would find it,
 * so bootstrap here behaves like a second start: nothing seeded, one admin created.
 */
describe("start-up", () => {
  it("creates an admin with a printed random password when none is configured, once", async () => {
    const first = await bootstrap();
    expect(first.seededDemo).toBe(false);
    expect(first.sandbox).toBe(true);
    expect(first.admin).toMatchObject({ created: true, username: "admin" });
    expect(first.admin.generatedPassword).toMatch(/^\S{16}$/);
    const lines = describeStartup(first, "http://localhost:3000").join("\n");
    expect(lines).toContain("http://localhost:3000/admin/login");
    expect(lines).toContain(first.admin.generatedPassword!);
    expect(lines).toMatch(/SANDBOX/);

    const second = await bootstrap();
    expect(second.admin).toEqual({ created: false });
    expect(await getDb().selectFrom("stories").selectAll().execute()).toEqual([]);
  });

  it("keeps all fourteen settings and leaves edited values alone", async () => {
    await getDb().updateTable("settings").set({ value: "999" }).where("key", "=", "meals_provided").execute();
    await getDb().deleteFrom("settings").where("key", "=", "gallery_item_6").execute();
    await bootstrap();
    const rows = await getDb().selectFrom("settings").select(["key", "value"]).execute();
    expect(rows).toHaveLength(14);
    expect(rows.find((row) => row.key === "meals_provided")?.value).toBe("999");
  });

  it("reports a healthy database on /healthz", async () => {
    const { status, body } = await callApi(healthz.loader, "/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("warns when mail will leave the machine with placeholder foundation details, and names what to set", async () => {
    const report = await bootstrap();
    expect(describeStartup(report, "http://localhost:3000").join("\n")).not.toMatch(/placeholder/);
    const settings = { SMTP_URL: "smtp://mail.example.org:25", PUBLIC_URL: "https://giving.example.org", MAIL_FROM: "giving@example.org", ORG_TAX_ID: "12-3456789" };
    Object.assign(process.env, settings);
    resetEnvCache();
    try {
      const warning = describeStartup(report, "https://giving.example.org").find((line) => line.startsWith("WARNING"));
      expect(warning).toBe(
        "WARNING: receipts, mails and the site still carry placeholder details; set ORG_LEGAL_NAME, ORG_ADDRESS, ORG_EMAIL, ORG_PHONE to the foundation's own before donors receive them.",
      );
    } finally {
      for (const name of Object.keys(settings)) delete process.env[name];
      resetEnvCache();
    }
  });

  it("refuses a broken configuration with a clear message", async () => {
    const saved = process.env.PORT;
    process.env.PORT = "eighty";
    resetEnvCache();
    try {
      await expect(bootstrap()).rejects.toThrow(/PORT: PORT must be a number/);
    } finally {
      process.env.PORT = saved;
      resetEnvCache();
    }
  });
});
