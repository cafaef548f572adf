import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-funds-policy";
import { FundsTabs } from "~/funds/funds/index.ui";
import { Notice } from "~/ui/notice";
import { FieldError } from "~/ui/field-error";
import { FormAlert } from "~/ui/form-alert";
import { InputField, TextareaField } from "~/ui/form-fields";
import { eidDateSchema, zakatPolicySchema, type ZakatPolicyInput } from "~/funds/funds";
import { formatDate, formatDateTime } from "~/shared/dates";
import { calculatedEidAlFitr, formatHijri } from "~/shared/hijri";
import { getEnv } from "~/lib/env.server";
import { readFormBody } from "~/lib/form-body.server";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { adminContext } from "~/lib/request-context";
import {
  getZakatPolicy,
  saveZakatPolicy,
  setEidAlFitr,
  thisYearsEid,
  type ZakatPolicy,
} from "../server/zakat-policy.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Zakat policy | Funds | Admin" }];

const SCREEN = "/admin/funds/policy";

export async function loader({ url }: Route.LoaderArgs) {
  const [policy, eid] = await Promise.all([getZakatPolicy(), thisYearsEid()]);
  return {
    policy,
    eid: { ...eid, hijri: formatHijri(eid.date), calculated: calculatedEidAlFitr(eid.hijri_year) },
    saved: url.searchParams.get("saved"),
    timeZone: getEnv().SITE_TIMEZONE,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const intent = form.get("intent");
  const username = context.get(adminContext)!.username;
  if (intent === "save-policy") {
    const submission = parseWithZod(form, { schema: zakatPolicySchema });
    if (submission.status !== "success")
      return data({ intent: "save-policy" as const, result: submission.reply() }, { status: 400 });
    try {
      await saveZakatPolicy(submission.value, username);
      return redirect(`${SCREEN}?saved=policy`);
    } catch (error) {
      return serviceErrorReply(submission, error, { intent: "save-policy" as const });
    }
  }
  if (intent === "set-eid") {
    const submission = parseWithZod(form, { schema: eidDateSchema });
    if (submission.status !== "success")
      return data({ intent: "set-eid" as const, result: submission.reply() }, { status: 400 });
    try {
      await setEidAlFitr(submission.value, username);
      return redirect(`${SCREEN}?saved=eid`);
    } catch (error) {
      return serviceErrorReply(submission, error, { intent: "set-eid" as const });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function FundsPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, eid, saved, timeZone } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Zakat policy and Eid</h1>
      <FundsTabs />
      {saved === "policy" && !actionData ? (
        <Notice tone="success" focus>
          {policy.is_template
            ? "The Zakat policy was saved as a draft: it is not published yet."
            : "The Zakat policy was saved. It is shown at /zakat-policy."}
        </Notice>
      ) : null}
      {saved === "eid" && !actionData ? (
        <Notice tone="success" focus>
          Eid al-Fitr {eid.hijri_year} AH is set to {formatDate(eid.date, "UTC")}.
        </Notice>
      ) : null}
      {policy.is_template ? (
        <Notice tone="error">
          The Zakat policy still holds the template&apos;s placeholders, so it is not published: no public page links to
          it, and /zakat-policy says it is not published yet. Still to write before it is published:{" "}
          {policy.placeholders.join("; ")}.
        </Notice>
      ) : null}
      <PolicyForm
        policy={policy}
        timeZone={timeZone}
        lastResult={actionData?.intent === "save-policy" ? actionData.result : undefined}
      />
      <EidForm eid={eid} lastResult={actionData?.intent === "set-eid" ? actionData.result : undefined} />
    </div>
  );
}

function SubmitButton({ intent, label }: { intent: string; label: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} className="btn-primary" disabled={saving}>
      {saving ? "Saving..." : label}
    </button>
  );
}

