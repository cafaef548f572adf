import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ChangeAmountPanel, GiftHistory, PausePanel, ResumeButton, type HistoryLine } from "./recurring-change-forms";
import { useEscapeKey } from "~/ui/use-escape-key";
import { canPause, canResume, isChangeable } from "../rules/subscription-status";
import { dollarsToCents, formatDollars } from "~/shared/money";

/**
 * Staff's changes to a recurring gift on Subscriptions: the links in its row (change the
 * amount, pause or resume, its history), and the form or history they open by address
 * (?change=7, ?pause=7, ?history=7), above the list.
 */
export interface StaffGift {
  id: number;
  name: string;
  amount: number;
  interval: "month" | "year";
  payment_day: number;
  status: string;
  next_payment_date: string | null;
  resumes_at: string | null;
  stripe_subscription_id: string | null;
}

const TRANSIENT = ["change", "pause", "history", "done", "gift", "cancel", "canceled"];

/** This screen's address without any open form or notice (the page and anything else kept). */
export function useCloseTo(): string {
  const { search } = useLocation();
  const keep = new URLSearchParams(search);
  for (const name of TRANSIENT) keep.delete(name);
  return `/admin/subscriptions${keep.size ? `?${keep}` : ""}`;
}

function useOpenTo(): (param: string, id: number) => string {
  const closeTo = useCloseTo();
  return (param, id) => `${closeTo}${closeTo.includes("?") ? "&" : "?"}${param}=${id}`;
}

const giftWords = (gift: StaffGift) =>
  `${gift.name}'s ${formatDollars(gift.amount)} ${gift.interval === "year" ? "yearly" : "monthly"} gift`;

/** Change amount, Pause or Resume now, History: for a gift still running; History for any. */
export function SubscriptionChangeLinks({ gift }: { gift: StaffGift }) {
  const openTo = useOpenTo();
  return (
    <>
      {isChangeable(gift) ? (
        <Link
          to={openTo("change", gift.id)}
          preventScrollReset
          className="font-semibold text-brand-700 hover:underline"
          aria-label={`Change the amount of ${giftWords(gift)}`}
        >
          Change amount
        </Link>
      ) : null}
      {canResume(gift) ? <ResumeButton giftId={gift.id} label={`Resume ${giftWords(gift)} now`} /> : null}
      {canPause(gift) ? (
        <Link
          to={openTo("pause", gift.id)}
          preventScrollReset
          className="font-semibold text-brand-700 hover:underline"
          aria-label={`Pause ${giftWords(gift)}`}
        >
          Pause
        </Link>
      ) : null}
      <Link
        to={openTo("history", gift.id)}
        preventScrollReset
        className="font-semibold text-brand-700 hover:underline"
        aria-label={`History of ${giftWords(gift)}`}
      >
        History
      </Link>
    </>
  );
}

/** The form or history opened by the address, if any. */
export function SubscriptionChangePanel({
  changing,
  pausing,
  historyOf,
  history,
  timeZone,
  answer,
}: {
  changing: StaffGift | null;
  pausing: StaffGift | null;
  historyOf: StaffGift | null;
  history: HistoryLine[];
  timeZone: string;
  answer?: unknown;
}) {
  const closeTo = useCloseTo();
  const asChangeable = (gift: StaffGift) => ({
    id: gift.id,
    amountCents: dollarsToCents(gift.amount),
    interval: gift.interval,
    nextPaymentDate: gift.next_payment_date,
    paymentDay: gift.payment_day,
  });
  if (changing) {
    return (
      <ChangeAmountPanel
        gift={asChangeable(changing)}
        title={`Change the amount of ${giftWords(changing)}`}
        cancelTo={closeTo}
        answer={answer}
        timeZone={timeZone}
      />
    );
  }
  if (pausing) {
    return (
      <PausePanel
        gift={asChangeable(pausing)}
        title={`Pause ${giftWords(pausing)}`}
        cancelTo={closeTo}
        answer={answer}
        timeZone={timeZone}
      />
    );
  }
  if (historyOf) return <HistoryPanel gift={historyOf} history={history} timeZone={timeZone} closeTo={closeTo} />;
  return null;
}

function HistoryPanel({
  gift,
  history,
  timeZone,
  closeTo,
}: {
  gift: StaffGift;
  history: HistoryLine[];
  timeZone: string;
  closeTo: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const navigate = useNavigate();
  const panelRef = useEscapeKey<HTMLElement>(() => navigate(closeTo, { preventScrollReset: true }));
  return (
    <section
      ref={panelRef}
      aria-labelledby="history-title"
      className="rounded-xl border border-slate-300 bg-white p-6 shadow-sm"
    >
      <h2 id="history-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        History of {giftWords(gift)}
      </h2>
      <div className="mt-3">
        <GiftHistory history={history} timeZone={timeZone} />
      </div>
      <Link to={closeTo} preventScrollReset className="btn-secondary mt-4 inline-block">
        Close
      </Link>
    </section>
  );
}
