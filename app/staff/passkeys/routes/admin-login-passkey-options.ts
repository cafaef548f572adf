import type { Route } from "./+types/admin-login-passkey-options";
import { passkeySignInOptions } from "../server/passkeys.server";
import { apiError, json } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { TooManyRequestsError } from "~/lib/service-errors";

/**
 * POST /admin/login/passkey/options (public): the options for a passwordless sign-in's
 * ceremony (JSON `{options}`), limited per address (429 with Retry-After past the limit).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  if (!isSameOriginRequest(request)) return apiError(403, "Cross-site request refused");
  try {
    return json({ options: await passkeySignInOptions({ request, address: context.get(clientAddressContext) }) });
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      return apiError(429, error.message, { "Retry-After": String(error.retryAfterSeconds) });
    }
    throw error;
  }
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
