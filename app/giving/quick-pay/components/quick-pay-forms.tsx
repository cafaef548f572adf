import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { ToBeConfirmed } from "~/ui/to-be-confirmed";
import { FieldError } from "~/ui/field-error";
import { OBLIGATION_LIMITS, quoteObligation, type Obligation } from "~/funds/funds";
import { formatBothCalendars } from "~/shared/hijri";
import { formatExactCents } from "~/shared/money";

/**
 * Quick pay's three forms (Zakat al-Fitr, Fidya, Kaffarah): plain GET forms that work
 * without JavaScript; with it, the amount shows as the donor types. The donate page
 * works the amount out again on the server, so what is shown here is only a preview.
 */
export interface RateView {
  cents: number;
  effective_on: string;
  authority: string;
  note: string;
  /** A starting rate the new site came with, not yet confirmed by staff. */
  to_confirm: boolean;
}

/** A request that came back incomplete: what was typed and what is missing. */
export interface QuickPayAsked {
  obligation: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}

/** The amount a request comes to at one rate, by the same rule the server uses. */
function previewCents(obligation: Obligation, rate: number, perFast = true): number {
  return quoteObligation(
    obligation,
    { fitrPerPersonCents: rate, fidyaPerDayCents: rate, kaffarahPerPersonCents: rate },
    { kaffarahPerFast: perFast },
  ).amountCents;
}

/** A whole number from 1 to `max` as typed, or null. */
function wholeNumber(text: string, max: number): number | null {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= 1 && value <= max ? value : null;
}

export function FitrForm({
  rate,
  eid,
  asked,
}: {
  rate: RateView;
  eid: { date: string; confirmed: boolean; passed: boolean };
  asked: QuickPayAsked | null;
}) {
  const [people, setPeople] = useState(asked?.values.people ?? "");
  const count = wholeNumber(people, OBLIGATION_LIMITS.people);
  return (
    <QuickPayCard
      id="fitr"
      title="Zakat al-Fitr"
      button="Continue to pay Zakat al-Fitr"
      rate={<RateLine rate={rate} per="per person" />}
      preview={
        count
          ? `${count} × ${formatExactCents(rate.cents)} = ${formatExactCents(previewCents({ kind: "fitr", people: count }, rate.cents))}`
          : null
      }
    >
      <p>
        Due at the end of Ramadan for every person in your household, dependants included. It must reach the poor before
        the Eid prayer.
      </p>
      {eid.passed ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900" data-testid="fitr-late">
          Eid al-Fitr began on {formatBothCalendars(eid.date)}. Zakat al-Fitr given after the Eid prayer is given as
          Sadaqa, so a gift made here now is recorded as general Sadaqa.
        </p>
      ) : (
        <p data-testid="fitr-eid">
          This year&apos;s Eid al-Fitr: {formatBothCalendars(eid.date)}
          {eid.confirmed
            ? ", as the foundation confirmed it."
            : ", by the Umm al-Qura calculation; the foundation confirms it when the moon is sighted."}
        </p>
      )}
      <input type="hidden" name="obligation" value="fitr" />
      <CountField
        form="fitr"
        name="people"
        label="People in your household"
        max={OBLIGATION_LIMITS.people}
        value={people}
        onChange={setPeople}
        errors={asked?.errors.people}
      />
    </QuickPayCard>
  );
}

export function FidyaForm({ rate, asked }: { rate: RateView; asked: QuickPayAsked | null }) {
  const [days, setDays] = useState(asked?.values.days ?? "");
  const count = wholeNumber(days, OBLIGATION_LIMITS.days);
  return (
    <QuickPayCard
      id="fidya"
      title="Fidya"
      button="Continue to pay Fidya"
      rate={<RateLine rate={rate} per="per day" />}
      preview={
        count
          ? `${count} × ${formatExactCents(rate.cents)} = ${formatExactCents(previewCents({ kind: "fidya", days: count }, rate.cents))}`
          : null
      }
    >
      <p>
        For one who cannot fast and is not expected to make the days up, through old age or a lasting illness: one poor
        person fed for each day missed.
      </p>
      <input type="hidden" name="obligation" value="fidya" />
      <CountField
        form="fidya"
        name="days"
        label="Days missed"
        max={OBLIGATION_LIMITS.days}
        value={days}
        onChange={setDays}
        errors={asked?.errors.days}
      />
    </QuickPayCard>
  );
}

