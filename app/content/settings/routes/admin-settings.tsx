import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-settings";
import { formatCount, formatDollars } from "~/shared/money";
import {
  APPROVAL_THRESHOLD_DEFAULT,
  APPROVAL_THRESHOLD_KEY,
  approvalThresholdSchema,
  GIVING_SETTING_KEYS,
  givingSettingsSchema,
  IMPACT_STATISTIC_LABELS,
  isDollarStatistic,
  isImpactStatisticKey,
  REQUIRE_TWO_FACTOR_KEY,
  staffSettingsSchema,
  statisticEditSchema,
  totalRaisedEditSchema,
  type GivingSettingKey,
  type GivingSettings,
} from "../rules/settings";
import { readFormBody } from "~/lib/form-body.server";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { ValidationError } from "~/lib/service-errors";
import { GivingSettingsForm } from "../components/giving-settings-form";
import { ApprovalThresholdForm } from "../components/approval-threshold-form";
import { StaffSettingsForm } from "../components/staff-settings-form";
import { recordAudit } from "~/staff/audit/index.server";
import { RamadanSettingsForm } from "~/giving/ramadan-nights/index.ui";
import { ramadanSettingsFormSchema, tonightWords, tonightsEvening, firstNightOf } from "~/giving/ramadan-nights";
import { todayIn } from "~/shared/dates";
import { getEnv, isTestMode, rehearsalToday } from "~/lib/env.server";
import { ramadanSettings } from "~/giving/ramadan-nights/index.server";
import { bannerAppealChoice } from "~/appeals/emergency-banner/index.server";
import { listAppealChoices } from "~/appeals/appeals/index.server";
import {
  chooseTotalRaised,
  listImpactStatistics,
  settingValues,
  totalRaisedChoice,
  updateSetting,
  type Setting,
  type TotalRaised,
} from "../server/settings.server";
import { AuditHistory } from "~/staff/audit/index.ui";

export const meta: Route.MetaFunction = () => [{ title: "Impact Statistics Settings | Admin" }];

/** `?edit=key` opens the form, so the screen works the same with and without JavaScript. */
export async function loader({ url }: Route.LoaderArgs) {
  const editing = url.searchParams.get("edit");
  const saved = url.searchParams.get("saved");
  const giving = await storedGivingSettings();
  return {
    statistics: await listImpactStatistics(),
    totalRaised: await totalRaisedChoice(),
    editing: editing && isImpactStatisticKey(editing) ? editing : null,
    saved: saved && isImpactStatisticKey(saved) ? saved : null,
    givingSaved: saved === "giving",
    giving,
    bannerChoices: await bannerChoices(giving.emergency_appeal),
    ramadan: await ramadanSettingsView(),
    ramadanSaved: saved === "ramadan",
    approvalThreshold:
      (await settingValues([APPROVAL_THRESHOLD_KEY])).get(APPROVAL_THRESHOLD_KEY) ?? APPROVAL_THRESHOLD_DEFAULT.value,
    approvalsSaved: saved === "approvals",
    requireTwoFactor: (await settingValues([REQUIRE_TWO_FACTOR_KEY])).get(REQUIRE_TWO_FACTOR_KEY) === "true",
    staffSaved: saved === "staff",
  };
}

/** The Ramadan part: the stored values, the calculation's proposal and what tonight is. */
async function ramadanSettingsView() {
  const settings = await ramadanSettings();
  const timeZone = getEnv().SITE_TIMEZONE;
  return {
    values: { ramadan_first_night: settings.first_night ?? "", ramadan_charge_hour: String(settings.charge_hour) },
    proposedFirstNight: settings.proposed_first_night,
    rehearsed: settings.rehearsed,
    hijriYear: settings.hijri_year,
    timeZone,
    tonight: tonightWords(
      tonightsEvening(new Date(), timeZone),
      settings.first_night ?? settings.proposed_first_night,
      settings.first_night !== null,
      todayIn(timeZone),
    ),
    rehearsalToday: rehearsalToday(),
    rehearsalFirstNight: isTestMode() ? rehearsalFirstNight(timeZone) : null,
  };
}

