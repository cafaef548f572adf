import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/my-giving-statement";
import { PrintedSheet } from "~/giving/receipts/index.ui";
import { formatDate } from "~/shared/dates";
import { formatExactCents } from "~/shared/money";
import { NO_GOODS_OR_SERVICES, ZAKAT_PROMISE } from "~/giving/receipts";
import { donorEmail, PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { givingStatement } from "../server/my-giving.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";

/** A sheet to read and print: none of the app's script, only its Print button's own few lines. */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ data: statement }) => [
  {
    title: statement ? `Giving statement ${statement.year} | ${statement.organisation.legalName}` : "Giving statement",
  },
  { name: "robots", content: "noindex" },
];

/** A donor's annual giving statement: every gift of one calendar year, printable on one sheet. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const email = await donorEmail(request);
  if (!email) throw redirect("/my-giving");
  const year = Number(params.year);
  // Only years with real gifts have a statement (test payments never count).
  const statement = Number.isInteger(year) ? await givingStatement(email, year) : null;
  if (!statement) throw data(null, { status: 404 });
  return statement;
}

export default function Statement({ loaderData: statement }: Route.ComponentProps) {
  const {
    year,
    email,
    donor_name,
    gifts,
    total_cents,
    fee_cover_cents,
    zakat_cents,
    timeZone,
    organisation: org,
  } = statement;
  return (
    <PrintedSheet
      organisation={org}
      width="max-w-3xl"
      links={
        <Link to="/my-giving" className="btn-secondary">
          Back to my giving
        </Link>
      }
    >
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Annual giving statement {year}</h1>
      <p className="mt-1 text-slate-700" data-testid="statement-donor">
        Prepared for {donor_name} ({email}): every gift given from this address, January 1 to December 31, {year}.
      </p>
      {/* A phone is narrower than the table's four columns: the table scrolls in its own box (reachable by keyboard),
          not the page; on paper it is whole. */}
      <div
        role="region"
        aria-labelledby="statement-gifts"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard to be scrolled without a mouse
        tabIndex={0}
        className="mt-6 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 print:overflow-visible"
      >
        <table className="min-w-full text-left text-sm">
          <caption id="statement-gifts" className="sr-only">
            Gifts in {year}
          </caption>
          <thead className="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Date
              </th>
              <th scope="col" className="py-2 pr-3">
                Receipt
              </th>
              <th scope="col" className="py-2 pr-3">
                Purpose
              </th>
              <th scope="col" className="py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {gifts.map((gift) => (
              <tr key={gift.id}>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDate(gift.donated_at, timeZone)}</td>
                <td className="py-2 pr-3">{gift.receipt_number}</td>
                <td className="py-2 pr-3">
                  {gift.purpose || "General Donation"}
                  {gift.appeal ? <span className="block text-slate-600">Appeal: {gift.appeal}</span> : null}
                  {gift.designation ? <span className="block text-slate-600">{gift.designation}</span> : null}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {formatExactCents(gift.amount_cents)}
                  {gift.fee_cover_cents > 0 ? (
                    <span className="block text-slate-600">
                      + {formatExactCents(gift.fee_cover_cents)} card fee covered
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-bold">
              <td colSpan={3} className="py-2">
                Total for {year}
              </td>
              <td className="py-2 text-right tabular-nums" data-testid="statement-total">
                {formatExactCents(total_cents)} USD
              </td>
            </tr>
            {fee_cover_cents > 0 ? (
              <tr className="text-slate-700">
                <td colSpan={3} className="py-1">
                  Of which card fees you covered
                </td>
                <td className="py-1 text-right tabular-nums" data-testid="statement-fee-cover">
                  {formatExactCents(fee_cover_cents)} USD
                </td>
              </tr>
            ) : null}
            {zakat_cents > 0 ? (
              <tr className="text-slate-700">
                <td colSpan={3} className="py-1">
                  Of which Zakat
                </td>
                <td className="py-1 text-right tabular-nums" data-testid="statement-zakat">
                  {formatExactCents(zakat_cents)} USD
                </td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>
      {zakat_cents > 0 ? <p className="mt-6 text-slate-700">{ZAKAT_PROMISE}</p> : null}
      <p className="mt-6 text-slate-700">{NO_GOODS_OR_SERVICES}</p>
    </PrintedSheet>
  );
}
