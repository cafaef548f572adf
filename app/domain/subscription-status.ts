/** Subscription states the screens know by name (SPEC 3); the provider may report others. */
export const KNOWN_SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled"] as const;

/** Staff may cancel a subscription only while it is active (SPEC 4). */
export function isCancelable(status: string): boolean {
  return status === "active";
}

/** A canceled subscription never comes back: the provider starts a new one instead. */
export function isFinalStatus(status: string): boolean {
  return status === "canceled";
}
