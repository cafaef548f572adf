import { addDays, daysBetween, gregorianDayOf } from "~/shared/hijri";

/**
 * Giving on the nights of Ramadan. A night comes before its day: the first night begins at
 * sunset on the evening before the first fast, and the 21st at sunset on the 20th day.
 * Staff confirm the first night each year (it follows the moon's sighting); the Hijri
 * calculation only proposes it. Ramadan has 29 or 30 days, so its 30th night is given only
 * when the month has one, which is known once Eid al-Fitr is confirmed.
 */
export const RAMADAN_PLANS = ["last-ten", "all-thirty"] as const;
export type RamadanPlan = (typeof RAMADAN_PLANS)[number];

export const RAMADAN_PLAN_LABELS: Record<RamadanPlan, string> = {
  "last-ten": "The last ten nights",
  "all-thirty": "All thirty nights",
};

/** The odd nights of the last ten, when Laylat al-Qadr is sought: 21, 23, 25, 27, 29. */
export function isOddNightOfLastTen(night: number): boolean {
  return night >= 21 && night % 2 === 1;
}

export interface RamadanNight {
  /** 1 to 30. */
  night: number;
  /** The calendar day whose evening the night begins (in the foundation's time zone). */
  evening: string;
  amountCents: number;
  doubled: boolean;
  /** The 30th night, given only if Ramadan has thirty days. */
  onlyIfThirtyDays: boolean;
}

export interface RamadanSchedule {
  plan: RamadanPlan;
  perNightCents: number;
  doubleOddNights: boolean;
}

/** The nights a schedule gives on, from the confirmed first night's evening, with each night's amount. */
export function ramadanNights(schedule: RamadanSchedule, firstNightEvening: string): RamadanNight[] {
  const first = schedule.plan === "last-ten" ? 21 : 1;
  return Array.from({ length: 31 - first }, (_, index) => {
    const night = first + index;
    const doubled = schedule.doubleOddNights && isOddNightOfLastTen(night);
    return {
      night,
      evening: addDays(firstNightEvening, night - 1),
      amountCents: schedule.perNightCents * (doubled ? 2 : 1),
      doubled,
      onlyIfThirtyDays: isOnlyIfThirtyDays(night),
    };
  });
}

/** The first night's evening when `night` begins on `evening` (a rehearsal makes tonight the 21st night this way). */
export function firstNightOf(night: number, evening: string): string {
  return addDays(evening, 1 - night);
}

/** The 30th night is given only if Ramadan has thirty days, which the moon decides. */
export function isOnlyIfThirtyDays(night: number): boolean {
  return night === 30;
}

/** What a schedule gives in all: for a Ramadan of 29 days, and of 30. */
export function ramadanTotal(nights: readonly RamadanNight[]): {
  twentyNineDaysCents: number;
  thirtyDaysCents: number;
} {
  const thirtyDaysCents = nights.reduce((sum, night) => sum + night.amountCents, 0);
  const thirtieth = nights.find((night) => night.onlyIfThirtyDays)?.amountCents ?? 0;
  return { twentyNineDaysCents: thirtyDaysCents - thirtieth, thirtyDaysCents };
}

/** The calculation's proposal for the first night: the evening before 1 Ramadan of a Hijri year. */
export function proposedFirstNight(hijriYear: number): string {
  return addDays(gregorianDayOf({ year: hijriYear, month: 9, day: 1 }), -1);
}

/** Tonight's night of Ramadan (the night that begins this evening), or null outside the month. */
export function nightBeginningOn(today: string, firstNightEvening: string): number | null {
  const night = daysBetween(firstNightEvening, today) + 1;
  return night >= 1 && night <= 30 ? night : null;
}

/**
 * Whether a night is one of Ramadan's: every night to the 29th is; the 30th only when
 * Ramadan has thirty days, which Eid al-Fitr's confirmed day tells (the night before Eid is
 * Eid's own). Null while Eid is not yet confirmed.
 */
export function nightIsInRamadan(night: number, firstNightEvening: string, eidAlFitr: string | null): boolean | null {
  if (night < 30) return night >= 1;
  if (night > 30) return false;
  if (!eidAlFitr) return null;
  return addDays(firstNightEvening, 29) < addDays(eidAlFitr, -1);
}
