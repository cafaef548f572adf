import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin-funds-ledger";
import { DataTable } from "~/ui/data-table";
import { DisbursementForm } from "../components/disbursement-form";
import { FundsTabs } from "~/funds/funds/index.ui";
import { useListLink } from "~/ui/list-query";
import { applyAtOnce, ListSearch } from "~/ui/list-search";
import { Notice } from "~/ui/notice";
import { Pagination, pageFrom } from "~/ui/pagination";
import { ReversalForm } from "../components/reversal-form";
import { ApproveConfirmation, RejectForm, WaitingForApproval } from "../components/approval-forms";
import { rejectionSchema } from "../rules/approval-rules";
import { useFocusReturn } from "~/ui/use-focus-return";
import { ZakatCategoryName } from "~/funds/transparency/index.ui";
import { disbursementSchema, reversalSchema, ZAKAT_CATEGORIES } from "~/funds/funds";
import { formatDate, formatDateTime, todayIn } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import { getEnv } from "~/lib/env.server";
import { formRefusalOf, refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { readSubmission } from "~/ui/form-submission.server";
import { backToList } from "~/ui/list-return.server";
import { MAX_PROOF_BYTES } from "../rules/proof-limits";
import { requireRecordId, rowFromParam } from "~/lib/record-ids.server";
import { adminContext } from "~/lib/request-context";
import { discard, type ReceivedFile } from "~/lib/uploads.server";
import { FundFilter } from "~/ui/record-filter";
import {
  findLedgerPage,
  getLedgerEntry,
  readLedgerFilter,
  type LedgerEntry,
  type LedgerFilter,
} from "../server/ledger.server";
import { listFunds } from "~/funds/funds/index.server";
import type { Admin } from "~/staff/accounts";
import { submitDisbursementWithProof } from "../server/proofs.server";
import {
  approvalThreshold,
  approveRequest,
  getDisbursementRequest,
  listPendingRequests,
  rejectRequest,
  submitReversal,
  type DisbursementRequest,
} from "../server/approvals.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Ledger | Funds | Admin" }];

const SCREEN = "/admin/funds/ledger";
const PAGE_SIZE = 25;
/** Query parameters that belong to an open form or a notice, not to the ledger's filter. */
const TRANSIENT = [
  "record",
  "reverse",
  "recorded",
  "reversed",
  "approve",
  "reject",
  "requested",
  "approved",
  "rejected",
];

