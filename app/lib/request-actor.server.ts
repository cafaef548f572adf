import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is making the request a write belongs to, for the audit trail: the person the admin
 * area's or the API's guard found, the address and the browser. Held for the life of the
 * request, so that a service deep below records its change without every caller passing it.
 */
export interface RequestActor {
  /** The person, or null for a visitor (a failed sign-in) or the site itself. */
  id: number | null;
  name: string;
  address: string;
  userAgent: string;
}

const actors = new AsyncLocalStorage<RequestActor>();

export function runAsActor<T>(actor: RequestActor, work: () => T): T {
  return actors.run(actor, work);
}

/** The actor of the request being served, or undefined outside one (a background round, a script). */
export function currentActor(): RequestActor | undefined {
  return actors.getStore();
}
