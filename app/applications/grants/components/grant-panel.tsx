import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "react-router";
import { FormAlert } from "~/ui/form-alert";
import { InputField, SelectField, TextareaField } from "~/ui/form-fields";
import { formatExactDollars } from "~/shared/money";
import type { Role } from "~/staff/accounts";
import {
  approvalSchema,
  declineSchema,
  type ApprovalInput,
  closeSchema,
  type CloseInput,
  type DeclineInput,
  type PaymentInput,
  isRecommender,
  mayDecide,
  mayHandleMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  paymentSchema,
} from "../rules/grant-rules";
import type { Grant, GrantPayment } from "../rules/grant-view";

/** Which of the panel's forms a rejected post came from, so its errors and typed values show there. */
export interface GrantReply {
  intent: "approve" | "decline" | "pay" | "close";
  /** For a payment: the due payment it confirms ("" for one not due). */
  payment?: string;
  result: SubmissionResult<string[]>;
}

interface Viewer {
  id: number;
  roles: Role[];
}

const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** Where a grant's forms post: the grants slice's own route, which goes back to the case page. */
export function grantFormAction(ref: string): string {
  return `/admin/applications/${ref}/grant`;
}

/**
 * The case page's "Decision and payment" panel: the recommendation; for a person holding
 * finance or owner who did not recommend it, the forms that approve or decline it; the grant's
 * payments, the due ones with a form that confirms each, the paid ones with their ledger entry.
 * Every form is a plain post that works without JavaScript.
 */
export function GrantPanel({
  grant,
  caseRef,
  viewer,
  reply,
}: {
  grant: Grant | null;
  caseRef: string;
  viewer: Viewer;
  reply?: GrantReply | null;
}) {
  if (!grant) return null;
  const handlesMoney = mayHandleMoney(viewer.roles);
  const due = grant.payments.filter((payment) => payment.status === "due");
  return (
    <section
      aria-labelledby="grant-title"
      id="grant"
      className="space-y-5 rounded-xl border border-slate-200 p-5"
      data-testid="grant-panel"
    >
      <h2 id="grant-title" className="text-lg font-semibold text-slate-900">
        Decision and payment
      </h2>
      <Recommendation grant={grant} />
      <Decision grant={grant} />
      {grant.state === "recommended" ? (
        mayDecide(viewer, grant) ? (
          <div className="grid gap-5 lg:grid-cols-2">
            <ApproveForm grant={grant} caseRef={caseRef} reply={reply?.intent === "approve" ? reply : null} />
            <DeclineForm caseRef={caseRef} reply={reply?.intent === "decline" ? reply : null} />
          </div>
        ) : (
          <p className="text-sm text-slate-700" data-testid="grant-decided-by-another">
            {isRecommender(viewer, grant)
              ? "You recommended this grant: another person holding finance or owner approves or declines it."
              : "A person holding finance or owner approves or declines this recommendation."}
          </p>
        )
      ) : null}
      {grant.approved !== null ? <Amounts grant={grant} /> : null}
      {grant.payments.length ? (
        <Payments
          grant={grant}
          caseRef={caseRef}
          mayPay={handlesMoney && grant.state === "approved"}
          linkToLedger={handlesMoney}
          reply={reply?.intent === "pay" ? reply : null}
        />
      ) : null}
      {handlesMoney && grant.state === "approved" && due.length === 0 && grant.remaining > 0 ? (
        <PaymentForm
          grant={grant}
          caseRef={caseRef}
          payment={null}
          reply={reply?.intent === "pay" && !reply.payment ? reply : null}
        />
      ) : null}
      {handlesMoney && ["approved", "paid", "declined"].includes(grant.state) ? (
        <CloseForm grant={grant} caseRef={caseRef} reply={reply?.intent === "close" ? reply : null} />
      ) : null}
    </section>
  );
}

function Recommendation({ grant }: { grant: Grant }) {
  const how =
    grant.plan === "monthly"
      ? `${formatExactDollars(grant.recommended)} a month for ${grant.months} ${grant.months === 1 ? "month" : "months"} (${formatExactDollars(grant.recommended_total)} in all)`
      : `${formatExactDollars(grant.recommended)} as one payment`;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="grant-recommendation">
      <dt className="font-medium text-slate-600">Recommended</dt>
      <dd className="text-slate-900">{how}</dd>
      <dt className="font-medium text-slate-600">Category</dt>
      <dd className="text-slate-900">{grant.category_label || "None"}</dd>
      <dt className="font-medium text-slate-600">Recommended by</dt>
      <dd className="text-slate-900">
        {grant.recommended_by || "A case worker"} on {dateOf(grant.recommended_at)}
      </dd>
      <dt className="font-medium text-slate-600">State</dt>
      <dd className="text-slate-900" data-testid="grant-state">
        {grant.state_label}
      </dd>
    </dl>
  );
}

