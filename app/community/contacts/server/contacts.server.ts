import { CONTACT_STATUSES, contactMessageSchema, type ContactStatus } from "../rules/contact-schemas";
import { parseQueryFlag } from "~/shared/query-flags";
import { newContactMessageMail } from "~/community/staff-notes";
import { getDb, nowIso } from "~/lib/db.server";
import { newestFirstList, newestOrder, olderThan, type Position } from "~/lib/list-pages.server";
import { countedRows, countsByValue } from "~/lib/list-counts.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import type { Visitor } from "~/lib/visitor.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { matchesText, type SearchIndex } from "~/lib/text-search.server";
import type { ContactSubmissionRow } from "../../../../db/schema";
import { notifyStaff } from "~/community/staff-notes/index.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * A message from the contact form as the API and the Contacts screen see it (snake_case, the field names the API's
 * clients read).
 */
export interface ContactSubmission {
  id: number;
  name: string;
  email: string;
  message: string;
  submitted_at: string;
  resolved: boolean;
}

function toContactSubmission(row: ContactSubmissionRow): ContactSubmission {
  return { ...row, resolved: row.resolved === 1 };
}

/**
 * The contact form and POST /api/contact/. A filled honeypot means a bot: it gets the
 * answer everyone gets (the message as if stored, id 0) and nothing is stored.
 */
export async function submitContactMessage(input: unknown, visitor: Visitor): Promise<ContactSubmission> {
  const message = parseOrThrow(contactMessageSchema, input);
  await limitPublicFormPosts("contact", visitor.clientAddress);
  if (message.website) {
    return {
      id: 0,
      name: message.name,
      email: message.email,
      message: message.message,
      submitted_at: nowIso(),
      resolved: false,
    };
  }
  // The message and the staff's note about it are kept together, or not at all.
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      const stored = await trx
        .insertInto("contact_submissions")
        .values({
          name: message.name,
          email: message.email,
          message: message.message,
          submitted_at: nowIso(),
          resolved: 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await notifyStaff(
        trx,
        `contact-${stored.id}`,
        newContactMessageMail(stored, `${configuredSiteUrl()}/admin/contacts?status=pending`),
      );
      return stored;
    });
  return toContactSubmission(row);
}

export interface ContactFilter {
  search?: string;
  status?: Exclude<ContactStatus, "all">;
}

/**
 * The filter in a query string, shared by the Contacts screen, its CSV export and
 * GET /api/contact/: `?search=&status=pending|resolved`, or the original API client's
 * `?resolved=true|false`. An unknown value is reported, not guessed.
 */
export function readContactFilter(params: URLSearchParams): { filter: ContactFilter; problem?: string } {
  const search = params.get("search")?.trim() || undefined;
  const status = params.get("status") || "all";
  const resolved = params.get("resolved");
  if (resolved) {
    const flag = parseQueryFlag(resolved);
    if (flag === null) return { filter: { search }, problem: "resolved must be true or false" };
    return { filter: { search, status: flag ? "resolved" : "pending" } };
  }
  if (!(CONTACT_STATUSES as readonly string[]).includes(status)) {
    return { filter: { search }, problem: `status must be one of ${CONTACT_STATUSES.join(", ")}` };
  }
  return { filter: { search, status: status === "all" ? undefined : (status as ContactFilter["status"]) } };
}

const SEARCH: SearchIndex = {
  table: "contact_submissions",
  index: "contact_submissions_search",
  columns: ["name", "email", "message"],
};

/** Matching messages, newest first (the status and date index orders them). */
function matching(filter: ContactFilter) {
  let query = getDb().selectFrom("contact_submissions");
  if (filter.status) query = query.where("resolved", "=", filter.status === "resolved" ? 1 : 0);
  if (filter.search) query = query.where(matchesText(SEARCH, filter.search));
  return query;
}

