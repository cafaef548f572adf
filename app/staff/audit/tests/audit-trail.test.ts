import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { runAsActor } from "~/lib/request-actor.server";
import { recordAudit } from "~/staff/audit/index.server";
import { createTestAdmin } from "../../../../tests/support/admins";

/** The audit trail's writer and its guard: what an entry keeps, and that nothing in the app changes one. */

async function lastEntry() {
  return getDb().selectFrom("audit_entries").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
}

describe("the audit trail", () => {
  it("records who, from where, what and which fields changed, without passwords, secrets or tokens", async () => {
    const { admin } = await createTestAdmin();
    await runAsActor({ id: admin.id, name: "Amina Yusuf", address: "198.51.100.7", userAgent: "Firefox/140" }, () =>
      recordAudit({
        action: "update",
        entity: "story",
        entityId: 12,
        summary: "Story: Winter appeal",
        before: { title: "Winter", is_active: 1, password_hash: "old", api_token: "a" },
        after: { title: "Winter appeal", is_active: 1, password_hash: "new", api_token: "b" },
      }),
    );
    const entry = await lastEntry();
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_name: "Amina Yusuf",
      action: "update",
      entity: "story",
      entity_id: "12",
      summary: "Story: Winter appeal",
      address: "198.51.100.7",
      user_agent: "Firefox/140",
    });
    expect(JSON.parse(entry.changes)).toEqual({ title: ["Winter", "Winter appeal"] });
  });

  it("records a visitor's failed sign-in with no person, and the actor it is handed", async () => {
    await recordAudit({
      action: "sign-in-failed",
      entity: "staff",
      summary: "ghost",
      actor: { address: "203.0.113.9", userAgent: "curl/8" },
    });
    expect(await lastEntry()).toMatchObject({ actor_id: null, action: "sign-in-failed", address: "203.0.113.9" });
  });

  it("refuses to change or delete an entry, in the database itself", async () => {
    await recordAudit({ action: "create", entity: "story", entityId: 1 });
    const { id } = await lastEntry();
    await expect(sql`update audit_entries set action = 'nothing' where id = ${id}`.execute(getDb())).rejects.toThrow(
      /never changed/,
    );
    await expect(sql`delete from audit_entries where id = ${id}`.execute(getDb())).rejects.toThrow(/never deleted/);
    expect((await lastEntry()).action).toBe("create");
  });
});