/** A request named by ?approve= or ?reject=, when it still waits; null otherwise. */
async function waitingRequest(value: string | null): Promise<DisbursementRequest | null> {
  const request = await rowFromParam(value, getDisbursementRequest);
  return request?.status === "requested" ? request : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { filter, problem } = readLedgerFilter(url.searchParams);
  const params = url.searchParams;
  const [found, funds, reversing, justRecorded, waiting, approving, rejecting, justDecided, threshold] =
    await Promise.all([
      findLedgerPage(filter, pageFrom(url), PAGE_SIZE),
      listFunds(),
      rowFromParam(params.get("reverse"), getLedgerEntry),
      rowFromParam(params.get("recorded") ?? params.get("reversed"), getLedgerEntry),
      listPendingRequests(),
      waitingRequest(params.get("approve")),
      waitingRequest(params.get("reject")),
      rowFromParam(params.get("requested") ?? params.get("approved") ?? params.get("rejected"), getDisbursementRequest),
      approvalThreshold(),
    ]);
  const timeZone = getEnv().SITE_TIMEZONE;
  return {
    entries: found.rows,
    total: found.total,
    capped: found.capped ?? false,
    page: found.page,
    filter,
    filterProblem: problem ?? null,
    funds: funds.map(({ id, name, is_zakat, archived, balance }) => ({ id, name, is_zakat, archived, balance })),
    recording: url.searchParams.has("record"),
    reversing,
    // ?reverse= naming no entry there is (mistyped, or an old address) is said, not passed over.
    missingEntry: url.searchParams.has("reverse") && !reversing ? url.searchParams.get("reverse") : null,
    justRecorded,
    today: todayIn(timeZone),
    timeZone,
    waiting,
    approving,
    rejecting,
    // ?approve= or ?reject= naming a request that no longer waits (decided meanwhile, or unknown) is said.
    notWaiting: (params.has("approve") || params.has("reject")) && !approving && !rejecting,
    justDecided,
    threshold: threshold / 100,
    me: context.get(adminContext)!.username,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { fields, file, fileError } = await readSubmission(request, {
    fileField: "proof",
    maxFileBytes: MAX_PROOF_BYTES,
  });
  const admin = context.get(adminContext)!;
  try {
    const intent = fields.get("intent");
    if (intent === "disburse") return await disburseAction(fields, file, fileError, admin, url);
    if (intent === "reverse") return await reverseAction(fields, admin, url);
    if (intent === "approve") return await approveAction(fields, admin, url);
    if (intent === "reject") return await rejectAction(fields, admin, url);
    return refuseUnknownIntent(request, intent);
  } finally {
    await discard(file);
  }
}

async function disburseAction(
  fields: URLSearchParams,
  file: ReceivedFile | null,
  fileError: string | undefined,
  admin: Admin,
  url: URL,
) {
  const submission = parseWithZod(fields, { schema: disbursementSchema });
  if (submission.status !== "success" || fileError) {
    return data(
      {
        intent: "disburse" as const,
        result: submission.reply({ fieldErrors: fileError ? { proof: [fileError] } : {} }),
      },
      { status: 400 },
    );
  }
  try {
    const submitted = await submitDisbursementWithProof(submission.value, admin, file);
    // Back to the ledger as it was filtered (its first page), with a notice of the entry or the request.
    const notice: Record<string, string> =
      submitted.status === "recorded"
        ? { recorded: String(submitted.entry.id) }
        : { requested: String(submitted.request.id) };
    return backToList(url, SCREEN, notice, [...TRANSIENT, "page"]);
  } catch (error) {
    // An overdraft (409) or a refused field comes back beside the form, with what was typed.
    return serviceErrorReply(submission, error, { intent: "disburse" as const });
  }
}

async function reverseAction(fields: URLSearchParams, admin: Admin, url: URL) {
  const submission = parseWithZod(fields, { schema: reversalSchema });
  if (submission.status !== "success")
    return data({ intent: "reverse" as const, result: submission.reply() }, { status: 400 });
  try {
    const submitted = await submitReversal(submission.value, admin);
    const notice: Record<string, string> =
      submitted.status === "recorded"
        ? { reversed: String(submitted.entry.id) }
        : { requested: String(submitted.request.id) };
    return backToList(url, SCREEN, notice, TRANSIENT);
  } catch (error) {
    return serviceErrorReply(submission, error, { intent: "reverse" as const });
  }
}

/** Approve: the ledger entry is written now; a refusal (the balance, someone else decided) is said above the list. */
async function approveAction(fields: URLSearchParams, admin: Admin, url: URL) {
  try {
    const id = requireRecordId(fields.get("request_id"));
    await approveRequest(id, admin);
    return backToList(url, SCREEN, { approved: String(id) }, TRANSIENT);
  } catch (error) {
    const refusal = formRefusalOf(error);
    if (!refusal) throw error;
    const message = refusal.fieldErrors ? Object.values(refusal.fieldErrors).flat()[0]! : refusal.message;
    return data({ intent: "approve" as const, message }, { status: refusal.status === 400 ? 422 : refusal.status });
  }
}

async function rejectAction(fields: URLSearchParams, admin: Admin, url: URL) {
  const submission = parseWithZod(fields, { schema: rejectionSchema });
  if (submission.status !== "success")
    return data({ intent: "reject" as const, result: submission.reply() }, { status: 400 });
  try {
    await rejectRequest(requireRecordId(fields.get("request_id")), submission.value, admin);
    return backToList(url, SCREEN, { rejected: fields.get("request_id")! }, TRANSIENT);
  } catch (error) {
    return serviceErrorReply(submission, error, { intent: "reject" as const });
  }
}

/** The filter as an address's query, for the CSV link and the first page. */
function filterQuery(filter: LedgerFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.fundId !== undefined) query.set("fund", String(filter.fundId));
  if (filter.category) query.set("category", filter.category);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.search) query.set("search", filter.search);
  return query;
}

