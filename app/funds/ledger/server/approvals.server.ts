import { sql, type Insertable, type Kysely } from "kysely";
import { isZakatCategory, zakatCategoryLabel } from "~/funds/funds";
import { approvalThresholdCents, APPROVAL_THRESHOLD_KEY } from "~/content/settings";
import { settingValues } from "~/content/settings/index.server";
import { holdsAnyOf, type Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import { formatHijri } from "~/shared/hijri";
import { centsToDollars, formatExactCents } from "~/shared/money";
import { getDb, nowIso } from "~/lib/db.server";
import { paged } from "~/lib/list-pages.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/lib/service-errors";
import { uniqueViolation } from "~/lib/sql-dialect.server";
import { needsApproval, rejectionSchema } from "../rules/approval-rules";
import type {
  Database,
  DisbursementRequestRow,
  DisbursementRequestsTable,
  DisbursementRequestStatus,
} from "../../../../db/schema";
import {
  alreadyReversedMeanwhile,
  checkDisbursement,
  getLedgerEntry,
  inLedgerTransaction,
  insertDisbursement,
  insertReversal,
  readDisbursement,
  readReversal,
  reversibleEntry,
  type LedgerEntry,
  type LedgerLine,
} from "./ledger.server";

/**
 * A second pair of eyes on money (issue 30, decision 152). A disbursement or a reversal at or
 * above the approval threshold is first a request, which moves no money; a different person
 * holding finance or owner approves it (writing the ledger entry then, so the balance is
 * checked at that moment and the entry names both people) or rejects it with a reason. The
 * person who asked never decides their own request. Requests are staff's alone: no public
 * page, report, balance or public API ever reads this table.
 */
export interface DisbursementRequest extends LedgerLine {
  status: DisbursementRequestStatus;
  requested_by: string;
  requested_at: string;
  /** Who approved or rejected it, and when ('' and null while it waits). */
  decided_by: string;
  decided_at: string | null;
  /** Why it was rejected. */
  reason: string;
  /** The ledger entry its approval wrote. */
  entry_id: number | null;
}

type Db = Kysely<Database>;
type RequestRow = DisbursementRequestRow & { fund_name: string };

function toRequest(row: RequestRow): DisbursementRequest {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    fund_id: row.fund_id,
    fund_name: row.fund_name,
    amount: centsToDollars(Number(row.amount_cents)),
    disbursed_on: row.disbursed_on,
    disbursed_on_hijri: formatHijri(row.disbursed_on),
    category: isZakatCategory(row.category) ? row.category : null,
    category_label: row.category ? zakatCategoryLabel(row.category) : "",
    programme: row.programme,
    region: row.region,
    description: row.description,
    has_proof: row.proof_filename !== "",
    reverses_id: row.reverses_id,
    requested_by: row.requested_by,
    requested_at: row.requested_at,
    decided_by: row.decided_by,
    decided_at: row.decided_at,
    reason: row.reason,
    entry_id: row.entry_id,
  };
}

function requests(db: Db) {
  return db
    .selectFrom("disbursement_requests")
    .innerJoin("funds", "funds.id", "disbursement_requests.fund_id")
    .selectAll("disbursement_requests")
    .select("funds.name as fund_name");
}

export async function getDisbursementRequest(id: number, db: Db = getDb()): Promise<DisbursementRequest> {
  const row = await requests(db).where("disbursement_requests.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Disbursement request not found");
  return toRequest(row);
}

/** The threshold in cents now: at or above it a disbursement or reversal waits for a second person. */
export async function approvalThreshold(db: Db = getDb()): Promise<number> {
  const values = await settingValues([APPROVAL_THRESHOLD_KEY], db);
  return approvalThresholdCents(values.get(APPROVAL_THRESHOLD_KEY));
}

/** Requests waiting for a decision, oldest first (the first asked is the first to decide). */
export async function listPendingRequests(limit = 100): Promise<DisbursementRequest[]> {
  const rows = await requests(getDb())
    .where("disbursement_requests.status", "=", "requested")
    .orderBy("disbursement_requests.id")
    .limit(limit)
    .execute();
  return rows.map(toRequest);
}

/**
 * How many requests wait for a decision `viewer` may take (the dashboard's line): everyone's
 * but their own, since the person who asked never decides.
 */
