/**
 * Subscription states (staff screens know active, paused, canceled and past_due; the provider
 * may report others, shown neutrally) and the rules about moving between them.
 */

/**
 * A gift whose next charges are skipped for a while. The provider still calls it "active"
 * (its `pause_collection` is set), and so does the stored row, whose kept totals count it
 * apart by its `resumes_at`; staff, the donor and the API are told "paused".
 */
export const PAUSED_STATUS = "paused";

/**
 * The status a gift is shown and answered with: "paused" while an active gift's charges are
 * skipped (`paused`: its `resumes_at` is set, or the kept totals' `paused`), else the provider's.
 */
export function shownStatus(status: string, paused: boolean): string {
  return status === "active" && paused ? PAUSED_STATUS : status;
}

/** Running: charged on its schedule, or paused for a few charges (either as stored or as shown). */
const RUNNING_STATUSES: readonly string[] = ["active", PAUSED_STATUS];

/**
 * Donors and staff may cancel a gift that has not ended (My giving, Subscriptions and the
 * API alike): one running or paused (still "active" at the provider), and one whose charge
 * failed (past due, or left unpaid): a donor who would rather stop than put the card right
 * is never made to wait for the provider's retries.
 */
export function isCancelable(status: string): boolean {
  return (CANCELABLE_STATUSES as readonly string[]).includes(status);
}

const CANCELABLE_STATUSES = ["active", PAUSED_STATUS, "past_due", "unpaid"] as const;

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
  return RUNNING_STATUSES.includes(gift.status) && Boolean(gift.stripe_subscription_id);
}

/** A running gift not paused already may be paused; a paused one may be resumed. */
export function canPause(gift: ChangeableState): boolean {
  return isChangeable(gift) && gift.resumes_at === null;
}

export function canResume(gift: ChangeableState): boolean {
  return isChangeable(gift) && gift.resumes_at !== null;
}
