import type { Route } from "./+types/api-auth-logout";
import { apiResource } from "~/lib/api.server";
import { revokeApiToken } from "../server/api-tokens.server";

/** POST /api/auth/logout: revokes the bearer token sent with the request. */
const resource = apiResource<Route.ActionArgs>({
  POST: async ({ request }) => {
    const token = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)/i)?.[1];
    if (token) await revokeApiToken(token);
    return new Response(null, { status: 204 });
  },
});
export const loader = resource;
export const action = resource;