export async function countRequestsWaitingFor(viewer: Pick<Admin, "username">): Promise<number> {
  const row = await getDb()
    .selectFrom("disbursement_requests")
    .select(sql<number>`count(*)`.as("count"))
    .where("status", "=", "requested")
    .where("requested_by", "!=", viewer.username)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** GET /api/disbursements?status=…: requests with that status, newest first, whole unless paged. */
export async function listRequests(
  status: DisbursementRequestStatus,
  page: { limit?: number; offset?: number } = {},
): Promise<DisbursementRequest[]> {
  const query = requests(getDb())
    .where("disbursement_requests.status", "=", status)
    .orderBy("disbursement_requests.id", "desc");
  return (await paged(query, page).execute()).map(toRequest);
}

export const REQUEST_STATUSES: readonly DisbursementRequestStatus[] = ["requested", "approved", "rejected"];

/** What staff's forms and the API answer: the entry recorded, or the request that waits. */
export type Submitted =
  { status: "recorded"; entry: LedgerEntry } | { status: "requested"; request: DisbursementRequest };

/** "Disbursement of $5,000.00 from Zakat", "Reversal of entry #12 of $1,200.00 from Zakat". */
function requestWords(row: RequestRow): string {
  const what = row.kind === "reversal" ? `Reversal of entry #${row.reverses_id}` : "Disbursement";
  return `${what} of ${formatExactCents(Number(row.amount_cents))} from ${row.fund_name}`;
}

type RequestedLine = Omit<
  Insertable<DisbursementRequestsTable>,
  "requested_by" | "requested_by_id" | "requested_at" | "decided_at" | "entry_id"
>;

/** Writes a waiting request in the requester's name, and its line in the audit trail. */
async function fileRequest(
  trx: Db,
  requester: Admin,
  request: { line: RequestedLine; summary: string; after: Record<string, unknown> },
): Promise<number> {
  const row = await trx
    .insertInto("disbursement_requests")
    .values({
      ...request.line,
      requested_by: requester.username,
      requested_by_id: requester.id || null,
      requested_at: nowIso(),
      decided_at: null,
      entry_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(
    {
      action: "request",
      entity: "disbursement_request",
      entityId: row.id,
      summary: request.summary,
      after: request.after,
    },
    trx,
  );
  return row.id;
}

/**
 * Records a disbursement, or, at or above the approval threshold, asks for one: the request
 * is checked as a disbursement is (fund, category, the balance now) but moves no money.
 */
export async function submitDisbursement(input: unknown, requester: Admin, proofFilename = ""): Promise<Submitted> {
  const { entry, amountCents } = readDisbursement(input);
  const threshold = await approvalThreshold();
  if (!needsApproval(amountCents, threshold)) {
    const id = await inLedgerTransaction(entry.fund_id, amountCents, async (trx) => {
      const entryId = await insertDisbursement(trx, entry, amountCents, {
        recordedBy: requester.username,
        proofFilename,
      });
      // Below the threshold no request is filed: the entry itself goes in the trail.
      const fund = await trx.selectFrom("funds").select("name").where("id", "=", entry.fund_id).executeTakeFirst();
      await recordAudit(
        {
          action: "create",
          entity: "ledger-entry",
          entityId: entryId,
          summary: `Disbursement of ${formatExactCents(amountCents)} from ${fund?.name ?? `fund #${entry.fund_id}`}`,
          after: {
            fund: fund?.name ?? entry.fund_id,
            amount: centsToDollars(amountCents),
            disbursed_on: entry.disbursed_on,
            category: entry.category ?? null,
            description: entry.description,
          },
        },
        trx,
      );
      return entryId;
    });
    return { status: "recorded", entry: await getLedgerEntry(id) };
  }
  const id = await getDb()
    .transaction()
    .execute(async (trx) => {
      const fund = await checkDisbursement(trx, entry, amountCents);
      return fileRequest(trx, requester, {
        line: {
          kind: "disbursement",
          fund_id: fund.id,
          amount_cents: amountCents,
          disbursed_on: entry.disbursed_on,
          category: fund.category,
          programme: entry.programme,
          region: entry.region,
          description: entry.description,
          proof_filename: proofFilename,
          reverses_id: null,
        },
        summary: `Disbursement of ${formatExactCents(amountCents)} from ${fund.name} requested`,
        after: {
          fund: fund.name,
          amount: centsToDollars(amountCents),
          disbursed_on: entry.disbursed_on,
          description: entry.description,
        },
      });
    });
  return { status: "requested", request: await getDisbursementRequest(id) };
}

/**
 * Records a reversal, or, when the entry it reverses is at or above the approval threshold,
 * asks for one. One reversal request per entry waits at a time.
 */
export async function submitReversal(input: unknown, requester: Admin): Promise<Submitted> {
  const { reversal, day } = readReversal(input);
  const db = getDb();
  const threshold = await approvalThreshold();
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<{ kind: "entry" | "request"; id: number }> => {
      const original = await reversibleEntry(trx, reversal.reverses_id, day);
      if (!needsApproval(Number(original.amount_cents), threshold)) {
        const id = await insertReversal(
          trx,
          original,
          { description: reversal.description, day },
          { recordedBy: requester.username },
        );
        // In the reversed entry's history, so that its own page shows it was undone, and by what.
        await recordAudit(
          {
            action: "reverse",
            entity: "ledger-entry",
            entityId: original.id,
            summary: `Entry #${original.id} of ${formatExactCents(Number(original.amount_cents))} reversed by entry #${id}`,
            after: { reversal_entry_id: id, reason: reversal.description, disbursed_on: day },
          },
          trx,
        );
        return { kind: "entry", id };
      }
      await refuseSecondReversalRequest(trx, original.id);
      const id = await fileRequest(trx, requester, {
        line: {
          kind: "reversal",
          fund_id: original.fund_id,
          amount_cents: original.amount_cents,
          disbursed_on: day,
          category: original.category,
          programme: original.programme,
          region: original.region,
          description: reversal.description,
          reverses_id: original.id,
        },
        summary: `Reversal of entry #${original.id} (${formatExactCents(Number(original.amount_cents))}) requested`,
        after: { reverses_id: original.id, reason: reversal.description, disbursed_on: day },
      });
      return { kind: "request", id };
    })
    .catch(async (error: unknown) => {
      if (uniqueViolation(error)?.constraint.includes("one_reversal")) {
        throw new ConflictError(`A reversal of entry ${reversal.reverses_id} already waits for approval`);
      }
      return alreadyReversedMeanwhile(error, reversal.reverses_id);
    });
  return outcome.kind === "entry"
    ? { status: "recorded", entry: await getLedgerEntry(outcome.id) }
    : { status: "requested", request: await getDisbursementRequest(outcome.id) };
}

async function refuseSecondReversalRequest(trx: Db, entryId: number): Promise<void> {
  const waiting = await trx
    .selectFrom("disbursement_requests")
    .select("id")
    .where("reverses_id", "=", entryId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  if (waiting)
    throw new ConflictError(`A reversal of entry ${entryId} already waits for approval (request #${waiting.id})`);
}

/** The request, when `decider` may decide it: someone else's, still waiting. */
async function decidable(trx: Db, id: number, decider: Admin): Promise<RequestRow> {
  const row = await requests(trx).where("disbursement_requests.id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Disbursement request not found");
  if (!holdsAnyOf(decider.roles, ["finance"])) {
    throw new ForbiddenError("Only a person holding finance or owner approves or rejects a disbursement request");
  }
  const own = row.requested_by_id !== null && decider.id ? row.requested_by_id === decider.id : false;
  if (own || row.requested_by === decider.username) {
    throw new ForbiddenError(
      "You asked for this disbursement: another person holding finance or owner must approve or reject it",
    );
  }
  if (row.status !== "requested") {
    throw new ConflictError(`Request #${row.id} was already ${row.status} by ${row.decided_by}`);
  }
  return row;
}

/** Marks a waiting request decided; another person deciding it in between is a 409. */
async function markDecided(
  trx: Db,
  row: RequestRow,
  decision: { status: "approved" | "rejected"; by: string; reason?: string; entryId?: number },
): Promise<void> {
  const updated = await trx
    .updateTable("disbursement_requests")
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: nowIso(),
      reason: decision.reason ?? "",
      entry_id: decision.entryId ?? null,
    })
    .where("id", "=", row.id)
    .where("status", "=", "requested")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError(`Request #${row.id} was already decided`);
}

/**
 * Approves a request: writes its ledger entry now (the balance checked now, by the service
 * and by the database), stamped with who asked and who approved. A balance no longer enough
 * is a 422 and the request keeps waiting.
 */
export async function approveRequest(id: number, approver: Admin): Promise<DisbursementRequest> {
  const peek = await getDisbursementRequest(id);
  try {
    await inLedgerTransaction(peek.fund_id, Math.round(peek.amount * 100), async (trx) => {
      const row = await decidable(trx, id, approver);
      const stamps = {
        recordedBy: row.requested_by,
        requestedBy: row.requested_by,
        approvedBy: approver.username,
        proofFilename: row.proof_filename,
      };
      const entryId =
        row.kind === "disbursement"
          ? await insertDisbursement(
              trx,
              {
                fund_id: row.fund_id,
                amount: centsToDollars(Number(row.amount_cents)),
                disbursed_on: row.disbursed_on,
                category: isZakatCategory(row.category) ? row.category : undefined,
                programme: row.programme,
                region: row.region,
                description: row.description,
              },
              Number(row.amount_cents),
              stamps,
            )
          : await insertReversal(
              trx,
              await reversibleEntry(trx, row.reverses_id!, row.disbursed_on),
              { description: row.description, day: row.disbursed_on },
              stamps,
            );
      await markDecided(trx, row, { status: "approved", by: approver.username, entryId });
      await recordAudit(
        {
          action: "approve",
          entity: "disbursement_request",
          entityId: row.id,
          summary: `${requestWords(row)} approved (entry #${entryId}, requested by ${row.requested_by})`,
          before: { status: "requested" },
          after: { status: "approved", entry_id: entryId },
        },
        trx,
      );
      await auditApprovedEntry(trx, row, entryId, approver);
    });
  } catch (error) {
    // The balance was enough when asked and is not now: nothing is written, the request waits.
    if (error instanceof ConflictError && /balance is not enough/i.test(error.message)) {
      throw new ValidationError({
        amount: [error.message.replace("Nothing was recorded.", "Nothing was recorded; the request still waits.")],
      });
    }
    if (uniqueViolation(error)?.constraint.includes("reverses_id") && peek.reverses_id !== null) {
      return alreadyReversedMeanwhile(error, peek.reverses_id);
    }
    throw error;
  }
  return getDisbursementRequest(id);
}

/**
 * The entry an approval wrote goes in its own history too (and a reversal in the history of the
 * entry it undoes), so a ledger line's History link shows who asked and who approved it.
 */
async function auditApprovedEntry(trx: Db, row: RequestRow, entryId: number, approver: Admin) {
  const who = `requested by ${row.requested_by}, approved by ${approver.username} (request #${row.id})`;
  await recordAudit(
    { action: "create", entity: "ledger-entry", entityId: entryId, summary: `${requestWords(row)}: ${who}` },
    trx,
  );
  if (row.kind === "reversal" && row.reverses_id !== null) {
    await recordAudit(
      {
        action: "reverse",
        entity: "ledger-entry",
        entityId: row.reverses_id,
        summary: `Entry #${row.reverses_id} reversed by entry #${entryId}: ${who}`,
        after: { reversal_entry_id: entryId, reason: row.description, disbursed_on: row.disbursed_on },
      },
      trx,
    );
  }
}

/** Rejects a request with a reason (required): no money moves, and the request stays on record. */
export async function rejectRequest(id: number, input: unknown, decider: Admin): Promise<DisbursementRequest> {
  const parsed = rejectionSchema.safeParse(input ?? {});
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await decidable(trx, id, decider);
      if (!parsed.success) throw new ValidationError({ reason: [parsed.error.issues[0]!.message] });
      await markDecided(trx, row, { status: "rejected", by: decider.username, reason: parsed.data.reason });
      await recordAudit(
        {
          action: "reject",
          entity: "disbursement_request",
          entityId: row.id,
          summary: `${requestWords(row)} rejected (requested by ${row.requested_by})`,
          before: { status: "requested" },
          after: { status: "rejected", reason: parsed.data.reason },
        },
        trx,
      );
    });
  return getDisbursementRequest(id);
}
