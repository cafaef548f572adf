import { randomBytes } from "node:crypto";
import { NEWSLETTER_STATUSES, newsletterIssueSchema, newsletterSchema } from "../rules/newsletter";
import {
  confirmSubscriptionMail,
  newsletterIssueMail,
  unsubscribeHeaders,
  welcomeMail,
} from "../rules/newsletter-mails";
import { getDb, nowIso } from "~/lib/db.server";
import { onceMoreIfTakenMeanwhile, oneAtATimeFor } from "~/lib/sql-dialect.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { newestFirstList, newestOrder, olderThan, type Position } from "~/lib/list-pages.server";
import { countedRows, countsByValue } from "~/lib/list-counts.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { matchesText, type SearchIndex } from "~/lib/text-search.server";
import type { NewsletterStatus } from "../../../../db/schema";
import { queueMail } from "~/mail/queue/index.server";
import { normalEmail } from "~/shared/donor-email";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * Double opt-in: a new address (or one that left) is pending until its owner presses the
 * link in the confirmation mail; only then is it subscribed, and welcomed. Asking again
 * while pending sends the confirmation again (at most three an hour); a confirmed
 * address is told it is already on the list. A filled honeypot is answered as usual.
 */
export async function subscribeToNewsletter(input: unknown): Promise<{ email: string; alreadySubscribed: boolean }> {
  const { email: typed, website } = parseOrThrow(newsletterSchema, input);
  // Donor@Example.org and donor@example.org are one reader.
  const email = normalEmail(typed);
  if (website) return { email, alreadySubscribed: false };
  // The same address asked for twice at the same moment: the second, refused by the unique
  // address, is asked again and finds the first.
  return onceMoreIfTakenMeanwhile(() => askToSubscribe(email));
}

function askToSubscribe(email: string): Promise<{ email: string; alreadySubscribed: boolean }> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await oneAtATimeFor(trx, `newsletter:${email}`);
      const existing = await trx
        .selectFrom("newsletter_subscribers")
        .select(["id", "status", "confirm_token"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (existing?.status === "confirmed") return { email, alreadySubscribed: true };
      const hourAgo = new Date(Date.now() - 3600_000).toISOString();
      const recent = await trx
        .selectFrom("outbound_mail")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("kind", "=", "newsletter-confirm")
        .where("to_address", "=", email)
        .where("created_at", ">", hourAgo)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= 3) return { email, alreadySubscribed: false };
      // Asking again while pending sends the same link again, so the first mail's still works.
      const confirmToken = (existing?.status === "pending" && existing.confirm_token) || newsletterToken();
      if (existing) {
        await trx
          .updateTable("newsletter_subscribers")
          .set({ status: "pending", confirm_token: confirmToken })
          .where("id", "=", existing.id)
          .execute();
      } else {
        await trx
          .insertInto("newsletter_subscribers")
          .values({
            email,
            status: "pending",
            confirm_token: confirmToken,
            unsubscribe_token: newsletterToken(),
            subscribed_at: nowIso(),
          })
          .execute();
      }
      await queueMail(trx, {
        ...confirmSubscriptionMail(`${configuredSiteUrl()}/newsletter/confirm?token=${confirmToken}`),
        kind: "newsletter-confirm",
        to: email,
      });
      return { email, alreadySubscribed: false };
    });
}

function newsletterToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The page a reader's "Unsubscribe" link opens (one button). */
function unsubscribeUrl(token: string): string {
  return `${configuredSiteUrl()}/newsletter/unsubscribe?token=${token}`;
}

/** Where mail apps post their one-click unsubscribe (RFC 8058), and the headers that say so. */
function listUnsubscribeHeaders(token: string): Record<string, string> {
  return unsubscribeHeaders(`${configuredSiteUrl()}/api/newsletter/unsubscribe?token=${token}`);
}

/** The owner pressed the confirmation link: subscribed, and welcomed. False when the link names nothing pending. */
export async function confirmSubscription(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const confirmed = await trx
        .updateTable("newsletter_subscribers")
        .set({ status: "confirmed", confirmed_at: nowIso(), confirm_token: null })
        .where("confirm_token", "=", token)
        .where("status", "=", "pending")
        .returning(["id", "email", "unsubscribe_token"])
        .executeTakeFirst();
      if (!confirmed) return false;
      const leave = unsubscribeUrl(confirmed.unsubscribe_token!);
      await queueMail(trx, {
        ...welcomeMail(leave),
        kind: "newsletter-welcome",
        to: confirmed.email,
        headers: listUnsubscribeHeaders(confirmed.unsubscribe_token!),
      });
      return true;
    });
}

/**
 * The address a newsletter link is for, so its page can say whose subscription it
 * changes (only the address's owner holds the link). Null when it names nobody.
 */
export async function addressOfNewsletterLink(purpose: "confirm" | "leave", token: string): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const row = await getDb()
    .selectFrom("newsletter_subscribers")
    .select("email")
    .where(purpose === "confirm" ? "confirm_token" : "unsubscribe_token", "=", token)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** One click to leave (the mail's link, or a mail app's List-Unsubscribe-Post). False when the link names nobody. */
