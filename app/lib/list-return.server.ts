import { redirect } from "react-router";

/**
 * After an action on a staff list (resolve, delete, bulk delete, remove), back to the
 * list as it was (its search, filter and page) with a notice, leaving out what belonged
 * to the action (an open confirmation, the previous notice). `url` is the action's own
 * `url` argument: with JavaScript the post reaches the screen's data address
 * (/admin/contacts.data, /admin/contacts/_.data), so the way back is named by `screen`.
 */
export function backToList(url: URL, screen: string, notice: Record<string, string>, transient: string[]): Response {
  const params = new URLSearchParams(url.search);
  for (const name of [...transient, "index", "_routes"]) params.delete(name);
  for (const [name, value] of Object.entries(notice)) params.set(name, value);
  return redirect(`${screen}?${params}`);
}
