import { Link } from "react-router";
import { TestBadge } from "~/ui/badges";
import { APPEAL_STATUS_LABELS } from "../rules/appeal-schemas";
import { appealProgress, giftCountWords } from "../rules/progress";
import { type Appeal } from "../rules/records";
import { formatDate } from "~/shared/dates";
import { dollarsToCents } from "~/shared/money";

const STATUS_STYLES: Record<Appeal["status"], string> = {
  draft: "bg-slate-200 text-slate-800",
  live: "bg-brand-100 text-brand-800",
  closed: "bg-amber-100 text-amber-900",
};

// From a small tablet's width up the facts have their own columns; on a phone they stack under the title.
const WIDE_CELL = "hidden px-3 py-3 sm:table-cell";

/** One appeal in the staff's list: its address, status, fund, progress in words, gifts and days. */
export function AppealRow({ appeal }: { appeal: Appeal }) {
  const progress = appealProgress(
    dollarsToCents(appeal.raised),
    appeal.goal === null ? null : dollarsToCents(appeal.goal),
    appeal.gifts,
  );
  const deletable = appeal.status === "draft" && !appeal.went_live_at;
  return (
    <tr>
      <td className="px-3 py-3">
        <span className="block font-medium wrap-anywhere text-slate-900">{appeal.title}</span>
        <span className="block text-xs break-all text-slate-600">/appeals/{appeal.slug}</span>
        <div className="mt-2 space-y-1 text-slate-700 sm:hidden" data-testid="appeal-facts">
          <p>
            <StatusBadges appeal={appeal} />
          </p>
          <p>{appeal.fund.name}</p>
          <p>{progress.words}</p>
          <p>
            <Gifts appeal={appeal} />
          </p>
          <p>
            <Dates appeal={appeal} />
          </p>
        </div>
      </td>
      <td className={`${WIDE_CELL} whitespace-nowrap`}>
        <StatusBadges appeal={appeal} />
      </td>
      <td className={`${WIDE_CELL} text-slate-700`}>{appeal.fund.name}</td>
      <td className={`${WIDE_CELL} text-slate-700`}>{progress.words}</td>
      <td className={`${WIDE_CELL} whitespace-nowrap text-slate-700`}>
        <Gifts appeal={appeal} />
      </td>
      <td className={`${WIDE_CELL} whitespace-nowrap text-slate-700`}>
        <Dates appeal={appeal} />
      </td>
      <td className="px-3 py-3 text-right align-top whitespace-nowrap sm:align-middle">
        {/* Stacked on a phone, so Edit is in view without scrolling sideways. */}
        <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end sm:gap-4">
          <Link
            to={`?edit=${appeal.id}`}
            preventScrollReset
            className="font-semibold text-brand-700 hover:underline"
            aria-label={`Edit ${appeal.title}`}
          >
            Edit
          </Link>
          <Link
            to={`/appeals/${appeal.slug}`}
            className="font-semibold text-brand-700 hover:underline"
            aria-label={`View the page of ${appeal.title}`}
          >
            View page
          </Link>
          {deletable ? (
            <Link
              to={`?delete=${appeal.id}`}
              preventScrollReset
              data-delete-for={appeal.id}
              className="font-semibold text-red-700 hover:underline"
              aria-label={`Delete ${appeal.title}`}
            >
              Delete
            </Link>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function StatusBadges({ appeal }: { appeal: Pick<Appeal, "status" | "is_featured"> }) {
  return (
    <>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[appeal.status]}`}>
        {APPEAL_STATUS_LABELS[appeal.status]}
      </span>
      {appeal.is_featured ? (
        <span className="ml-2 rounded-full bg-gold-300 px-2 py-0.5 text-xs font-semibold text-slate-900">Featured</span>
      ) : null}
    </>
  );
}

function Gifts({ appeal }: { appeal: Pick<Appeal, "gifts" | "test_gifts"> }) {
  return (
    <>
      {giftCountWords(appeal.gifts)}
      {appeal.test_gifts ? <TestBadge /> : null}
    </>
  );
}

function Dates({ appeal }: { appeal: Pick<Appeal, "starts_on" | "ends_on"> }) {
  return (
    <>
      {formatDate(appeal.starts_on, "UTC")}
      {appeal.ends_on ? (
        <> – {formatDate(appeal.ends_on, "UTC")}</>
      ) : (
        <span className="block text-xs text-slate-600">no end date</span>
      )}
    </>
  );
}
