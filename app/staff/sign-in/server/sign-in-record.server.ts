import type { Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * Writes a sign-in into the audit trail at the moment it is granted: a session begun or an API
 * token issued, after any second factor. A password accepted while its code is awaited grants
 * nothing, so it is no sign-in (decision 150). `how` says with what ("with the password and a
 * code from the authenticator app").
 */
export async function recordSignIn(admin: Admin, how: string, request: Request, address: string): Promise<void> {
  await recordAudit({
    action: "sign-in",
    entity: "staff",
    entityId: admin.id,
    summary: `${admin.username} signed in ${how}`,
    actor: { id: admin.id, name: admin.name, address, userAgent: request.headers.get("User-Agent") ?? "" },
  });
}