export default function FundsLedger({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, total, capped, page, filter, funds, reversing, justRecorded, today, timeZone } = loaderData;
  const listLink = useListLink(TRANSIENT);
  const disburseResult = actionData?.intent === "disburse" ? actionData.result : undefined;
  const reverseResult = actionData?.intent === "reverse" ? actionData.result : undefined;
  const rejectResult = actionData?.intent === "reject" ? actionData.result : undefined;
  const approveRefusal = actionData?.intent === "approve" ? actionData.message : undefined;
  const { waiting, approving, rejecting, justDecided, me, timeZone: zone } = loaderData;
  const recording = loaderData.recording || disburseResult !== undefined;
  const reversible =
    reversing && reversing.kind === "disbursement" && reversing.reversed_by_id === null ? reversing : null;
  useFocusReturn(reversible ? String(reversible.id) : null, (id) => `[data-reverse-for="${id}"]`);
  const query = filterQuery(filter);
  const justRecordedFund = justRecorded ? funds.find((fund) => fund.id === justRecorded.fund_id) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Ledger</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={listLink({ record: "1" })} preventScrollReset className="btn-primary">
            Record a disbursement
          </Link>
          <a href={`/admin/funds/ledger.csv${query.size ? `?${query}` : ""}`} className="btn-secondary" download>
            Export CSV
          </a>
        </div>
      </div>
      <FundsTabs />

      {justRecorded && !recording && !reversing ? (
        <Notice tone="success" focus>
          {justRecorded.kind === "reversal"
            ? `Reversal #${justRecorded.id} recorded: ${formatExactDollars(justRecorded.amount)} put back into ${justRecorded.fund_name} (reversing #${justRecorded.reverses_id}).`
            : `Disbursement #${justRecorded.id} recorded: ${formatExactDollars(justRecorded.amount)} from ${justRecorded.fund_name}.`}
          {justRecordedFund
            ? ` ${justRecordedFund.name} now holds ${formatExactDollars(justRecordedFund.balance)}.`
            : ""}
        </Notice>
      ) : null}
      {justDecided && !recording && !reversing && !approving && !rejecting ? (
        <DecisionNotice request={justDecided} threshold={loaderData.threshold} />
      ) : null}
      {loaderData.notWaiting ? (
        <Notice tone="error">
          That request no longer waits for approval: it was decided, or there is no such request.
        </Notice>
      ) : null}
      {loaderData.filterProblem ? (
        <Notice tone="error">{loaderData.filterProblem}: that part of the filter was left out.</Notice>
      ) : null}
      {loaderData.missingEntry !== null ? (
        <Notice tone="error">There is no ledger entry #{loaderData.missingEntry.replace(/^#/, "")}.</Notice>
      ) : null}
      {reversing && !reversible ? (
        <Notice tone="error">
          {reversing.kind === "reversal"
            ? `Entry #${reversing.id} is itself a reversal and cannot be reversed.`
            : `Entry #${reversing.id} was already reversed by entry #${reversing.reversed_by_id}.`}
        </Notice>
      ) : null}

      {recording ? (
        <DisbursementForm
          funds={funds.filter((fund) => !fund.archived || fund.balance > 0)}
          today={today}
          cancelTo={listLink()}
          lastResult={disburseResult}
        />
      ) : null}
      {reversible ? (
        <ReversalForm
          key={reversible.id}
          entry={reversible}
          today={today}
          cancelTo={listLink()}
          lastResult={reverseResult}
        />
      ) : null}

      {(approving ?? rejecting)?.requested_by === me ? (
        <Notice tone="error">
          You asked for request R{(approving ?? rejecting)!.id}: another person holding finance or owner approves or
          rejects it.
        </Notice>
      ) : null}
      {approving && approving.requested_by !== me ? (
        <ApproveConfirmation key={approving.id} request={approving} cancelTo={listLink()} error={approveRefusal} />
      ) : null}
      {rejecting && rejecting.requested_by !== me ? (
        <RejectForm key={rejecting.id} request={rejecting} cancelTo={listLink()} lastResult={rejectResult} />
      ) : null}
      <WaitingForApproval
        requests={waiting}
        me={me}
        decideLink={(decision, id) => listLink({ [decision]: String(id) })}
        formatWhen={(iso) => formatDateTime(iso, zone)}
      />

      <LedgerFilters filter={filter} funds={funds} />
      <LedgerTable
        entries={entries}
        page={page}
        timeZone={timeZone}
        firstPage={`${SCREEN}${query.size ? `?${query}` : ""}`}
        reverseLink={(id) => listLink({ reverse: String(id) })}
      />
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        capped={capped}
        rowsOnPage={entries.length}
        label="Ledger"
        transient={TRANSIENT}
      />
    </div>
  );
}

