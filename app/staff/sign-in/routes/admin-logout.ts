import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { isSameOriginRequest } from "~/lib/same-origin.server";
import { clientAddressContext } from "~/lib/request-context";
import { signOutOfAdmin } from "../server/sign-out.server";

/**
 * POST only, and only from this site's own pages (another site must not be able to sign
 * staff out). The session row is deleted, so the cookie is worthless even if kept; the audit
 * trail says who signed out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request)) return new Response("Cross-site request refused", { status: 403 });
  const cleared = await signOutOfAdmin(request, context.get(clientAddressContext));
  return redirect("/admin/login", { headers: { "Set-Cookie": cleared } });
}

export function loader() {
  return redirect("/admin");
}
