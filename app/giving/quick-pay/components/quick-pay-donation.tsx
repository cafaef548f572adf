import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { GiftChoices, isTicked, CanceledCheckoutNotice, useKeptDonor } from "~/giving/donate/index.ui";
import { InputField } from "~/ui/form-fields";
import { quickPaySchema, type QuickPayRequest, feeCoverCents, giftWithFeeWords, type CardFee } from "~/giving/donate";
import { formatExactCents } from "~/shared/money";
import { formatBothCalendars } from "~/shared/hijri";

/** What the donate page shows of a quick-pay request: worked out on the server from the rates. */
export interface QuickPayView {
  /** The request as hidden fields: obligation, people / days / reason and count. */
  fields: Record<string, string>;
  /** Quick pay's form for this request, filled in, to change it. */
  changeTo: string;
  designation: string;
  amountCents: number;
  fund: string;
  late: boolean;
  eidOn: string;
  /** Zakat al-Fitr (on time): the fee cover says the whole Zakat then reaches its recipients. */
  isZakat: boolean;
  /** The donor's ticks, kept across a canceled checkout. */
  choices: { anonymous?: "on"; cover_fees?: "on" };
}

/** The fields the donor fills in; anything else in the form's errors is the request's own. */
const DONOR_FIELDS = new Set([
  "name",
  "email",
  "anonymous",
  "cover_fees",
  "tribute",
  "tribute.kind",
  "tribute.name",
  "tribute.email",
]);

type QuickPayFields = Record<"name" | "email" | "anonymous" | "cover_fees", string> & {
  tribute: { kind: string; name: string; email: string };
};

/**
 * The donate form for Zakat al-Fitr, Fidya or Kaffarah: a fixed summary, given once.
 * Only the donor is asked for; the server works the amount out again when it is posted.
 */
export function QuickPayDonation({
  view,
  checkoutCanceled,
  cardFee,
  lastResult,
  processing,
  sandbox,
}: {
  view: QuickPayView;
  /** Back from a canceled checkout (and not yet posted again). */
  checkoutCanceled: boolean;
  cardFee: CardFee;
  lastResult?: SubmissionResult<string[]>;
  processing: boolean;
  sandbox: boolean;
}) {
  const [form, fields] = useForm<QuickPayFields, QuickPayRequest>({
    id: "quick-pay",
    lastResult,
    defaultValue: view.choices,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickPaySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const restored = useKeptDonor(form, checkoutCanceled);
  // A tampered request (the hidden fields) has no field of its own to show its error beside.
  const requestProblems = Object.entries(form.allErrors)
    .filter(([name]) => !DONOR_FIELDS.has(name))
    .flatMap(([, messages]) => messages);
  const problems = [...(form.errors ?? []), ...requestProblems];
  const summary = `${view.designation} — ${formatExactCents(view.amountCents)}`;
  const coverCents = isTicked(fields.cover_fees) ? feeCoverCents(view.amountCents, cardFee) : 0;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8 lg:col-span-2">
      {checkoutCanceled ? (
        <CanceledCheckoutNotice kept="The gift is kept below, with your ticks." restored={restored} />
      ) : null}
      {Object.entries(view.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <section
        aria-labelledby="quick-pay-summary-title"
        className="rounded-xl border-2 border-brand-700 bg-brand-50 p-6"
      >
        <h2 id="quick-pay-summary-title" className="text-lg font-semibold text-slate-900">
          Your gift
        </h2>
        <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="quick-pay-summary">
          {summary}
        </p>
        <p className="mt-2 text-slate-700">
          Given once, into the {view.fund} fund. The amount follows the foundation&apos;s published rates.{" "}
          <Link to={view.changeTo} className="font-medium text-brand-700 underline">
            Change what you are paying for
          </Link>
        </p>
        {view.late ? (
          <p
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
            data-testid="late-fitr"
          >
            Eid al-Fitr began on {formatBothCalendars(view.eidOn)}. Zakat al-Fitr given after the Eid prayer is given as
            Sadaqa, so this gift is recorded as general Sadaqa.
          </p>
        ) : null}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} label="Full name" type="text" required autoComplete="name" />
        <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />
      </div>

      <GiftChoices
        fields={fields}
        giftCents={view.amountCents}
        cardFee={cardFee}
        destination={`the ${view.fund} fund`}
        isZakat={view.isZakat}
      />

      <div className="space-y-3">
        {problems.length ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {problems[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-gold w-full py-3 text-lg sm:w-auto" disabled={processing}>
          {processing ? "Processing..." : "Donate Now"}
        </button>
        <p className="text-sm text-slate-600" aria-live="polite">
          You will give{" "}
          {coverCents > 0 ? giftWithFeeWords(view.amountCents, coverCents) : formatExactCents(view.amountCents)} once,
          through a secure hosted checkout.
        </p>
        {sandbox ? (
          <p className="text-sm text-slate-600">
            Test mode: you will see a simulated checkout, and no card is charged.
          </p>
        ) : null}
      </div>
    </Form>
  );
}