function PolicyForm({
  policy,
  timeZone,
  lastResult,
}: {
  policy: ZakatPolicy;
  timeZone: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<Record<keyof ZakatPolicyInput, string>, ZakatPolicyInput>({
    id: "zakat-policy",
    lastResult,
    defaultValue: { body: policy.body, kaffarah_per_fast: policy.kaffarah_per_fast ? "true" : "false" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: zakatPolicySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const kaffarah = fields.kaffarah_per_fast;
  return (
    <section aria-labelledby="policy-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="policy-title" className="text-lg font-semibold text-slate-900">
        Zakat policy
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Who distributes Zakat, to which of the eight categories, whether an administration share is taken and how much,
        how fast it is given, and who reviews it. Last saved by {policy.updated_by} on{" "}
        {formatDateTime(policy.updated_at, timeZone)}.
      </p>
      {/* The policy is one record: the trail writes it as zakat-policy #1. */}
      <AuditHistory entity="zakat-policy" entityId={1} atTopOfForm />
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <TextareaField field={fields.body} label="Policy" rows={16} required maxLength={20_000} />
        <fieldset aria-describedby={kaffarah.errors ? kaffarah.errorId : undefined}>
          <legend className="field-label">Kaffarah for several broken fasts</legend>
          <label className="mt-1 flex items-start gap-3">
            <input
              {...getInputProps(kaffarah, { type: "radio", value: "true" })}
              id={`${kaffarah.id}-each`}
              key={`${kaffarah.key}-each`}
              className="mt-1 accent-brand-700"
            />
            <span>Each broken fast needs its own Kaffarah</span>
          </label>
          <label className="mt-1 flex items-start gap-3">
            <input
              {...getInputProps(kaffarah, { type: "radio", value: "false" })}
              id={`${kaffarah.id}-one`}
              key={`${kaffarah.key}-one`}
              className="mt-1 accent-brand-700"
            />
            <span>One Kaffarah covers the broken fasts of one Ramadan</span>
          </label>
          <FieldError id={kaffarah.errorId} errors={kaffarah.errors} />
        </fieldset>
        <FormAlert errors={form.errors} />
        <SubmitButton intent="save-policy" label="Save policy" />
      </Form>
    </section>
  );
}

interface EidView {
  hijri_year: number;
  date: string;
  hijri: string;
  calculated: string;
  confirmed: boolean;
  passed: boolean;
}

function EidForm({ eid, lastResult }: { eid: EidView; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<{ eid_al_fitr_on: string }>({
    id: "eid-al-fitr",
    lastResult,
    defaultValue: { eid_al_fitr_on: eid.date },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eidDateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="eid-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="eid-title" className="text-lg font-semibold text-slate-900">
        Eid al-Fitr {eid.hijri_year} AH
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="eid-status">
        {eid.confirmed
          ? `Confirmed by staff: ${formatDate(eid.date, "UTC")} (${eid.hijri}).`
          : `Not yet confirmed: by the Umm al-Qura calculation, ${formatDate(eid.date, "UTC")} (${eid.hijri}).`}{" "}
        {/* The calculated day is said once: beside a sighted day only when the two differ. */}
        {eid.confirmed && eid.calculated !== eid.date
          ? `The calculation says ${formatDate(eid.calculated, "UTC")}. `
          : ""}
        {eid.passed
          ? "Eid has come: Zakat al-Fitr given now is recorded as Sadaqa."
          : "Zakat al-Fitr is taken as such until Eid day begins (the site cannot know the hour of the prayer, so the whole of Eid day counts as after it)."}
      </p>
      <AuditHistory entity="eid-al-fitr" entityId={eid.hijri_year} atTopOfForm />
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-4" preventScrollReset>
        <InputField field={fields.eid_al_fitr_on} label="Eid al-Fitr, as sighted" type="date" required />
        <SubmitButton intent="set-eid" label="Set Eid al-Fitr" />
        <div className="basis-full">
          <FormAlert errors={form.errors} />
        </div>
      </Form>
    </section>
  );
}
