import { getDb } from "~/lib/db.server";
import { destroyAdminSession, getAdminSession } from "~/lib/session.server";
import { recordAudit } from "~/staff/audit/index.server";
import { revokeApiToken } from "./api-tokens.server";

/**
 * Signing out, as the audit trail keeps it beside the sign-in: the person's own "sign-out" of
 * their staff record, with the address and the browser. No guard runs on the way out, so the
 * person is named here. A request that carried no one signs nobody out and writes nothing.
 */
async function recordSignOut(adminId: number, how: string, request: Request, address: string): Promise<void> {
  const person = await getDb()
    .selectFrom("admins")
    .select(["name", "username"])
    .where("id", "=", adminId)
    .executeTakeFirst();
  if (!person) return;
  await recordAudit({
    action: "sign-out",
    entity: "staff",
    entityId: adminId,
    summary: `${person.username} (${how})`,
    actor: {
      id: adminId,
      name: person.name || person.username,
      address,
      userAgent: request.headers.get("User-Agent") ?? "",
    },
  });
}

/** /admin/logout: ends the session the cookie names; answers the cookie that clears it. */
export async function signOutOfAdmin(request: Request, address: string): Promise<string> {
  const session = await getAdminSession(request);
  const adminId = session.get("adminId");
  const cleared = await destroyAdminSession(session, request);
  if (adminId) await recordSignOut(Number(adminId), "the admin screens", request, address);
  return cleared;
}

/** POST /api/auth/logout: revokes the bearer token the request carries. */
export async function signOutOfApi(token: string, request: Request, address: string): Promise<void> {
  const adminId = await revokeApiToken(token);
  if (adminId !== undefined) await recordSignOut(adminId, "the API", request, address);
}
