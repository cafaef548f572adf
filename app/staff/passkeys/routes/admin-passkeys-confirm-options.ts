import type { Route } from "./+types/admin-passkeys-confirm-options";
import { hasPasskeys, passkeyOptionsFor } from "../server/passkeys.server";
import { NO_PASSKEYS_MESSAGE } from "../rules/passkeys";
import { apiError, json } from "~/lib/api.server";
import { adminContext } from "~/lib/request-context";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { requireAdminApi } from "~/staff/sign-in/index.server";

/**
 * POST /admin/passkeys/confirm/options (staff, same origin): the options for "Confirm your
 * password" with a passkey instead (JSON `{options}`), offering only the signed-in person's own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  if (!isSameOriginRequest(request)) return apiError(403, "Cross-site request refused");
  const admin = context.get(adminContext) ?? (await requireAdminApi(request));
  // With no passkey to offer, a browser would offer any of the site's: none of them would do.
  if (!(await hasPasskeys(admin.id))) return apiError(409, NO_PASSKEYS_MESSAGE, { "Cache-Control": "no-store" });
  return json({ options: await passkeyOptionsFor(admin.id, request, "reauthenticate") }, 200, {
    "Cache-Control": "no-store",
  });
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
