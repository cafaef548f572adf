import type { Supporter } from "~/domain/appeals/records";
import { formatDollars } from "~/domain/shared/money";
import { givenWhenWords } from "./appeal-timing";

/**
 * An appeal's latest gifts as the public sees them: a first name or "Anonymous", the
 * amount and when (the loader already left out every other part of a name).
 */
export function Supporters({ supporters, today, timeZone }: { supporters: Supporter[]; today: string; timeZone: string }) {
  if (!supporters.length) return <p className="text-slate-600">No gifts yet: yours could be the first.</p>;
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
