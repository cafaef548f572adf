import type { Route } from "./+types/dashboard";
import { StatCard as Card } from "~/components/admin/stat-card";
import { formatCount, formatDollars } from "~/domain/money";
import { getDashboardStats } from "~/services/dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader() {
  return { stats: await getDashboardStats() };
}

export default function Dashboard({ loaderData: { stats } }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <section aria-labelledby="overview">
        <h2 id="overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Card label="Total Donations" value={formatDollars(stats.donations.total_amount)} testId="dashboard-total-donations" />
          <Card label="Total Donors" value={formatCount(stats.donations.total_donors)} />
          <Card label="Events" value={formatCount(stats.content.events)} />
          <Card label="Volunteers" value={formatCount(stats.volunteers.total)} />
        </dl>
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="messages">
          <h2 id="messages" className="mb-3 text-lg font-semibold text-slate-900">
            Contact Messages
          </h2>
          <dl className="grid grid-cols-3 gap-4">
            <Card label="Total" value={formatCount(stats.contacts.total_messages)} />
            <Card label="Pending" value={formatCount(stats.contacts.pending)} />
            <Card label="Resolved" value={formatCount(stats.contacts.resolved)} />
          </dl>
        </section>
        <section aria-labelledby="content">
          <h2 id="content" className="mb-3 text-lg font-semibold text-slate-900">
            Content Overview
          </h2>
          <dl className="grid grid-cols-2 gap-4">
            <Card label="Stories" value={formatCount(stats.content.stories)} />
            <Card label="Active Stories" value={formatCount(stats.content.active_stories)} />
            <Card label="Pending Testimonials" value={formatCount(stats.content.pending_testimonials)} />
            <Card label="Subscriptions" value={formatCount(stats.content.subscriptions)} />
          </dl>
        </section>
      </div>
    </div>
  );
}