export function KaffarahForm({
  rate,
  perFast,
  asked,
}: {
  rate: RateView;
  perFast: boolean;
  asked: QuickPayAsked | null;
}) {
  const [reason, setReason] = useState(asked?.values.reason ?? "fast");
  const [text, setText] = useState(asked?.values.count ?? "");
  const count = wholeNumber(text, OBLIGATION_LIMITS.fasts);
  const kind = reason === "oath" ? "oath" : "fast";
  const cents = count ? previewCents({ kind: "kaffarah", reason: kind, count }, rate.cents, perFast) : 0;
  const reasonError = asked?.errors.reason;
  return (
    <QuickPayCard
      id="kaffarah"
      title="Kaffarah"
      button="Continue to pay Kaffarah"
      rate={<RateLine rate={rate} per="per person fed" />}
      preview={
        count ? `${cents / rate.cents} people fed × ${formatExactCents(rate.cents)} = ${formatExactCents(cents)}` : null
      }
    >
      <p>
        A fast of Ramadan broken deliberately is expiated by fasting 60 days in a row or, for one who cannot, by feeding
        60 poor people. A broken oath (Qur&apos;an 5:89): feeding 10 poor people, or, for one who cannot, fasting three
        days.
      </p>
      <p data-testid="kaffarah-view">
        {perFast
          ? "The foundation follows the view that each broken fast needs its own Kaffarah: 60 people fed for every fast."
          : "The foundation follows the view that one Kaffarah covers several fasts broken in the same Ramadan: 60 people fed, however many fasts."}
      </p>
      <input type="hidden" name="obligation" value="kaffarah" />
      <fieldset
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? "kaffarah-reason-error" : undefined}
      >
        <legend className="field-label">What is it for?</legend>
        <div className="flex flex-wrap gap-3">
          {[
            { value: "fast", label: "A broken fast" },
            { value: "oath", label: "A broken oath" },
          ].map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="reason"
                value={option.value}
                defaultChecked={reason === option.value}
                onChange={() => setReason(option.value)}
                className="accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id="kaffarah-reason-error" errors={reasonError} />
      </fieldset>
      <CountField
        form="kaffarah"
        name="count"
        label="How many fasts or oaths"
        max={OBLIGATION_LIMITS.fasts}
        value={text}
        onChange={setText}
        errors={asked?.errors.count}
      />
    </QuickPayCard>
  );
}

function QuickPayCard({
  id,
  title,
  button,
  rate,
  preview,
  children,
}: {
  id: string;
  title: string;
  button: string;
  rate: ReactNode;
  preview: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col rounded-xl border border-slate-200 p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {rate}
      <Form method="get" action="/obligations" className="mt-4 flex flex-1 flex-col gap-4 text-sm text-slate-700">
        {children}
        <p aria-live="polite" className="min-h-5 font-medium text-slate-900" data-testid={`${id}-preview`}>
          {preview}
        </p>
        <button type="submit" className="btn-gold mt-auto">
          {button}
        </button>
      </Form>
    </section>
  );
}

function RateLine({ rate, per }: { rate: RateView; per: string }) {
  return (
    <div className="mt-2 text-sm text-slate-700">
      <p className="text-2xl font-bold text-brand-800" data-testid="rate">
        {formatExactCents(rate.cents)} <span className="text-base font-medium text-slate-700">{per}</span>
        {rate.to_confirm ? <ToBeConfirmed /> : null}
      </p>
      <p>
        In force from {formatBothCalendars(rate.effective_on)}. Set by: {rate.authority}.
        {rate.to_confirm ? " A starting rate the site came with, which our staff have yet to confirm." : null}
      </p>
      {rate.note ? <p className="text-slate-600">{rate.note}</p> : null}
    </div>
  );
}

function CountField({
  form,
  name,
  label,
  max,
  value,
  onChange,
  errors,
}: {
  form: string;
  name: string;
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const id = `${form}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        required
        defaultValue={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="field-input max-w-40"
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
