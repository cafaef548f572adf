import { Link } from "react-router";
import type { Route } from "./+types/admin-application-payments";
import { findDuePayments } from "../server/grants.server";
import { DataTable } from "~/ui/data-table";
import { Pagination, pageFrom } from "~/ui/pagination";
import { formatExactDollars } from "~/shared/money";
import { ApplicationsTabs } from "~/applications/cases/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Grant payments due | Admin" }];

const PAGE_SIZE = 25;

/**
 * /admin/applications/payments: grant payments due today or earlier (a monthly grant's months,
 * a one-off's payment), oldest first, for finance to confirm on each case's grant panel. Only
 * the reference, category and amount: never the family's name.
 */
export async function loader({ url }: Route.LoaderArgs) {
  return { due: await findDuePayments(pageFrom(url), PAGE_SIZE) };
}

export default function ApplicationPayments({ loaderData: { due } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Grant payments due</h1>
      <ApplicationsTabs />
      <p className="max-w-3xl text-sm text-slate-600">
        Approved grants&apos; payments that fall due today or earlier. Each is confirmed on its case&apos;s decision and
        payment panel once it is paid: it is then written to the Zakat ledger in the case&apos;s category.
      </p>
      <DataTable
        caption="Grant payments due, oldest first"
        columns={[
          { label: "Due" },
          { label: "Case" },
          { label: "Category" },
          { label: "Amount" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="No grant payment is due"
      >
        {due.rows.map((payment) => (
          <tr key={payment.id} data-testid={`due-payment-${payment.id}`}>
            <td className="px-3 py-3 tabular-nums">{payment.due_on}</td>
            <td className="px-3 py-3 font-medium text-slate-900">{payment.ref}</td>
            <td className="px-3 py-3 text-slate-700">{payment.category_label}</td>
            <td className="px-3 py-3 tabular-nums">{formatExactDollars(payment.amount)}</td>
            <td className="px-3 py-3 text-right">
              <Link
                to={`/admin/applications/${payment.ref}/grant#grant`}
                className="font-semibold text-brand-700 hover:underline"
                aria-label={`Confirm the payment of ${payment.ref} due on ${payment.due_on}`}
              >
                Confirm payment…
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={due.page}
        pageSize={PAGE_SIZE}
        total={due.total}
        rowsOnPage={due.rows.length}
        label="payments due"
      />
    </div>
  );
}
