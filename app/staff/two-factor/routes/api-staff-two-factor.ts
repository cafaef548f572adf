import type { Route } from "./+types/api-staff-two-factor";
import { apiResource, idParam, json } from "~/lib/api.server";
import { staffOnly } from "~/staff/sign-in/index.server";
import { requireRecentPassword } from "../server/recent-password.server";
import { resetTwoFactorOf } from "../server/two-factor-reset.server";

/**
 * DELETE /api/staff/{id}/two-factor (owner): resets someone's two-factor sign-in (their
 * authenticator app, recovery codes and passkeys), signs them out everywhere and mails them.
 * Needs a password given within 10 minutes (a token from POST /api/auth/login counts as given
 * when it was made). 403 for one's own (turned off on Security), 404 for nobody active, 409
 * when they have nothing to reset.
 */
const resource = apiResource<Route.ActionArgs>({
  DELETE: staffOnly(async ({ request, params }, owner) => {
    const id = idParam(params.id);
    await requireRecentPassword(request, new URL(request.url));
    const reset = await resetTwoFactorOf(id, owner);
    return json({
      id,
      two_factor_app: false,
      passkeys: 0,
      removed: { two_factor_app: reset.appWasOn, passkeys: reset.passkeysRemoved },
    });
  }),
});
export const loader = resource;
export const action = resource;
