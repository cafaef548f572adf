import type { ReactNode } from "react";
import { formatDate, formatDateTime } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import type { ApplicantRecord } from "~/applications/records";

/**
 * What the family told, as the case page shows it: the applicant, the household, the money
 * (income by source, essential costs, savings and debts), and what the help is for. Shown
 * only to the roles that may read it (the loader gives null otherwise).
 */
export interface MoneyLine {
  key: string;
  label: string;
  amount: number;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="wrap-anywhere text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ApplicantDetails({ applicant, timeZone }: { applicant: ApplicantRecord; timeZone: string }) {
  const children = applicant.children_ages.length
    ? `${applicant.children_ages.length} (aged ${applicant.children_ages.join(", ")})`
    : "None";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section id="applicant-title" title="Applicant">
        <Facts
          rows={[
            ["Name", applicant.name],
            ["Email", applicant.email],
            ["Phone", applicant.phone],
            [
              "Address",
              <span key="address" className="whitespace-pre-line">
                {applicant.address}
              </span>,
            ],
            ["Date of birth", formatDate(applicant.date_of_birth, "UTC")],
            ["Declared", formatDateTime(applicant.declared_at, timeZone)],
          ]}
        />
      </Section>
      <Section id="household-title" title="Household">
        <Facts
          rows={[
            ["Adults", String(applicant.adults)],
            ["Children", children],
          ]}
        />
      </Section>
    </div>
  );
}

function MoneyTable({ caption, lines, total }: { caption: string; lines: MoneyLine[]; total: number }) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left font-semibold text-slate-800">{caption}</caption>
      <tbody className="divide-y divide-slate-100">
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
              {line.label}
            </th>
            <td className="py-1.5 text-right text-slate-900 tabular-nums">{formatExactDollars(line.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1.5 text-left font-semibold text-slate-900">
            Each month
          </th>
          <td className="py-1.5 text-right font-semibold text-slate-900 tabular-nums">{formatExactDollars(total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function MoneyDetails({
  applicant,
  income,
  costs,
  monthlyIncome,
  monthlyCosts,
  shortfall,
}: {
  applicant: ApplicantRecord;
  income: MoneyLine[];
  costs: MoneyLine[];
  monthlyIncome: number;
  monthlyCosts: number;
  shortfall: number;
}) {
  return (
    <Section id="money-title" title="Money, each month">
      <div className="grid gap-6 md:grid-cols-2">
        <MoneyTable caption="Income by source" lines={income} total={monthlyIncome} />
        <MoneyTable caption="Essential costs" lines={costs} total={monthlyCosts} />
      </div>
      <p className="text-sm text-slate-900" data-testid="computed-shortfall">
        Monthly shortfall (essential costs less income): <strong>{formatExactDollars(shortfall)}</strong>
      </p>
      <Facts
        rows={[
          ["Savings", formatExactDollars(applicant.savings)],
          ["Debts", formatExactDollars(applicant.debts)],
          ...(applicant.debts_details
            ? ([["What the debts are", applicant.debts_details]] as [string, ReactNode][])
            : []),
        ]}
      />
    </Section>
  );
}
