import { Link } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { StatCard as Card } from "../components/stat-card";
import { formatDate, todayIn } from "~/shared/dates";
import { addDays, daysBetween, formatHijri, LUNAR_YEAR_DAYS } from "~/shared/hijri";
import { formatCount, formatDollars, formatExactDollars } from "~/shared/money";
import { countedTestFlags, getEnv } from "~/lib/env.server";
import { settingValues, totalRaisedChoice, type TotalRaised } from "~/content/settings/index.server";
import { dashboardFor, type DashboardStats } from "../server/dashboard.server";
import { mayOpen } from "~/staff/access";
import { adminContext } from "~/lib/request-context";
import { placeholderOrganisationSettings } from "~/staff/startup/index.server";
import { countRequestsWaitingFor } from "~/funds/ledger/index.server";
import { ApplicationFiguresPanel } from "~/applications/grants/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const roles = admin?.roles ?? [];
  // Who may approve a disbursement request (finance, owner) is told how many wait for them.
  const mayApprove = Boolean(admin) && mayOpen(roles, "/admin/funds/ledger");
  const [stats, totalRaised, banner, approvalsWaiting] = await Promise.all([
    dashboardFor(roles),
    totalRaisedChoice(),
    settingValues(["emergency_appeal"]),
    mayApprove && admin ? countRequestsWaitingFor(admin) : 0,
  ]);
  // The site's own setup (settings, the banner, Total Raised) is for whoever may change it.
  const setsUp = mayOpen(roles, "/admin/settings");
  return {
    stats,
    totalRaised: setsUp ? totalRaised : null,
    today: todayIn(getEnv().SITE_TIMEZONE),
    totalsCountTest: countedTestFlags().includes(1),
    placeholders: setsUp ? placeholderOrganisationSettings() : [],
    bannerHasBuiltInWords: setsUp && (banner.get("emergency_appeal") ?? "").trim() === "",
    approvalsWaiting,
  };
}

/** One figure per card, each card a link to the screen where the figure is worked on. */
export default function Dashboard({
  loaderData: { stats, totalRaised, today, totalsCountTest, placeholders, bannerHasBuiltInWords, approvalsWaiting },
}: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <ApprovalsWaiting count={approvalsWaiting} />
      {stats.funds ? <FundsReminders funds={stats.funds} totalRaised={totalRaised} today={today} /> : null}
      <PlaceholderDetails names={placeholders} />
      {bannerHasBuiltInWords ? <BuiltInBanner /> : null}
      <section aria-labelledby="overview">
        <h2 id="overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {stats.donations ? (
            <Card
              label="Total Donations"
              value={formatDollars(stats.donations.total_amount)}
              hint={totalsCountTest ? "Including test gifts while the site takes no real payments" : undefined}
              to="/admin/donations"
              testId="dashboard-total-donations"
            />
          ) : null}
          {stats.donations ? (
            <Card
              label="Total Donors"
              value={formatCount(stats.donations.total_donors)}
              hint={stats.donations.top_donor ? `Most generous: ${stats.donations.top_donor.name}` : undefined}
              to="/admin/donations"
              testId="dashboard-total-donors"
            />
          ) : null}
          {stats.content?.events !== undefined ? (
            <Card
              label="Events"
              value={formatCount(stats.content.events)}
              to="/admin/events"
              testId="dashboard-events"
            />
          ) : null}
          {stats.volunteers ? (
            <Card
              label="Volunteers"
              value={formatCount(stats.volunteers.total)}
              to="/admin/volunteers"
              testId="dashboard-volunteers"
            />
          ) : null}
          {stats.funds ? (
            <Card
              label="Zakat balance"
              value={formatExactDollars(stats.funds.zakat_balance)}
              hint="Zakat al-Mal and Zakat al-Fitr received and not yet distributed"
              to="/admin/funds"
              testId="dashboard-zakat-balance"
            />
          ) : null}
        </dl>
      </section>
      {stats.applications ? <ApplicationFiguresPanel figures={stats.applications} /> : null}
      <div className="grid gap-8 lg:grid-cols-2">
        {stats.contacts ? (
          <section aria-labelledby="messages">
            <h2 id="messages" className="mb-3 text-lg font-semibold text-slate-900">
              Contact Messages
            </h2>
            <dl className="grid grid-cols-3 gap-4">
              <Card
                label="Total"
                value={formatCount(stats.contacts.total_messages)}
                to="/admin/contacts"
                testId="dashboard-messages"
              />
              <Card
                label="Pending"
                value={formatCount(stats.contacts.pending)}
                to="/admin/contacts?status=pending"
                testId="dashboard-messages-pending"
              />
              <Card
                label="Resolved"
                value={formatCount(stats.contacts.resolved)}
                to="/admin/contacts?status=resolved"
                testId="dashboard-messages-resolved"
              />
            </dl>
          </section>
        ) : null}
        {stats.content ? (
          <section aria-labelledby="content">
            <h2 id="content" className="mb-3 text-lg font-semibold text-slate-900">
              Content Overview
            </h2>
            <dl className="grid grid-cols-2 gap-4">
              {stats.content?.stories !== undefined ? (
                <Card
                  label="Stories"
                  value={formatCount(stats.content.stories)}
                  to="/admin/stories"
                  testId="dashboard-stories"
                />
              ) : null}
              {stats.content?.active_stories !== undefined ? (
                <Card
                  label="Active Stories"
                  value={formatCount(stats.content.active_stories)}
                  to="/admin/stories"
                  testId="dashboard-active-stories"
                />
              ) : null}
              {stats.content?.pending_testimonials !== undefined ? (
                <Card
                  label="Pending Testimonials"
                  value={formatCount(stats.content.pending_testimonials)}
                  to="/admin/testimonials"
                  testId="dashboard-pending-testimonials"
                />
              ) : null}
              {stats.content?.subscriptions !== undefined ? (
                <Card
                  label="Subscriptions"
                  value={formatCount(stats.content.subscriptions)}
                  to="/admin/subscriptions"
                  testId="dashboard-subscriptions"
                />
              ) : null}
            </dl>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The foundation's own details (ORG_*) still at their placeholders: every receipt and the
 * footer name them, so staff are told here as well as in the start-up's warning.
 */
function PlaceholderDetails({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="dashboard-placeholder-details"
    >
      Receipts and the site&apos;s footer still carry placeholder details: set {names.join(", ")} in the environment
      (docs/going-live.md).
    </p>
  );
}

/**
 * The banner's own words are an example, not the foundation's emergency: staff choose an appeal for it, or turn it off.
 */
function BuiltInBanner() {
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="dashboard-banner-reminder"
    >
      The emergency banner above every public page shows its built-in words (families displaced by floods), not an
      appeal of yours.{" "}
      <Link to="/admin/settings" className="font-semibold underline">
        Choose an appeal for it, or turn it off, in Settings
      </Link>
    </p>
  );
}

/** "12 Mar 2026 (22 Ramadan 1447 AH)": a calendar day in both calendars. */
function bothCalendars(day: string): string {
  return `${formatDate(day, "UTC")} (${formatHijri(day)})`;
}

/**
 * What staff should act on in the funds area: Zakat whose lunar year is nearly over, the
 * Zakat policy still holding template placeholders, starting rates nobody has confirmed, and a typed Total
 * Raised that differs from the books.
 */
/** "2 disbursements wait for approval": requests by others that this person may approve or reject. */
function ApprovalsWaiting({ count }: { count: number }) {
  if (!count) return null;
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="dashboard-approvals-waiting"
    >
      {count === 1 ? "1 disbursement waits" : `${formatCount(count)} disbursements wait`} for approval.{" "}
      <Link to="/admin/funds/ledger" className="font-semibold underline">
        Approve or reject
      </Link>
    </p>
  );
}

