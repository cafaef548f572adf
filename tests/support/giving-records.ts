import { getDb } from "~/lib/db.server";

/** What the database holds of the giving tables, for assertions. */
export function donationRows() {
  return getDb().selectFrom("donations").selectAll().orderBy("id").execute();
}

export function subscriptionRows() {
  return getDb().selectFrom("subscriptions").selectAll().orderBy("id").execute();
}

export async function clearGiving(): Promise<void> {
  const db = getDb();
  await db.deleteFrom("donations").execute();
  await db.deleteFrom("subscriptions").execute();
  await db.deleteFrom("processed_provider_events").execute();
  await db.deleteFrom("sandbox_objects").execute();
}
