import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ChangeAmountPanel, GiftHistory, PausePanel, ResumeButton, type HistoryLine } from "./recurring-change-forms";
import { canPause, canResume, isCancelable, isChangeable } from "../rules/subscription-status";
import { formatExactCents } from "~/shared/money";
import { recurringStatusWords } from "./recurring-gift-status";

/**
 * A donor's monthly and yearly gifts on My giving: each with where it stands, what the
 * donor can do with it (change the amount, pause, resume, cancel, update the card), the
 * form for the change they opened, and its history.
 */
export interface MyRecurringGiftView {
  id: number;
  amount_cents: number;
  fee_cover_cents: number;
  interval: "month" | "year";
  payment_day: number;
  payment_month: number;
  purpose: string;
  appeal: string;
  status: string;
  stripe_subscription_id: string | null;
  next_payment_date: string | null;
  resumes_at: string | null;
  /** While past due: the provider's next try at the charge (null once it stopped trying). */
  next_retry_at?: string | null;
  card_on_file: boolean;
  history: HistoryLine[];
}

/** Which gift's form is open (?change=7, ?pause=7), if any. */
export interface OpenChange {
  change: number | null;
  pause: number | null;
}

const giftWords = (gift: MyRecurringGiftView) => `${formatExactCents(gift.amount_cents)} every ${gift.interval}`;

export function RecurringGiftList({
  recurring,
  timeZone,
  open,
  answer,
  done,
}: {
  recurring: MyRecurringGiftView[];
  timeZone: string;
  open: OpenChange;
  answer?: unknown;
  /** A change was just made: its confirmation takes the focus, not the link that opened the form. */
  done: boolean;
}) {
  useFocusBackWhenClosed(open.change, done, "data-change-for");
  useFocusBackWhenClosed(open.pause, done, "data-pause-for");
  if (recurring.length === 0) return <p className="text-slate-600">You have no monthly or yearly gifts.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {recurring.map((gift) => (
        <li key={gift.id} className="space-y-3 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-semibold text-slate-900">
                {giftWords(gift)} · {gift.purpose || "General Donation"}
                {gift.appeal ? ` · ${gift.appeal}` : ""}
              </p>
              {gift.fee_cover_cents > 0 ? (
                <p className="text-sm text-slate-600">
                  With {formatExactCents(gift.fee_cover_cents)} added each time to cover the card fee
                </p>
              ) : null}
              <p className="text-sm text-slate-600">{recurringStatusWords(gift, timeZone)}</p>
            </div>
            <GiftActions gift={gift} />
          </div>
          {open.change === gift.id ? (
            <ChangeAmountPanel
              gift={{
                id: gift.id,
                amountCents: gift.amount_cents,
                interval: gift.interval,
                nextPaymentDate: gift.next_payment_date,
                paymentDay: gift.payment_day,
              }}
              title={`Change the amount of your gift of ${giftWords(gift)}`}
              cancelTo="/my-giving"
              answer={answer}
              timeZone={timeZone}
            />
          ) : null}
          {open.pause === gift.id ? (
            <PausePanel
              gift={{
                id: gift.id,
                amountCents: gift.amount_cents,
                interval: gift.interval,
                nextPaymentDate: gift.next_payment_date,
                paymentDay: gift.payment_day,
              }}
              title={`Pause your gift of ${giftWords(gift)}`}
              cancelTo="/my-giving"
              answer={answer}
              timeZone={timeZone}
            />
          ) : null}
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">History</summary>
            <div className="mt-2">
              <GiftHistory history={gift.history} timeZone={timeZone} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** What the donor can do with one gift; an ended gift offers nothing. */
function GiftActions({ gift }: { gift: MyRecurringGiftView }) {
  const changeable = isChangeable(gift);
  const words = giftWords(gift);
  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* The card behind the gift: the provider's own page (Stripe keeps it; the sandbox simulates it for a declined
          card). */}
      {gift.card_on_file ? (
        <Form method="post">
          <input type="hidden" name="id" value={gift.id} />
          <button type="submit" name="intent" value="update-card" className="btn-secondary px-3 py-1.5 text-sm">
            Update payment card
          </button>
        </Form>
      ) : null}
      {changeable ? (
        <Link
          to={`/my-giving?change=${gift.id}`}
          preventScrollReset
          data-change-for={gift.id}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={`Change the amount of the gift of ${words}`}
        >
          Change amount
        </Link>
      ) : null}
      {canResume(gift) ? <ResumeButton giftId={gift.id} label={`Resume the gift of ${words} now`} /> : null}
      {canPause(gift) ? (
        <Link
          to={`/my-giving?pause=${gift.id}`}
          preventScrollReset
          data-pause-for={gift.id}
          className="font-semibold text-brand-700 hover:underline"
          aria-label={`Pause the gift of ${words}`}
        >
          Pause
        </Link>
      ) : null}
      {isCancelable(gift.status) ? (
        <Link
          to={`/my-giving?cancel=${gift.id}`}
          preventScrollReset
          className="font-semibold text-red-700 hover:underline"
          aria-label={`Cancel the gift of ${words}`}
        >
          Cancel
        </Link>
      ) : null}
    </div>
  );
}

/**
 * When a form closes without a change ('Keep it as it is', Escape), the focus goes back to
 * the link that opened it, so a keyboard user carries on where they were.
 */
function useFocusBackWhenClosed(openFor: number | null, done: boolean, opener: string) {
  const previous = useRef(openFor);
  useEffect(() => {
    const closed = previous.current;
    previous.current = openFor;
    if (closed !== null && openFor === null && !done)
      document.querySelector<HTMLElement>(`[${opener}="${closed}"]`)?.focus();
  }, [openFor, done, opener]);
}