/** After a request, an approval or a rejection: what became of it. */
function DecisionNotice({
  request,
  threshold,
}: {
  request: Pick<
    DisbursementRequest,
    "id" | "kind" | "status" | "amount" | "fund_name" | "reverses_id" | "entry_id" | "decided_by" | "reason"
  >;
  threshold: number;
}) {
  const what =
    request.kind === "reversal"
      ? `The reversal of entry #${request.reverses_id}`
      : `The disbursement of ${formatExactDollars(request.amount)} from ${request.fund_name}`;
  if (request.status === "requested") {
    return (
      <Notice tone="success" focus>
        {`Request R${request.id} sent for approval: ${formatExactDollars(threshold)} or more needs a second person. ${what} is not recorded until another person holding finance or owner approves it; no money has moved.`}
      </Notice>
    );
  }
  if (request.status === "approved") {
    return (
      <Notice tone="success" focus>
        {`Request R${request.id} approved: ${what.charAt(0).toLowerCase()}${what.slice(1)} is recorded as entry #${request.entry_id}.`}
      </Notice>
    );
  }
  return (
    <Notice tone="success" focus>
      {`Request R${request.id} rejected by ${request.decided_by}: ${request.reason}`}
    </Notice>
  );
}

function LedgerFilters({ filter, funds }: { filter: LedgerFilter; funds: { id: number; name: string }[] }) {
  const filtered = Boolean(filter.fundId !== undefined || filter.category || filter.from || filter.to || filter.search);
  return (
    <ListSearch
      id="ledger-search"
      label="Search programme, region, description or who recorded it"
      search={filter.search}
      clearTo={SCREEN}
      filtered={filtered}
    >
      <FundFilter id="ledger-fund" funds={funds} fundId={filter.fundId} />
      <div>
        <label htmlFor="ledger-category" className="field-label">
          Category
        </label>
        <select
          id="ledger-category"
          name="category"
          defaultValue={filter.category ?? ""}
          onChange={applyAtOnce}
          className="field-input"
        >
          <option value="">All categories</option>
          {ZAKAT_CATEGORIES.map((category) => (
            <option key={category.key} value={category.key}>
              {category.english} ({category.arabic})
            </option>
          ))}
        </select>
      </div>
      {/* The two ends of the date range wrap together, never "To" alone on a row beside other
          filters; only a phone, too narrow for the pair, stacks them. */}
      <div className="flex flex-wrap gap-3">
        <div>
          <label htmlFor="ledger-from" className="field-label">
            From
          </label>
          <input id="ledger-from" name="from" type="date" defaultValue={filter.from ?? ""} className="field-input" />
        </div>
        <div>
          <label htmlFor="ledger-to" className="field-label">
            To
          </label>
          <input id="ledger-to" name="to" type="date" defaultValue={filter.to ?? ""} className="field-input" />
        </div>
      </div>
    </ListSearch>
  );
}

