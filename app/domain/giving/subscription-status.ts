/**
 * Subscription states (staff screens know active, canceled and past_due; the provider may
 * report others, shown neutrally) and the rules about moving between them.
 */

/** Staff may cancel a subscription only while it is active: a past-due one is left to the provider's retries. */
export function isCancelable(status: string): boolean {
  return status === "active";
}

/** States a subscription never leaves: the provider starts a new one instead. */
export const FINAL_STATUSES = ["canceled", "incomplete_expired"] as const;

/** The state a subscription starts in, before its first payment; it never comes back to it. */
export const INITIAL_STATUS = "incomplete";
