import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroyAdminSession, getAdminSession } from "~/lib/session.server";

/** POST only: the session row is deleted, so the cookie is worthless even if kept. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getAdminSession(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": await destroyAdminSession(session, request) } });
}

export function loader() {
  return redirect("/admin");
}
