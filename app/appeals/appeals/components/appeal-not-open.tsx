import { Link } from "react-router";
import type { AppealPhase } from "../rules/phase";
import { formatDollars } from "~/shared/money";
import { formatAppealDay } from "./appeal-timing";

/** A gift the donor typed before the appeal stopped taking gifts: kept, to give it elsewhere. */
export interface RefusedGift {
  message: string;
  amount: number | null;
  frequency: string;
  /** The donor's ticks (anonymous, cover the card fee), carried to /donate like a canceled checkout's. */
  choices: { anonymous?: "on"; cover_fees?: "on" };
}

/**
 * In place of the donate form when an appeal takes no gifts: a draft (seen only by
 * staff), one not yet open, or one that has closed or ended, which points the donor to
 * the live appeals and to the donate page.
 */
export function AppealNotOpen({
  phase,
  startsOn,
  refused,
}: {
  phase: Exclude<AppealPhase, "open">;
  startsOn: string;
  refused: RefusedGift | null;
}) {
  return (
    <div className="space-y-4">
      {refused ? <RefusedNotice refused={refused} /> : null}
      <PhaseWords phase={phase} startsOn={startsOn} />
      {phase === "draft" ? null : (
        <div className="flex flex-wrap gap-3">
          <Link to="/appeals" className="btn-primary">
            See the live appeals
          </Link>
          <Link to="/donate" className="btn-secondary">
            Donate where it is needed most
          </Link>
        </div>
      )}
    </div>
  );
}

function PhaseWords({ phase, startsOn }: { phase: Exclude<AppealPhase, "open">; startsOn: string }) {
  switch (phase) {
    case "draft":
      return (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          A draft: only staff can see this page. The donate form appears once the appeal is live.
        </p>
      );
    case "upcoming":
      return (
        <p className="text-lg font-semibold text-slate-900">
          This appeal opens for gifts on {formatAppealDay(startsOn)}.
        </p>
      );
    case "ended":
      return (
        <p className="text-lg font-semibold text-slate-900">
          This appeal has ended.{" "}
          <span className="font-normal text-slate-700">Thank you to everyone who gave to it.</span>
        </p>
      );
    default:
      return (
        <p className="text-lg font-semibold text-slate-900">
          This appeal has closed.{" "}
          <span className="font-normal text-slate-700">Thank you to everyone who gave to it.</span>
        </p>
      );
  }
}

function RefusedNotice({ refused }: { refused: RefusedGift }) {
  const again = new URLSearchParams({
    ...(refused.amount ? { amount: String(refused.amount) } : {}),
    frequency: refused.frequency,
    ...refused.choices,
  });
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      <p>{refused.message} Nothing was charged.</p>
      {refused.amount ? (
        <p className="mt-2">
          <Link to={`/donate?${again}`} className="font-semibold underline hover:no-underline">
            Give your {formatDollars(refused.amount)} where it is needed most
          </Link>
        </p>
      ) : null}
    </div>
  );
}
