import { ESSENTIAL_COSTS, INCOME_SOURCES, PURPOSES } from "~/applications/records";
import { Link } from "react-router";

const LABELS: Record<string, string> = {
  name: "Full name",
  date_of_birth: "Date of birth",
  email: "Email",
  phone: "Phone number",
  address: "Address",
  adults: "Adults",
  children_ages: "Children's ages",
  savings: "Savings",
  debts: "Debts",
  debts_details: "What the debts are",
  purpose: "What the help is for",
  purpose_details: "About it",
  requested: "Amount asked for",
  ...Object.fromEntries([...INCOME_SOURCES, ...ESSENTIAL_COSTS].map((item) => [item.key, item.label])),
};

const MONEY = new Set([
  "savings",
  "debts",
  "requested",
  ...[...INCOME_SOURCES, ...ESSENTIAL_COSTS].map((item) => item.key),
]);

const GROUPS: { step: string; title: string; fields: string[] }[] = [
  { step: "applicant", title: "About you", fields: ["name", "date_of_birth", "email", "phone", "address"] },
  { step: "household", title: "Your household", fields: ["adults", "children_ages"] },
  {
    step: "money",
    title: "Money coming in and going out",
    fields: [
      ...INCOME_SOURCES.map((item) => item.key),
      ...ESSENTIAL_COSTS.map((item) => item.key),
      "savings",
      "debts",
      "debts_details",
    ],
  },
  { step: "help", title: "The help you need", fields: ["purpose", "purpose_details", "requested"] },
];

function shown(name: string, value: string | undefined): string {
  const text = (value ?? "").trim();
  if (name === "purpose") return PURPOSES.find((purpose) => purpose.key === text)?.label ?? text;
  if (MONEY.has(name)) return text === "" ? "$0" : `$${text.replace(/^\$\s*/, "")}`;
  return text === "" ? "None" : text;
}

/** What the family told, step by step, to check before sending, each step with a link to change it. */
export function ApplicationSummary({ values }: { values: Record<string, string> }) {
  return (
    <div className="space-y-6">
      {GROUPS.map((group) => (
        <section
          key={group.step}
          aria-labelledby={`summary-${group.step}`}
          className="rounded-xl border border-slate-200 p-5"
        >
          <div className="flex items-baseline justify-between gap-4">
            <h3 id={`summary-${group.step}`} className="text-lg font-semibold text-slate-900">
              {group.title}
            </h3>
            <Link to={`/get-help/apply?step=${group.step}`} className="text-sm font-medium text-brand-700 underline">
              Change<span className="sr-only"> {group.title.toLowerCase()}</span>
            </Link>
          </div>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            {group.fields
              .filter((name) => !(MONEY.has(name) && !values[name]?.trim()) || name === "requested")
              .map((name) => (
                <div key={name} className="contents">
                  <dt className="font-medium text-slate-600">{LABELS[name]}</dt>
                  <dd className="whitespace-pre-line text-slate-900">{shown(name, values[name])}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
