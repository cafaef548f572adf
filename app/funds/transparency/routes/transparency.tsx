import { Link } from "react-router";
import type { Route } from "./+types/transparency";
import { FundFigures } from "../components/fund-figures";
import { LunarYearFigures } from "../components/lunar-year-figures";
import { RatesInForce, type RateInForce } from "~/funds/rates/index.ui";
import { ReportControls } from "../components/report-controls";
import { reportYearLabel } from "../components/report-year";
import { ZakatByCategory } from "../components/zakat-by-category";
import { HouseholdsHelped } from "../components/households-helped";
import { PageHero } from "~/ui/page-hero";
import { ZAKAT_CATEGORIES } from "~/funds/funds";
import { yearIn } from "../rules/transparency";
import { formatDate, todayIn } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { formatDollars } from "~/shared/money";
import { getEnv } from "~/lib/env.server";
import { currentRates, type CurrentRates } from "~/funds/rates/index.server";
import { getTransparencyReport, readReportRequest } from "../server/transparency.server";
import { isZakatPolicyPublished } from "~/funds/zakat-policy/index.server";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { SAME_FOR_EVERY_VISITOR } from "~/lib/page-cache/visitor-pages";

/** Read as it is sent: its links and forms need no script (the menu is a disclosure). */
export const handle = { ...PAGE_WITHOUT_SCRIPTS, ...SAME_FOR_EVERY_VISITOR };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const period = loaderData?.report.year
    ? ` ${reportYearLabel(loaderData.report.calendar, loaderData.report.year)}`
    : "";
  return [
    { title: `Transparency Report${period} | Al-Amanah Foundation` },
    {
      name: "description",
      content:
        "Where Zakat and Sadaqa go: what each fund received, distributed and holds, Zakat by the eight categories of recipients, how much reached them within a lunar year, and the rates we use.",
    },
  ];
};

/**
 * The public report: totals only, worked out from the gifts received and the ledger of
 * what went out. Nothing here names a donor, a recipient, a programme or the staff who
 * recorded an entry, and test payments never count.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const request = readReportRequest(url.searchParams);
  const today = todayIn(getEnv().SITE_TIMEZONE);
  const [report, rates, policyPublished] = await Promise.all([
    getTransparencyReport(request),
    currentRates(today),
    isZakatPolicyPublished(),
  ]);
  return {
    report,
    latestEntry: report.latest_entry_on
      ? { gregorian: formatDate(report.latest_entry_on, "UTC"), hijri: report.latest_entry_on_hijri }
      : null,
    isThisYear: report.year === null || report.year === yearIn(report.calendar, today),
    rates: ratesForThePage(rates),
    policyPublished,
    categoryScripts: Object.fromEntries(ZAKAT_CATEGORIES.map((category) => [category.key, category.script])) as Record<
      string,
      string
    >,
  };
}

/** The rates as the page states them: never who recorded them. */
function ratesForThePage(rates: CurrentRates): RateInForce[] {
  return Object.values(rates).map((rate) => ({
    key: rate.rate_key,
    label: rate.label,
    amount: formatDollars(rate.amount),
    effective_on: formatDate(rate.effective_on, "UTC"),
    effective_on_hijri: formatHijri(rate.effective_on),
    authority: rate.authority,
    to_confirm: rate.to_confirm,
  }));
}

