import { VOLUNTEER_INTERESTS, volunteerSignupSchema } from "../rules/volunteer-schemas";
import { newVolunteerMail } from "~/community/staff-notes";
import { getDb, nowIso } from "~/lib/db.server";
import { newestFirstList, newestOrder, olderThan, type Position } from "~/lib/list-pages.server";
import { countedRows, countsByValue } from "~/lib/list-counts.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import type { Visitor } from "~/lib/visitor.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { matchesText, type SearchIndex } from "~/lib/text-search.server";
import type { VolunteerSignupRow } from "../../../../db/schema";
import { notifyStaff } from "~/community/staff-notes/index.server";
import { recordAudit } from "~/staff/audit/index.server";

/**
 * A volunteer application as the API and the Volunteers screen see it (snake_case, the field names the API's clients
 * read).
 */
export interface VolunteerSignup {
  id: number;
  name: string;
  email: string;
  interest: string;
  submitted_at: string;
}

function toVolunteerSignup(row: VolunteerSignupRow): VolunteerSignup {
  return { id: row.id, name: row.name, email: row.email, interest: row.interest, submitted_at: row.submitted_at };
}

/**
 * The volunteer form and POST /api/volunteers/. A filled honeypot means a bot: it gets
 * the answer everyone gets (the signup as if stored, id 0) and nothing is stored.
 */
export async function signUpVolunteer(input: unknown, visitor: Visitor): Promise<VolunteerSignup> {
  const signup = parseOrThrow(volunteerSignupSchema, input);
  await limitPublicFormPosts("volunteer", visitor.clientAddress);
  if (signup.website)
    return { id: 0, name: signup.name, email: signup.email, interest: signup.interest, submitted_at: nowIso() };
  // The signup and the staff's note about it are kept together, or not at all.
  const row = await getDb()
    .transaction()
    .execute(async (trx) => {
      const stored = await trx
        .insertInto("volunteer_signups")
        .values({ name: signup.name, email: signup.email, interest: signup.interest, submitted_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await notifyStaff(
        trx,
        `volunteer-${stored.id}`,
        newVolunteerMail(stored, `${configuredSiteUrl()}/admin/volunteers`),
      );
      return stored;
    });
  return toVolunteerSignup(row);
}

export interface VolunteerFilter {
  search?: string;
  /** Exactly as stored: one of the form's interests, or an older value kept in the table. */
  interest?: string;
}

/**
 * `?search=&interest=`, shared by the Volunteers screen, its export and the API. Any
 * interest may be asked for (an interest is stored as free text): the form's list is the rule for
 * new signups, not for finding the ones already kept.
 */
export function readVolunteerFilter(params: URLSearchParams): { filter: VolunteerFilter } {
  return {
    filter: {
      search: params.get("search")?.trim() || undefined,
      interest: params.get("interest")?.trim() || undefined,
    },
  };
}

const SEARCH: SearchIndex = {
  table: "volunteer_signups",
  index: "volunteer_signups_search",
  columns: ["name", "email"],
};

function matching(filter: VolunteerFilter) {
  let query = getDb().selectFrom("volunteer_signups");
  if (filter.interest) query = query.where("interest", "=", filter.interest);
  if (filter.search) query = query.where(matchesText(SEARCH, filter.search));
  return query;
}

function newestFirst(filter: VolunteerFilter, after?: Position) {
  let query = matching(filter).selectAll();
  if (after) query = query.where(olderThan("volunteer_signups", "submitted_at", after));
  return newestOrder(query, "volunteer_signups", "submitted_at");
}

const volunteerList = newestFirstList({
  table: "volunteer_signups",
  // An interest alone is counted already (migration 0022); a search is counted through its matches.
  count: (filter: VolunteerFilter) => countedRows("volunteers_by_interest", { value: filter.interest }),
  searches: (filter) => Boolean(filter.search),
  narrows: (filter) => Boolean(filter.interest),
  newestFirst,
  positionColumn: "submitted_at",
  positionOf: (row) => row.submitted_at,
  toItem: toVolunteerSignup,
});

/** One page of the Volunteers screen; a page past the end shows the last page there is. */
export async function findVolunteerPage(
  filter: VolunteerFilter,
  page: number,
  pageSize: number,
): Promise<{ volunteers: VolunteerSignup[]; total: number; page: number; capped: boolean }> {
  const { rows, total, page: shown, capped = false } = await volunteerList.page(filter, page, pageSize);
  return { volunteers: rows, total, page: shown, capped };
}

/** Signups newest first, optionally paged (GET /api/volunteers/ with limit and offset). */
export const listVolunteers = volunteerList.list;

/** Every matching signup a batch at a time: the CSV export and the unpaged API list. */
export const volunteersInBatches = volunteerList.inBatches;

export interface VolunteerCounts {
  total: number;
  /** Every listed interest (0 when nobody chose it), and any other value stored earlier. */
  by_interest: Record<string, number>;
}

/** The summary cards and the dashboard: counted per interest from the interest index. */
export async function countVolunteers(): Promise<VolunteerCounts> {
  const by_interest: Record<string, number> = Object.fromEntries(VOLUNTEER_INTERESTS.map((interest) => [interest, 0]));
  let total = 0;
  for (const [interest, count] of await countsByValue("volunteers_by_interest")) {
    // An interest nobody holds any more keeps its row at 0: only the listed ones show as 0.
    if (count === 0 && !(interest in by_interest)) continue;
    by_interest[interest] = count;
    total += count;
  }
  return { total, by_interest };
}

export async function getVolunteer(id: number): Promise<VolunteerSignup> {
  const row = await getDb().selectFrom("volunteer_signups").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Volunteer signup not found");
  return toVolunteerSignup(row);
}

/** Deletes a signup; the trail keeps who deleted whose, never the signup's details (see deleteContact). */
export async function deleteVolunteer(id: number): Promise<void> {
  const row = await getDb().deleteFrom("volunteer_signups").where("id", "=", id).returning("name").executeTakeFirst();
  if (!row) throw new NotFoundError("Volunteer signup not found");
  await recordAudit({
    action: "delete",
    entity: "volunteer",
    entityId: id,
    summary: `Volunteer signup from ${row.name}`,
  });
}
