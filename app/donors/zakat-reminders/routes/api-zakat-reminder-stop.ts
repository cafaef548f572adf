import type { Route } from "./+types/api-zakat-reminder-stop";
import { apiError, json } from "~/lib/api.server";
import { stopZakatReminder } from "../server/zakat-reminders.server";

/**
 * RFC 8058 one-click stop for the Zakat reminder: mail apps POST `List-Unsubscribe=One-Click`
 * here from their own servers or the donor's mail client, with whatever Origin. The token
 * alone authorises it and stopping twice changes nothing, so no same-site check applies.
 */
export async function action({ request, url }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  const stopped = await stopZakatReminder(url.searchParams.get("token") ?? "");
  return stopped ? json({ stopped: true }) : apiError(404, "No such reminder");
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
