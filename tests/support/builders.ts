import type { Insertable } from "kysely";
import type { DonationsTable, SubscriptionsTable } from "../../db/schema";
import { todayIn } from "~/shared/dates";
import { addDays } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import { adminContext } from "~/lib/request-context";
import { createAppeal, getAppeal } from "~/appeals/appeals/server/appeals.server";
import { createTestAdmin } from "./admins";
import { makeContext } from "./routes";

/**
 * The records tests build, one way each: a gift, a fund, an appeal, a recurring gift, a
 * story, an event, a testimonial, a unique name and a signed-in member of staff. Each builds
 * the least a test needs and takes what the test cares about as overrides, so a test says
 * only what matters to it.
 */

export { unique, uniqueSlug, uniqueSuffix, uniqueTitle } from "./unique";

/** A fund's id by its slug (the seeded funds: sadaqa, zakat-al-mal, emergency-relief, ...). */
export async function fundId(slug: string): Promise<number> {
  return (await getDb().selectFrom("funds").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

type GiftFields = Partial<Insertable<DonationsTable>> & Pick<Insertable<DonationsTable>, "amount_cents">;

/**
 * A gift written straight into the donations table, as recording would leave it: one-time,
 * from "A donor" with no address unless told otherwise; the database fills in the rest.
 */
export async function newGift(fields: GiftFields): Promise<void> {
  await getDb()
    .insertInto("donations")
    .values({ name: "A donor", email: "", frequency: "One-Time", ...fields })
    .execute();
}

type RecurringFields = Partial<Insertable<SubscriptionsTable>>;

/**
 * A recurring gift written straight into the subscriptions table under its provider id: a
 * Zakat gift taken on the 1st, from "Donor <id>" at <id>@example.org unless told otherwise.
 * Answers its id, for a gift it took.
 */
export async function newRecurringGift(stripeSubscriptionId: string, fields: RecurringFields = {}): Promise<number> {
  const { id } = await getDb()
    .insertInto("subscriptions")
    .values({
      name: `Donor ${stripeSubscriptionId}`,
      email: `${stripeSubscriptionId}@example.org`,
      purpose: "Zakat",
      payment_day: 1,
      stripe_subscription_id: stripeSubscriptionId,
      ...fields,
    } as Insertable<SubscriptionsTable>)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

let appeals = 0;

export interface AppealOptions {
  /**
   * The appeal's slug: left to createAppeal to make from the title (the default), numbered
   * (`winter-emergency-<n>`), or numbered and stamped with the time, for a database that
   * earlier runs have written to.
   */
  slug?: "from-title" | "numbered" | "stamped";
  /**
   * When the appeal was made (an ISO time), and went live if it has: now (the default), or
   * the time given, for a list whose order a test sets.
   */
  createdAt?: string;
}

/**
 * A live appeal for Emergency Relief (a restricted fund), titled "Winter Emergency <n>", that
 * began three days ago; `overrides` changes any field createAppeal takes.
 */
export async function newAppeal(
  overrides: Record<string, unknown> = {},
  { slug = "from-title", createdAt }: AppealOptions = {},
) {
  appeals += 1;
  const appeal = await createAppeal({
    title: `Winter Emergency ${appeals}`,
    ...(slug === "numbered" ? { slug: `winter-emergency-${appeals}` } : {}),
    ...(slug === "stamped" ? { slug: `winter-emergency-${appeals}-${Date.now()}` } : {}),
    summary: "Heaters and blankets for families in tents.",
    story: "Winter has come early.",
    fund_id: await fundId("emergency-relief"),
    starts_on: addDays(todayIn("UTC"), -3),
    status: "live",
    ...overrides,
  });
  if (createdAt === undefined) return appeal;
  await getDb()
    .updateTable("appeals")
    .set({ created_at: createdAt, went_live_at: appeal.went_live_at === null ? null : createdAt })
    .where("id", "=", appeal.id)
    .execute();
  return getAppeal(appeal.id, { staff: true });
}

/** A story written straight into the stories table: active, not featured, unless told otherwise. Answers its id. */
export async function newStory(values: Partial<{ title: string; is_active: 0 | 1; is_featured: 0 | 1 }> = {}) {
  const { id } = await getDb()
    .insertInto("stories")
    .values({
      title: values.title ?? "A story",
      summary: "Summary",
      content: "First.\n\nSecond.",
      is_active: values.is_active ?? 1,
      is_featured: values.is_featured ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** An event on `date` (YYYY-MM-DD) written straight into the events table. Answers its id. */
export async function newEvent(title: string, date: string) {
  const { id } = await getDb()
    .insertInto("events")
    .values({ title, description: "Together", date, location: "Community hall" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A testimonial from `name` written straight into the testimonials table, approved or not. Answers its id. */
export async function newTestimonial(name: string, approved: boolean) {
  const { id } = await getDb()
    .insertInto("testimonials")
    .values({ name, text: `${name} says thank you`, is_approved: approved ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A member of staff signed in: a fresh admin (with a bearer token for the API, `auth`) and a
 * request context that carries them, as the admin layout's guard leaves it for a screen.
 */
export async function signedInStaff(password?: string) {
  const staff = await createTestAdmin(password);
  const context = makeContext();
  context.set(adminContext, staff.admin);
  return { ...staff, context };
}
