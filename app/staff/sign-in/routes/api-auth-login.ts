import type { Route } from "./+types/api-auth-login";
import { adminLoginSchema } from "../rules/admin-login";
import { apiResource, json, readJsonBody } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { parseOrThrow } from "~/lib/service-errors";
import { signInAdmin } from "~/staff/accounts/index.server";
import { issueApiToken } from "../server/api-tokens.server";

/** POST /api/auth/login {username, password} -> a bearer token for the admin API. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const { username, password } = parseOrThrow(adminLoginSchema, await readJsonBody(request));
    const admin = await signInAdmin(username, password, context.get(clientAddressContext));
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
