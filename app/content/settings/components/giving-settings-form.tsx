import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/ui/field-error";
import { givingSettingsSchema, type GivingSettings } from "../rules/settings";
import { feeCoverCents, type CardFee } from "~/giving/donate";
import { formatExactCents } from "~/shared/money";

/** The gift the example is worked out on. */
const EXAMPLE_GIFT_CENTS = 5000;

export interface GivingSettingsFormProps {
  /** The stored values, as text. */
  values: GivingSettings;
  /** What the emergency banner may say: its own words (''), nothing ('off'), or a live appeal by its address. */
  bannerChoices: { value: string; label: string }[];
  lastResult?: SubmissionResult<string[]>;
}

/** The card fee the two typed parts make, or null while either is not a usable number. */
export function typedCardFee(percent: unknown, fixed: unknown): CardFee | null {
  const share = givingSettingsSchema.shape.card_fee_percent.safeParse(percent);
  const fixedPart = givingSettingsSchema.shape.card_fee_fixed.safeParse(fixed);
  if (!share.success || !fixedPart.success) return null;
  return { basisPoints: Math.round(Number(share.data) * 100), fixedCents: Math.round(Number(fixedPart.data) * 100) };
}

/** "A $50 gift: the donor may add $1.80 so that all of it arrives." */
export function feeExampleWords(fee: CardFee | null): string {
  if (!fee) return "The example appears once both parts of the fee are numbers.";
  const cover = feeCoverCents(EXAMPLE_GIFT_CENTS, fee);
  return `A ${formatExactCents(EXAMPLE_GIFT_CENTS).replace(/\.00$/, "")} gift: the donor may add ${formatExactCents(cover)} so that all of it arrives.`;
}

/**
 * The Giving section of Settings: the card fee donors may cover, and where the emergency
 * banner points. One plain POST (intent "giving"); with JavaScript the example follows the
 * fee as it is typed.
 */
export function GivingSettingsForm({ values, bannerChoices, lastResult }: GivingSettingsFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "giving";
  const [form, fields] = useForm<GivingSettings>({
    id: "giving-settings",
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: givingSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const exampleId = "card-fee-example";
  const example = feeExampleWords(typedCardFee(fields.card_fee_percent.value ?? "", fields.card_fee_fixed.value ?? ""));

  return (
    <section aria-labelledby="giving-settings-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="giving-settings-title" className="text-lg font-semibold text-slate-900">
        Giving
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What the card provider charges the foundation, so that a donor who covers the fee adds the right amount, and
        where the emergency banner points.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="giving" />
        {form.errors ? (
          <p role="alert" className="field-error">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FeeField field={fields.card_fee_percent} label="Card fee: per cent of each charge" exampleId={exampleId} />
          <FeeField
            field={fields.card_fee_fixed}
            label="Card fee: fixed amount per charge (US dollars)"
            exampleId={exampleId}
          />
        </div>
        <p
          id={exampleId}
          aria-live="polite"
          className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="card-fee-example"
        >
          {example}
        </p>
        <BannerSelect field={fields.emergency_appeal} choices={bannerChoices} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save giving settings"}
        </button>
      </Form>
    </section>
  );
}

function FeeField({ field, label, exampleId }: { field: FieldMetadata<string>; label: string; exampleId: string }) {
  const props = getInputProps(field, { type: "text" });
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input
        {...props}
        key={field.key}
        inputMode="decimal"
        required
        aria-describedby={[props["aria-describedby"], exampleId].filter(Boolean).join(" ")}
        className="field-input max-w-40"
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function BannerSelect({
  field,
  choices,
}: {
  field: FieldMetadata<string>;
  choices: GivingSettingsFormProps["bannerChoices"];
}) {
  const hintId = `${field.id}-hint`;
  const props = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Emergency banner
      </label>
      <select
        {...props}
        key={field.key}
        aria-describedby={[hintId, props["aria-describedby"]].filter(Boolean).join(" ")}
        className="field-input max-w-md"
      >
        {choices.map((choice) => (
          <option key={choice.value || "general"} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        The banner at the top of the public pages: its own words, a live appeal (it then leads to the appeal&apos;s
        page), or none.
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
