import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_RECORDED_BY } from "../../db/seed-funds";
import { closeDb, getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement } from "~/funds/ledger/server/ledger.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { bootstrap, describeStartup } from "~/staff/startup/server/startup.server";
import * as healthz from "~/staff/startup/routes/healthz";
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

  it("keeps all twenty-two settings (fourteen of the brief, five for giving, where Total Raised comes from, the approval threshold, whether staff need two-factor) and leaves edited values alone", async () => {
    await getDb().updateTable("settings").set({ value: "999" }).where("key", "=", "meals_provided").execute();
    await getDb().deleteFrom("settings").where("key", "=", "gallery_item_6").execute();
    await bootstrap();
    const rows = await getDb().selectFrom("settings").select(["key", "value"]).execute();
    expect(rows).toHaveLength(22);
    expect(rows.find((row) => row.key === "meals_provided")?.value).toBe("999");
    expect(rows.find((row) => row.key === "disbursement_approval_threshold")?.value).toBe("1000");
  });

  it("reports a healthy database on /healthz", async () => {
    const { status, body } = await callApi(healthz.loader, "/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("warns when mail will leave the machine with placeholder foundation details, and names what to set", async () => {
    const report = await bootstrap();
    expect(describeStartup(report, "http://localhost:3000").join("\n")).not.toMatch(/placeholder/);
    const settings = {
      SMTP_URL: "smtp://mail.example.org:25",
      PUBLIC_URL: "https://giving.example.org",
      MAIL_FROM: "giving@example.org",
      ORG_TAX_ID: "12-3456789",
    };
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
      // Assigning undefined would leave the text "undefined" behind.
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
      resetEnvCache();
    }
  });
});

/**
 * Live payments never start on the demo's made-up money. Each case starts on a database of
 * its own, as an operator's first start finds it, and puts this file's back afterwards.
 */
