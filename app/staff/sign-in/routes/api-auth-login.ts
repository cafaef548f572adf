import type { Route } from "./+types/api-auth-login";
import { apiLoginSchema } from "../rules/admin-login";
import { apiError, apiResource, json, readJsonBody } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { parseOrThrow } from "~/lib/service-errors";
import { signInAdmin } from "~/staff/accounts/index.server";
import { CODE_NEEDED_MESSAGE, PASSKEY_ONLY_API_MESSAGE } from "~/staff/two-factor";
import { InvalidCodeError, secondFactorsOf, verifySecondFactor } from "~/staff/two-factor/index.server";
import { issueApiToken } from "../server/api-tokens.server";
import { recordSignIn } from "../server/sign-in-record.server";

/**
 * POST /api/auth/login {username, password, otp?} -> a bearer token for the admin API. With
 * two-factor on, a password alone answers 401 `{detail, two_factor_required: true}`; the same
 * call with `otp` (a code from the app, or a recovery code) signs in. A person whose only
 * second factor is a passkey (which needs a browser) is answered 401 `{detail}`: a password
 * alone never grants anything.
 */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const { username, password, otp } = parseOrThrow(apiLoginSchema, await readJsonBody(request));
    const address = context.get(clientAddressContext);
    const admin = await signInAdmin(username, password, address);
    const factors = await secondFactorsOf(admin.id);
    if (!factors.app && factors.passkey)
      return apiError(401, PASSKEY_ONLY_API_MESSAGE, { "Cache-Control": "no-store" });
    if (factors.app) {
      if (!otp)
        return apiError(401, CODE_NEEDED_MESSAGE, { "Cache-Control": "no-store" }, { two_factor_required: true });
      const actor = { id: admin.id, name: admin.name, address, userAgent: request.headers.get("User-Agent") ?? "" };
      try {
        await verifySecondFactor(admin, otp, actor);
      } catch (error) {
        if (!(error instanceof InvalidCodeError)) throw error;
        return apiError(401, error.message, { "Cache-Control": "no-store" }, { two_factor_required: true });
      }
    }
    await recordSignIn(
      admin,
      factors.app ? "to the API with the password and a code" : "to the API with the password",
      request,
      address,
    );
    const { token, expiresAt } = await issueApiToken(admin);
    return json(
      {
        access_token: token,
        token_type: "bearer",
        expires_at: expiresAt,
        admin: { id: admin.id, username: admin.username },
      },
      200,
      { "Cache-Control": "no-store" },
    );
  },
});
export const loader = resource;
export const action = resource;
