import { emptyIsUnset, hasWholeCents, readNumber } from "~/shared/amount-input";
import { optionalText, requiredText } from "~/shared/schema-fields";
import { z } from "~/shared/zod";
import type { Role } from "~/staff/accounts";
import type { ApplicationPaymentMethod, ApplicationPaymentStatus, ApplicationState } from "../../../../db/schema";

/**
 * The grant's decision and payments (issue 31, point 4), as rules shared by the panel's forms,
 * the grant route's action and the API: what a decision and a payment must say, who may take
 * them, and when a monthly grant's payments fall due.
 */

/** Approving may carry a note for the file (sealed like a decline's reason). */
export const approvalSchema = z.object({
  note: optionalText("Note", 2000),
});
export type ApprovalInput = z.output<typeof approvalSchema>;

/** A decline says why: the family is told this reason. */
export const declineSchema = z.object({
  reason: requiredText("Reason", 2000),
});
export type DeclineInput = z.output<typeof declineSchema>;

/**
 * Closing may say why (sealed with the decision); it must when an approved grant is closed
 * before it was paid in full (the service checks, as only it knows the state).
 */
export const closeSchema = z.object({
  reason: optionalText("Reason", 2000),
});
export type CloseInput = z.output<typeof closeSchema>;

export const PAYMENT_METHODS = [
  "bank_transfer",
  "third_party",
  "in_kind",
] as const satisfies readonly ApplicationPaymentMethod[];

export const PAYMENT_METHOD_LABELS: Record<ApplicationPaymentMethod, string> = {
  bank_transfer: "Bank transfer to the family",
  third_party: "Paid to a third party (landlord, utility, school)",
  in_kind: "In kind",
};

export const PAYMENT_STATUS_LABELS: Record<ApplicationPaymentStatus, string> = {
  due: "Due",
  paid: "Paid",
  cancelled: "Cancelled",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function wholeId(label: string) {
  return z.preprocess(
    (raw) => readNumber(emptyIsUnset(raw)),
    z
      .number({ message: `Please choose ${label}` })
      .int(`Please choose ${label}`)
      .positive(`Please choose ${label}`),
  );
}

/**
 * One payment of an approved grant: how much, from which Zakat fund, how, to whom and on
 * which day; `payment` names the due payment it confirms (a monthly grant's month).
 */
export const paymentSchema = z
  .object({
    amount: z.preprocess(
      readNumber,
      z
        .number({ message: "Please enter the amount as a number, e.g. 250 or 12.50" })
        .refine(Number.isFinite, "Please enter the amount as a number, e.g. 250 or 12.50")
        .refine((value) => value > 0, "Amount must be more than $0")
        .refine(hasWholeCents, "Amount cannot have fractions of a cent")
        .refine((value) => value < 1_000_000_000, "Amount is too large"),
    ),
    fund: wholeId("a Zakat fund"),
    method: z.enum(PAYMENT_METHODS, { message: "Please choose how it was paid" }),
    payee: optionalText("Paid to", 200),
    paid_on: z
      .string({ message: "Paid on is required" })
      .trim()
      .min(1, "Paid on is required")
      .refine(
        (value) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
        "Please enter a real date as YYYY-MM-DD",
      ),
    payment: z.preprocess(
      (raw) => readNumber(emptyIsUnset(raw)),
      z.number({ message: "payment must be a due payment's id" }).int().positive().optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.method === "third_party" && !value.payee) {
      context.addIssue({
        code: "custom",
        path: ["payee"],
        message: "Please say who was paid (the landlord, the utility, the school)",
      });
    }
  });
export type PaymentInput = z.output<typeof paymentSchema>;

/** Only a person holding finance or owner decides or pays a grant. */
export function mayHandleMoney(roles: readonly Role[]): boolean {
  return roles.includes("owner") || roles.includes("finance");
}

/** Who may decide a recommendation: finance or owner, never the person who recommended it. */
export function mayDecide(
  viewer: { id: number; roles: readonly Role[] },
  grant: { recommended_by_id: number | null; state: ApplicationState },
): boolean {
  return grant.state === "recommended" && mayHandleMoney(viewer.roles) && !isRecommender(viewer, grant);
}

export function isRecommender(viewer: { id: number }, grant: { recommended_by_id: number | null }): boolean {
  return grant.recommended_by_id !== null && viewer.id !== 0 && grant.recommended_by_id === viewer.id;
}

/** The grant's whole sum: one payment's, or each month's times the months. */
export function approvedCentsOf(
  plan: "once" | "monthly" | null,
  perPaymentCents: number,
  months: number | null,
): number {
  return plan === "monthly" ? perPaymentCents * Math.max(1, months ?? 1) : perPaymentCents;
}

/**
 * The days a grant's payments fall due: the decision's day, then the same day of each month
 * after (the month's last day when it is shorter: 31 January, 28 February, 31 March).
 */
export function dueDays(firstDay: string, count: number): string[] {
  const [year, month, day] = firstDay.split("-").map(Number) as [number, number, number];
  const days: string[] = [];
  for (let index = 0; index < count; index++) {
    const target = new Date(Date.UTC(year, month - 1 + index, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(day, lastDay));
    days.push(target.toISOString().slice(0, 10));
  }
  return days;
}

/** A count the public sees: under five it could point at a family, so it is only "fewer than 5". */
export const SMALL_COUNT = 5;
export function publicCount(count: number): number | "fewer than 5" {
  return count < SMALL_COUNT ? "fewer than 5" : count;
}
