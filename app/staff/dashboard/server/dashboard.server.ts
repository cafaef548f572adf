import { centsToDollars } from "~/shared/money";
import { mayOpen } from "~/staff/access";
import type { Role } from "~/staff/accounts";
import { getDb } from "~/lib/db.server";
import { countedRows } from "~/lib/list-counts.server";
import { countedTestFlags } from "~/lib/env.server";
import { countContacts } from "~/community/contacts/index.server";
import { countVolunteers } from "~/community/volunteers/index.server";
import { currentRates } from "~/funds/rates/index.server";
import { getZakatWatch, type ZakatWatch } from "~/funds/zakat-policy/index.server";
import { getDonationTotals } from "~/giving/gifts/index.server";
import { applicationFigures, type ApplicationFigures } from "~/applications/grants/index.server";

/**
 * GET /api/admin/dashboard and the Dashboard screen: one figure per card. A person sees only
 * the sections whose screens their roles open (an owner sees them all): see `dashboardFor`.
 */
export interface DashboardStats {
  donations: { total_amount: number; total_donors: number; top_donor: { name: string; amount: number } | null };
  content: {
    events: number;
    stories: number;
    active_stories: number;
    pending_testimonials: number;
    subscriptions: number;
  };
  volunteers: { total: number; by_interest: Record<string, number> };
  contacts: { total_messages: number; pending: number; resolved: number };
  /** Zakat held and overdue, and what staff still have to confirm (the policy, starting rates). */
  funds: ZakatWatch & { rates_to_confirm: string[] };
  /** Zakat applications (issue 31): open cases by state, days to a decision, help granted this lunar year. */
  applications: ApplicationFigures;
}

/** What the Zakat watch says, and which rates in force are still starting figures nobody confirmed. */
async function fundsWatch(): Promise<DashboardStats["funds"]> {
  const [watch, rates] = await Promise.all([getZakatWatch(), currentRates()]);
  return {
    ...watch,
    rates_to_confirm: Object.values(rates)
      .filter((rate) => rate.to_confirm)
      .map((rate) => rate.label),
  };
}

export type DashboardView = Partial<Omit<DashboardStats, "content">> & { content?: Partial<DashboardStats["content"]> };

/** Which screen each figure belongs to: a person is shown the figure when they may open it. */
const SCREEN_OF = {
  donations: "/admin/donations",
  volunteers: "/admin/volunteers",
  contacts: "/admin/contacts",
  funds: "/admin/funds",
  events: "/admin/events",
  stories: "/admin/stories",
  active_stories: "/admin/stories",
  pending_testimonials: "/admin/testimonials",
  subscriptions: "/admin/subscriptions",
  // Whoever may see cases (case workers, finance, owners) sees their figures.
  applications: "/admin/applications/payments",
} as const;

/** The dashboard as a person holding `roles` sees it: nothing of a screen they may not open. */
export async function dashboardFor(roles: readonly Role[]): Promise<DashboardView> {
  const stats = await getDashboardStats();
  const may = (figure: keyof typeof SCREEN_OF) => mayOpen(roles, SCREEN_OF[figure]);
  const content = Object.fromEntries(
    Object.entries(stats.content).filter(([figure]) => may(figure as keyof typeof SCREEN_OF)),
  );
  return {
    ...(may("donations") ? { donations: stats.donations } : {}),
    ...(Object.keys(content).length ? { content } : {}),
    ...(may("volunteers") ? { volunteers: stats.volunteers } : {}),
    ...(may("contacts") ? { contacts: stats.contacts } : {}),
    ...(may("funds") ? { funds: stats.funds } : {}),
    ...(may("applications") ? { applications: stats.applications } : {}),
  };
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const db = getDb();
  // Donation figures come from the totals the database keeps up to date, never a scan of every gift.
  const [donations, topDonor, stories, events, testimonials, subscriptions, volunteers, contacts, funds, applications] =
    await Promise.all([
      getDonationTotals(),
      db
        .selectFrom("donors")
        .select(["name", "total_cents"])
        .where("is_test", "in", countedTestFlags())
        .orderBy("total_cents", "desc")
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom("stories")
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn.coalesce(eb.fn.sum<number>("is_active"), eb.lit(0)).as("active"),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("testimonials")
        .select((eb) => eb.fn.countAll<number>().as("pending"))
        .where("is_approved", "=", 0)
        .executeTakeFirstOrThrow(),
      countedRows("subscriptions", { isTest: countedTestFlags() }),
      countVolunteers(),
      countContacts(),
      fundsWatch(),
      applicationFigures(),
    ]);
  return {
    donations: {
      total_amount: centsToDollars(donations.totalCents),
      total_donors: donations.donors,
      top_donor: topDonor ? { name: topDonor.name, amount: centsToDollars(topDonor.total_cents) } : null,
    },
    content: {
      events: Number(events.total),
      stories: Number(stories.total),
      active_stories: Number(stories.active),
      pending_testimonials: Number(testimonials.pending),
      subscriptions,
    },
    volunteers,
    contacts: { total_messages: contacts.total, pending: contacts.pending, resolved: contacts.resolved },
    funds,
    applications,
  };
}
