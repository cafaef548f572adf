import { existsSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { eraseExpiredPersonalData } from "~/applications/privacy/index.server";
import { documentFilePath } from "~/applications/documents/index.server";
import { getDb } from "~/lib/db.server";
import type { ApplicationState } from "../../../../db/schema";
import {
  caseWithEverything,
  draftFor,
  draftTokenFor,
  KEY_A,
  linkTokenFor,
  sessionIdFor,
  signInsFor,
  storedNameFor,
  useKeys,
} from "./privacy-fixtures";

/** Issue 31, decision 170: personal data of cases closed longer ago than the retention period is erased. */
const NOW = new Date("2026-12-07T12:00:00.000Z");
const SEVEN_YEARS_AGO = "2019-11-30T10:00:00.000Z";
const LAST_YEAR = "2025-11-30T10:00:00.000Z";
const TABLES = [
  "application_match_keys",
  "application_documents",
  "application_document_requests",
  "application_messages",
  "application_payments",
  "applications",
  "application_drafts",
  "applicant_sign_in_links",
  "applicant_sessions",
  "outbound_mail",
] as const;

async function closeCase(id: number, state: ApplicationState, closedAt: string) {
  await getDb()
    .updateTable("applications")
    .set({ state, closed_at: closedAt, category: "al-fuqara", approved_cents: 95_000, paid_cents: 95_000 })
    .where("id", "=", id)
    .execute();
}

const rowsOf = async (id: number) => {
  const db = getDb();
  return {
    application: await db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    matchKeys: await db.selectFrom("application_match_keys").selectAll().where("application_id", "=", id).execute(),
    messages: await db.selectFrom("application_messages").selectAll().where("application_id", "=", id).execute(),
    requests: await db
      .selectFrom("application_document_requests")
      .selectAll()
      .where("application_id", "=", id)
      .execute(),
    documents: await db.selectFrom("application_documents").selectAll().where("application_id", "=", id).execute(),
    payments: await db.selectFrom("application_payments").selectAll().where("application_id", "=", id).execute(),
  };
};

beforeEach(async () => {
  useKeys({ DATA_ENCRYPTION_KEY: KEY_A });
  for (const table of TABLES) await getDb().deleteFrom(table).execute();
  await getDb().deleteFrom("settings").where("key", "=", "applications_retention_years").execute();
});

describe("the retention round", () => {
  it("erases a case closed seven years ago, keeps the books' figures, and leaves last year's case whole", async () => {
    const old = await caseWithEverything("old.applicant@example.org");
    const recent = await caseWithEverything("recent.applicant@example.org");
    const open = await caseWithEverything("open.applicant@example.org");
    await closeCase(old.id, "paid", SEVEN_YEARS_AGO);
    await closeCase(recent.id, "declined", LAST_YEAR);
    await getDb()
      .updateTable("applications")
      .set({ submitted_at: SEVEN_YEARS_AGO })
      .where("id", "=", open.id)
      .execute();
    const oldFile = documentFilePath(storedNameFor("old.applicant@example.org"))!;
    const before = await rowsOf(old.id);
    expect(before.documents[0]!.stored_name).toBe(storedNameFor("old.applicant@example.org"));
    expect(existsSync(oldFile)).toBe(true);

    const round = await eraseExpiredPersonalData(NOW);
    expect(round).toMatchObject({ erased: 1, full: false });

    const erased = await rowsOf(old.id);
    expect(erased.application).toMatchObject({
      applicant_sealed: null,
      assessment_sealed: null,
      decision_sealed: null,
      email_key: "",
      erased_at: NOW.toISOString(),
      // What the books and figures need stays.
      ref: old.ref,
      state: "paid",
      category: "al-fuqara",
      household_size: before.application.household_size,
      purpose: "rent",
      requested_cents: before.application.requested_cents,
      approved_cents: 95_000,
      paid_cents: 95_000,
      submitted_at: before.application.submitted_at,
      closed_at: SEVEN_YEARS_AGO,
    });
    expect(erased.matchKeys).toEqual([]);
    expect(erased.messages).toEqual([]);
    expect(erased.requests).toEqual([]);
    expect(erased.documents).toEqual([]);
    expect(existsSync(oldFile)).toBe(false);
    expect(erased.payments).toHaveLength(1);
    expect(erased.payments[0]).toMatchObject({ amount_cents: 95_000, payee_sealed: null, due_on: "2026-12-20" });

    for (const id of [recent.id, open.id]) {
      const kept = await rowsOf(id);
      expect(kept.application.applicant_sealed).not.toBeNull();
      expect(kept.application.erased_at).toBeNull();
      expect(kept.matchKeys.length).toBeGreaterThan(0);
      expect(kept.messages).toHaveLength(1);
      expect(kept.documents).toHaveLength(1);
      expect(kept.payments[0]!.payee_sealed).not.toBeNull();
    }
    expect(existsSync(documentFilePath(storedNameFor("recent.applicant@example.org"))!)).toBe(true);

    // Audited as the site's own doing, naming fields, never values.
    const entries = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("action", "=", "erase")
      .where("entity_id", "in", [old.ref, recent.ref, open.ref])
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: "application",
      entity_id: old.ref,
      actor_name: "system",
      actor_id: null,
    });
    expect(entries[0]!.changes).not.toContain("old.applicant");

    // A second round finds nothing more to do.
    expect(await eraseExpiredPersonalData(NOW)).toMatchObject({ erased: 0 });
  });

  it("follows the retention setting", async () => {
    const recent = await caseWithEverything("recent.applicant@example.org");
    await closeCase(recent.id, "withdrawn", LAST_YEAR);
    await getDb()
      .insertInto("settings")
      .values({ key: "applications_retention_years", value: "1", description: "" })
      .execute();
    expect(await eraseExpiredPersonalData(NOW)).toMatchObject({ erased: 1 });
    expect((await rowsOf(recent.id)).application.applicant_sealed).toBeNull();
  });

  it("deletes expired drafts, used or expired sign-in links and expired sessions, and keeps live ones", async () => {
    await draftFor("live.draft@example.org");
    await draftFor("stale.draft@example.org");
    await getDb()
      .updateTable("application_drafts")
      .set({ expires_at: "2026-11-01T00:00:00.000Z" })
      .where("token_hash", "=", draftTokenFor("stale.draft@example.org"))
      .execute();
    await signInsFor("live@example.org");
    await signInsFor("expired@example.org");
    await signInsFor("used@example.org");
    await getDb()
      .updateTable("applicant_sign_in_links")
      .set({ expires_at: "2026-12-01T00:00:00.000Z" })
      .where("token_hash", "=", linkTokenFor("expired@example.org"))
      .execute();
    await getDb()
      .updateTable("applicant_sessions")
      .set({ expires_at: "2026-12-01T00:00:00.000Z" })
      .where("id", "=", sessionIdFor("expired@example.org"))
      .execute();
    await getDb()
      .updateTable("applicant_sign_in_links")
      .set({ used_at: "2026-12-06T00:00:00.000Z" })
      .where("token_hash", "=", linkTokenFor("used@example.org"))
      .execute();

    expect(await eraseExpiredPersonalData(NOW)).toMatchObject({ draftsDeleted: 1, signInsDeleted: 3 });
    const drafts = await getDb().selectFrom("application_drafts").select("token_hash").execute();
    expect(drafts.map((draft) => draft.token_hash)).toEqual([draftTokenFor("live.draft@example.org")]);
    const links = await getDb().selectFrom("applicant_sign_in_links").select("token_hash").execute();
    expect(links.map((link) => link.token_hash)).toEqual([linkTokenFor("live@example.org")]);
    const sessions = await getDb().selectFrom("applicant_sessions").select("id").execute();
    expect(sessions.map((session) => session.id).sort()).toEqual(
      [sessionIdFor("live@example.org"), sessionIdFor("used@example.org")].sort(),
    );
  });
});
