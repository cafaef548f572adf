import { isZakatCategory, type ZakatCategoryKey } from "~/funds/funds";
import { isApplicationState, readReference, type ApplicationState } from "~/applications/records";

/**
 * The queue's filter, read from an address (the screen's and the API's alike): `state`
 * (`open`, the default on the screen; `all`; or one state), `category` (one of the eight) and
 * `caseworker` (`mine`, `unassigned`, or a person's id); or `search`, a reference the family
 * quotes, which finds that case in whatever state. Each is a condition in SQL with an index
 * behind it (migration 0034): the queue never reads a case's sealed data.
 */
export type StateChoice = "open" | "all" | ApplicationState;
export type CaseworkerChoice = "mine" | "unassigned" | number;

export interface QueueFilter {
  state: StateChoice;
  category?: ZakatCategoryKey;
  caseworker?: CaseworkerChoice;
  /** One case by its reference (a search), whatever its state. */
  ref?: string;
}

export function readQueueFilter(
  params: URLSearchParams,
  defaultState: StateChoice = "open",
): { filter: QueueFilter; problem?: string } {
  const filter: QueueFilter = { state: defaultState };
  const problems: string[] = [];
  const state = params.get("state")?.trim();
  if (state) {
    if (state === "open" || state === "all" || isApplicationState(state)) filter.state = state;
    else problems.push("state must be open, all or one of the states");
  }
  const category = params.get("category")?.trim();
  if (category) {
    if (isZakatCategory(category)) filter.category = category;
    else problems.push("category must be one of the eight categories");
  }
  const caseworker = params.get("caseworker")?.trim();
  if (caseworker) {
    if (caseworker === "mine" || caseworker === "unassigned") filter.caseworker = caseworker;
    else if (/^\d{1,9}$/.test(caseworker)) filter.caseworker = Number(caseworker);
    else problems.push("caseworker must be mine, unassigned or a person's id");
  }
  const search = params.get("search")?.trim();
  if (search) {
    const ref = readReference(search);
    if (ref) {
      filter.ref = ref;
      filter.state = "all";
    } else problems.push("search must be an application's reference, as ZA- and eight characters");
  }
  return problems.length ? { filter, problem: problems.join("; ") } : { filter };
}

/** The filter as an address's query (the screen's first page, its links). */
export function queueQuery(filter: QueueFilter, defaultState: StateChoice = "open"): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.state !== defaultState) query.set("state", filter.state);
  if (filter.category) query.set("category", filter.category);
  if (filter.caseworker !== undefined) query.set("caseworker", String(filter.caseworker));
  if (filter.ref) query.set("search", filter.ref);
  return query;
}
