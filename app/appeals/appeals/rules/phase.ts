import { dateTimeFormat } from "~/shared/formatters";
import type { AppealStatus } from "./appeal-schemas";

/**
 * Where an appeal stands on a given day, from its status and its dates (days in the
 * foundation's time zone). Only an open appeal takes gifts: a live appeal before its
 * start date is upcoming, and after its end date it has ended, as a closed one has.
 */
export type AppealPhase = "draft" | "upcoming" | "open" | "ended" | "closed";

export function appealPhase(
  appeal: { status: AppealStatus; starts_on: string; ends_on: string | null },
  today: string,
): AppealPhase {
  if (appeal.status === "draft" || appeal.status === "closed") return appeal.status;
  if (today < appeal.starts_on) return "upcoming";
  if (appeal.ends_on && today > appeal.ends_on) return "ended";
  return "open";
}

/** Whether the public lists it among the live appeals (open or about to open) or in the archive. */
export function isListedAsLive(phase: AppealPhase): boolean {
  return phase === "open" || phase === "upcoming";
}

/** Why an appeal takes no gift, in words for the donor (and the API's 409). */
export function whyNoGifts(title: string, phase: AppealPhase, startsOn: string): string | null {
  switch (phase) {
    case "open":
      return null;
    case "upcoming":
      return `The appeal “${title}” opens for gifts on ${dayWords(startsOn)}.`;
    case "draft":
      // Not by name: a draft's title is not yet public.
      return "This appeal is not open for gifts.";
    default:
      return `The appeal “${title}” has closed and no longer takes gifts. Thank you for thinking of it.`;
  }
}

/** "March 4, 2026" for the day '2026-03-04' (a calendar day: no time zone moves it). */
function dayWords(day: string): string {
  return dateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
