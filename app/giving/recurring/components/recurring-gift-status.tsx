import { pausedWords } from "./recurring-change-forms";
import { nextTryWords } from "../rules/payment-troubles";
import { PAUSED_STATUS } from "../rules/subscription-status";
import { formatDate } from "~/shared/dates";
import type { MyRecurringGiftView } from "./recurring-gifts";

/**
 * Where a donor's recurring gift stands, in a line: active with its next payment, paused
 * with the charge it resumes with, or what else the provider reports.
 */
export function recurringStatusWords(gift: MyRecurringGiftView, timeZone: string): string {
  if (gift.status === PAUSED_STATUS) return pausedWords(gift, timeZone) ?? "Paused";
  if (gift.status === "active")
    return gift.next_payment_date ? `Active · next payment ${formatDate(gift.next_payment_date, timeZone)}` : "Active";
  if (gift.status === "canceled") return "Canceled";
  if (gift.status === "past_due")
    return `Payment due: your card was declined · ${nextTryWords(gift.next_retry_at ?? null, timeZone)}`;
  return gift.status;
}
