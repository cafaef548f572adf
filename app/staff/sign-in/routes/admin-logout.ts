import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { destroyAdminSession, getAdminSession } from "~/lib/session.server";

/**
 * POST only, and only from this site's own pages (another site must not be able to sign
 * staff out). The session row is deleted, so the cookie is worthless even if kept.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginRequest(request)) return new Response("Cross-site request refused", { status: 403 });
  const session = await getAdminSession(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": await destroyAdminSession(session, request) } });
}

export function loader() {
  return redirect("/admin");
}
