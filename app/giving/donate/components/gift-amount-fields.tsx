import { getCollectionProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/field-error";
import { donationSchema } from "../rules/donation-schemas";
import { FORM_FREQUENCIES, MINIMUM_DONATION, frequencyNote, type FormFrequency } from "../rules/gift-options";
import { dollarsToCents, formatDollars } from "~/shared/money";

/**
 * The amount and how often, as every gift form asks them (the donate page, an appeal's
 * page): preset buttons that fill in the amount (without JavaScript, a round trip that
 * keeps everything else), an amount of the donor's own, and the frequencies with their notes.
 * "wide" lays them out across the donate page; "narrow" fits an appeal's side column.
 */
type Layout = "wide" | "narrow";

/** The amount as typed, read by the server's own rule, so the button, the summary and the fee cover agree with it. */
export function readGiftAmount(field: FieldMetadata<string>) {
  const text = String(field.value ?? "").trim();
  const check = donationSchema.shape.amount.safeParse(text);
  const amount = check.success ? check.data : 0;
  return {
    usable: check.success,
    amount,
    giftCents: check.success ? dollarsToCents(amount) : 0,
    problem: check.success
      ? null
      : text === ""
        ? `Enter an amount of at least ${formatDollars(MINIMUM_DONATION)} to continue.`
        : check.error.issues[0]?.message,
  };
}

/** The frequency chosen, One-Time until one is. */
export function readFrequency(field: FieldMetadata<string>): FormFrequency {
  return (FORM_FREQUENCIES as readonly string[]).includes(String(field.value))
    ? (field.value as FormFrequency)
    : "One-Time";
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields: only its update intent is used
export function AmountChoice<Fields extends Record<string, any>>({
  form,
  field,
  presets,
  layout,
}: {
  form: FormMetadata<Fields, string[]>;
  field: FieldMetadata<string>;
  presets: readonly number[];
  layout: Layout;
}) {
  const typed = readGiftAmount(field);
  const wide = layout === "wide";
  return (
    <fieldset>
      <legend className={`${wide ? "text-lg" : "text-base"} font-semibold text-slate-900`}>Choose an amount</legend>
      <div
        role="group"
        aria-label="Preset amounts"
        className={`mt-3 grid grid-cols-3 ${wide ? "gap-3 sm:grid-cols-6" : "gap-2"}`}
      >
        {presets.map((preset) => {
          const selected = typed.usable && typed.amount === preset;
          return (
            <button
              key={preset}
              {...form.update.getButtonProps({ name: field.name, value: String(preset) })}
              aria-pressed={selected}
              className={`rounded-lg border-2 font-semibold transition-colors ${wide ? "px-3 py-3 text-lg" : "px-2 py-2.5"} ${
                selected
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
              }`}
            >
              {formatDollars(preset)}
            </button>
          );
        })}
      </div>
      <div className={wide ? "mt-4 max-w-xs" : "mt-4"}>
        <label htmlFor={field.id} className="field-label">
          Amount (USD)
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          >
            $
          </span>
          <input
            {...getInputProps(field, { type: "number" })}
            key={field.key}
            min={MINIMUM_DONATION}
            step={0.01}
            inputMode="decimal"
            required
            placeholder="Other amount"
            className="field-input pl-7"
          />
        </div>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    </fieldset>
  );
}

export function FrequencyChoice({ field, layout }: { field: FieldMetadata<string>; layout: Layout }) {
  const wide = layout === "wide";
  return (
    <fieldset>
      <legend className={`${wide ? "text-lg" : "text-base"} font-semibold text-slate-900`}>How often?</legend>
      <div className={wide ? "mt-3 grid gap-3 sm:grid-cols-3" : "mt-3 space-y-2"}>
        {getCollectionProps(field, { type: "radio", options: [...FORM_FREQUENCIES] }).map((props) => (
          <label
            key={props.key}
            htmlFor={props.id}
            className={`flex cursor-pointer gap-3 rounded-lg border-2 border-slate-300 ${wide ? "p-4" : "p-3"} has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50`}
          >
            {/* The whole card picks the option, yet only its own words name it: the note is its description. */}
            <input
              {...props}
              key={props.key}
              aria-labelledby={`${props.id}-name`}
              aria-describedby={[`${props.id}-note`, props["aria-describedby"]].filter(Boolean).join(" ")}
              className="mt-1 accent-brand-700"
            />
            <span>
              <span id={`${props.id}-name`} className="block font-semibold text-slate-900">
                {props.value}
              </span>
              <span id={`${props.id}-note`} className="block text-sm text-slate-600">
                {frequencyNote(props.value as FormFrequency)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
