import {
  ramadanNights,
  ramadanTotal,
  type RamadanNight,
  type RamadanPlan,
  type RamadanSchedule,
} from "../rules/ramadan-nights";
import { nightsStillToGive } from "../rules/ramadan-nights-to-give";
import { eveningWords, hijriNightWords, nightName, thirtyDaysWords } from "../rules/ramadan-words";
import { formatExactCents } from "~/shared/money";

/**
 * When this year's nights begin (the evening staff confirmed, or the calculation's proposal until they do) and when
 * each is charged.
 */
export interface RamadanCalendar {
  firstNight: string;
  confirmed: boolean;
  /** Test mode's rehearsal out of season: a first night no sighting gave. */
  rehearsal: boolean;
  hijriYear: number;
  /** The hour each night is charged from, in `timeZone`. */
  chargeHour: number;
  timeZone: string;
  /** The moment the page was drawn (ISO): a night already over by then is not given. */
  now: string;
}

/**
 * The nights a donor saving their card now gives on, by the same rule as the nights written
 * when the card is saved: a donor starting during Ramadan gives from tonight's night on.
 * `late` says the plan's first nights have gone by; the totals are of the nights given.
 */
export function nightsYouGive(
  schedule: RamadanSchedule,
  calendar: RamadanCalendar,
): { nights: RamadanNight[]; late: boolean; total: ReturnType<typeof ramadanTotal> } {
  const all = ramadanNights(schedule, calendar.firstNight);
  const nights = nightsStillToGive(all, new Date(calendar.now), calendar.chargeHour, calendar.timeZone);
  return { nights, late: nights.length < all.length, total: ramadanTotal(nights) };
}

/**
 * The nights a donor's choice gives on, each with its evening, its Hijri night and its
 * amount (the doubled odd nights marked), and the total for a Ramadan of 29 and of 30 days:
 * the 30th night is given only if the month has it, which the moon decides. The same pure
 * rules draw it in the browser as the donor types and on the server without JavaScript.
 */
export function RamadanNightsPreview({
  plan,
  perNightCents,
  doubleOddNights,
  calendar,
}: {
  plan: RamadanPlan;
  perNightCents: number;
  doubleOddNights: boolean;
  calendar: RamadanCalendar;
}) {
  const { nights, late, total } = nightsYouGive({ plan, perNightCents, doubleOddNights }, calendar);
  if (nights.length === 0) {
    return (
      <p className="rounded-xl border-2 border-brand-700 bg-brand-50 p-5 text-slate-900" data-testid="ramadan-preview">
        This Ramadan&apos;s nights are over: there is no night left to give on. The nights of next Ramadan can be chosen
        here once it is near.
      </p>
    );
  }
  return (
    <section
      aria-labelledby="ramadan-preview-title"
      className="rounded-xl border-2 border-brand-700 bg-brand-50 p-5"
      data-testid="ramadan-preview"
    >
      <h3 id="ramadan-preview-title" className="text-lg font-semibold text-slate-900">
        Your nights
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="ramadan-first-night">
        {calendar.rehearsal
          ? `The first night is set to the evening of ${eveningWords(calendar.firstNight)} as a rehearsal in test mode: no money moves.`
          : calendar.confirmed
            ? `The first night begins on the evening of ${eveningWords(calendar.firstNight)}, as the foundation confirmed from the moon's sighting.`
            : `The first night is proposed for the evening of ${eveningWords(calendar.firstNight)}, from the Hijri calendar: a proposal until the foundation confirms it once the moon is sighted. Your nights follow the confirmed date.`}
      </p>
      {late ? (
        <p className="mt-1 text-sm font-medium text-slate-900" data-testid="ramadan-from-night">
          Ramadan is under way: you give from the {nightName(nights[0]!.night)} on, the evening of{" "}
          {eveningWords(nights[0]!.evening)}. The nights gone by are not charged.
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">The nights you give on, with each night&apos;s amount</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Night
              </th>
              <th scope="col" className="px-3 py-2">
                Begins on the evening of
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {nights.map((night) => (
              <tr key={night.night}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  <span className="block">{nightName(night.night)}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {hijriNightWords(night.night, calendar.hijriYear)}
                  </span>
                </th>
                <td className="px-3 py-2">
                  {eveningWords(night.evening)}
                  {night.onlyIfThirtyDays ? (
                    <span className="block text-xs text-slate-600">{thirtyDaysWords(night.night)}</span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">
                  <span className="whitespace-nowrap">{formatExactCents(night.amountCents)}</span>
                  {night.doubled ? (
                    <span className="block text-xs font-normal text-brand-800">Doubled: an odd night</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 font-semibold text-slate-900" data-testid="ramadan-total">
        In all: {formatExactCents(total.thirtyDaysCents)} if Ramadan has 30 days,{" "}
        {formatExactCents(total.twentyNineDaysCents)} if it has 29.
      </p>
    </section>
  );
}
