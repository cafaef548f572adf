import { describe, expect, it } from "vitest";
import { openDatabase, migrateToLatest } from "~/lib/db.server";
import { seedDemoContent } from "../../db/seed";
import { ensureDefaultSettings, getImpactStatistics } from "~/services/content/settings.server";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";

describe("demo content", () => {
  it("fills a new database with stories, upcoming and past events, approved and pending testimonials and figures", async () => {
    await ensureDefaultSettings();
    const folder = mkdtempSync(path.join(tmpdir(), "charity-seed-"));
    const db = openDatabase(path.join(folder, "seed.sqlite"));
    try {
      await migrateToLatest(db);
      await db.insertInto("settings").values([{ key: "meals_provided", value: "0" }]).execute();
      await seedDemoContent(db);
      const stories = await db.selectFrom("stories").selectAll().execute();
      expect(stories.length).toBeGreaterThanOrEqual(4);
      expect(stories.filter((story) => story.is_featured === 1)).toHaveLength(2);
      const today = new Date().toISOString().slice(0, 10);
      const events = await db.selectFrom("events").select("date").execute();
      expect(events.some((event) => event.date >= today)).toBe(true);
      expect(events.some((event) => event.date < today)).toBe(true);
      const testimonials = await db.selectFrom("testimonials").select("is_approved").execute();
      expect(testimonials.filter((t) => t.is_approved === 1).length).toBeGreaterThanOrEqual(3);
      expect(testimonials.some((t) => t.is_approved === 0)).toBe(true);
      const meals = await db.selectFrom("settings").select("value").where("key", "=", "meals_provided").executeTakeFirst();
      expect(Number(meals?.value)).toBeGreaterThan(0);
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
    // The shared database of this file was not touched.
    expect((await getImpactStatistics()).meals_provided).toBe(0);
  });
});
