import { obligationSchema, type ObligationRequest, type Obligation } from "~/funds/funds";

/**
 * Quick pay's address: /obligations works out what is owed, and leads to
 * /donate?obligation=fitr&people=5 (or fidya&days=, kaffarah&reason=&count=), where the
 * donor gives it. The address carries only what was asked, never an amount.
 */

/** The obligation an address asks for, or null when it asks for none or not in full. */
export function readObligationQuery(params: URLSearchParams): ObligationRequest | null {
  if (!params.has("obligation")) return null;
  const parsed = obligationSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : null;
}

/** "obligation=fitr&people=5": the request as the donate page's address carries it. */
export function obligationQuery(request: ObligationRequest): string {
  switch (request.obligation) {
    case "fitr":
      return new URLSearchParams({ obligation: "fitr", people: String(request.people) }).toString();
    case "fidya":
      return new URLSearchParams({ obligation: "fidya", days: String(request.days) }).toString();
    case "kaffarah":
      return new URLSearchParams({
        obligation: "kaffarah",
        reason: request.reason,
        count: String(request.count),
      }).toString();
  }
}

/**
 * `change=1` asks quick pay to show a request in its form rather than send it on to
 * /donate: the donate page's way back, so the donor changes what they asked, not retypes it.
 */
export const CHANGE_REQUEST = "change";

/** /obligations?obligation=fitr&people=5&change=1#fitr-title: the request's own form, filled in. */
export function changeRequestAddress(request: ObligationRequest): string {
  return `/obligations?${obligationQuery(request)}&${CHANGE_REQUEST}=1#${request.obligation}-title`;
}

/** The request as the pure quick-pay sums take it. */
export function obligationOf(request: ObligationRequest): Obligation {
  switch (request.obligation) {
    case "fitr":
      return { kind: "fitr", people: request.people };
    case "fidya":
      return { kind: "fidya", days: request.days };
    case "kaffarah":
      return { kind: "kaffarah", reason: request.reason, count: request.count };
  }
}
