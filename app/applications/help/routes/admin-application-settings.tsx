import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-application-settings";
import { readFormBody } from "~/lib/form-body.server";
import { AuditHistory } from "~/staff/audit/index.ui";
import { FieldError } from "~/ui/field-error";
import { FormAlert } from "~/ui/form-alert";
import { InputField, TextareaField } from "~/ui/form-fields";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { Notice } from "~/ui/notice";
import {
  applicationSettingsFormSchema,
  ELIGIBILITY_ROWS,
  formOfSettings,
  type ApplicationSettingsForm,
} from "../rules/settings-form";
import { applicationSettings, saveApplicationSettings } from "../server/application-settings-editor.server";
import { ApplicationsTabs } from "~/applications/cases/index.ui";
import { adminContext } from "~/lib/request-context";
import { mayChange } from "~/staff/access";

export const meta: Route.MetaFunction = () => [{ title: "Applications' settings | Admin" }];

const SCREEN = "/admin/applications/settings";

export async function loader({ url, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  // Read by those who work cases, changed by finance and owners (decision 172): the POST is
  // refused by the admin area's guard; the form is shown disabled to the rest, with a note.
  return {
    values: formOfSettings(await applicationSettings()),
    saved: url.searchParams.has("saved"),
    mayChange: mayChange(admin.roles, SCREEN),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const submission = parseWithZod(form, { schema: applicationSettingsFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await saveApplicationSettings(Object.fromEntries(form));
    return redirect(`${SCREEN}?saved=1`);
  } catch (error) {
    return serviceErrorReply(submission, error);
  }
}

const SIZES = Array.from({ length: ELIGIBILITY_ROWS }, (_, index) => index + 1);

export default function ApplicationSettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm<Record<string, string>, ApplicationSettingsForm>({
    id: "application-settings",
    lastResult: saving ? undefined : actionData?.result,
    defaultValue: loaderData.values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSettingsFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Applications&apos; settings</h1>
      <ApplicationsTabs />
      {loaderData.saved && !actionData ? (
        <Notice tone="success" focus>
          The applications&apos; settings were saved. The Get help page shows them now.
        </Notice>
      ) : null}
      <AuditHistory entity="setting" entityId="applications" atTopOfForm />
      {loaderData.mayChange ? null : (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="settings-read-only">
          These settings are shown to you to read. They are changed by finance or an owner, so that the household cap
          and the years a case is kept are not set by those who work the cases.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-6" preventScrollReset>
        <FormAlert errors={form.errors} />
        <fieldset disabled={!loaderData.mayChange} className="space-y-6">
          <section aria-labelledby="help-text-title" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="help-text-title" className="text-lg font-semibold text-slate-900">
              The Get help page
            </h2>
            <TextareaField
              field={fields.help_text!}
              label="Who you help, what you need from an applicant, how long a decision takes"
              rows={12}
              required
              maxLength={10_000}
              hint="Plain text: a blank line starts a new paragraph. Shown at /get-help."
              className="mt-3"
            />
          </section>

          <section aria-labelledby="eligibility-title" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="eligibility-title" className="text-lg font-semibold text-slate-900">
              The eligibility checker
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              The indicative help, in dollars, per household size. Fill the rows from 1 down; a blank row ends the
              table, and the last row counts for larger households too.
            </p>
            <table className="mt-4 text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="pr-4 pb-2 font-medium">
                    People
                  </th>
                  <th scope="col" className="pr-4 pb-2 font-medium">
                    Lowest help ($)
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Highest help ($)
                  </th>
                </tr>
              </thead>
              <tbody>
                {SIZES.map((size) => {
                  const low = fields[`low_${size}`]!;
                  const high = fields[`high_${size}`]!;
                  return (
                    <tr key={size}>
                      <th scope="row" className="pr-4 align-top font-medium text-slate-800">
                        {size}
                      </th>
                      <td className="pr-4 pb-2 align-top">
                        <input
                          name={low.name}
                          id={low.id}
                          key={low.key}
                          defaultValue={low.initialValue as string | undefined}
                          aria-label={`Lowest help for a household of ${size}`}
                          aria-invalid={low.errors ? true : undefined}
                          aria-describedby={low.errors ? low.errorId : undefined}
                          inputMode="decimal"
                          className="field-input w-32"
                        />
                        <FieldError id={low.errorId} errors={low.errors} />
                      </td>
                      <td className="pb-2 align-top">
                        <input
                          name={high.name}
                          id={high.id}
                          key={high.key}
                          defaultValue={high.initialValue as string | undefined}
                          aria-label={`Highest help for a household of ${size}`}
                          aria-invalid={high.errors ? true : undefined}
                          aria-describedby={high.errors ? high.errorId : undefined}
                          inputMode="decimal"
                          className="field-input w-32"
                        />
                        <FieldError id={high.errorId} errors={high.errors} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <InputField
              field={fields.savings_limit!}
              label="Savings limit ($): savings less debts above this and an application is unlikely to succeed"
              type="text"
              inputMode="decimal"
              className="mt-4 max-w-md"
            />
          </section>

          <section aria-labelledby="cases-title" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="cases-title" className="text-lg font-semibold text-slate-900">
              Cases
            </h2>
            <div className="mt-3 grid max-w-3xl gap-4 sm:grid-cols-3">
              <InputField
                field={fields.household_cap!}
                label="Twelve-month household cap ($)"
                type="text"
                inputMode="decimal"
              />
              <InputField
                field={fields.retention_years!}
                label="Years to keep a closed case"
                type="text"
                inputMode="numeric"
              />
              <InputField
                field={fields.document_days!}
                label="Days to send a document"
                type="text"
                inputMode="numeric"
              />
            </div>
          </section>
        </fieldset>
        {loaderData.mayChange ? (
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save settings"}
          </button>
        ) : null}
      </Form>
    </div>
  );
}
