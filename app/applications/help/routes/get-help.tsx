import { data, Link } from "react-router";
import type { Route } from "./+types/get-help";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";
import { fieldErrorsFromIssues } from "~/lib/service-errors";
import { formatCents } from "~/shared/money";
import { PageHero } from "~/ui/page-hero";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { PlainField } from "../components/plain-field";
import {
  checkEligibility,
  ELIGIBILITY_FIELDS,
  eligibilityQuerySchema,
  type EligibilityAnswer,
} from "../rules/eligibility-check";
import { paragraphsOf } from "../rules/help-text";
import { applicationSettings } from "../server/application-settings-editor.server";

/**
 * Whole as sent (plain links, a GET form): no script. The page without figures is the same for
 * every visitor and is kept; an answer (figures in the address) never is.
 */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = () => [
  { title: "Get help | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "Families in need can ask the foundation for help from Zakat: who we help, what we need, how long a decision takes, and a quick eligibility check.",
  },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type Check =
  | { values: Record<string, string>; errors: Record<string, string>; answer: null }
  | { values: Record<string, string>; errors: null; answer: EligibilityAnswer };

/**
 * The foundation's words, its table, and, when the checker's form was sent (a GET, so it works
 * without script and keeps nothing), the answer for the figures in the address. Such a page is
 * one visitor's: no cache, the server's or a shared one, may keep it.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const settings = await applicationSettings();
  const asked = ELIGIBILITY_FIELDS.some((name) => url.searchParams.has(name));
  let check: Check | null = null;
  if (asked) {
    const values = Object.fromEntries(ELIGIBILITY_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""]));
    const parsed = eligibilityQuerySchema.safeParse(values);
    check = parsed.success
      ? { values, errors: null, answer: checkEligibility(parsed.data, settings.eligibility) }
      : {
          values,
          answer: null,
          errors: Object.fromEntries(
            Object.entries(fieldErrorsFromIssues(parsed.error.issues)).map(([name, messages]) => [name, messages[0]!]),
          ),
        };
  }
  return data(
    { paragraphs: paragraphsOf(settings.helpText), eligibility: settings.eligibility, check },
    { headers: asked ? PRIVATE_PAGE_HEADERS : undefined },
  );
}

const SAY: Record<EligibilityAnswer["likelihood"], { title: string; text: string }> = {
  likely: {
    title: "An application is likely to succeed",
    text: "From what you told us, your household could be helped from Zakat. Please apply: a case worker will look at your circumstances in full.",
  },
  possible: {
    title: "An application may succeed",
    text: "Your income covers your essential costs, so regular help is less likely, but we can still help with a one-off need, a debt or an emergency. Tell us about it when you apply.",
  },
  unlikely: {
    title: "An application is unlikely to succeed",
    text: "Your savings, less what you owe, are above the limit up to which we can help from Zakat. If your circumstances change, or something here is not right, you can still apply or contact us.",
  },
};

function Answer({ answer }: { answer: EligibilityAnswer }) {
  const say = SAY[answer.likelihood];
  return (
    <div
      role="status"
      className={`mt-6 rounded-xl border px-5 py-4 ${answer.likelihood === "unlikely" ? "border-amber-300 bg-amber-50" : "border-brand-200 bg-brand-50"}`}
    >
      <h3 className="text-lg font-semibold text-slate-900">{say.title}</h3>
      <p className="mt-2 text-slate-800">{say.text}</p>
      {answer.shortfall_cents > 0 ? (
        <p className="mt-2 text-slate-800">
          Your essential costs are {formatCents(answer.shortfall_cents)} a month more than your income.
        </p>
      ) : null}
      {answer.range ? (
        <p className="mt-2 font-medium text-slate-900">
          Households like yours are usually helped with between {formatCents(answer.range.low_cents)} and{" "}
          {formatCents(answer.range.high_cents)}. This is a guide, not a promise: the decision is made on your
          application.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">We kept none of the figures you typed.</p>
    </div>
  );
}

export default function GetHelp({ loaderData: { paragraphs, eligibility, check } }: Route.ComponentProps) {
  const rows = [...eligibility.rows].sort((a, b) => a.household_size - b.household_size);
  const value = (name: string) => check?.values[name] ?? "";
  const error = (name: string) => (check?.errors ? check.errors[name] : undefined);
  return (
    <>
      <PageHero id="get-help-title" eyebrow="Help from Zakat" title="Get help">
        <p>If your family cannot meet its essential needs, you can ask us for help. It is confidential and free.</p>
      </PageHero>
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-10">
          <section aria-labelledby="who-we-help" className="prose max-w-none">
            <h2 id="who-we-help" className="text-2xl font-semibold text-slate-900">
              Who we help, and how
            </h2>
            {paragraphs.map((paragraph, index) => (
              <p key={index} className="mt-4 leading-relaxed whitespace-pre-line text-slate-800">
                {paragraph}
              </p>
            ))}
            <p className="mt-6">
              <Link to="/get-help/apply" className="btn-primary">
                Apply for help
              </Link>
            </p>
          </section>

          <section aria-labelledby="checker" className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 id="checker" className="text-2xl font-semibold text-slate-900">
              Check whether you can get help
            </h2>
            <p className="mt-2 text-slate-700">
              A quick guide before you apply. Amounts in US dollars; leave a box empty for none. Nothing you type here
              is kept.
            </p>
            <form method="get" action="/get-help#checker" className="mt-6 grid gap-5 sm:grid-cols-2">
              <PlainField
                name="household_size"
                label="People in your household"
                hint="Yourself, and everyone who lives with you and shares your money"
                value={value("household_size")}
                error={error("household_size")}
                inputMode="numeric"
                required
              />
              <PlainField
                name="income"
                label="Monthly income"
                hint="Wages, benefits, pension and support, after tax"
                value={value("income")}
                error={error("income")}
                inputMode="decimal"
              />
              <PlainField
                name="costs"
                label="Monthly essential costs"
                hint="Rent, bills, food, transport, childcare, debt repayments"
                value={value("costs")}
                error={error("costs")}
                inputMode="decimal"
              />
              <PlainField
                name="savings"
                label="Savings"
                hint="Money in the bank, cash, gold and silver"
                value={value("savings")}
                error={error("savings")}
                inputMode="decimal"
              />
              <PlainField
                name="debts"
                label="Debts"
                hint="What you owe in total"
                value={value("debts")}
                error={error("debts")}
                inputMode="decimal"
              />
              <div className="flex items-end">
                <button type="submit" className="btn-primary">
                  Check
                </button>
              </div>
            </form>
            {check?.errors ? (
              <p role="alert" className="mt-4 font-medium text-red-700">
                Please check the figures marked above.
              </p>
            ) : null}
            {check?.answer ? <Answer answer={check.answer} /> : null}
          </section>
        </div>

        <aside aria-labelledby="indicative-help" className="h-fit rounded-2xl bg-slate-50 p-6">
          <h2 id="indicative-help" className="text-lg font-semibold text-slate-900">
            How much help
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            The help we usually give, by the number of people in the household. Each family&apos;s help is decided on
            its application.
          </p>
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  People
                </th>
                <th scope="col" className="py-1 font-medium">
                  Help
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.household_size} className="border-t border-slate-200">
                  <td className="py-1 pr-2">
                    {row.household_size}
                    {index === rows.length - 1 ? " or more" : ""}
                  </td>
                  <td className="py-1">
                    {formatCents(row.low_cents)} to {formatCents(row.high_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm text-slate-700">
            Already applied? See your application on{" "}
            <Link to="/my-application" className="font-medium text-brand-700 underline hover:no-underline">
              My application
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}
