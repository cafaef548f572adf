import { sql, type ExpressionBuilder } from "kysely";
import { zakatCategoryLabel } from "~/funds/funds";
import {
  ESSENTIAL_COSTS,
  INCOME_SOURCES,
  monthlyCostsCents,
  monthlyIncomeCents,
  monthlyShortfallCents,
  PURPOSES,
  readReference,
  STATE_LABELS,
  type ApplicantRecord,
} from "~/applications/records";
import { applicantOf, applicationSettings, openCaseValue } from "~/applications/records/index.server";
import { getDb, type DB } from "~/lib/db.server";
import { pageOfRows, rowsOfPage, type ListPage } from "~/lib/list-pages.server";
import { NotFoundError } from "~/lib/service-errors";
import { centsToDollars } from "~/shared/money";
import { formatHijri } from "~/shared/hijri";
import { todayIn } from "~/shared/dates";
import { getEnv } from "~/lib/env.server";
import { holdsAnyOf, type Admin, type Role } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import type { ApplicationMessageKind, ApplicationRow, ApplicationState, Database } from "../../../../db/schema";
import { ASSIGNABLE_ROLES, mayReadApplicant } from "../rules/case-access";
import type { QueueFilter } from "../rules/queue-filter";
import { capCheck, duplicatesOf, type CapCheck, type DuplicateCase } from "./duplicates.server";

/**
 * Reading cases: the queue (never a sealed value: a list is not a view of a case), a case's
 * JSON for the API, and the case page's whole view, which opens the family's data and writes
 * "view" to the audit trail each time.
 */

type Db = DB;

/** Who a case is assigned to, as lists and the API name them. */
export interface Assignee {
  id: number;
  username: string;
  name: string;
}

/** A case as the queue and the API list it: figures and dates, nothing of the family. */
export interface CaseSummary {
  id: number;
  ref: string;
  state: ApplicationState;
  state_label: string;
  category: string | null;
  category_label: string;
  household_size: number;
  purpose: string;
  purpose_label: string;
  requested: number;
  shortfall: number | null;
  recommended: number | null;
  recommended_plan: "once" | "monthly" | null;
  recommended_each: number | null;
  recommended_months: number | null;
  approved: number | null;
  paid: number;
  submitted_at: string;
  submitted_on_hijri: string;
  updated_at: string;
  assigned_to: Assignee | null;
}

const SUMMARY_COLUMNS = [
  "applications.id",
  "applications.ref",
  "applications.state",
  "applications.category",
  "applications.household_size",
  "applications.purpose",
  "applications.requested_cents",
  "applications.shortfall_cents",
  "applications.recommended_plan",
  "applications.recommended_cents",
  "applications.recommended_months",
  "applications.approved_cents",
  "applications.paid_cents",
  "applications.submitted_at",
  "applications.updated_at",
  "applications.assigned_to_id",
  "assignee.username as assignee_username",
  "assignee.name as assignee_name",
] as const;

