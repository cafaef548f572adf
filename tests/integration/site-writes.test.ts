import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { onSiteChange } from "~/lib/page-cache/site-changes.server";
import { createStory } from "~/content/stories/server/stories.server";
import { updateSetting } from "~/content/settings/server/settings.server";
import { recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { submitContactMessage } from "~/community/contacts/server/contacts.server";
import { unique } from "../support/builders";

const testEngine = () => (process.env.TEST_DATABASE_ENGINE === "postgres" ? "postgres" : "sqlite");

/**
 * What the page cache hears: a write through the app's own database connection to
 * anything a public page shows empties it at once; a gift, a message or a mail queued
 * does not (figures are refreshed by the cache's clock instead).
 */
let heard = 0;
let stopListening: () => void = () => {};
beforeEach(() => {
  heard = 0;
  stopListening = onSiteChange(() => {
    heard += 1;
  });
});
afterEach(() => stopListening());

async function firstFundId(): Promise<number> {
  const fund = await getDb().selectFrom("funds").select("id").orderBy("id").executeTakeFirstOrThrow();
  return fund.id;
}

describe("writes staff make to what visitors see", () => {
  it("a story created through the content service is heard", async () => {
    await createStory({ title: unique("Wells in Sindh"), summary: "Clean water.", content: "A village's first well." });
    expect(heard).toBeGreaterThan(0);
  });

  it("a setting changed through the content service is heard", async () => {
    await updateSetting("meals_provided", { value: "1234" });
    expect(heard).toBeGreaterThan(0);
  });

  it("a story's edit and removal are heard, also through an alias", async () => {
    const story = await createStory({
      title: unique("Iftar"),
      summary: "Meals.",
      content: "Meals for fasting families.",
    });
    heard = 0;
    await getDb().updateTable("stories as s").set({ summary: "Meals, shared." }).where("s.id", "=", story.id).execute();
    expect(heard).toBe(1);
    await getDb().deleteFrom("stories").where("id", "=", story.id).execute();
    expect(heard).toBe(2);
  });

  it("writes to funds, appeals and rates are heard", async () => {
    const fundId = await firstFundId();
    await getDb().updateTable("funds").set({ description: "Where most needed." }).where("id", "=", fundId).execute();
    expect(heard).toBe(1);

    await getDb()
      .insertInto("appeals")
      .values({ slug: unique("winter"), title: "Winter Blankets", fund_id: fundId, starts_on: "2026-01-01" })
      .execute();
    expect(heard).toBe(2);

    await getDb()
      .insertInto("rates")
      .values({
        rate_key: "fitr_per_person",
        amount_cents: 1500,
        effective_on: "2026-03-01",
        recorded_by: "staff",
        recorded_at: new Date().toISOString(),
      })
      .execute();
    expect(heard).toBe(3);
  });

  it("a write that changes no row is still heard (the statement cannot know)", async () => {
    await getDb().updateTable("stories").set({ summary: "x" }).where("id", "=", -1).execute();
    expect(heard).toBe(1);
  });
});

describe("writes that change no page", () => {
  it("a gift, with its totals and receipt mail, is not heard", async () => {
    await recordOfflineGift(
      {
        name: "Friday collection",
        email: `${unique("donor")}@example.org`,
        amount: "50",
        purpose: "Zakat",
        payment_method: "cash",
      },
      "staff",
    );
    const gifts = await getDb().selectFrom("donations").select("id").execute();
    expect(gifts.length).toBeGreaterThan(0);
    expect(heard).toBe(0);
  });

  it("a visitor's message and a mail queued are not heard", async () => {
    await submitContactMessage(
      { name: "Maryam", email: `${unique("maryam")}@example.org`, message: "How is Zakat al-Fitr distributed?" },
      { clientAddress: unique("203.0.113") },
    );
    await getDb().deleteFrom("outbound_mail").where("id", "=", -1).execute();
    await getDb().deleteFrom("contact_submissions").where("id", "=", -1).execute();
    await getDb().updateTable("donations").set({ purpose: "Zakat" }).where("id", "=", -1).execute();
    expect(heard).toBe(0);
  });

  it("reads, in Kysely or in raw SQL, are not heard", async () => {
    await getDb().selectFrom("stories").selectAll().execute();
    await sql`select count(*) as n from stories`.execute(getDb());
    await sql`  WITH s AS (select id from stories) select * from s`.execute(getDb());
    expect(heard).toBe(0);
  });
});

describe("raw SQL and transactions", () => {
  it("a raw write is heard, whatever table it names", async () => {
    await sql`insert into stories (title, summary, content) values (${unique("raw")}, 'Raw.', 'Written raw.')`.execute(
      getDb(),
    );
    expect(heard).toBe(1);
    await sql`update donations set purpose = purpose where id = -1`.execute(getDb());
    expect(heard).toBe(2);
    // A common table expression that ends in a write is a write.
    await sql`with gone as (select id from stories where id = -1) delete from stories where id in (select id from gone)`.execute(
      getDb(),
    );
    expect(heard).toBe(3);
  });

  it("a transaction writing a story is heard at the write and again at its commit", async () => {
    let heardBeforeCommit = -1;
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("stories")
          .values({ title: unique("Eid gifts"), summary: "Toys.", content: "Eid gifts for orphans." })
          .execute();
        heardBeforeCommit = heard;
      });
    expect(heardBeforeCommit).toBe(1);
    expect(heard).toBe(2);
  });

  it("a transaction writing only gifts' tables is not heard at commit", async () => {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("donations").where("id", "=", -1).execute();
      });
    expect(heard).toBe(0);
  });

  it("a rolled-back transaction is not heard again when it ends", async () => {
    const title = unique("Never published");
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto("stories").values({ title, summary: "No.", content: "Rolled back." }).execute();
          throw new Error("staff cancelled");
        }),
    ).rejects.toThrow("staff cancelled");
    // Heard once at the write (a page rendered meanwhile is refused), never at a commit.
    expect(heard).toBe(1);
    expect(await getDb().selectFrom("stories").select("id").where("title", "=", title).execute()).toEqual([]);
  });
});

