import type { Route } from "./+types/api-newsletter-unsubscribe";
import { apiError, json } from "~/lib/api.server";
import { unsubscribe } from "../server/newsletter.server";

/**
 * RFC 8058 one-click unsubscribe: mail apps POST `List-Unsubscribe=One-Click` to the
 * address in a newsletter's List-Unsubscribe header, from their own servers or from the
 * reader's mail client, with whatever Origin. The token alone authorises it and leaving
 * twice changes nothing, so no same-site check applies (unlike every other API write).
 */
export async function action({ request, url }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed", { Allow: "POST" });
  const left = await unsubscribe(url.searchParams.get("token") ?? "");
  return left ? json({ unsubscribed: true }) : apiError(404, "No such subscription");
}

export function loader() {
  return apiError(405, "Method not allowed", { Allow: "POST" });
}
