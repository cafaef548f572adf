import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useEscapeKey } from "~/ui/use-escape-key";
import { MINIMUM_DONATION } from "~/giving/donate";
import { resumingChargeDay, type RecurringChangeActor, type RecurringChangeKind } from "../rules/recurring-changes";
import { PAUSE_CHARGES, resumingCharge } from "../rules/recurring-pause";
import { formatDate } from "~/shared/dates";
import { centsToDollars, formatExactCents } from "~/shared/money";

/**
 * Changing a recurring gift's amount and pausing it, the same on My giving and on
 * Subscriptions: small forms opened by an address (?change=7, ?pause=7), so they work
 * without JavaScript; with it, the focus moves into the form as it opens, onto a refused
 * field, and Escape or 'Keep it as it is' closes it. And a gift's history, oldest first.
 */
export interface ChangeableGift {
  id: number;
  amountCents: number;
  interval: "month" | "year";
  nextPaymentDate: string | null;
  /** The day of the month it is charged on (a shorter month's last day stands in for it). */
  paymentDay: number;
}

/** A gift as the words about its pause need it. */
export interface PausableGift {
  resumes_at: string | null;
  interval: "month" | "year";
  payment_day: number;
  payment_month: number;
}

/** A refused change, as the form it came from shows it (what `answerRecurringChange` answers). */
export interface ChangeRefusal {
  intent: string;
  id: string;
  error: string;
  field?: string;
  values: { amount?: string; charges?: string };
}

const chargeWord = (count: number) => (count === 1 ? "1 charge" : `${count} charges`);

/** The date of the charge a paused gift resumes with ("Mar 12, 2027"); null when it is not paused. */
export function resumingChargeDate(gift: PausableGift, timeZone: string): string | null {
  const schedule = { interval: gift.interval, paymentDay: gift.payment_day, paymentMonth: gift.payment_month };
  return gift.resumes_at ? resumingChargeDay(gift.resumes_at, schedule, timeZone) : null;
}

/** "Paused · resumes with the charge on Mar 12, 2027" while paused; null otherwise. */
export function pausedWords(gift: PausableGift, timeZone: string): string | null {
  const resumesWith = resumingChargeDate(gift, timeZone);
  return resumesWith ? `Paused · resumes with the charge on ${resumesWith}` : null;
}

/** The refusal for this form of this gift, or undefined. */
export function refusalFor(answer: unknown, intent: string, id: number): ChangeRefusal | undefined {
  const refusal = answer as Partial<ChangeRefusal> | undefined;
  return refusal?.intent === intent && refusal.id === String(id) && refusal.field
    ? (refusal as ChangeRefusal)
    : undefined;
}

function ChangePanel({
  titleId,
  title,
  intent,
  giftId,
  cancelTo,
  submitLabel,
  refused,
  children,
}: {
  titleId: string;
  title: string;
  intent: "change" | "pause";
  giftId: number;
  cancelTo: string;
  submitLabel: string;
  refused: boolean;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A refused field takes the focus itself; otherwise the form's heading, as it opens.
    if (!refused) headingRef.current?.focus();
  }, [refused]);
  const panelRef = useEscapeKey<HTMLElement>(() => {
    if (!busy) navigate(cancelTo, { preventScrollReset: true });
  });
  return (
    <section
      ref={panelRef}
      aria-labelledby={titleId}
      className="rounded-xl border-2 border-brand-700 bg-white p-6 shadow-sm"
    >
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="id" value={giftId} />
        {children}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value={intent}
            className="btn-primary"
            aria-disabled={busy}
            onClick={(event) => busy && event.preventDefault()}
          >
            {busy ? "Saving..." : submitLabel}
          </button>
          <Link to={cancelTo} preventScrollReset className="btn-secondary">
            Keep it as it is
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** Focuses the element when a refusal for it arrives. */
function useFocusOnRefusal<T extends HTMLElement>(refusal: ChangeRefusal | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (refusal) ref.current?.focus();
  }, [refusal]);
  return ref;
}

/**
 * What every change panel is given: the gift, its heading, the way out, the refused answer if any, the site's time
 * zone.
 */
interface ChangePanelProps {
  gift: ChangeableGift;
  title: string;
  cancelTo: string;
  answer?: unknown;
  timeZone: string;
}

