import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { DataTable } from "~/ui/data-table";
import { FormAlert } from "~/ui/form-alert";
import { TextareaField } from "~/ui/form-fields";
import { formatExactDollars } from "~/shared/money";
import { rejectionSchema, type RejectionInput } from "../rules/approval-rules";
import { AuditHistory } from "~/staff/audit/index.ui";

/** A request waiting for a second person, as the ledger screen lists it. */
export interface WaitingRequest {
  id: number;
  kind: "disbursement" | "reversal";
  fund_name: string;
  amount: number;
  disbursed_on: string;
  disbursed_on_hijri: string;
  category_label: string;
  programme: string;
  region: string;
  description: string;
  reverses_id: number | null;
  requested_by: string;
  requested_at: string;
}

function what(request: WaitingRequest): string {
  return request.kind === "reversal"
    ? `Reversal of entry #${request.reverses_id}: ${formatExactDollars(request.amount)} back into ${request.fund_name}`
    : `${formatExactDollars(request.amount)} from ${request.fund_name}`;
}

/**
 * "Waiting for approval": disbursements and reversals at or above the threshold, which move
 * no money until a second person approves them. The person who asked sees their own
 * request without the buttons: someone else decides it.
 */
export function WaitingForApproval({
  requests,
  me,
  decideLink,
  formatWhen,
}: {
  requests: WaitingRequest[];
  me: string;
  decideLink: (decision: "approve" | "reject", id: number) => string;
  formatWhen: (iso: string) => string;
}) {
  if (!requests.length) return null;
  return (
    <section aria-labelledby="waiting-title" className="space-y-3">
      <h2 id="waiting-title" className="text-lg font-semibold text-slate-900">
        Waiting for approval
      </h2>
      <p className="text-sm text-slate-600">
        No money has moved for these yet. Another person holding finance or owner approves each one (the ledger entry is
        written then, if the fund still holds enough) or rejects it with a reason.
      </p>
      <DataTable
        caption="Disbursement requests waiting for approval, oldest first"
        columns={[
          { label: "Request" },
          { label: "What" },
          { label: "For" },
          { label: "Requested" },
          { label: "Actions", hidden: true },
        ]}
        emptyText="Nothing waits for approval"
      >
        {requests.map((request) => (
          <tr key={request.id} data-testid={`request-${request.id}`}>
            <td className="px-3 py-3 align-top text-slate-500">R{request.id}</td>
            <td className="px-3 py-3 align-top font-medium text-slate-900">
              {what(request)}
              <span className="block text-xs font-normal text-slate-500">
                {request.disbursed_on} ({request.disbursed_on_hijri})
                {request.category_label ? ` · ${request.category_label}` : ""}
              </span>
            </td>
            <td className="min-w-52 px-3 py-3 align-top wrap-anywhere text-slate-700">
              {request.programme || request.region ? (
                <span className="block font-medium text-slate-900">
                  {[request.programme, request.region].filter(Boolean).join(" · ")}
                </span>
              ) : null}
              {request.description}
            </td>
            <td className="px-3 py-3 align-top text-slate-700">
              {request.requested_by}
              <span className="block text-xs whitespace-nowrap text-slate-500">{formatWhen(request.requested_at)}</span>
            </td>
            <td className="px-3 py-3 text-right align-top whitespace-nowrap">
              {request.requested_by === me ? (
                <span className="text-sm text-slate-600">Your request: another person decides it</span>
              ) : (
                <div className="flex flex-col items-end gap-1">
                  <Link
                    to={decideLink("approve", request.id)}
                    preventScrollReset
                    className="font-semibold text-brand-700 hover:underline"
                    aria-label={`Approve request ${request.id}`}
                  >
                    Approve…
                  </Link>
                  <Link
                    to={decideLink("reject", request.id)}
                    preventScrollReset
                    className="font-semibold text-red-700 hover:underline"
                    aria-label={`Reject request ${request.id}`}
                  >
                    Reject…
                  </Link>
                </div>
              )}
              <AuditHistory entity="disbursement_request" entityId={request.id} of={`request R${request.id}`} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/** "Approve request R3?": opened by ?approve=3, so it works without JavaScript. */
export function ApproveConfirmation({
  request,
  cancelTo,
  error,
}: {
  request: WaitingRequest;
  cancelTo: string;
  error?: string;
}) {
  return (
    <div className="space-y-3">
      {error ? <FormAlert errors={[error]} /> : null}
      <ConfirmPanel
        question={`Approve request R${request.id}?`}
        details={
          <p>
            {what(request)}, asked for by {request.requested_by}. Approving writes the ledger entry now, in both your
            names{request.kind === "disbursement" ? ", if the fund still holds enough" : ""}.
          </p>
        }
        confirmLabel="Approve and record"
        intent="approve"
        fields={{ request_id: String(request.id) }}
        cancelTo={cancelTo}
        cancelLabel="Not now"
      />
    </div>
  );
}

/** "Reject request R3?": opened by ?reject=3; the reason is required. */
export function RejectForm({
  request,
  cancelTo,
  lastResult,
}: {
  request: WaitingRequest;
  cancelTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Record<keyof RejectionInput, string>, RejectionInput>({
    id: `reject-${request.id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <ConfirmPanel
      question={`Reject request R${request.id}?`}
      intent="reject"
      confirmLabel="Reject the request"
      busyLabel="Rejecting..."
      cancelTo={cancelTo}
      cancelLabel="Not now"
      fields={{ request_id: String(request.id) }}
      formProps={getFormProps(form)}
      details={
        <p className="text-sm">
          {what(request)}, asked for by {request.requested_by}. Nothing moves; the request stays on record with your
          reason.
        </p>
      }
    >
      <TextareaField
        field={fields.reason}
        label="Reason"
        rows={2}
        required
        maxLength={2000}
        hint="Why it is not approved, e.g. “The family was helped from another fund”."
      />
      <FormAlert errors={form.errors ?? []} />
    </ConfirmPanel>
  );
}