function summaries(db: Db) {
  return db
    .selectFrom("applications")
    .leftJoin("admins as assignee", "assignee.id", "applications.assigned_to_id")
    .select(SUMMARY_COLUMNS);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["executeTakeFirstOrThrow"]>>;

const cents = (value: number | string | null) => (value === null ? null : Number(value));

export const purposeLabel = (key: string) => PURPOSES.find((purpose) => purpose.key === key)?.label ?? key;

/** The recommendation in all: each payment times the months (one for "once"). */
export function recommendedTotalCents(row: {
  recommended_cents: number | string | null;
  recommended_months: number | null;
}): number | null {
  const each = cents(row.recommended_cents);
  return each === null ? null : each * (row.recommended_months ?? 1);
}

function summaryOf(row: SummaryRow): CaseSummary {
  const total = recommendedTotalCents(row);
  const shortfall = cents(row.shortfall_cents);
  const approved = cents(row.approved_cents);
  const each = cents(row.recommended_cents);
  return {
    id: row.id,
    ref: row.ref,
    state: row.state,
    state_label: STATE_LABELS[row.state],
    category: row.category,
    category_label: row.category ? zakatCategoryLabel(row.category) : "",
    household_size: row.household_size,
    purpose: row.purpose,
    purpose_label: purposeLabel(row.purpose),
    requested: centsToDollars(Number(row.requested_cents)),
    shortfall: shortfall === null ? null : centsToDollars(shortfall),
    recommended: total === null ? null : centsToDollars(total),
    recommended_plan: row.recommended_plan,
    recommended_each: each === null ? null : centsToDollars(each),
    recommended_months: row.recommended_months,
    approved: approved === null ? null : centsToDollars(approved),
    paid: centsToDollars(Number(row.paid_cents)),
    submitted_at: row.submitted_at,
    // The day as the site's time zone counts it, as the screens show the Gregorian date.
    submitted_on_hijri: formatHijri(todayIn(getEnv().SITE_TIMEZONE, new Date(row.submitted_at))),
    updated_at: row.updated_at,
    assigned_to:
      row.assigned_to_id === null
        ? null
        : { id: row.assigned_to_id, username: row.assignee_username ?? "", name: row.assignee_name ?? "" },
  };
}

/** The filter's conditions, each on a column of the case with an index behind it. */
function matching(filter: QueueFilter, me: Admin) {
  return (eb: ExpressionBuilder<Database, "applications">) => {
    const conditions = [];
    if (filter.ref) conditions.push(eb("applications.ref", "=", filter.ref));
    // is_open, not state IN (...): its indexes give the open cases already newest first (0040).
    if (filter.state === "open") conditions.push(eb("applications.is_open", "=", 1));
    else if (filter.state !== "all") conditions.push(eb("applications.state", "=", filter.state));
    if (filter.category) conditions.push(eb("applications.category", "=", filter.category));
    if (filter.caseworker === "unassigned") conditions.push(eb("applications.assigned_to_id", "is", null));
    else if (filter.caseworker === "mine") conditions.push(eb("applications.assigned_to_id", "=", me.id));
    else if (filter.caseworker !== undefined)
      conditions.push(eb("applications.assigned_to_id", "=", filter.caseworker));
    return eb.and(conditions);
  };
}

function newestFirst(db: Db, filter: QueueFilter, me: Admin) {
  return summaries(db).where(matching(filter, me)).orderBy("applications.id", "desc");
}

/** Every filter is on the case's own columns, so the count needs no join. */
async function countCases(db: Db, filter: QueueFilter, me: Admin): Promise<number> {
  const row = await db
    .selectFrom("applications")
    .select(sql<number>`count(*)`.as("count"))
    .where(matching(filter, me))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the queue, newest first. */
export async function findQueuePage(
  filter: QueueFilter,
  me: Admin,
  page: number,
  pageSize: number,
  db: Db = getDb(),
): Promise<ListPage<CaseSummary>> {
  const found = await pageOfRows(
    () => countCases(db, filter, me),
    (limit, offset) => rowsOfPage(newestFirst(db, filter, me), "applications", limit, offset),
    page,
    pageSize,
  );
  return { ...found, rows: found.rows.map(summaryOf) };
}

/** A reference as stored ("za-abcd 2345" is "ZA-ABCD2345"); anything else is looked up as typed (found nowhere). */
function storedRef(ref: string): string {
  return readReference(ref) ?? ref;
}

/** The case's row by its reference (a 404 for none). */
export async function caseRowByRef(ref: string, db: Db = getDb()): Promise<ApplicationRow> {
  const row = await db.selectFrom("applications").selectAll().where("ref", "=", storedRef(ref)).executeTakeFirst();
  if (!row) throw new NotFoundError(`There is no application ${ref}`);
  return row;
}

async function summaryByRef(ref: string, db: Db): Promise<CaseSummary> {
  const row = await summaries(db).where("applications.ref", "=", storedRef(ref)).executeTakeFirst();
  if (!row) throw new NotFoundError(`There is no application ${ref}`);
  return summaryOf(row);
}

/** A case worker may be given a case: active, holding caseworker, finance or owner. */
export async function assignableStaff(db: Db = getDb()): Promise<Assignee[]> {
  const rows = await db
    .selectFrom("admins")
    .select(["id", "username", "name", "roles"])
    .where("active", "=", 1)
    .orderBy("name")
    .orderBy("username")
    .execute();
  return rows
    .filter((row) => holdsAnyOf(row.roles.split(/\s+/) as Role[], ASSIGNABLE_ROLES))
    .map(({ id, username, name }) => ({ id, username, name: name || username }));
}

/** The family's words for the API: the applicant object (their own fields), or null once erased. */
export type ApplicantJson = ApplicantRecord;

export interface CaseJson extends Omit<
  CaseSummary,
  "id" | "state_label" | "category_label" | "purpose_label" | "submitted_on_hijri"
> {
  applicant?: ApplicantJson | null;
  warnings?: CaseWarnings;
}

function caseJsonOf(summary: CaseSummary): CaseJson {
  const { id: _id, state_label: _s, category_label: _c, purpose_label: _p, submitted_on_hijri: _h, ...json } = summary;
  return json;
}

/** What the case worker is warned of before recommending, and the approver after. */
export interface CaseWarnings {
  duplicates: (DuplicateCase & { approved: number | null; paid: number })[];
  cap: CapCheck & { cap: number; earlier: number; room: number };
}

export async function warningsFor(
  row: Pick<ApplicationRow, "id" | "submitted_at" | "recommended_cents" | "recommended_months">,
  db: Db = getDb(),
): Promise<CaseWarnings> {
  const [duplicates, settings] = await Promise.all([duplicatesOf(row, db), applicationSettings(db)]);
  const cap = capCheck(duplicates, settings.householdCapCents, recommendedTotalCents(row) ?? 0);
  return {
    duplicates: duplicates.map((found) => ({
      ...found,
      approved: found.approved_cents === null ? null : centsToDollars(found.approved_cents),
      paid: centsToDollars(found.paid_cents),
    })),
    cap: {
      ...cap,
      cap: centsToDollars(cap.cap_cents),
      earlier: centsToDollars(cap.earlier_cents),
      room: centsToDollars(cap.room_cents),
    },
  };
}

/** A reading of a case's personal data, for the audit trail: who, which case, never what. */
async function recordView(ref: string, viewer: Admin, through: "screen" | "api"): Promise<void> {
  await recordAudit({
    action: "view",
    entity: "application",
    entityId: ref,
    summary: through === "api" ? `Application ${ref} read through the API` : `Application ${ref} opened`,
    actor: { id: viewer.id || null, name: viewer.name || viewer.username },
  });
}

/** GET /api/applications/{ref}: the case, with the family's fields for those who may read them, and its warnings. */
export async function caseForApi(ref: string, viewer: Admin, db: Db = getDb()): Promise<CaseJson> {
  const row = await caseRowByRef(ref, db);
  const summary = await summaryByRef(row.ref, db);
  const json: CaseJson = { ...caseJsonOf(summary), warnings: await warningsFor(row, db) };
  if (mayReadApplicant(viewer.roles)) {
    json.applicant = applicantOf(row);
    await recordView(row.ref, viewer, "api");
  }
  return json;
}

export interface MoneyLine {
  key: string;
  label: string;
  amount: number;
}

export interface CaseMessage {
  id: number;
  kind: ApplicationMessageKind;
  author: string;
  created_at: string;
  body: string;
}

export interface CaseDocumentRequest {
  id: number;
  what: string;
  why: string;
  due_on: string;
  requested_by: string;
  requested_at: string;
  reminded_at: string | null;
  fulfilled_at: string | null;
}

export interface CaseDocument {
  id: number;
  request_id: number | null;
  name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: string;
}

/** The case page: the case, and (for those who may read it) the family's words opened. */
export interface CaseView {
  summary: CaseSummary;
  /** Null once erased, or for a role that may not read it. */
  applicant: ApplicantRecord | null;
  erased: boolean;
  income: MoneyLine[];
  costs: MoneyLine[];
  monthly_income: number;
  monthly_costs: number;
  /** The shortfall computed now from what the family told (the stored one is the assessment's). */
  computed_shortfall: number;
  assessment_reason: string | null;
  recommended_by: string;
  recommended_at: string | null;
  assigned_at: string | null;
  messages: CaseMessage[];
  document_requests: CaseDocumentRequest[];
  documents: CaseDocument[];
  warnings: CaseWarnings;
}

/**
 * A document's name as the family uploaded it, sealed by the documents slice to its stored file
 * (records' `CASE_FIELDS.documentName(stored_name)`, "document-name:<stored name>", decision 168),
 * as text or as `{name}`.
 */
function documentName(ref: string, storedName: string, sealed: string): string {
  const opened = openCaseValue<unknown>(ref, `document-name:${storedName}`, sealed);
  if (typeof opened === "string") return opened;
  return String((opened as { name?: unknown } | null)?.name ?? "");
}

/** Opens a case for the case page and writes the view to the audit trail. */
export async function viewCase(ref: string, viewer: Admin, db: Db = getDb()): Promise<CaseView> {
  const row = await caseRowByRef(ref, db);
  const [summary, messages, requests, documents, warnings] = await Promise.all([
    summaryByRef(row.ref, db),
    db
      .selectFrom("application_messages")
      .select(["id", "kind", "author", "created_at", "body_sealed"])
      .where("application_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("application_document_requests")
      .selectAll()
      .where("application_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(200)
      .execute(),
    db
      .selectFrom("application_documents")
      .select(["id", "request_id", "stored_name", "name_sealed", "content_type", "size_bytes", "uploaded_at"])
      .where("application_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(500)
      .execute(),
    warningsFor(row, db),
  ]);
  const readsFamily = mayReadApplicant(viewer.roles);
  const applicant = readsFamily ? applicantOf(row) : null;
  const line = (record: ApplicantRecord) => (item: { key: string; label: string }) => ({
    key: item.key,
    label: item.label,
    amount: Number(record[item.key as keyof ApplicantRecord] ?? 0),
  });
  const view: CaseView = {
    summary,
    applicant,
    erased: row.applicant_sealed === null,
    income: applicant ? INCOME_SOURCES.map(line(applicant)) : [],
    costs: applicant ? ESSENTIAL_COSTS.map(line(applicant)) : [],
    monthly_income: applicant ? centsToDollars(monthlyIncomeCents(applicant)) : 0,
    monthly_costs: applicant ? centsToDollars(monthlyCostsCents(applicant)) : 0,
    computed_shortfall: applicant ? centsToDollars(monthlyShortfallCents(applicant)) : 0,
    assessment_reason:
      readsFamily && row.assessment_sealed
        ? openCaseValue<{ reason: string }>(row.ref, "assessment", row.assessment_sealed).reason
        : null,
    recommended_by: row.recommended_by,
    recommended_at: row.recommended_at,
    assigned_at: row.assigned_at,
    messages: readsFamily
      ? messages.map((message) => ({
          id: message.id,
          kind: message.kind,
          author: message.author,
          created_at: message.created_at,
          body: openCaseValue<{ body: string }>(row.ref, "message", message.body_sealed).body,
        }))
      : [],
    document_requests: requests.map((request) => {
      const asked = readsFamily
        ? openCaseValue<{ what: string; why: string }>(row.ref, "document-request", request.request_sealed)
        : { what: "", why: "" };
      return {
        id: request.id,
        what: asked.what,
        why: asked.why,
        due_on: request.due_on,
        requested_by: request.requested_by,
        requested_at: request.requested_at,
        reminded_at: request.reminded_at,
        fulfilled_at: request.fulfilled_at,
      };
    }),
    documents: documents.map((document) => ({
      id: document.id,
      request_id: document.request_id,
      name: readsFamily ? documentName(row.ref, document.stored_name, document.name_sealed) : "",
      content_type: document.content_type,
      size_bytes: document.size_bytes,
      uploaded_at: document.uploaded_at,
    })),
    warnings,
  };
  if (readsFamily) await recordView(row.ref, viewer, "screen");
  return view;
}

/** The documents slice's requests are due by this day: today plus the setting's days. */
export async function defaultDueOn(today: string, db: Db = getDb()): Promise<string> {
  const { documentDays } = await applicationSettings(db);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + documentDays);
  return day.toISOString().slice(0, 10);
}

/** GET /api/applications/'s page, in the envelope /api/audit/ answers. */
export interface CasesPageJson {
  items: CaseJson[];
  page: number;
  page_size: number;
  /** How many cases match, counted in SQL. */
  total: number;
  has_more: boolean;
}

export const API_PAGE_SIZE = 50;
export const API_MAX_PAGE_SIZE = 200;

/**
 * GET /api/applications/: one page of the matching cases, newest first, with how many match
 * (counted in SQL) and whether another page follows; a page past the end is empty, with the
 * real total (as /api/audit/ answers).
 */
export async function casesPageForApi(
  filter: QueueFilter,
  me: Admin,
  page: number,
  pageSize: number = API_PAGE_SIZE,
  db: Db = getDb(),
): Promise<CasesPageJson> {
  const [total, rows] = await Promise.all([
    countCases(db, filter, me),
    // One more than the page, to know whether another follows.
    rowsOfPage(newestFirst(db, filter, me), "applications", pageSize + 1, (page - 1) * pageSize),
  ]);
  return {
    items: rows.slice(0, pageSize).map((row) => caseJsonOf(summaryOf(row))),
    page,
    page_size: pageSize,
    total,
    has_more: rows.length > pageSize,
  };
}

/** A case as the API answers an action on it: its figures and state now, without the family's fields. */
export async function caseJsonByRef(ref: string, db: Db = getDb()): Promise<CaseJson> {
  return caseJsonOf(await summaryByRef(ref, db));
}
