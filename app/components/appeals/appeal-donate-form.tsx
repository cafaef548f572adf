import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { GiftChoices, isTicked } from "~/components/giving/gift-choices";
import { CanceledCheckoutNotice, useKeptDonor } from "~/components/giving/kept-donor";
import { FieldError } from "~/components/ui/field-error";
import { InputField } from "~/components/ui/form-fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { donationSchema, type DonationRequest } from "~/domain/giving/donation-schemas";
import { feeCoverCents, giftWithFeeWords, type CardFee } from "~/domain/giving/fee-cover";
import { FORM_FREQUENCIES, MINIMUM_DONATION, frequencyNote, type FormFrequency } from "~/domain/giving/gift-options";
import { dollarsToCents, formatDollars } from "~/domain/shared/money";

/** What the form starts with: empty, or the gift kept from a canceled checkout (?amount=&frequency=&anonymous=on&cover_fees=on). */
export interface AppealGiftStart {
  amount: string;
  frequency: FormFrequency;
  anonymous?: "on";
  cover_fees?: "on";
}

type AppealGiftFields = {
  amount: string;
  name: string;
  email: string;
  frequency: string;
  appeal: string;
  anonymous: boolean | string | undefined;
  cover_fees: boolean | string | undefined;
  tribute: { kind?: string; name?: string; email?: string } | undefined;
};

const WHEN: Record<FormFrequency, string> = { "One-Time": "once", Monthly: "today and every month", Annually: "today and every year" };

/**
 * The donate form of one appeal, already designated to it (the hidden `appeal`). It posts
 * to the appeal's own page, which starts the checkout: without JavaScript that is a plain
 * POST answered by a 303 to the hosted checkout, and a preset button only fills in the
 * amount. With JavaScript the same rules check each field as it is typed.
 */
export function AppealDonateForm({
  appeal,
  presets,
  start,
  checkoutCanceled,
  cardFee,
  lastResult,
  processing,
  sandbox,
}: {
  appeal: { slug: string; title: string; fund: { name: string; is_zakat: boolean } };
  presets: readonly number[];
  start: AppealGiftStart;
  /** Back from a canceled checkout (and not yet posted again). */
  checkoutCanceled: boolean;
  cardFee: CardFee;
  lastResult?: SubmissionResult<string[]>;
  processing: boolean;
  sandbox: boolean;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm<AppealGiftFields, DonationRequest>({
    id: "appeal-donate",
    lastResult,
    defaultValue: { ...start, appeal: appeal.slug },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const restored = useKeptDonor(form, checkoutCanceled);

  // The server's own rule for the amount, so the button, the summary and the fee cover agree with it.
  const amountText = String(fields.amount.value ?? "").trim();
  const amountCheck = donationSchema.shape.amount.safeParse(amountText);
  const amount = amountCheck.success ? amountCheck.data : 0;
  const giftCents = amountCheck.success ? dollarsToCents(amount) : 0;
  const frequency = (FORM_FREQUENCIES as readonly string[]).includes(String(fields.frequency.value)) ? (fields.frequency.value as FormFrequency) : "One-Time";
  const coverCents = isTicked(fields.cover_fees) ? feeCoverCents(giftCents, cardFee) : 0;
  const summary = amountCheck.success
    ? `You will give ${giftWithFeeWords(giftCents, coverCents)} ${WHEN[frequency]} to ${appeal.title}, through a secure hosted checkout.`
    : amountText === ""
      ? `Enter an amount of at least ${formatDollars(MINIMUM_DONATION)} to continue.`
      : amountCheck.error.issues[0]?.message;

  return (
    <Form method="post" action={`/appeals/${appeal.slug}#give`} {...getFormProps(form)} className="space-y-6">
      {checkoutCanceled ? <CanceledCheckoutNotice kept="The amount and frequency you chose are kept below, with your ticks." restored={restored} /> : null}
      <input type="hidden" name={fields.appeal.name} value={appeal.slug} />

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Choose an amount</legend>
        <div role="group" aria-label="Preset amounts" className="mt-3 grid grid-cols-3 gap-2">
          {presets.map((preset) => {
            const selected = amountCheck.success && amount === preset;
            return (
              <button
                key={preset}
                {...form.update.getButtonProps({ name: fields.amount.name, value: String(preset) })}
                aria-pressed={selected}
                className={`rounded-lg border-2 px-2 py-2.5 font-semibold transition-colors ${
                  selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
                }`}
              >
                {formatDollars(preset)}
              </button>
            );
          })}
        </div>
        <div className="mt-4">
          <label htmlFor={fields.amount.id} className="field-label">
            Amount (USD)
          </label>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
              $
            </span>
            <input
              {...getInputProps(fields.amount, { type: "number" })}
              key={fields.amount.key}
              min={MINIMUM_DONATION}
              step={0.01}
              inputMode="decimal"
              required
              placeholder="Other amount"
              className="field-input pl-7"
            />
          </div>
          <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">How often?</legend>
        <div className="mt-3 space-y-2">
          {getCollectionProps(fields.frequency, { type: "radio", options: [...FORM_FREQUENCIES] }).map((props) => (
            <label
              key={props.key}
              htmlFor={props.id}
              className="flex cursor-pointer gap-3 rounded-lg border-2 border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input {...props} key={props.key} className="mt-1 accent-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">{props.value}</span>
                <span className="block text-sm text-slate-600">{frequencyNote(props.value as FormFrequency)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={fields.frequency.errorId} errors={fields.frequency.errors} />
      </fieldset>

      <InputField field={fields.name} label="Full name" type="text" required autoComplete="name" />
      <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />

      <GiftChoices
        fields={{ anonymous: fields.anonymous, cover_fees: fields.cover_fees, tribute: fields.tribute }}
        giftCents={giftCents}
        cardFee={cardFee}
        destination="the appeal"
        isZakat={appeal.fund.is_zakat}
      />

      <div className="space-y-3">
        {form.errors ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-gold w-full py-3 text-lg" disabled={processing || (hydrated && !amountCheck.success)}>
          {processing ? "Processing..." : "Donate Now"}
        </button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {summary}
        </p>
        {sandbox ? <p className="text-sm text-slate-600">Test mode: you will see a simulated checkout, and no card is charged.</p> : null}
      </div>
    </Form>
  );
}
