import { data, Link } from "react-router";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import type { Route } from "./+types/receipt";
import { PrintedSheet } from "../components/printed-sheet";
import { NO_GOODS_OR_SERVICES, receiptLines, receiptNumber, ZAKAT_PROMISE } from "../rules/receipts";
import { NotFoundError } from "~/lib/service-errors";
import { findReceipt } from "../server/receipts.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";

/** A sheet to read and print: none of the app's script, only its Print button's own few lines. */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ data: receipt }) => [
  {
    title: receipt
      ? `Receipt ${receiptNumber(receipt.gift, receipt.timeZone)} | ${receipt.organisation.legalName}`
      : "Receipt not found",
  },
  // Reached only through the donor's own link: never listed by search engines.
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return await findReceipt(params.token ?? "");
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** A gift's receipt, on its own page: readable on a phone, and one clean sheet when printed. */
export default function Receipt({ loaderData: { gift, organisation, timeZone } }: Route.ComponentProps) {
  return (
    <PrintedSheet
      organisation={organisation}
      width="max-w-2xl"
      links={
        <>
          <Link to="/my-giving" className="btn-secondary">
            See all my giving
          </Link>
          <Link to="/" className="btn-secondary">
            Return to Home
          </Link>
        </>
      }
    >
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Official receipt for your donation</h1>
      {gift.is_test ? (
        <p className="mt-2 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900">
          Test payment: no money moved. This receipt is not valid for tax purposes.
        </p>
      ) : null}
      <dl className="mt-6 divide-y divide-slate-100 text-slate-800">
        {receiptLines(gift, timeZone).map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 space-y-3 text-slate-700">
        {gift.is_zakat ? <p>{ZAKAT_PROMISE}</p> : null}
        <p>{NO_GOODS_OR_SERVICES}</p>
        <p>Thank you for your generosity. May Allah accept it from you and reward you.</p>
      </div>
    </PrintedSheet>
  );
}
