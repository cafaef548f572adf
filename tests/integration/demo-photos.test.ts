import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "~/lib/db.server";
import { DEMO_PHOTO_NAMES } from "~/content/media/rules/media-urls";
import { photoField } from "~/content/media/rules/photo-field";
import { seedDemoContent } from "../../db/seed";

const PUBLIC = path.join(import.meta.dirname, "..", "..", "public");

describe("the demo's photos", () => {
  it("give every demo story and appeal a photo shipped with the site, small, and one staff can save unchanged", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "charity-demo-photos-"));
    const db = openDatabase(path.join(folder, "demo.sqlite"));
    try {
      await migrateToLatest(db);
      await seedDemoContent(db);
      const stories = await db.selectFrom("stories").select(["title", "image_filename"]).execute();
      const appeals = await db.selectFrom("appeals").select(["title", "image_filename"]).execute();
      expect(stories).toHaveLength(5);
      expect(appeals).toHaveLength(3);
      for (const { title, image_filename: photo } of [...stories, ...appeals]) {
        expect(photo, title).toMatch(/^\/demo\/[a-z-]+\.webp$/);
        const file = path.join(PUBLIC, photo);
        expect(existsSync(file), `${title}: ${photo}`).toBe(true);
        expect(statSync(file).size, photo).toBeLessThan(80 * 1024);
        expect(photoField.safeParse(photo).success, photo).toBe(true);
      }
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("are the only paths on this site the photo rule takes, and each is a file the site ships", () => {
    const shipped = readdirSync(path.join(PUBLIC, "demo")).map((name) => `/demo/${name}`);
    expect(shipped.length).toBeGreaterThan(0);
    for (const photo of shipped) expect(photoField.safeParse(photo).success, photo).toBe(true);
    for (const name of DEMO_PHOTO_NAMES) expect(shipped, name).toContain(`/demo/${name}.webp`);
    // A demo photo the site does not ship, and the site's other files (its icon, the programmes' drawings), are no
    // story's photo.
    for (const other of ["/demo/nope.webp", "/admin.jpg", "/favicon.svg", "/images/programme-food-water.svg"]) {
      expect(photoField.safeParse(other).success, other).toBe(false);
    }
  });
});
