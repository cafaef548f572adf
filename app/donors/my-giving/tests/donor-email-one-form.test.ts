import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "../../../../db/migrations";
import { getDb, openDatabase } from "~/lib/db.server";
import { givingOf } from "~/donors/my-giving/server/my-giving.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";

/**
 * A donor is one address however it was typed: stored in one form (trimmed, lower-case)
 * and found in that form, both for gifts recorded now and for gifts kept before.
 */
describe("a donor's email", () => {
  it("is stored in one form, and finds the donor's gifts however it is typed", async () => {
    const gift = await recordOfflineGift(
      { name: "Amina Yusuf", amount: 40, email: "  Amina.Yusuf@Example.ORG ", payment_method: "cash" },
      "admin",
    );
    const stored = await getDb()
      .selectFrom("donations")
      .select("email")
      .where("id", "=", gift.id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe("amina.yusuf@example.org");
    const giving = await givingOf("AMINA.YUSUF@example.org");
    expect(giving.gifts.map((found) => found.id)).toContain(gift.id);
  });

  it("kept as typed before is brought to that form by the migration, and counted as one donor", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "charity-donor-email-"));
    const db = openDatabase(path.join(folder, "old.sqlite"));
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo("0008_donor_sessions")).error).toBeUndefined();
      const gift = {
        amount_cents: 2500,
        frequency: "One-Time",
        purpose: "zakat",
        donated_at: "2026-01-05T10:00:00.000Z",
        receipt_token: null,
      } as const;
      await db
        .insertInto("donations")
        .values([
          { ...gift, name: "Bilal", email: " Bilal@Example.org" },
          { ...gift, name: "Bilal", email: "bilal@example.org" },
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const emails = await db.selectFrom("donations").select("email").execute();
      expect(emails.map((row) => row.email)).toEqual(["bilal@example.org", "bilal@example.org"]);
      const donors = await db.selectFrom("donors").select(["email", "gift_count"]).execute();
      expect(donors).toEqual([{ email: "bilal@example.org", gift_count: 2 }]);
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
