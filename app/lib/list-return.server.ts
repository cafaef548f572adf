import { redirect } from "react-router";

/**
 * After an action on a staff list (resolve, delete), back to the list as it was (its
 * search, filter and page) with a notice, leaving out what belonged to the action
 * (an open confirmation, the previous notice).
 */
export function backToList(request: Request, notice: Record<string, string>, transient: string[]): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  for (const name of transient) params.delete(name);
  params.delete("index");
  for (const [name, value] of Object.entries(notice)) params.set(name, value);
  return redirect(`${url.pathname}?${params}`);
}