function FundsReminders({
  funds,
  totalRaised,
  today,
}: {
  funds: DashboardStats["funds"];
  totalRaised: TotalRaised | null;
  today: string;
}) {
  const {
    overdue,
    policy_is_template: policyIsTemplate,
    policy_placeholders: policyPlaceholders,
    rates_to_confirm: ratesToConfirm,
  } = funds;
  // A typed Total Raised is staff's choice, but one donors can compare with the report.
  const raisedDiffers = totalRaised?.source === "typed" && totalRaised.typed !== totalRaised.books;
  if (!overdue && !policyIsTemplate && ratesToConfirm.length === 0 && !raisedDiffers) return null;
  const link = "font-semibold underline";
  return (
    <section aria-labelledby="reminders" className="space-y-2">
      <h2 id="reminders" className="sr-only">
        Needs attention
      </h2>
      <ul className="space-y-2">
        {overdue ? (
          <li
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
            data-testid="dashboard-zakat-overdue"
          >
            {formatExactDollars(overdue.amount)} of Zakat received since {bothCalendars(overdue.oldest_received_on)} is
            still undistributed;{" "}
            <LunarYearEnd ends={addDays(overdue.oldest_received_on, LUNAR_YEAR_DAYS)} today={today} />{" "}
            <Link to="/admin/funds/ledger?record=1" className={link}>
              Record a disbursement
            </Link>
          </li>
        ) : null}
        {policyIsTemplate ? (
          <li
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="dashboard-policy-reminder"
          >
            The Zakat policy is not written yet: until it is, no public page links to it. Still to write:{" "}
            {policyPlaceholders.join("; ")}.{" "}
            <Link to="/admin/funds/policy" className={link}>
              Write the Zakat policy
            </Link>
          </li>
        ) : null}
        {ratesToConfirm.length ? (
          <li
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="dashboard-rates-reminder"
          >
            Rates still to be confirmed, marked so on the public pages: {ratesToConfirm.join("; ")}.{" "}
            <Link to="/admin/funds/rates" className={link}>
              Confirm the rates
            </Link>
          </li>
        ) : null}
        {raisedDiffers ? (
          <li
            className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="dashboard-total-raised-reminder"
          >
            Total Raised on the homepage is a typed figure, {formatDollars(totalRaised.typed)}; the transparency report
            shows {formatDollars(totalRaised.books)} received.{" "}
            <Link to="/admin/settings?edit=total_raised" className={link}>
              Change it in Settings
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** When the oldest Zakat's lunar year ends, or how long ago it ended. */
function LunarYearEnd({ ends, today }: { ends: string; today: string }) {
  const late = daysBetween(ends, today);
  if (late <= 0) return <>its lunar year ends on {bothCalendars(ends)}.</>;
  return (
    <>
      its lunar year ended on {bothCalendars(ends)} ({formatCount(late)} {late === 1 ? "day" : "days"} ago).
    </>
  );
}
