import type { Route } from "./+types/admin-login-second-step-options";
import { hasPasskeys, passkeyOptionsFor } from "../server/passkeys.server";
import { NO_PASSKEYS_MESSAGE } from "../rules/passkeys";
import { apiError, json } from "~/lib/api.server";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { SIGN_IN_EXPIRED_MESSAGE } from "~/staff/two-factor";
import { pendingSignIn } from "~/staff/two-factor/index.server";

/**
 * POST /admin/login/second-step/options (public, same origin): the options for the passkey
 * ceremony of sign-in's second step (JSON `{options}`), offering only the passkeys of the person
 * whose password was given in this browser a moment ago; 401 `{detail}` without such a sign-in.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  if (!isSameOriginRequest(request)) return apiError(403, "Cross-site request refused");
  const admin = await pendingSignIn(request);
  if (!admin) return apiError(401, SIGN_IN_EXPIRED_MESSAGE, { "Cache-Control": "no-store" });
  // With no passkey to offer, a browser would offer any of the site's: none of them would do.
  if (!(await hasPasskeys(admin.id))) return apiError(409, NO_PASSKEYS_MESSAGE, { "Cache-Control": "no-store" });
  return json({ options: await passkeyOptionsFor(admin.id, request, "second-factor") }, 200, {
    "Cache-Control": "no-store",
  });
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
