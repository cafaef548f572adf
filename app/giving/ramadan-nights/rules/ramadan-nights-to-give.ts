import { chargeWindow } from "./ramadan-charge-window";
import type { RamadanNight } from "./ramadan-nights";

/**
 * The nights a donor starting now still gives on: those whose charge window has not
 * closed. A donor who starts on the 28th day gives from the 28th night on (the nights gone
 * by are not charged later), so what the donate form shows, its total, and the nights
 * written when the card is saved all come from this one rule.
 */
export function nightsStillToGive<Night extends Pick<RamadanNight, "evening">>(
  nights: readonly Night[],
  now: Date,
  chargeHour: number,
  timeZone: string,
): Night[] {
  return nights.filter((night) => chargeWindow(night.evening, chargeHour, timeZone).closesAt > now);
}
