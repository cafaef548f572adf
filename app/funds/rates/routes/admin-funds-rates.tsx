import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-funds-rates";
import { DataTable } from "~/ui/data-table";
import { FundsTabs } from "~/funds/funds/index.ui";
import { Notice } from "~/ui/notice";
import { FormAlert } from "~/ui/form-alert";
import { useFocusOnArrival } from "~/ui/use-focus-on-arrival";
import { InputField, SelectField, TextareaField } from "~/ui/form-fields";
import { RATE_KEYS, RATE_LABELS, rateSchema, type RateInput, type RateKey } from "~/funds/funds";
import { formatDate, formatDateTime, todayIn } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { formatExactDollars } from "~/shared/money";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { adminContext } from "~/lib/request-context";
import { currentRates, listRates, recordRate, type Rate } from "../server/rates.server";
import { ToBeConfirmed } from "~/ui/to-be-confirmed";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Rates | Funds | Admin" }];

const SCREEN = "/admin/funds/rates";

export async function loader({ url }: Route.LoaderArgs) {
  const [current, history] = await Promise.all([currentRates(), listRates()]);
  const timeZone = getEnv().SITE_TIMEZONE;
  const recorded = history.find((rate) => String(rate.id) === url.searchParams.get("recorded")) ?? null;
  const confirm = url.searchParams.get("confirm");
  // ?confirm=fitr_per_person opens the form with the rate in force, to be confirmed from today.
  const confirming =
    confirm !== null && isRateKey(confirm) ? { rate_key: confirm, amount: current[confirm].amount } : null;
  const unknownConfirm = confirm !== null && !confirming ? confirm : null;
  return {
    inForce: RATE_KEYS.map((key) => current[key]),
    history,
    recorded,
    confirming,
    unknownConfirm,
    today: todayIn(timeZone),
    timeZone,
  };
}