/** A new amount, from the next charge; nothing is charged now. */
export function ChangeAmountPanel({ gift, title, cancelTo, answer, timeZone }: ChangePanelProps) {
  const refusal = refusalFor(answer, "change", gift.id);
  const inputRef = useFocusOnRefusal<HTMLInputElement>(refusal);
  const fieldId = `new-amount-${gift.id}`;
  const describedBy = [`${fieldId}-hint`, refusal ? `${fieldId}-error` : ""].filter(Boolean).join(" ");
  return (
    <ChangePanel
      titleId={`change-title-${gift.id}`}
      title={title}
      intent="change"
      giftId={gift.id}
      cancelTo={cancelTo}
      submitLabel="Change the amount"
      refused={Boolean(refusal)}
    >
      <div className="max-w-xs">
        <label htmlFor={fieldId} className="field-label">
          New amount (USD)
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          >
            $
          </span>
          <input
            ref={inputRef}
            id={fieldId}
            name="amount"
            type="number"
            inputMode="decimal"
            min={MINIMUM_DONATION}
            step={0.01}
            required
            defaultValue={refusal ? (refusal.values.amount ?? "") : String(centsToDollars(gift.amountCents))}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={describedBy}
            className="field-input pl-7"
          />
        </div>
        <p id={`${fieldId}-hint`} className="mt-1 text-sm text-slate-600">
          Now {formatExactCents(gift.amountCents)}. The new amount is taken from the next charge
          {gift.nextPaymentDate ? ` (${formatDate(gift.nextPaymentDate, timeZone)})` : ""}; nothing is charged now. The
          minimum is ${MINIMUM_DONATION}.
        </p>
        {refusal ? (
          <p id={`${fieldId}-error`} className="field-error">
            {refusal.error}
          </p>
        ) : null}
      </div>
    </ChangePanel>
  );
}

/** Skip the next one, two or three charges; the gift resumes by itself with the one after. */
export function PausePanel({ gift, title, cancelTo, answer, timeZone }: ChangePanelProps) {
  const refusal = refusalFor(answer, "pause", gift.id);
  const firstRef = useFocusOnRefusal<HTMLInputElement>(refusal);
  const chosen = refusal?.values.charges ?? "1";
  const resumesWith = (charges: (typeof PAUSE_CHARGES)[number]) =>
    gift.nextPaymentDate
      ? formatDate(
          resumingCharge(new Date(gift.nextPaymentDate), gift.interval, charges, gift.paymentDay).toISOString(),
          timeZone,
        )
      : null;
  return (
    <ChangePanel
      titleId={`pause-title-${gift.id}`}
      title={title}
      intent="pause"
      giftId={gift.id}
      cancelTo={cancelTo}
      submitLabel="Pause the gift"
      refused={Boolean(refusal)}
    >
      <fieldset aria-describedby={refusal ? `pause-error-${gift.id}` : undefined}>
        <legend className="field-label">Skip how many charges?</legend>
        <p className="text-sm text-slate-600">
          Nothing is charged while it is paused, and it resumes by itself. You can resume it sooner.
        </p>
        <div className="mt-2 space-y-2">
          {PAUSE_CHARGES.map((charges, index) => {
            const id = `pause-${gift.id}-${charges}`;
            const resumes = resumesWith(charges);
            return (
              <label
                key={charges}
                htmlFor={id}
                className="flex cursor-pointer gap-3 rounded-lg border-2 border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  ref={index === 0 ? firstRef : undefined}
                  id={id}
                  type="radio"
                  name="charges"
                  value={charges}
                  defaultChecked={chosen === String(charges)}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={resumes ? `${id}-when` : undefined}
                  className="mt-1 accent-brand-700"
                />
                <span>
                  {/* Named by the number of charges alone; when it resumes is its description. */}
                  <span id={`${id}-name`} className="block font-semibold text-slate-900">
                    {chargeWord(charges)}
                  </span>
                  {resumes ? (
                    <span id={`${id}-when`} className="block text-sm text-slate-600">
                      Resumes with the charge on {resumes}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
        {refusal ? (
          <p id={`pause-error-${gift.id}`} className="field-error">
            {refusal.error}
          </p>
        ) : null}
      </fieldset>
    </ChangePanel>
  );
}

/** 'Resume now': a paused gift is collected again from its next charge. */
export function ResumeButton({ giftId, label }: { giftId: number; label: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "resume" &&
    navigation.formData?.get("id") === String(giftId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={giftId} />
      <button
        type="submit"
        name="intent"
        value="resume"
        className="btn-secondary px-3 py-1.5 text-sm"
        aria-label={label}
        aria-disabled={busy}
        onClick={(event) => busy && event.preventDefault()}
      >
        {busy ? "Resuming..." : "Resume now"}
      </button>
    </Form>
  );
}

/** A line of a gift's history, as the services give it. */
export interface HistoryLine {
  kind: RecurringChangeKind;
  actor: RecurringChangeActor;
  actor_name: string;
  happened_at: string;
  words: string;
}

/**
 * Every change to a gift, oldest first, each with when and by whom (in its reader's words, from the services: "by you"
 * for the donor).
 */
export function GiftHistory({ history, timeZone }: { history: HistoryLine[]; timeZone: string }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No changes kept yet.</p>;
  return (
    <ol className="space-y-1 text-sm text-slate-700">
      {history.map((line, index) => (
        <li key={index}>
          <span className="whitespace-nowrap text-slate-600">{formatDate(line.happened_at, timeZone)}</span> ·{" "}
          {line.words}
        </li>
      ))}
    </ol>
  );
}
