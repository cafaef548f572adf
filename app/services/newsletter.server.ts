import { newsletterSchema } from "~/domain/newsletter";
import { getDb } from "~/lib/db.server";
import { parseOrThrow } from "~/lib/service-errors";

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
