import type { Route } from "./+types/api-auth-logout";
import { apiResource } from "~/lib/api.server";
import { clientAddressContext } from "~/lib/request-context";
import { signOutOfApi } from "../server/sign-out.server";

/** POST /api/auth/logout: revokes the bearer token sent with the request (and says so in the audit trail). */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const token = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)/i)?.[1];
    if (token) await signOutOfApi(token, request, context.get(clientAddressContext));
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