/** Test mode's rehearsal: the first night that makes tonight (in the foundation's time zone) the 21st night. */
function rehearsalFirstNight(timeZone: string): string {
  return firstNightOf(21, tonightsEvening(new Date(), timeZone));
}

async function storedGivingSettings(): Promise<GivingSettings> {
  const values = await settingValues(GIVING_SETTING_KEYS);
  const fixed = values.get("card_fee_fixed") ?? "";
  return {
    card_fee_percent: values.get("card_fee_percent") ?? "",
    // Stored as its number ("0.3"); shown to the cent, as an amount of money is read.
    card_fee_fixed: /^\d+(\.\d+)?$/.test(fixed) ? Number(fixed).toFixed(2) : fixed,
    emergency_appeal: values.get("emergency_appeal") ?? "",
  };
}

/**
 * What the banner may point to: its own words, nothing, or a live appeal. An appeal it
 * points to that has since closed stays offered, named as such, so saving the fee does
 * not move the banner.
 */
async function bannerChoices(current: string): Promise<{ value: string; label: string }[]> {
  const appeals = await listAppealChoices();
  const live = appeals
    .filter((appeal) => appeal.status === "live")
    .map((appeal) => ({ value: appeal.slug, label: appeal.title }));
  const choices = [{ value: "", label: "The general emergency banner" }, { value: "off", label: "No banner" }, ...live];
  if (choices.some((choice) => choice.value === current)) return choices;
  const earlier = appeals.find((appeal) => appeal.slug === current);
  return [...choices, { value: current, label: `${earlier?.title ?? current} (not live)` }];
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  if (formData.get("intent") === "giving") return givingAction(formData);
  if (formData.get("intent") === "ramadan") return ramadanAction(formData);
  if (formData.get("intent") === "ramadan-rehearse") return rehearseAction(request);
  if (formData.get("intent") === "approvals") return approvalsAction(formData);
  if (formData.get("intent") === "staff") return staffAction(formData);
  const key = String(formData.get("key") ?? "");
  if (key === "total_raised") return totalRaisedAction(formData);
  const submission = parseWithZod(formData, { schema: statisticEditSchema(key) });
  if (!isImpactStatisticKey(key)) {
    return data({ key, result: submission.reply({ formErrors: ["Unknown statistic"] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ key, result: submission.reply() }, { status: 400 });
  }
  try {
    await updateSetting(key, submission.value);
  } catch (error) {
    return serviceErrorReply(submission, error, { key });
  }
  return redirect(`/admin/settings?saved=${key}`);
}

/** Total Raised: the books, or a figure staff type knowingly (the form says what the books show). */
async function totalRaisedAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: totalRaisedEditSchema });
  if (submission.status !== "success")
    return data({ key: "total_raised", result: submission.reply() }, { status: 400 });
  try {
    await chooseTotalRaised(submission.value);
  } catch (error) {
    return serviceErrorReply(submission, error, { key: "total_raised" });
  }
  return redirect("/admin/settings?saved=total_raised");
}

/**
 * The Giving section: the card fee's two parts and the banner, each saved through the
 * settings' own rules; what the banner may name is the appeals area's rule, checked
 * before anything is saved.
 */
async function givingAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: givingSettingsSchema });
  if (submission.status !== "success") return data({ key: "giving", result: submission.reply() }, { status: 400 });
  // The rule is the setting's own (or the banner's); its complaint belongs beside this field.
  const refusal = (key: GivingSettingKey, error: unknown) =>
    error instanceof ValidationError
      ? data(
          {
            key: "giving",
            result: submission.reply({ fieldErrors: { [key]: error.fieldErrors.value ?? [error.message] } }),
          },
          { status: 400 },
        )
      : serviceErrorReply(submission, error, { key: "giving" });
  try {
    await bannerAppealChoice(submission.value.emergency_appeal);
  } catch (error) {
    return refusal("emergency_appeal", error);
  }
  for (const key of GIVING_SETTING_KEYS) {
    // A setting this form did not send (Ramadan's, say) keeps its stored value.
    if (submission.value[key] === undefined) continue;
    try {
      await updateSetting(key, { value: submission.value[key] });
    } catch (error) {
      return refusal(key, error);
    }
  }
  return redirect("/admin/settings?saved=giving");
}

