import { getDb } from "./db.server";

/** The lists whose rows the database counts as they are written (migration 0022). */
export type CountedList =
  | "donations_by_frequency"
  | "donations_by_fund"
  | "contacts_by_status"
  | "volunteers_by_interest"
  | "subscriptions"
  | "newsletter_by_status";

/**
 * How many rows a list holds, by the value of its first filter (every value when none is
 * given), among the test flags asked for (live only, unless the site runs in a test mode).
 * Read from the counts triggers keep, so a screen over a million gifts never counts them.
 */
export async function countedRows(
  list: CountedList,
  options: { value?: string; isTest?: readonly number[] } = {},
): Promise<number> {
  let query = getDb()
    .selectFrom("list_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("n"), eb.lit(0)).as("n"))
    .where("list", "=", list)
    .where("is_test", "in", options.isTest ?? [0]);
  if (options.value !== undefined) query = query.where("value", "=", options.value);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Each value's count in a list (its rows by status, by interest), test flags as above. */
export async function countsByValue(list: CountedList, isTest: readonly number[] = [0]): Promise<Map<string, number>> {
  const rows = await getDb()
    .selectFrom("list_counts")
    .select((eb) => ["value", eb.fn.sum<number>("n").as("n")])
    .where("list", "=", list)
    .where("is_test", "in", isTest)
    .groupBy("value")
    .execute();
  return new Map(rows.map((row) => [row.value, Number(row.n)]));
}