export default function Transparency({ loaderData }: Route.ComponentProps) {
  const { report, latestEntry, isThisYear, rates, policyPublished, categoryScripts } = loaderData;
  const { calendar, year, zakat } = report;
  const yearLabel = (value: number) => reportYearLabel(calendar, value);
  const shown = year === null ? null : yearLabel(year);
  const calendarName = calendar === "hijri" ? "Hijri" : "Gregorian";

  return (
    <>
      <PageHero
        id="transparency-title"
        eyebrow="Zakat kept apart, in the open"
        title={shown ? `Transparency report, ${shown}` : "Transparency report"}
      >
        <p>
          Zakat is kept apart here: every gift belongs to one fund, Zakat is held in its own funds, and it is given only
          to the eight categories of recipients named in the Qur'an (9:60). Every payment out is written in a ledger
          that is never edited; a mistake is corrected by a new entry that names it. These figures are totals from the
          gifts we received and that ledger. They never name a donor or a recipient, and test payments are never
          counted.
        </p>
        <p className="mt-3 text-base">
          {latestEntry ? (
            <>
              Latest ledger entry: <strong className="text-white">{latestEntry.gregorian}</strong> ({latestEntry.hijri}
              ).
            </>
          ) : (
            "No ledger entry has been recorded yet: the first payment out will appear here as soon as it is made."
          )}
        </p>
      </PageHero>

      <div className="container-page space-y-14 py-12">
        <ReportControls calendar={calendar} year={year} years={report.years} />

        <section aria-labelledby="funds-title">
          <h2 id="funds-title" className="text-2xl font-bold text-slate-900">
            Funds, {shown ?? "all years"}
          </h2>
          <p className="mt-2 max-w-3xl font-medium text-slate-900">
            {shown
              ? `This table counts what each fund received during ${shown} and what it paid out during ${shown}, including money received in earlier years.`
              : "This table counts everything each fund has received and paid out since our records began."}
          </p>
          <p className="mt-2 max-w-3xl text-slate-700">
            Each gift is kept in the fund it was given to. Received is what donors gave (card payments and gifts handed
            to us); distributed is what went out to those in need; held is what the fund holds{" "}
            {isThisYear ? "today" : `at the end of ${shown}`}.
          </p>
          <div className="mt-6">
            <FundFigures
              funds={report.funds}
              caption={`Money received, distributed and held by each fund, ${shown ?? "all years"}, in US dollars.`}
              period={shown ? `in ${shown}` : ""}
              heldLabel={isThisYear ? "Held now" : `Held at the end of ${shown}`}
            />
          </div>
        </section>

        <section aria-labelledby="categories-title">
          <h2 id="categories-title" className="text-2xl font-bold text-slate-900">
            Zakat by the eight categories, {shown ?? "all years"}
          </h2>
          <ZakatTotals
            received={zakat.received}
            distributed={zakat.distributed}
            held={zakat.held}
            heldLabel={isThisYear ? "held now" : `held at the end of ${shown}`}
          />
          {zakat.distributed > 0 ? (
            <div className="mt-6">
              <ZakatByCategory
                categories={zakat.by_category.map((category) => ({
                  ...category,
                  script: categoryScripts[category.key],
                }))}
                caption={`Zakat distributed to each category of recipients (Qur'an 9:60), ${shown ?? "all years"}: amount in US dollars and share of all Zakat distributed.`}
              />
            </div>
          ) : (
            <p className="mt-6 text-slate-700">
              {shown ? `No Zakat was distributed in ${shown}.` : "No Zakat has been distributed yet."}
            </p>
          )}
        </section>

        {zakat.households_helped.length ? (
          <section aria-labelledby="households-title">
            <h2 id="households-title" className="text-2xl font-bold text-slate-900">
              Households helped, {shown ?? "all years"}
            </h2>
            <p className="mt-2 max-w-3xl text-slate-700">
              Families who applied to us for help and were paid Zakat, counted once per category in which they were
              helped. To keep every family private, a count under five is shown only as &ldquo;fewer than 5&rdquo;.
            </p>
            <div className="mt-6">
              <HouseholdsHelped
                categories={zakat.households_helped}
                caption={`Households helped through applications, by category of recipients, ${shown ?? "all years"}.`}
              />
            </div>
          </section>
        ) : null}

        <section aria-labelledby="lunar-year-title">
          <h2 id="lunar-year-title" className="text-2xl font-bold text-slate-900">
            Within one lunar year{shown ? `, Zakat received in ${shown}` : ""}
          </h2>
          <p className="mt-2 max-w-3xl font-medium text-slate-900">
            {shown
              ? `This table counts only the Zakat received during ${shown}, and how much of that Zakat has been paid out so far, in ${shown} or since.`
              : "Each row counts the Zakat received in that year, and how much of that Zakat has been paid out so far, in that year or since."}
          </p>
          <p className="mt-2 max-w-3xl text-slate-700">
            Zakat should reach those eligible within one lunar year (354 days) of being received. Each payment of Zakat
            is counted against the oldest Zakat not yet given out. A year marked <em>still open</em> holds Zakat
            received less than a lunar year ago, so its share can still rise.
          </p>
          {zakat.by_year.length ? (
            <div className="mt-6">
              <LunarYearFigures
                years={zakat.by_year}
                yearLabel={yearLabel}
                caption={`Zakat by ${calendarName} year of receipt: received, distributed, and distributed within one lunar year, in US dollars.`}
              />
            </div>
          ) : (
            <p className="mt-6 text-slate-700">
              {shown ? `No Zakat was received in ${shown}.` : "No Zakat has been received yet."}
            </p>
          )}
        </section>

        <section aria-labelledby="rates-title">
          <h2 id="rates-title" className="text-2xl font-bold text-slate-900">
            The rates we use
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">
            Zakat al-Fitr, Fidya and Kaffarah are given at a rate per person or per day, and the nisab follows the price
            of gold and silver.
            {rates.some((rate) => rate.to_confirm) ? (
              <>
                {" "}
                A rate marked <em>to be confirmed</em> is a starting figure our staff have yet to confirm.
              </>
            ) : null}
          </p>
          <div className="mt-6">
            <RatesInForce rates={rates} />
          </div>
        </section>

        <section aria-labelledby="more-title" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
          <h2 id="more-title" className="text-xl font-bold text-slate-900">
            How we handle Zakat
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">
            {policyPublished
              ? "Our Zakat policy says who distributes Zakat, to which categories, whether a share is taken for administering it, how fast it is given and who reviews it."
              : "Our Zakat policy, saying who distributes Zakat, whether a share is taken for administering it and who reviews it, is not published yet; until it is, this report is our account of every Zakat fund."}
          </p>
          <div className="mt-5 flex flex-wrap gap-4">
            {policyPublished ? (
              <Link to="/zakat-policy" className="btn-secondary">
                Read our Zakat policy
              </Link>
            ) : null}
            <Link to="/donate" className="btn-primary">
              Give Zakat or Sadaqa
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

function ZakatTotals({
  received,
  distributed,
  held,
  heldLabel,
}: {
  received: number;
  distributed: number;
  held: number;
  heldLabel: string;
}) {
  const figures = [
    { label: "Zakat received", value: received },
    { label: "Zakat distributed", value: distributed },
    { label: `Zakat ${heldLabel}`, value: held },
  ];
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col rounded-xl border border-slate-200 p-4">
          <dt className="order-2 text-sm text-slate-600">{figure.label}</dt>
          <dd className="order-1 text-2xl font-bold text-slate-900 tabular-nums">{formatDollars(figure.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