describe("live payments and the demo's money", () => {
  const LIVE_KEYS = { STRIPE_SECRET_KEY: "sk_live_never_called", STRIPE_WEBHOOK_SECRET: "whsec_never_called" };
  const TEST_KEYS = { STRIPE_SECRET_KEY: "sk_test_never_called", STRIPE_WEBHOOK_SECRET: "whsec_never_called" };
  const NO_KEYS = { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
  const TOUCHED = ["DATABASE_URL", "SEED_DEMO", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

  async function onNewDatabase(use: (file: string) => Promise<void>): Promise<void> {
    const folder = mkdtempSync(path.join(tmpdir(), "charity-live-"));
    const file = path.join(folder, "charity.sqlite");
    const saved = Object.fromEntries(TOUCHED.map((name) => [name, process.env[name]]));
    await closeDb();
    process.env.DATABASE_URL = `file:${file}`;
    try {
      await use(file);
    } finally {
      await closeDb();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
      rmSync(folder, { recursive: true, force: true });
    }
  }

  function startWith(settings: Record<string, string>) {
    Object.assign(process.env, settings);
    resetEnvCache();
    return bootstrap();
  }

  async function demoMoney() {
    const gifts = await getDb()
      .selectFrom("donations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recorded_by", "=", DEMO_RECORDED_BY)
      .executeTakeFirstOrThrow();
    const entries = await getDb()
      .selectFrom("disbursements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("recorded_by", "=", DEMO_RECORDED_BY)
      .executeTakeFirstOrThrow();
    return { gifts: Number(gifts.n), entries: Number(entries.n) };
  }

  it("refuses live keys on a database that tried the demo, and says what to do and where the file is", async () => {
    await onNewDatabase(async (file) => {
      // A newcomer's first start: the sandbox and the demo.
      const first = await startWith({ ...NO_KEYS, SEED_DEMO: "1" });
      expect(first).toMatchObject({ seededDemo: true, seededDemoMoney: true, sandbox: true });
      const held = await demoMoney();
      expect(held.gifts).toBeGreaterThan(500);
      expect(held.entries).toBeGreaterThan(60);
      const admins = await getDb().selectFrom("admins").select("username").execute();

      const refused = await startWith({ ...LIVE_KEYS, SEED_DEMO: "1" }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).name).toBe("StartRefusedError");
      expect((refused as Error).message).toBe(
        [
          `Payments are live (a live Stripe key), but the database ${file} holds the demo's made-up money: ` +
            `${held.gifts.toLocaleString("en-US")} gifts and ${held.entries} ledger entries recorded by "demo (made up)".`,
          "On a live site they would count in every fund, on /transparency and on the dashboard, and a ledger entry can never be deleted.",
          `A live site starts on an empty database: stop, move ${file} aside (with charity.sqlite-wal and charity.sqlite-shm beside it, if they are there), ` +
            "and start again with SEED_DEMO=0 and the live keys.",
          "To go on trying the site with the demo, start it with test keys (sk_test_...) or none.",
        ].join("\n"),
      );
      // Refused before anything else was done: the demo's money and the admins are as they were.
      expect(await demoMoney()).toEqual(held);
      expect(await getDb().selectFrom("admins").select("username").execute()).toEqual(admins);
      // Live keys in any spelling: a restricted live key is refused the same way.
      await expect(startWith({ ...LIVE_KEYS, STRIPE_SECRET_KEY: "rk_live_never_called" })).rejects.toThrow(
        /holds the demo's made-up money/,
      );
    });
  });

  it("says at start-up which payments the site takes: the sandbox, Stripe's test keys or live keys", async () => {
    await onNewDatabase(async () => {
      const paymentsLine = async (env: Record<string, string>) =>
        describeStartup(await startWith({ ...env, SEED_DEMO: "0" }), "http://localhost:3000").find((line) =>
          line.startsWith("Payments:"),
        );
      expect(await paymentsLine(NO_KEYS)).toMatch(/^Payments: SANDBOX mode/);
      expect(await paymentsLine(TEST_KEYS)).toBe(
        "Payments: Stripe TEST keys. Stripe's test checkout; no money moves, and test gifts are never counted in the books.",
      );
      expect(await paymentsLine(LIVE_KEYS)).toBe("Payments: LIVE Stripe keys. Donors' cards are charged.");
    });
  });

  it("starts on the demo's money in the sandbox and with test keys, as before", async () => {
    await onNewDatabase(async () => {
      await startWith({ ...NO_KEYS, SEED_DEMO: "1" });
      expect((await demoMoney()).gifts).toBeGreaterThan(0);
      await expect(startWith(TEST_KEYS)).resolves.toMatchObject({ seededDemo: false, sandbox: false });
      await expect(startWith(NO_KEYS)).resolves.toMatchObject({ seededDemo: false, sandbox: true });
    });
  });

  it("starts with live keys on a database without the demo's money, even when an admin is called demo", async () => {
    await onNewDatabase(async () => {
      await startWith({ ...NO_KEYS, SEED_DEMO: "0" });
      // Real money recorded by an admin whose name is "demo" is not the demo's.
      await recordOfflineGift(
        { name: "Friday collection", amount: "500", purpose: "Zakat", payment_method: "cash" },
        "demo",
      );
      const zakat = await fundBySlug("zakat-al-mal");
      await recordDisbursement(
        {
          fund_id: zakat.id,
          amount: "120",
          disbursed_on: new Date().toISOString().slice(0, 10),
          category: "masakin",
          description: "Rent support",
        },
        "demo",
      );
      const live = await startWith(LIVE_KEYS);
      expect(live).toMatchObject({ seededDemo: false, sandbox: false });
      expect(await demoMoney()).toEqual({ gifts: 0, entries: 0 });
    });
  });

  it("gives a new database started with live keys the demo's stories but never its money", async () => {
    await onNewDatabase(async () => {
      const first = await startWith({ ...LIVE_KEYS, SEED_DEMO: "1" });
      expect(first).toMatchObject({ seededDemo: true, seededDemoMoney: false, sandbox: false });
      expect((await getDb().selectFrom("stories").select("id").execute()).length).toBeGreaterThan(0);
      expect(await getDb().selectFrom("donations").select("id").execute()).toEqual([]);
      expect(await getDb().selectFrom("disbursements").select("id").execute()).toEqual([]);
      expect(describeStartup(first, "https://giving.example.org")).toContain(
        "New database: demo stories, events and testimonials added, but no demo gifts or ledger, since payments are live (SEED_DEMO=0 adds no demo content at all).",
      );
      // And it starts again, live.
      await expect(startWith(LIVE_KEYS)).resolves.toMatchObject({ seededDemo: false });
    });
  });
});