/** The first night and the charge hour, each saved by its setting's own rule (as PUT /api/settings/:key). */
async function ramadanAction(formData: FormData) {
  const submission = parseWithZod(formData, {
    schema: ramadanSettingsFormSchema({ rehearsalToday: rehearsalToday() }),
  });
  if (submission.status !== "success") return data({ key: "ramadan", result: submission.reply() }, { status: 400 });
  for (const key of ["ramadan_first_night", "ramadan_charge_hour"] as const) {
    try {
      await updateSetting(key, { value: submission.value[key] });
    } catch (error) {
      if (!(error instanceof ValidationError)) return serviceErrorReply(submission, error, { key: "ramadan" });
      return data(
        {
          key: "ramadan",
          result: submission.reply({ fieldErrors: { [key]: error.fieldErrors.value ?? [error.message] } }),
        },
        { status: 400 },
      );
    }
  }
  return redirect("/admin/settings?saved=ramadan");
}

/** The approval threshold, saved by its setting's own rule (as PUT /api/settings/:key). */
async function approvalsAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: approvalThresholdSchema });
  if (submission.status !== "success") return data({ key: "approvals", result: submission.reply() }, { status: 400 });
  try {
    await updateSetting(APPROVAL_THRESHOLD_KEY, { value: submission.value.threshold });
  } catch (error) {
    return serviceErrorReply(submission, error, { key: "approvals" });
  }
  return redirect("/admin/settings?saved=approvals");
}

/** The Staff section: "Require two-factor for all staff", saved by the setting's own rule and audited. */
async function staffAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: staffSettingsSchema });
  if (submission.status !== "success") return data({ key: "staff", result: submission.reply() }, { status: 400 });
  const before = (await settingValues([REQUIRE_TWO_FACTOR_KEY])).get(REQUIRE_TWO_FACTOR_KEY) ?? "false";
  const after = submission.value.require_two_factor;
  try {
    await updateSetting(REQUIRE_TWO_FACTOR_KEY, { value: after });
  } catch (error) {
    return serviceErrorReply(submission, error, { key: "staff" });
  }
  if (before !== after) {
    await recordAudit({
      action: "update",
      entity: "setting",
      entityId: REQUIRE_TWO_FACTOR_KEY,
      summary: `Require two-factor for all staff: ${after === "true" ? "on" : "off"}`,
      before: { value: before },
      after: { value: after },
    });
  }
  return redirect("/admin/settings?saved=staff");
}

/** "Rehearse: make tonight the 21st night": test mode only, saved by the first night's own rule. */
async function rehearseAction(request: Request) {
  if (!isTestMode()) return refuseUnknownIntent(request, "ramadan-rehearse");
  await updateSetting("ramadan_first_night", { value: rehearsalFirstNight(getEnv().SITE_TIMEZONE) });
  return redirect("/admin/settings?saved=ramadan");
}

function displayValue(setting: Setting): string {
  const value = Number(setting.value);
  if (!Number.isFinite(value)) return setting.value;
  return isDollarStatistic(setting.key) ? formatDollars(value) : formatCount(value);
}

function label(key: string): string {
  return isImpactStatisticKey(key) ? IMPACT_STATISTIC_LABELS[key] : key;
}