function LedgerTable({
  entries,
  page,
  timeZone,
  firstPage,
  reverseLink,
}: {
  entries: LedgerEntry[];
  page: number;
  timeZone: string;
  firstPage: string;
  reverseLink: (id: number) => string;
}) {
  return (
    <DataTable
      caption="Ledger entries, newest first"
      columns={[
        { label: "Entry" },
        { label: "Date" },
        { label: "Fund and category" },
        { label: "What for" },
        { label: "Amount", align: "right" },
        { label: "Recorded and approved" },
        { label: "Actions", hidden: true },
      ]}
      emptyText={
        page > 1 ? (
          <>
            No entries on this page.{" "}
            <Link to={firstPage} className="font-medium text-brand-700 underline">
              Back to the first page
            </Link>
          </>
        ) : (
          "No ledger entries found"
        )
      }
    >
      {entries.map((entry) => (
        <LedgerRow key={entry.id} entry={entry} timeZone={timeZone} reverseLink={reverseLink} />
      ))}
    </DataTable>
  );
}

function LedgerRow({
  entry,
  timeZone,
  reverseLink,
}: {
  entry: LedgerEntry;
  timeZone: string;
  reverseLink: (id: number) => string;
}) {
  const reversal = entry.kind === "reversal";
  return (
    <tr data-testid={`ledger-entry-${entry.id}`}>
      <td className="px-3 py-3 align-top text-slate-500">#{entry.id}</td>
      <td className="px-3 py-3 align-top whitespace-nowrap text-slate-700">
        {/* A calendar day, not a moment: read in UTC so no time zone moves it. */}
        {formatDate(entry.disbursed_on, "UTC")}
        <span className="block text-xs text-slate-500">{entry.disbursed_on_hijri}</span>
      </td>
      {/* Fund and category share a cell, so the row's actions stay in view on a laptop. */}
      <td className="min-w-36 px-3 py-3 align-top text-slate-900">
        {entry.fund_name}
        {entry.category ? (
          <ZakatCategoryName
            categoryKey={entry.category}
            label={entry.category_label}
            className="mt-0.5 block text-xs text-slate-600"
          />
        ) : null}
      </td>
      {/* A link or reference in the description breaks anywhere rather than widening the list past a laptop. */}
      <td className="min-w-52 px-3 py-3 align-top wrap-anywhere text-slate-700">
        {entry.programme || entry.region ? (
          <span className="block font-medium text-slate-900">
            {[entry.programme, entry.region].filter(Boolean).join(" · ")}
          </span>
        ) : null}
        {entry.description}
        {reversal ? (
          <span className="block text-xs font-semibold text-red-800">Reversal of #{entry.reverses_id}</span>
        ) : null}
        {entry.reversed_by_id !== null ? (
          <span className="block text-xs font-semibold text-amber-800">Reversed by #{entry.reversed_by_id}</span>
        ) : null}
      </td>
      <td
        className={`px-3 py-3 text-right align-top font-medium whitespace-nowrap tabular-nums ${reversal ? "text-red-800" : "text-slate-900"}`}
      >
        {reversal ? `−${formatExactDollars(entry.amount)}` : formatExactDollars(entry.amount)}
      </td>
      <td className="px-3 py-3 align-top text-slate-700">
        {entry.approved_by ? (
          <>
            <span className="block">Requested by {entry.requested_by}</span>
            <span className="block">Approved by {entry.approved_by}</span>
          </>
        ) : (
          entry.recorded_by
        )}
        <span className="block text-xs whitespace-nowrap text-slate-500">
          {formatDateTime(entry.approved_at ?? entry.recorded_at, timeZone)}
        </span>
      </td>
      {/* Stacked, so an entry with a proof document takes no more width than one without. */}
      <td className="px-3 py-3 text-right align-top whitespace-nowrap">
        <div className="flex flex-col items-end gap-1">
          {entry.has_proof ? (
            <a
              href={`/admin/funds/proofs/${entry.id}`}
              className="font-semibold text-brand-700 hover:underline"
              aria-label={`Proof document of entry ${entry.id}`}
            >
              Proof
            </a>
          ) : null}
          {entry.kind === "disbursement" && entry.reversed_by_id === null ? (
            <Link
              to={reverseLink(entry.id)}
              preventScrollReset
              data-reverse-for={entry.id}
              className="font-semibold text-red-700 hover:underline"
              aria-label={`Reverse entry ${entry.id}`}
            >
              Reverse…
            </Link>
          ) : null}
          <AuditHistory entity="ledger-entry" entityId={entry.id} of={`entry ${entry.id}`} />
        </div>
      </td>
    </tr>
  );
}