describe("writes made outside this process", () => {
  it("a commit by another writer (another connection or process) is heard when a page is next asked for, and only once", async () => {
    if (testEngine() === "postgres") return heardThroughNotifications();
    const { default: SQLite } = await import("better-sqlite3");
    const { databaseFilePath } = await import("~/lib/env.server");
    const { lookForOutsideChanges } = await import("~/lib/page-cache/site-changes.server");
    await getDb().selectFrom("settings").select("key").executeTakeFirst();
    lookForOutsideChanges();
    heard = 0;

    // The admin password tool, or a second process, writing the same SQLite file.
    const other = new SQLite(databaseFilePath());
    try {
      other.prepare("update settings set description = description || '.' where key = 'meals_provided'").run();
    } finally {
      other.close();
    }
    expect(heard).toBe(0);
    lookForOutsideChanges();
    expect(heard).toBe(1);
    lookForOutsideChanges();
    expect(heard).toBe(1);

    // The app's own writes are heard by the plugin, not counted again as another's.
    await updateSetting("meals_provided", { value: "4321" });
    heard = 0;
    lookForOutsideChanges();
    expect(heard).toBe(0);
  });
});

/**
 * On PostgreSQL another process's commit arrives as a notification on the channel every
 * process listens to; this process's own writes come back too, and are passed over.
 */
async function heardThroughNotifications() {
  const { default: pg } = await import("pg");
  const { lookForOutsideChanges } = await import("~/lib/page-cache/site-changes.server");
  await getDb().selectFrom("settings").select("key").executeTakeFirst();
  // Until it listens, the process hears "a change" at every look (it cannot know better).
  await expect
    .poll(
      () => {
        heard = 0;
        lookForOutsideChanges();
        return heard;
      },
      { timeout: 5_000 },
    )
    .toBe(0);

  const other = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "admin-password-tool" });
  await other.connect();
  try {
    await other.query("update settings set description = description || '.' where key = 'meals_provided'");
  } finally {
    await other.end();
  }
  await expect.poll(() => heard, { timeout: 5_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  lookForOutsideChanges();
  expect(heard).toBe(1);

  // The app's own write is heard by the plugin at once, and its notification passed over.
  await updateSetting("meals_provided", { value: "4321" });
  expect(heard).toBeGreaterThan(1);
  heard = 0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  lookForOutsideChanges();
  expect(heard).toBe(0);
}