export default function ImpactStatisticsSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { statistics, saved } = loaderData;
  // After a rejected save the form stays open on the statistic that was being edited.
  const editing = actionData?.key && isImpactStatisticKey(actionData.key) ? actionData.key : loaderData.editing;
  const selected = statistics.find((setting) => setting.key === editing);

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Impact Statistics Settings</h1>
        <p className="mt-1 text-slate-600">The four figures shown on the homepage. Select one to update it.</p>
      </div>

      {saved && !editing ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          {label(saved)} updated.
        </p>
      ) : null}

      <ul className="grid gap-4 sm:grid-cols-2">
        {statistics.map((setting) => (
          <li key={setting.key} className="rounded-xl bg-white p-5 shadow-sm">
            <p className="text-sm font-medium text-slate-600">{label(setting.key)}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`statistic-${setting.key}`}>
              {displayValue(setting)}
            </p>
            {setting.key === "total_raised" ? <TotalRaisedSource totalRaised={loaderData.totalRaised} /> : null}
            {setting.description ? <p className="mt-1 text-sm text-slate-500">{setting.description}</p> : null}
            <Link
              to={`?edit=${setting.key}`}
              preventScrollReset
              className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
              aria-label={`Edit ${label(setting.key)}`}
            >
              Edit
            </Link>
            <AuditHistory entity="setting" entityId={setting.key} of={label(setting.key)} />
          </li>
        ))}
      </ul>

      {selected?.key === "total_raised" ? (
        <TotalRaisedEditForm
          setting={selected}
          totalRaised={loaderData.totalRaised}
          lastResult={actionData?.key === selected.key ? actionData.result : undefined}
        />
      ) : selected ? (
        <StatisticEditForm
          key={selected.key}
          setting={selected}
          lastResult={actionData?.key === selected.key ? actionData.result : undefined}
        />
      ) : null}

      {loaderData.givingSaved && !actionData ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          Giving settings saved.
        </p>
      ) : null}
      <GivingSettingsForm
        values={loaderData.giving}
        bannerChoices={loaderData.bannerChoices}
        lastResult={actionData?.key === "giving" ? actionData.result : undefined}
      />

      {loaderData.ramadanSaved && !actionData ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          Ramadan settings saved.
        </p>
      ) : null}
      <RamadanSettingsForm
        {...loaderData.ramadan}
        lastResult={actionData?.key === "ramadan" ? actionData.result : undefined}
      />

      {loaderData.approvalsSaved && !actionData ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          Approvals saved.
        </p>
      ) : null}
      <ApprovalThresholdForm
        threshold={loaderData.approvalThreshold}
        lastResult={actionData?.key === "approvals" ? actionData.result : undefined}
      />

      {loaderData.staffSaved && !actionData ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
          Staff settings saved.
        </p>
      ) : null}
      <StaffSettingsForm
        requireTwoFactor={loaderData.requireTwoFactor}
        lastResult={actionData?.key === "staff" ? actionData.result : undefined}
      />
    </div>
  );
}

