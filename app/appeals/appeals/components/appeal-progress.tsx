import { appealProgress, giftCountWords } from "../rules/progress";
import { dollarsToCents } from "~/shared/money";

interface ProgressOf {
  title: string;
  /** Dollars, as the appeal's record carries them. */
  raised: number;
  goal: number | null;
  gifts: number;
}

/**
 * Raised so far against the goal. The bar is a progressbar whose text equivalent is the
 * same sentence the page prints ("$12,400 raised of $20,000 goal, 62%"); the printed
 * sentence is hidden from screen readers so it is not heard twice. Without a goal there
 * is nothing to measure against: only the sentence ("$2,150 raised").
 */
export function AppealProgress({ appeal, large = false }: { appeal: ProgressOf; large?: boolean }) {
  const progress = appealProgress(
    dollarsToCents(appeal.raised),
    appeal.goal === null ? null : dollarsToCents(appeal.goal),
    appeal.gifts,
  );
  const hasGoal = progress.goalCents !== null;
  return (
    <div>
      {hasGoal ? (
        <div
          role="progressbar"
          aria-label={`Raised for ${appeal.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.barPercent}
          aria-valuetext={progress.words}
          className={`w-full overflow-hidden rounded-full bg-slate-200 ${large ? "h-4" : "h-2.5"}`}
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress.barPercent}%` }} />
        </div>
      ) : null}
      <p
        aria-hidden={hasGoal ? true : undefined}
        data-testid="appeal-progress"
        className={`mt-2 font-semibold text-slate-900 ${large ? "text-lg" : "text-sm"}`}
      >
        {progress.words}
      </p>
    </div>
  );
}

/** "48 gifts · 12 days left", and a word when test gifts are in the figure. */
export function AppealFacts({
  gifts,
  timing,
  testGifts,
}: {
  gifts: number;
  timing: string | null;
  testGifts: boolean;
}) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        <span data-testid="appeal-gifts">{giftCountWords(gifts)}</span>
        {timing ? (
          <>
            {" · "}
            <span data-testid="appeal-timing">{timing}</span>
          </>
        ) : null}
      </p>
      {testGifts ? (
        <p className="mt-1 text-xs font-medium text-amber-800">Includes test gifts (no money moved)</p>
      ) : null}
    </>
  );
}
