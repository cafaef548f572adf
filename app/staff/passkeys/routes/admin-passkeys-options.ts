import type { Route } from "./+types/admin-passkeys-options";
import { registrationOptionsFor } from "../server/passkeys.server";
import { apiError, json } from "~/lib/api.server";
import { adminContext } from "~/lib/request-context";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { requireAdminApi } from "~/staff/sign-in/index.server";
import { requireRecentPasswordJson } from "~/staff/two-factor/index.server";

/**
 * POST /admin/passkeys/options: the options for the browser's registration ceremony (JSON
 * `{options}`), for the signed-in person, whose password must be recent (403
 * `{detail, reauthentication_required: true}` otherwise).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  if (!isSameOriginRequest(request)) return apiError(403, "Cross-site request refused");
  const admin = context.get(adminContext) ?? (await requireAdminApi(request));
  await requireRecentPasswordJson(request);
  return json({ options: await registrationOptionsFor(admin, request) });
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