function StatisticEditForm({ setting, lastResult }: { setting: Setting; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const valueRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: `edit-${setting.key}`,
    lastResult,
    defaultValue: { value: setting.value, description: setting.description },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statisticEditSchema(setting.key) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // Opening the form moves focus into it, so keyboard users land where they are needed.
  useEffect(() => valueRef.current?.focus(), []);

  return (
    <SettingEditFrame settingKey={setting.key} formProps={getFormProps(form)} errors={form.errors}>
      <div>
        <label htmlFor={fields.value.id} className="field-label">
          Value{isDollarStatistic(setting.key) ? " (US dollars)" : ""}
        </label>
        <input
          {...getInputProps(fields.value, { type: "text" })}
          key={fields.value.key}
          ref={valueRef}
          inputMode="decimal"
          required
          className="field-input max-w-xs"
        />
        {fields.value.errors ? (
          <p id={fields.value.errorId} className="field-error">
            {fields.value.errors[0]}
          </p>
        ) : null}
      </div>
      <DescriptionAndSave description={fields.description} saving={saving} />
    </SettingEditFrame>
  );
}

/** Where the figure comes from, and when staff typed it, what the books show beside it. */
function TotalRaisedSource({ totalRaised }: { totalRaised: TotalRaised }) {
  if (totalRaised.source === "books") {
    return (
      <p className="mt-1 text-sm font-medium text-brand-800">
        From the books: what the transparency report shows as received, kept up to date with every gift.
      </p>
    );
  }
  const differs = totalRaised.typed !== totalRaised.books;
  return (
    <p
      className={differs ? "mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-950" : "mt-1 text-sm text-slate-600"}
      data-testid="total-raised-typed"
    >
      A figure typed by staff. The transparency report shows {formatDollars(totalRaised.books)} received
      {differs ? ", so the homepage and the report disagree." : "."}
    </p>
  );
}

/**
 * Total Raised's form: the books by default, or a figure staff type, chosen knowingly: the
 * choice says what the books show, and the figure is asked for only when it is typed.
 */
function TotalRaisedEditForm({
  setting,
  totalRaised,
  lastResult,
}: {
  setting: Setting;
  totalRaised: TotalRaised;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const firstRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: "edit-total_raised",
    lastResult,
    defaultValue: {
      source: totalRaised.source,
      value: totalRaised.typed ? String(totalRaised.typed) : "",
      description: setting.description,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totalRaisedEditSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => firstRef.current?.focus(), []);

  const choice = "flex items-start gap-3 rounded-lg border border-slate-200 p-3";
  return (
    <SettingEditFrame settingKey={setting.key} formProps={getFormProps(form)} errors={form.errors}>
      <fieldset className="space-y-3">
        <legend className="field-label">Where the figure comes from</legend>
        <label className={choice}>
          <input
            {...getInputProps(fields.source, { type: "radio", value: "books" })}
            key={`${fields.source.key}-books`}
            ref={totalRaised.source === "books" ? firstRef : undefined}
            className="mt-1"
          />
          <span>
            <span className="font-semibold text-slate-900">From the books</span> (recommended):{" "}
            {formatDollars(totalRaised.books)} today, what the transparency report shows as received, test payments left
            out. It follows every gift, so the homepage and the report always agree.
          </span>
        </label>
        <label className={choice}>
          <input
            {...getInputProps(fields.source, { type: "radio", value: "typed" })}
            key={`${fields.source.key}-typed`}
            ref={totalRaised.source === "typed" ? firstRef : undefined}
            className="mt-1"
          />
          <span>
            <span className="font-semibold text-slate-900">A figure we type</span>: for money raised before the site
            kept its books, say. Donors can compare it with the transparency report, which shows{" "}
            {formatDollars(totalRaised.books)}.
          </span>
        </label>
      </fieldset>
      <div>
        <label htmlFor={fields.value.id} className="field-label">
          Typed figure (US dollars) <span className="font-normal text-slate-500">(only for a figure we type)</span>
        </label>
        <input
          {...getInputProps(fields.value, { type: "text" })}
          key={fields.value.key}
          inputMode="decimal"
          className="field-input max-w-xs"
        />
        {fields.value.errors ? (
          <p id={fields.value.errorId} className="field-error">
            {fields.value.errors[0]}
          </p>
        ) : null}
      </div>
      <DescriptionAndSave description={fields.description} saving={saving} />
    </SettingEditFrame>
  );
}

/** The frame of every setting's edit form: its heading, the form posting the key, and the form's own error. */
function SettingEditFrame({
  settingKey,
  formProps,
  errors,
  children,
}: {
  settingKey: string;
  formProps: ReturnType<typeof getFormProps>;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="edit-heading" className="rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm">
      <h2 id="edit-heading" className="text-lg font-semibold text-slate-900">
        Edit {label(settingKey)}
      </h2>
      <Form method="post" {...formProps} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="key" value={settingKey} />
        {errors ? (
          <p role="alert" className="field-error">
            {errors[0]}
          </p>
        ) : null}
        {children}
      </Form>
    </section>
  );
}

/** The end of every setting's edit form: its optional description, then Save and Cancel. */
function DescriptionAndSave({
  description,
  saving,
}: {
  description: FieldMetadata<string | null | undefined, Record<string, unknown>>;
  saving: boolean;
}) {
  return (
    <>
      <div>
        <label htmlFor={description.id} className="field-label">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea {...getTextareaProps(description)} key={description.key} rows={2} className="field-input" />
        {description.errors ? (
          <p id={description.errorId} className="field-error">
            {description.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <Link to="/admin/settings" preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </>
  );
}
