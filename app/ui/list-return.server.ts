import { redirect } from "react-router";
import { NotFoundError } from "../lib/service-errors";

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

/**
 * The one answer of a staff list to an action on a row deleted meanwhile (another tab,
 * another admin): back to the list with `?missing=1`, which the screen says in its own
 * words. Anything else is thrown on. (The content screens' edit forms answer `{missing}`
 * instead, beside the open form: see content-form.server.ts.)
 */
export function backToListIfMissing(error: unknown, url: URL, screen: string, transient: string[]): Response {
  if (error instanceof NotFoundError) return backToList(url, screen, { missing: "1" }, transient);
  throw error;
}