export async function unsubscribe(token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const left = await getDb()
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", confirm_token: null })
    .where("unsubscribe_token", "=", token)
    .returning(["id", "unsubscribed_at"])
    .executeTakeFirst();
  if (left && !left.unsubscribed_at) {
    await getDb()
      .updateTable("newsletter_subscribers")
      .set({ unsubscribed_at: nowIso() })
      .where("id", "=", left.id)
      .execute();
  }
  return Boolean(left);
}

/**
 * A plain newsletter from the staff, to every confirmed subscriber, through the durable
 * queue: one mail each, with the link to leave in its body and its headers.
 */
export async function sendNewsletter(input: unknown): Promise<number> {
  const issue = parseOrThrow(newsletterIssueSchema, input);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const readers = await trx
        .selectFrom("newsletter_subscribers")
        .select(["id", "email", "unsubscribe_token"])
        .where("status", "=", "confirmed")
        .where("unsubscribe_token", "is not", null)
        .execute();
      for (const reader of readers) {
        const leave = unsubscribeUrl(reader.unsubscribe_token!);
        await queueMail(trx, {
          ...newsletterIssueMail(issue.subject, issue.message, leave),
          kind: "newsletter",
          to: reader.email,
          headers: listUnsubscribeHeaders(reader.unsubscribe_token!),
          dedupeKey: `newsletter-${issue.issue_id}-${reader.id}`,
        });
      }
      await recordAudit(
        {
          action: "send",
          entity: "newsletter",
          entityId: issue.issue_id,
          summary: `Newsletter "${issue.subject}" to ${readers.length} ${readers.length === 1 ? "reader" : "readers"}`,
        },
        trx,
      );
      return readers.length;
    });
}

/** An address on the list, as the Newsletter screen and its export see it. */
export interface NewsletterSubscriber {
  id: number;
  email: string;
  subscribed_at: string;
  status: NewsletterStatus;
}

export interface SubscriberFilter {
  search?: string;
  status?: NewsletterStatus;
}

/** `?search=&status=`, shared by the Newsletter screen and its export; an unknown status shows every address. */
export function readSubscriberFilter(params: URLSearchParams): SubscriberFilter {
  const status = params.get("status") ?? "";
  return {
    search: params.get("search")?.trim() || undefined,
    status: (NEWSLETTER_STATUSES as readonly string[]).includes(status) ? (status as NewsletterStatus) : undefined,
  };
}

const SEARCH: SearchIndex = {
  table: "newsletter_subscribers",
  index: "newsletter_subscribers_search",
  columns: ["email"],
};

function matching(filter: SubscriberFilter) {
  let query = getDb().selectFrom("newsletter_subscribers");
  if (filter.status) query = query.where("status", "=", filter.status);
  return filter.search ? query.where(matchesText(SEARCH, filter.search)) : query;
}

function newestFirst(filter: SubscriberFilter, after?: Position) {
  // Never the tokens: they are the keys to confirm and to leave, for the reader alone.
  let query = matching(filter).select(["id", "email", "subscribed_at", "status"]);
  if (after) query = query.where(olderThan("newsletter_subscribers", "subscribed_at", after));
  return newestOrder(query, "newsletter_subscribers", "subscribed_at");
}

const subscriberList = newestFirstList({
  table: "newsletter_subscribers",
  // A status alone is counted already (migration 0022); a search is counted through its matches.
  count: (filter: SubscriberFilter) => countedRows("newsletter_by_status", { value: filter.status }),
  searches: (filter) => Boolean(filter.search),
  narrows: (filter) => Boolean(filter.status),
  newestFirst,
  positionColumn: "subscribed_at",
  positionOf: (row) => row.subscribed_at,
  toItem: (row): NewsletterSubscriber => row,
});

/** One page of the Newsletter screen; a page past the end shows the last page there is. */
export async function findSubscriberPage(
  filter: SubscriberFilter,
  page: number,
  pageSize: number,
): Promise<{ subscribers: NewsletterSubscriber[]; total: number; page: number; capped: boolean }> {
  const { rows, total, page: shown, capped = false } = await subscriberList.page(filter, page, pageSize);
  return { subscribers: rows, total, page: shown, capped };
}

/** Every matching address a batch at a time: the CSV export. */
export const subscribersInBatches = subscriberList.inBatches;

/** How many addresses are pending, confirmed and unsubscribed. */
export async function countSubscribersByStatus(): Promise<Record<NewsletterStatus, number>> {
  const counts: Record<NewsletterStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const [status, count] of await countsByValue("newsletter_by_status")) counts[status as NewsletterStatus] = count;
  return counts;
}

export async function getSubscriber(id: number): Promise<NewsletterSubscriber> {
  const row = await getDb()
    .selectFrom("newsletter_subscribers")
    .select(["id", "email", "subscribed_at", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Subscriber not found");
  return row;
}

/** Takes an address off the list (at the reader's request, or a bounced one). */
export async function removeSubscriber(id: number): Promise<void> {
  const result = await getDb().deleteFrom("newsletter_subscribers").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new NotFoundError("Subscriber not found");
  // The address is the reader's personal data: the trail keeps only that one was removed.
  await recordAudit({
    action: "delete",
    entity: "newsletter-subscriber",
    entityId: id,
    summary: "Newsletter address removed",
  });
}
