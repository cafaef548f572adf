import { z } from "~/shared/zod";

/**
 * Rejecting a disbursement request (decision 152): the reason is required, so the person who
 * asked (and an auditor) reads why. One schema for the ledger screen's form and the API.
 */
export const rejectionSchema = z.object({
  reason: z
    .string({ message: "Please give the reason for rejecting it" })
    .trim()
    .min(1, "Please give the reason for rejecting it")
    .max(2000, "The reason must be at most 2000 characters"),
});
export type RejectionInput = z.output<typeof rejectionSchema>;

/** Whether an amount needs a second person: at or above the threshold (a threshold of 0: always). */
export function needsApproval(amountCents: number, thresholdCents: number): boolean {
  return amountCents >= thresholdCents;
}