function newestFirst(filter: ContactFilter, after?: Position) {
  let query = matching(filter).selectAll();
  if (after) query = query.where(olderThan("contact_submissions", "submitted_at", after));
  return newestOrder(query, "contact_submissions", "submitted_at");
}

export interface ContactPage {
  contacts: ContactSubmission[];
  /** How many messages match the filter. */
  total: number;
}

/** A status alone is counted already (migration 0022); a search is counted through its matches. */
const statusValue = (status: ContactFilter["status"]) =>
  status === undefined ? undefined : status === "resolved" ? "1" : "0";

const contactList = newestFirstList({
  table: "contact_submissions",
  count: (filter: ContactFilter) => countedRows("contacts_by_status", { value: statusValue(filter.status) }),
  searches: (filter) => Boolean(filter.search),
  narrows: (filter) => filter.status !== undefined,
  newestFirst,
  positionColumn: "submitted_at",
  positionOf: (row) => row.submitted_at,
  toItem: toContactSubmission,
});

/** One page of the Contacts screen; a page past the end shows the last page there is. */
export async function findContactPage(
  filter: ContactFilter,
  page: number,
  pageSize: number,
): Promise<ContactPage & { page: number; capped: boolean }> {
  const { rows, total, page: shown, capped = false } = await contactList.page(filter, page, pageSize);
  return { contacts: rows, total, page: shown, capped };
}

/** Messages newest first, optionally paged (GET /api/contact/ with limit and offset). */
export const listContacts = contactList.list;

/** Every matching message a batch at a time: the CSV export and the unpaged API list. */
export const contactsInBatches = contactList.inBatches;

export interface ContactCounts {
  total: number;
  pending: number;
  resolved: number;
}

export async function countContacts(): Promise<ContactCounts> {
  const byStatus = await countsByValue("contacts_by_status");
  const pending = byStatus.get("0") ?? 0;
  const resolved = byStatus.get("1") ?? 0;
  return { total: pending + resolved, pending, resolved };
}

export async function getContact(id: number): Promise<ContactSubmission> {
  const row = await getDb().selectFrom("contact_submissions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Contact submission not found");
  return toContactSubmission(row);
}

/** A message moves one way, from pending to resolved; resolving a resolved message changes nothing. */
export async function resolveContact(id: number): Promise<ContactSubmission> {
  const stored = await getContact(id);
  const row = await getDb()
    .updateTable("contact_submissions")
    .set({ resolved: 1 })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Contact submission not found");
  await recordAudit({
    action: "resolve",
    entity: "contact",
    entityId: id,
    summary: `Contact message from ${row.name}`,
    before: { resolved: stored.resolved },
    after: { resolved: true },
  });
  return toContactSubmission(row);
}

/**
 * Deletes a message. The trail keeps who deleted whose message, never the message or the
 * address: what was deleted to forget personal data must not live on in an entry nobody can delete.
 */
export async function deleteContact(id: number): Promise<void> {
  const row = await getDb().deleteFrom("contact_submissions").where("id", "=", id).returning("name").executeTakeFirst();
  if (!row) throw new NotFoundError("Contact submission not found");
  await recordAudit({ action: "delete", entity: "contact", entityId: id, summary: `Contact message from ${row.name}` });
}

/** The most messages one bulk delete takes: more than a page, fewer than a runaway post. */
export const BULK_DELETE_LIMIT = 500;

/** Deletes the listed messages in one transaction; answers how many there were. */
export async function deleteContacts(ids: number[]): Promise<number> {
  const unique = [...new Set(ids)].slice(0, BULK_DELETE_LIMIT);
  if (unique.length === 0) return 0;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("contact_submissions")
        .where("id", "in", unique)
        .returning(["id", "name"])
        .execute();
      for (const row of deleted)
        await recordAudit(
          { action: "delete", entity: "contact", entityId: row.id, summary: `Contact message from ${row.name}` },
          trx,
        );
      return deleted.length;
    });
}
