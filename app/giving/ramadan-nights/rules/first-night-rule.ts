import { z } from "~/shared/zod";
import { isRealDate } from "~/shared/dates";
import { isPlausibleFirstNight, isRehearsableFirstNight, ramadanYearOn } from "./ramadan-charge-window";
import { proposedFirstNight } from "./ramadan-nights";

/**
 * Test mode (the sandbox or Stripe's test keys, where no money moves) rehearses the nights
 * out of season: its `today`, in the foundation's time zone. Absent with live keys.
 */
export interface RehearsalOption {
  rehearsalToday?: string | null;
}

/**
 * The evening of Ramadan's first night: a real date or '' (not confirmed), within a few days
 * of the calculation's evening, as a sighting is. A rehearsal also takes any evening whose
 * nights are still to come or under way (`isRehearsableFirstNight`), so that the nights can
 * be tried out of season.
 */
export function ramadanFirstNightRule({ rehearsalToday }: RehearsalOption = {}) {
  return z
    .union([z.string(), z.null()], { message: "Give the evening of the first night as YYYY-MM-DD" })
    .transform((raw) => (raw ?? "").trim())
    .refine(
      (value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value)),
      "Give the evening of the first night as YYYY-MM-DD",
    )
    .superRefine((value, ctx) => {
      if (value === "" || !isRealDate(value) || isPlausibleFirstNight(value)) return;
      if (rehearsalToday && isRehearsableFirstNight(value, rehearsalToday)) return;
      const proposal = proposedFirstNight(ramadanYearOn(value));
      const sighting = `The first night must be within a few days of the calculated evening, ${proposal}`;
      ctx.addIssue({
        code: "custom",
        message: rehearsalToday
          ? `In test mode, give an evening from 29 evenings ago to a year ahead, so its nights can still be tried. ${sighting}`
          : sighting,
      });
    });
}
