import type { Route } from "./+types/auth-logout";
import { apiError, handleApiRequest } from "~/lib/api.server";
import { revokeApiToken } from "~/services/api-tokens.server";

/** POST /api/auth/logout: revokes the bearer token sent with the request. */
export function action({ request }: Route.ActionArgs) {
  return handleApiRequest(request, {
    POST: async () => {
      const token = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)/i)?.[1];
      if (token) await revokeApiToken(token);
      return new Response(null, { status: 204 });
    },
  });
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
