import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { isTicked, ANONYMOUS_NOTE } from "~/giving/donate/index.ui";
import { RamadanNightsPreview, nightsYouGive, type RamadanCalendar } from "./ramadan-nights-preview";
import { FieldError } from "~/ui/field-error";
import { InputField, SelectField } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import { RAMADAN_PLANS, RAMADAN_PLAN_LABELS, type RamadanPlan } from "../rules/ramadan-nights";
import { nightName } from "../rules/ramadan-words";
import { ramadanRequestSchema, type RamadanRequest } from "../rules/ramadan-request";
import { dollarsToCents, formatExactCents } from "~/shared/money";

/** The hidden field that tells the donate page's action this is the Ramadan nights form. */
export const RAMADAN_WAY = "ramadan-nights";
/** The button that only shows the nights (without JavaScript: a round trip that keeps every field). */
export const SHOW_NIGHTS_INTENT = "show-nights";

type RamadanFields = Record<
  "plan" | "per_night" | "double_odd_nights" | "purpose" | "name" | "email" | "anonymous",
  string
>;

/** What the preview needs of the form as typed now, or null while the amount per night is not usable. */
export function typedSchedule(fields: {
  plan: FieldMetadata<string>;
  per_night: FieldMetadata<string>;
  double_odd_nights: FieldMetadata<string>;
}) {
  const perNight = ramadanRequestSchema.shape.per_night.safeParse(String(fields.per_night.value ?? "").trim());
  if (!perNight.success) return null;
  const plan: RamadanPlan = (RAMADAN_PLANS as readonly string[]).includes(String(fields.plan.value))
    ? (fields.plan.value as RamadanPlan)
    : "last-ten";
  return { plan, perNightCents: dollarsToCents(perNight.data), doubleOddNights: isTicked(fields.double_odd_nights) };
}

/**
 * Giving on the nights of Ramadan: the last ten or all thirty, an amount per night,
 * optionally doubled on the odd nights of the last ten. The donor sees every night and the
 * total before saving a card; the card is charged once each night, at the foundation's
 * charge hour. Without JavaScript "Show the nights" asks the server for the same preview.
 */
export function RamadanNightsForm({
  calendar,
  purposes,
  initial,
  lastResult,
  processing,
  sandbox,
  chargeHourWords,
}: {
  calendar: RamadanCalendar;
  purposes: string[];
  initial: Partial<RamadanFields>;
  lastResult?: SubmissionResult<string[]>;
  processing: boolean;
  sandbox: boolean;
  /** "8 pm (Europe/London time)": when each night is charged, in the foundation's time zone. */
  chargeHourWords: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<RamadanFields, RamadanRequest>({
    id: "ramadan-nights",
    lastResult,
    defaultValue: { plan: "last-ten", ...initial },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ramadanRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const schedule = typedSchedule(fields);

  return (
    <Form
      method="post"
      action={`/donate?way=${RAMADAN_WAY}`}
      {...getFormProps(form)}
      className="min-w-0 space-y-8 lg:col-span-2"
    >
      <input type="hidden" name="way" value={RAMADAN_WAY} />
      <PlanChoice field={fields.plan} />

      <div className="max-w-xs">
        <label htmlFor={fields.per_night.id} className="field-label">
          Amount per night (USD)
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          >
            $
          </span>
          <input
            {...getInputProps(fields.per_night, { type: "number" })}
            key={fields.per_night.key}
            min={1}
            step={0.01}
            inputMode="decimal"
            required
            className="field-input pl-7"
          />
        </div>
        <FieldError id={fields.per_night.errorId} errors={fields.per_night.errors} />
      </div>

      <Checkbox field={fields.double_odd_nights} label="Double on the odd nights of the last ten">
        The 21st, 23rd, 25th, 27th and 29th nights, when Laylat al-Qadr is sought: each is given twice the amount.
      </Checkbox>

      {schedule ? (
        <RamadanNightsPreview {...schedule} calendar={calendar} />
      ) : (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Enter an amount per night of at least $1 to see your nights and the total.
        </p>
      )}
      {hydrated ? null : (
        <button type="submit" name="intent" value={SHOW_NIGHTS_INTENT} formNoValidate className="btn-secondary">
          Show the nights
        </button>
      )}

      <SelectField field={fields.purpose} label="Purpose" options={purposes} className="max-w-md" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} label="Full name" type="text" required autoComplete="name" />
        <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />
      </div>
      <Checkbox field={fields.anonymous} label="Give anonymously">
        {ANONYMOUS_NOTE}
      </Checkbox>

      <div className="space-y-3">
        {form.errors ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="save-card"
          className="btn-gold w-full py-3 text-lg sm:w-auto"
          disabled={processing}
        >
          {processing ? "Processing..." : "Save my card and give each night"}
        </button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {schedule ? scheduleSummary(schedule, calendar) : "Enter an amount per night to see what you will give."}
        </p>
        <p className="text-sm text-slate-600">
          Nothing is charged now: our payment provider keeps your card, and each night is charged on its evening at{" "}
          {chargeHourWords}. You can stop the remaining nights from My giving at any time.
        </p>
        {sandbox ? (
          <p className="text-sm text-slate-600">
            Test mode: you will see a simulated card page, and no card is charged.
          </p>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * "You will give $150.00 over the last ten nights ($140.00 if Ramadan has 29 days), one charge each night.";
 * starting late, "… over the last ten nights, from the 28th night …", totalled from the nights still to give.
 */
function scheduleSummary(schedule: NonNullable<ReturnType<typeof typedSchedule>>, calendar: RamadanCalendar): string {
  const { nights, late, total } = nightsYouGive(schedule, calendar);
  if (nights.length === 0) return "This Ramadan's nights are over: there is no night left to give on.";
  const plan = schedule.plan === "last-ten" ? "the last ten nights" : "all thirty nights";
  const from = late ? `, from the ${nightName(nights[0]!.night)}` : "";
  return `You will give ${formatExactCents(total.thirtyDaysCents)} over ${plan}${from} (${formatExactCents(total.twentyNineDaysCents)} if Ramadan has 29 days), one charge each night.`;
}

function PlanChoice({ field }: { field: FieldMetadata<string> }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900">Which nights?</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {getCollectionProps(field, { type: "radio", options: [...RAMADAN_PLANS] }).map((props) => (
          <label
            key={props.key}
            htmlFor={props.id}
            className="flex cursor-pointer gap-3 rounded-lg border-2 border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input {...props} key={props.key} className="mt-1 accent-brand-700" />
            <span className="font-semibold text-slate-900">{RAMADAN_PLAN_LABELS[props.value as RamadanPlan]}</span>
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** A checkbox named by its own words, with what it means as its description. */
function Checkbox({
  field,
  label,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  children: React.ReactNode;
}) {
  const descriptionId = `${field.id}-description`;
  const describedBy = [descriptionId, field.errors?.length ? field.errorId : ""].filter(Boolean).join(" ");
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          aria-describedby={describedBy}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={field.id} className="font-medium text-slate-900">
            {label}
          </label>
          <p id={descriptionId} className="text-sm text-slate-600">
            {children}
          </p>
        </div>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
