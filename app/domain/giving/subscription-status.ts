/**
 * Subscription states (staff screens know active, canceled and past_due; the provider may
 * report others, shown neutrally) and the rules about moving between them.
 */

/**
 * Donors and staff may cancel a gift that has not ended (My giving, Subscriptions and the
 * API alike): one running or paused (still "active" at the provider), and one whose charge
 * failed (past due, or left unpaid): a donor who would rather stop than put the card right
 * is never made to wait for the provider's retries.
 */
export function isCancelable(status: string): boolean {
  return (CANCELABLE_STATUSES as readonly string[]).includes(status);
}

const CANCELABLE_STATUSES = ["active", "past_due", "unpaid"] as const;

/** States a subscription never leaves: the provider starts a new one instead. */
export const FINAL_STATUSES = ["canceled", "incomplete_expired"] as const;

/** The state a subscription starts in, before its first payment; it never comes back to it. */
export const INITIAL_STATUS = "incomplete";

/** What a rule about changing a gift needs to know of it. */
export interface ChangeableState {
  status: string;
  stripe_subscription_id: string | null;
  resumes_at: string | null;
}

/**
 * Whether donors and staff may change a gift's amount, pause or resume it (My giving,
 * Subscriptions and the API alike): only while it runs and the provider knows it. A
 * past-due gift waits until its failed charge is put right or given up on: changing it
 * would not change the charge the provider is still trying.
 */
export function isChangeable(gift: Pick<ChangeableState, "status" | "stripe_subscription_id">): boolean {
  return gift.status === "active" && Boolean(gift.stripe_subscription_id);
}

/** A running gift not paused already may be paused; a paused one may be resumed. */
export function canPause(gift: ChangeableState): boolean {
  return isChangeable(gift) && gift.resumes_at === null;
}

export function canResume(gift: ChangeableState): boolean {
  return isChangeable(gift) && gift.resumes_at !== null;
}
