import { newsletterSchema } from "~/domain/newsletter";
import { getDb } from "~/lib/db.server";
import { inBatches, olderThan, pageOfRows, type Position } from "~/lib/list-pages.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { matchesText, type SearchIndex } from "~/lib/text-search.server";

/**
 * Adds an address to the newsletter list. Subscribing twice is not an error: the
 * visitor gets the same confirmation and the address is stored once.
 */
export async function subscribeToNewsletter(input: unknown): Promise<{ email: string; alreadySubscribed: boolean }> {
  const { email: typed, website } = parseOrThrow(newsletterSchema, input);
  // Addresses are kept lower-cased, so Donor@Example.org and donor@example.org are one reader.
  const email = typed.toLowerCase();
  // A filled honeypot means a bot: answer as usual, store nothing.
  if (website) return { email, alreadySubscribed: false };
  const inserted = await getDb()
    .insertInto("newsletter_subscribers")
    .values({ email })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return { email, alreadySubscribed: Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0 };
}

/** An address on the list, as the Newsletter screen and its export see it. */
export interface NewsletterSubscriber {
  id: number;
  email: string;
  subscribed_at: string;
}

const SEARCH: SearchIndex = { table: "newsletter_subscribers", index: "newsletter_subscribers_search", columns: ["email"] };

function matching(search?: string) {
  const query = getDb().selectFrom("newsletter_subscribers");
  return search ? query.where(matchesText(SEARCH, search)) : query;
}

function newestFirst(search?: string, after?: Position) {
  let query = matching(search).selectAll();
  if (after) query = query.where(olderThan("newsletter_subscribers", "subscribed_at", after));
  return query.orderBy("subscribed_at", "desc").orderBy("id", "desc");
}

/** One page of the Newsletter screen; a page past the end shows the last page there is. */
export async function findSubscriberPage(
  search: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ subscribers: NewsletterSubscriber[]; total: number; page: number }> {
  const found = await pageOfRows(
    async () => Number((await matching(search).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow()).count),
    (limit, offset) => newestFirst(search).limit(limit).offset(offset).execute(),
    page,
    pageSize,
  );
  return { subscribers: found.rows, total: found.total, page: found.page };
}

export function subscribersInBatches(search?: string, batchSize = 1000): AsyncGenerator<NewsletterSubscriber[]> {
  return inBatches((after, limit) => newestFirst(search, after).limit(limit).execute(), (row) => row.subscribed_at, (row) => row, batchSize);
}

export async function countSubscribers(): Promise<number> {
  const row = await getDb()
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getSubscriber(id: number): Promise<NewsletterSubscriber> {
  const row = await getDb().selectFrom("newsletter_subscribers").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Subscriber not found");
  return row;
}

/** Takes an address off the list (at the reader's request, or a bounced one). */
export async function removeSubscriber(id: number): Promise<void> {
  const result = await getDb().deleteFrom("newsletter_subscribers").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new NotFoundError("Subscriber not found");
}