function Decision({ grant }: { grant: Grant }) {
  if (!grant.decided_at) return null;
  const declined = grant.decision?.reason !== undefined;
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="grant-decision">
      <p>
        {declined ? "Declined" : "Approved"} by {grant.decided_by} on {dateOf(grant.decided_at)}.
      </p>
      {grant.decision?.reason ? <p className="mt-1">Reason sent to the family: {grant.decision.reason}</p> : null}
      {grant.decision?.note ? <p className="mt-1">Note: {grant.decision.note}</p> : null}
      {grant.decision?.closing ? <p className="mt-1">Closed because: {grant.decision.closing}</p> : null}
    </div>
  );
}

function Amounts({ grant }: { grant: Grant }) {
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="grant-amounts">
      {[
        { label: "Approved", value: grant.approved ?? 0 },
        { label: "Paid", value: grant.paid },
        { label: "Still to pay", value: grant.remaining },
      ].map((figure) => (
        <div key={figure.label} className="flex flex-col rounded-lg border border-slate-200 px-3 py-2">
          <dt className="order-2 text-slate-600">{figure.label}</dt>
          <dd className="order-1 text-lg font-semibold text-slate-900 tabular-nums">
            {formatExactDollars(figure.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The form's action, and the page to come back to once it is done (the case page it sits on). */
function Intent({ value }: { value: GrantReply["intent"] }) {
  const { pathname } = useLocation();
  return (
    <>
      <input type="hidden" name="intent" value={value} />
      <input type="hidden" name="back" value={pathname} />
    </>
  );
}

function ApproveForm({ grant, caseRef, reply }: { grant: Grant; caseRef: string; reply: GrantReply | null }) {
  const [form, fields] = useForm<Record<keyof ApprovalInput, string>, ApprovalInput>({
    id: "grant-approve",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approvalSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={grantFormAction(caseRef)} {...getFormProps(form)} className="space-y-3">
      <h3 className="font-semibold text-slate-900">Approve</h3>
      <FormAlert errors={form.errors} />
      <Intent value="approve" />
      <TextareaField field={fields.note} label="Note for the file (optional)" rows={2} maxLength={2000} />
      <button type="submit" className="btn-primary">
        Approve {formatExactDollars(grant.recommended_total)}
      </button>
    </Form>
  );
}

function DeclineForm({ caseRef, reply }: { caseRef: string; reply: GrantReply | null }) {
  const [form, fields] = useForm<Record<keyof DeclineInput, string>, DeclineInput>({
    id: "grant-decline",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: declineSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={grantFormAction(caseRef)} {...getFormProps(form)} className="space-y-3">
      <h3 className="font-semibold text-slate-900">Decline</h3>
      <FormAlert errors={form.errors} />
      <Intent value="decline" />
      <TextareaField field={fields.reason} label="Reason (the family is sent it)" rows={3} required maxLength={2000} />
      <button type="submit" className="btn-secondary">
        Decline
      </button>
    </Form>
  );
}

function Payments({
  grant,
  caseRef,
  mayPay,
  linkToLedger,
  reply,
}: {
  grant: Grant;
  caseRef: string;
  mayPay: boolean;
  /** The ledger is finance's screen: a case worker reads the entry's number without a link. */
  linkToLedger: boolean;
  reply: GrantReply | null;
}) {
  const due = grant.payments.filter((payment) => payment.status === "due");
  // One month's form at a time: the first due one (or the one a rejected post came from).
  const open = due.find((payment) => String(payment.id) === reply?.payment) ?? due[0];
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">Payments</h3>
      <table className="w-full text-left text-sm" data-testid="grant-payments">
        <caption className="sr-only">The grant&apos;s payments, due and paid</caption>
        <thead className="border-b border-slate-300 text-slate-900">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Due
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 font-semibold">
              Paid
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {grant.payments.map((payment) => (
            <tr key={payment.id} data-testid={`grant-payment-${payment.id}`}>
              <td className="py-2 pr-3 tabular-nums">{payment.due_on}</td>
              <td className="py-2 pr-3 tabular-nums">{formatExactDollars(payment.amount)}</td>
              <td className="py-2 pr-3">{PAYMENT_STATUS_LABELS[payment.status]}</td>
              <td className="py-2">
                <PaidCell payment={payment} link={linkToLedger} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {mayPay && open && open.due_on <= grant.today ? (
        <PaymentForm
          grant={grant}
          caseRef={caseRef}
          payment={open}
          reply={reply?.payment === String(open.id) ? reply : null}
        />
      ) : mayPay && open ? (
        <p className="text-sm text-slate-700" data-testid="grant-next-due">
          The next payment is due on {open.due_on}: it can be recorded from that day.
        </p>
      ) : null}
    </div>
  );
}

function PaidCell({ payment, link }: { payment: GrantPayment; link: boolean }) {
  if (payment.status !== "paid" || !payment.paid_on) return null;
  const ledger = `/admin/funds/ledger?fund=${payment.fund_id ?? ""}&from=${payment.paid_on}&to=${payment.paid_on}`;
  return (
    <span>
      {payment.paid_on}, {PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}
      {payment.payee ? ` to ${payment.payee}` : ""} from {payment.fund_name}.{" "}
      {link ? (
        <Link to={ledger} className="font-semibold text-brand-700 hover:underline">
          Ledger entry #{payment.disbursement_id}
        </Link>
      ) : (
        <>Ledger entry #{payment.disbursement_id}</>
      )}
    </span>
  );
}

function PaymentForm({
  grant,
  caseRef,
  payment,
  reply,
}: {
  grant: Grant;
  caseRef: string;
  payment: GrantPayment | null;
  reply: GrantReply | null;
}) {
  const [form, fields] = useForm<Record<keyof PaymentInput, string>, PaymentInput>({
    id: `grant-pay-${payment?.id ?? "new"}`,
    lastResult: reply?.result,
    defaultValue: {
      amount: String(payment ? Math.min(payment.amount, grant.remaining) : grant.remaining),
      fund: String(grant.zakat_funds[0]?.id ?? ""),
      method: "bank_transfer",
      paid_on: grant.today,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action={grantFormAction(caseRef)}
      {...getFormProps(form)}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-labelledby={`${form.id}-title`}
    >
      <h4 id={`${form.id}-title`} className="font-semibold text-slate-900">
        {payment ? `Confirm the payment due on ${payment.due_on}` : "Record a payment"}
      </h4>
      <p className="text-sm text-slate-600">
        Written to the Zakat ledger at once in the case&apos;s category ({grant.category_label}): the approval was the
        second pair of eyes. The ledger says &ldquo;Zakat grant&rdquo; and nothing of the family.
      </p>
      <FormAlert errors={form.errors} />
      <Intent value="pay" />
      {payment ? <input type="hidden" name="payment" value={payment.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField field={fields.amount} label="Amount (USD)" type="text" inputMode="decimal" required />
        <SelectField
          field={fields.fund}
          label="From the Zakat fund"
          required
          options={grant.zakat_funds.map((fund) => ({
            value: String(fund.id),
            label: `${fund.name} (holds ${formatExactDollars(fund.held)})`,
          }))}
        />
        <SelectField
          field={fields.method}
          label="How it was paid"
          required
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
        />
        <InputField
          field={fields.payee}
          label="Paid to (for a third party: the landlord, utility or school)"
          type="text"
          maxLength={200}
        />
        <InputField field={fields.paid_on} label="Paid on" type="date" required />
      </div>
      <button type="submit" className="btn-primary">
        Confirm payment
      </button>
    </Form>
  );
}

function CloseForm({ grant, caseRef, reply }: { grant: Grant; caseRef: string; reply: GrantReply | null }) {
  const dueCount = grant.payments.filter((payment) => payment.status === "due").length;
  // An approved grant is not paid in full: closing it needs a reason, and the family is told.
  const unpaid = grant.state === "approved";
  const [form, fields] = useForm<Record<keyof CloseInput, string>, CloseInput>({
    id: "grant-close",
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: closeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      action={grantFormAction(caseRef)}
      {...getFormProps(form)}
      className="space-y-2 border-t border-slate-200 pt-4"
    >
      <FormAlert errors={form.errors} />
      <Intent value="close" />
      <p className="text-sm text-slate-600">
        {unpaid
          ? `Closing ends the grant before it is paid in full${dueCount ? ` and cancels the ${dueCount} ${dueCount === 1 ? "payment" : "payments"} still due` : ""}; the family is told it is closed and what was paid.`
          : "Closing finishes the case; its retention period counts from today."}
      </p>
      <TextareaField
        field={fields.reason}
        label={unpaid ? "Why it is closed (kept with the case)" : "Why it is closed (optional, kept with the case)"}
        rows={2}
        required={unpaid}
        maxLength={2000}
      />
      <button type="submit" className="btn-secondary">
        Close the case
      </button>
    </Form>
  );
}
