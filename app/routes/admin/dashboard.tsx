import type { Route } from "./+types/dashboard";
import { StatCard as Card } from "~/components/admin/stat-card";
import { formatCount, formatDollars } from "~/domain/shared/money";
import { getDashboardStats } from "~/services/staff";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader() {
  return { stats: await getDashboardStats() };
}

/** One figure per card, each card a link to the screen where the figure is worked on. */
export default function Dashboard({ loaderData: { stats } }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <section aria-labelledby="overview">
        <h2 id="overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Card label="Total Donations" value={formatDollars(stats.donations.total_amount)} to="/admin/donations" testId="dashboard-total-donations" />
          <Card
            label="Total Donors"
            value={formatCount(stats.donations.total_donors)}
            hint={stats.donations.top_donor ? `Most generous: ${stats.donations.top_donor.name}` : undefined}
            to="/admin/donations"
            testId="dashboard-total-donors"
          />
          <Card label="Events" value={formatCount(stats.content.events)} to="/admin/events" testId="dashboard-events" />
          <Card label="Volunteers" value={formatCount(stats.volunteers.total)} to="/admin/volunteers" testId="dashboard-volunteers" />
        </dl>
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="messages">
          <h2 id="messages" className="mb-3 text-lg font-semibold text-slate-900">
            Contact Messages
          </h2>
          <dl className="grid grid-cols-3 gap-4">
            <Card label="Total" value={formatCount(stats.contacts.total_messages)} to="/admin/contacts" testId="dashboard-messages" />
            <Card label="Pending" value={formatCount(stats.contacts.pending)} to="/admin/contacts?status=pending" testId="dashboard-messages-pending" />
            <Card label="Resolved" value={formatCount(stats.contacts.resolved)} to="/admin/contacts?status=resolved" testId="dashboard-messages-resolved" />
          </dl>
        </section>
        <section aria-labelledby="content">
          <h2 id="content" className="mb-3 text-lg font-semibold text-slate-900">
            Content Overview
          </h2>
          <dl className="grid grid-cols-2 gap-4">
            <Card label="Stories" value={formatCount(stats.content.stories)} to="/admin/stories" testId="dashboard-stories" />
            <Card label="Active Stories" value={formatCount(stats.content.active_stories)} to="/admin/stories" testId="dashboard-active-stories" />
            <Card
              label="Pending Testimonials"
              value={formatCount(stats.content.pending_testimonials)}
              to="/admin/testimonials"
              testId="dashboard-pending-testimonials"
            />
            <Card label="Subscriptions" value={formatCount(stats.content.subscriptions)} to="/admin/subscriptions" testId="dashboard-subscriptions" />
          </dl>
        </section>
      </div>
    </div>
  );
}
