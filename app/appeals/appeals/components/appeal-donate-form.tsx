import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import {
  AmountChoice,
  FrequencyChoice,
  readFrequency,
  readGiftAmount,
  GiftChoices,
  isTicked,
  CanceledCheckoutNotice,
  useKeptDonor,
} from "~/giving/donate/index.ui";
import { InputField } from "~/ui/form-fields";
import { useHydrated } from "~/ui/use-hydrated";
import {
  donationSchema,
  type DonationRequest,
  feeCoverCents,
  giftWithFeeWords,
  type CardFee,
  type FormFrequency,
} from "~/giving/donate";

/**
 * What the form starts with: empty, or the gift kept from a canceled checkout
 * (?amount=&frequency=&anonymous=on&cover_fees=on).
 */
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

const WHEN: Record<FormFrequency, string> = {
  "One-Time": "once",
  Monthly: "today and every month",
  Annually: "today and every year",
};

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

  const { usable, giftCents, problem } = readGiftAmount(fields.amount);
  const frequency = readFrequency(fields.frequency);
  const coverCents = isTicked(fields.cover_fees) ? feeCoverCents(giftCents, cardFee) : 0;
  const summary = usable
    ? `You will give ${giftWithFeeWords(giftCents, coverCents)} ${WHEN[frequency]} to ${appeal.title}, through a secure hosted checkout.`
    : problem;

  return (
    <Form method="post" action={`/appeals/${appeal.slug}#give`} {...getFormProps(form)} className="space-y-6">
      {checkoutCanceled ? (
        <CanceledCheckoutNotice
          kept="The amount and frequency you chose are kept below, with your ticks."
          restored={restored}
        />
      ) : null}
      <input type="hidden" name={fields.appeal.name} value={appeal.slug} />

      <AmountChoice form={form} field={fields.amount} presets={presets} layout="narrow" />
      <FrequencyChoice field={fields.frequency} layout="narrow" />

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
        <button type="submit" className="btn-gold w-full py-3 text-lg" disabled={processing || (hydrated && !usable)}>
          {processing ? "Processing..." : "Donate Now"}
        </button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {summary}
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
