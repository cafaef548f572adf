import { performance } from "node:perf_hooks";
import { mayOpen } from "~/staff/access";
import { runAsActor } from "~/lib/request-actor.server";

/**
 * What the role check adds to a request (issue 30 asks under 0.2 ms): the lookup of the route's
 * need in the access table, the comparison with the person's roles, and running the rest of the
 * request as the person (for the audit trail). The person's own lookup (session or token) was
 * made before roles existed, and is not counted. Printed by `npm run bench`.
 */
export function measureAccessCheck(rounds = 200_000): { microsecondsPerRequest: number } {
  const patterns = ["/admin/donations", "/admin/stories", "/admin/funds/ledger", "/admin/settings", "/admin"];
  const actor = { id: 1, name: "Bench", address: "127.0.0.1", userAgent: "bench" };
  let allowed = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    const pattern = patterns[round % patterns.length]!;
    if (mayOpen(["finance", "editor"], pattern)) allowed += runAsActor(actor, () => 1);
  }
  const elapsed = performance.now() - started;
  if (allowed === 0) throw new Error("the measured check allowed nothing: it measured nothing");
  return { microsecondsPerRequest: (elapsed * 1000) / rounds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { microsecondsPerRequest } = measureAccessCheck();
  console.log(`Role check: ${microsecondsPerRequest.toFixed(2)} µs per request (limit 200 µs)`);
}