function isRateKey(value: string): value is RateKey {
  return (RATE_KEYS as readonly string[]).includes(value);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const intent = form.get("intent");
  if (intent !== "record-rate") return refuseUnknownIntent(request, intent);
  const submission = parseWithZod(form, { schema: rateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const rate = await recordRate(submission.value, context.get(adminContext)!.username);
    return redirect(`${SCREEN}?recorded=${rate.id}`);
  } catch (error) {
    return serviceErrorReply(submission, error);
  }
}

/** A rate's day, with its Hijri date: read as a calendar day, never moved by a time zone. */
function Day({ day }: { day: string }) {
  return (
    <>
      {formatDate(day, "UTC")}
      <span className="block text-xs text-slate-500">{formatHijri(day)}</span>
    </>
  );
}

export default function FundsRates({ loaderData, actionData }: Route.ComponentProps) {
  const { inForce, history, recorded, confirming, unknownConfirm, today, timeZone } = loaderData;
  const inForceIds = new Set(inForce.map((rate) => rate.id));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Rates</h1>
      <FundsTabs />
      {recorded && !actionData ? (
        <Notice tone="success" focus>
          {recorded.label}: {formatExactDollars(recorded.amount)} from {recorded.effective_on} recorded.
        </Notice>
      ) : null}
      {unknownConfirm !== null ? (
        <Notice tone="error">There is no rate called “{unknownConfirm}” to confirm.</Notice>
      ) : null}
      <p className="max-w-3xl text-sm text-slate-600">
        The rates quick pay and the Zakat calculator use, and that the public pages state. A new rate never replaces the
        old one: it takes effect on its date, and the history stays.
      </p>

      <section aria-labelledby="in-force-title" className="space-y-3">
        <h2 id="in-force-title" className="text-lg font-semibold text-slate-900">
          In force today
        </h2>
        <RatesTable rates={inForce} caption="The rate of each kind in force today" />
      </section>

      {/* Keyed by the rate just recorded or being confirmed, so the form starts afresh for each. */}
      <RateForm
        key={recorded?.id ?? confirming?.rate_key ?? "new"}
        today={today}
        confirming={confirming}
        lastResult={actionData?.result}
      />

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          History
        </h2>
        <DataTable
          caption="Every rate recorded, newest first"
          columns={[
            { label: "Rate" },
            { label: "Amount", align: "right" },
            { label: "Effective" },
            { label: "Authority" },
            { label: "Note" },
            { label: "Recorded" },
          ]}
          emptyText="No rates recorded"
        >
          {history.map((rate) => (
            <tr key={rate.id}>
              <td className="px-3 py-3 align-top text-slate-900">
                {rate.label}
                {inForceIds.has(rate.id) ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-800">
                    In force
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-3 text-right align-top tabular-nums">
                {formatExactDollars(rate.amount)}
                {rate.to_confirm ? <ToBeConfirmed /> : null}
              </td>
              <td className="px-3 py-3 align-top whitespace-nowrap text-slate-700">
                <Day day={rate.effective_on} />
              </td>
              <td className="px-3 py-3 align-top text-slate-700">{rate.authority}</td>
              <td className="max-w-xs px-3 py-3 align-top text-slate-700">{rate.note || "—"}</td>
              <td className="px-3 py-3 align-top text-slate-700">
                {rate.recorded_by}
                <span className="block text-xs whitespace-nowrap text-slate-500">
                  {formatDateTime(rate.recorded_at, timeZone)}
                </span>
                <AuditHistory entity="rate" entityId={rate.id} of={`${rate.label} from ${rate.effective_on}`} />
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}

function RatesTable({ rates, caption }: { rates: Rate[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: "Rate" },
        { label: "Amount", align: "right" },
        { label: "Effective since" },
        { label: "Authority" },
        { label: "Note" },
        { label: "Actions", hidden: true },
      ]}
      emptyText="No rates recorded"
    >
      {rates.map((rate) => (
        <tr key={rate.rate_key} data-testid={`rate-${rate.rate_key}`}>
          <th scope="row" className="px-3 py-3 text-left align-top font-medium text-slate-900">
            {rate.label}
          </th>
          <td className="px-3 py-3 text-right align-top font-semibold whitespace-nowrap tabular-nums text-slate-900">
            {formatExactDollars(rate.amount)}
            {rate.to_confirm ? <ToBeConfirmed /> : null}
          </td>
          <td className="px-3 py-3 align-top whitespace-nowrap text-slate-700">
            <Day day={rate.effective_on} />
          </td>
          <td className="px-3 py-3 align-top text-slate-700">{rate.authority}</td>
          <td className="max-w-xs px-3 py-3 align-top text-slate-700">{rate.note || "—"}</td>
          <td className="px-3 py-3 text-right align-top whitespace-nowrap">
            {rate.to_confirm ? (
              // Confirming is recording the same rate again from today, under the authority it follows.
              <Link
                to={`?confirm=${rate.rate_key}`}
                preventScrollReset
                className="font-semibold text-brand-700 hover:underline"
                aria-label={`Confirm ${rate.label}`}
              >
                Confirm this rate
              </Link>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function RateForm({
  today,
  confirming,
  lastResult,
}: {
  today: string;
  confirming: { rate_key: RateKey; amount: number } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "record-rate";
  const [form, fields] = useForm<Record<keyof RateInput, string>, RateInput>({
    id: "new-rate",
    lastResult,
    defaultValue: confirming
      ? { rate_key: confirming.rate_key, amount: String(confirming.amount), effective_on: today }
      : { effective_on: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Opened by "Confirm this rate": focus moves to the form, so keyboard users land on it.
  const headingRef = useFocusOnArrival<HTMLHeadingElement>(confirming !== null);
  return (
    <section
      aria-labelledby="new-rate-title"
      className={`rounded-xl bg-white p-6 shadow-sm ${confirming ? "border-2 border-brand-600" : ""}`}
    >
      <h2
        id="new-rate-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {confirming ? `Confirm ${RATE_LABELS[confirming.rate_key]}` : "Record a new rate"}
      </h2>
      {confirming ? (
        <p className="mt-1 text-sm text-slate-600">
          The same amount, in force from today, under the council or scholar whose view it follows. The starting figure
          stays in the history.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2" preventScrollReset>
        <SelectField
          field={fields.rate_key}
          label="Rate"
          required
          options={[
            { value: "", label: "Choose a rate" },
            ...RATE_KEYS.map((key) => ({ value: key, label: RATE_LABELS[key] })),
          ]}
        />
        <InputField field={fields.amount} label="Amount (USD)" type="text" inputMode="decimal" required />
        <InputField field={fields.effective_on} label="Effective from" type="date" required />
        <InputField
          field={fields.authority}
          label="Authority (council or scholar)"
          type="text"
          required
          maxLength={200}
        />
        <TextareaField
          field={fields.note}
          label={
            <>
              Note <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          rows={2}
          maxLength={1000}
          className="sm:col-span-2"
          hint="Shown on the public pages beside the rate."
        />
        <div className="space-y-3 sm:col-span-2">
          <FormAlert errors={form.errors} />
          <button type="submit" name="intent" value="record-rate" className="btn-primary" disabled={saving}>
            {saving ? "Recording..." : "Record rate"}
          </button>
        </div>
      </Form>
    </section>
  );
}
