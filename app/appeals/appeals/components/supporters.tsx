import type { AppealPhase } from "../rules/phase";
import type { Supporter } from "../rules/records";
import { formatDollars } from "~/shared/money";
import { givenWhenWords } from "./appeal-timing";

/** Before the first gift, in words true of where the appeal is: a draft takes none yet, a closed one no more. */
const NO_GIFTS: Record<AppealPhase, string> = {
  draft: "No gifts yet: gifts open once the appeal is live.",
  upcoming: "No gifts yet: yours could be the first once it opens.",
  open: "No gifts yet: yours could be the first.",
  ended: "No gifts were given to this appeal online.",
  closed: "No gifts were given to this appeal online.",
};

/**
 * An appeal's latest gifts as the public sees them: a first name or "Anonymous", the
 * amount and when (the loader already left out every other part of a name).
 */
export function Supporters({
  supporters,
  phase,
  today,
  timeZone,
}: {
  supporters: Supporter[];
  phase: AppealPhase;
  today: string;
  timeZone: string;
}) {
  if (!supporters.length) return <p className="text-slate-600">{NO_GIFTS[phase]}</p>;
  return (
    <ul className="divide-y divide-slate-200" data-testid="supporters">
      {supporters.map((supporter, index) => (
        <li key={`${supporter.donated_at}-${index}`} className="flex items-baseline justify-between gap-4 py-3">
          <span className="font-medium text-slate-900">{supporter.name}</span>
          <span className="text-right">
            <span className="block font-semibold text-slate-900">{formatDollars(supporter.amount)}</span>
            <time dateTime={supporter.donated_at} className="block text-xs text-slate-500">
              {givenWhenWords(supporter.donated_at, today, timeZone)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}
