import type { Route } from "./+types/admin-login-second-step-options";
import { passkeyOptionsFor } from "../server/passkeys.server";
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
  return json({ options: await passkeyOptionsFor(admin.id, request, "second-factor") }, 200, {
    "Cache-Control": "no-store",
  });
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
