import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/my-giving";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { Notice } from "~/ui/notice";
import { FormAlert } from "~/ui/form-alert";
import { Honeypot } from "~/ui/honeypot";
import { useFocusOnArrival } from "~/ui/use-focus-on-arrival";
import { PageHero } from "~/ui/page-hero";
import { formatDate } from "~/shared/dates";
import { formatExactCents } from "~/shared/money";
import { parseRecordId } from "~/shared/record-id";
import { SIGN_IN_LINK_MINUTES } from "../rules/my-giving";
import { donorEmail, endDonorSession, PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import { requireRecordId } from "~/lib/record-ids.server";
import { formRefusalOrThrow, refuseUnknownIntent, type ProviderOutage } from "~/ui/form-replies.server";
import { visitorOf } from "~/lib/visitor.server";
import { ZakatRemindersSection } from "~/donors/zakat-reminders/index.ui";
import { MyRamadanNights } from "~/giving/ramadan-nights/index.ui";
import { ramadanSchedulesOf, stopMyRamadanNights } from "~/giving/ramadan-nights/index.server";
import {
  answerRecurringChange,
  isRecurringChangeIntent,
  type RecurringChangeRefusal,
} from "~/giving/recurring/index.server";
import { RecurringGiftList, recurringChangeDone, type RecurringChangeDone } from "~/giving/recurring/index.ui";
import { canPause, isCancelable, isChangeable } from "~/giving/recurring";
import {
  billingPortalFor,
  cancelMyRecurringGift,
  changeMyRecurringGift,
  givingOf,
  pauseMyRecurringGift,
  requestGivingLink,
  resumeMyRecurringGift,
} from "../server/my-giving.server";
import { deleteMyKeptFigures, deleteMyZakatReminder, zakatRemindersOf } from "~/donors/zakat-reminders/index.server";

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "My giving | Al-Amanah Foundation" },
  {
    name: "description",
    content:
      "See every gift you have given, with its receipt, your yearly statements, and your monthly or yearly gifts.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const email = await donorEmail(request);
  if (!email)
    return {
      signedIn: false as const,
      linkSent: url.searchParams.has("sent"),
      signedOut: url.searchParams.has("signed-out"),
    };
  const cancelId = parseRecordId(url.searchParams.get("cancel"));
  const giving = await givingOf(email);
  const zakatReminders = await zakatRemindersOf(email);
  const reminderNamed = (param: string) =>
    zakatReminders.find((reminder) => reminder.id === parseRecordId(url.searchParams.get(param))) ?? null;
  const openable = (param: string, may: (gift: (typeof giving.recurring)[number]) => boolean) =>
    giving.recurring.find((gift) => gift.id === parseRecordId(url.searchParams.get(param)) && may(gift))?.id ?? null;
  return {
    signedIn: true as const,
    ...giving,
    zakatReminders,
    deletingReminder: reminderNamed("delete-reminder"),
    deletingFigures: reminderNamed("delete-figures")?.figures ? reminderNamed("delete-figures") : null,
    reminderDeleted:
      url.searchParams.get("deleted") === "reminder"
        ? ("reminder" as const)
        : url.searchParams.get("deleted") === "figures"
          ? ("figures" as const)
          : null,
    canceling: giving.recurring.find((gift) => gift.id === cancelId && isCancelable(gift.status)) ?? null,
    canceled: url.searchParams.has("canceled"),
    open: { change: openable("change", isChangeable), pause: openable("pause", canPause) },
    done: recurringChangeDone(url.searchParams.get("done")),
    ...(await myRamadanNights(email, url.searchParams)),
  };
}

/**
 * The donor's nights of Ramadan, and the one whose remaining nights they are asked to confirm stopping
 * (?stop-ramadan=7).
 */
async function myRamadanNights(email: string, params: URLSearchParams) {
  const ramadanSchedules = await ramadanSchedulesOf(email);
  const stopId = parseRecordId(params.get("stop-ramadan"));
  return {
    ramadanSchedules,
    stoppingRamadan:
      ramadanSchedules.find((schedule) => schedule.id === stopId && schedule.status === "active") ?? null,
    ramadanStopped: params.has("ramadan-stopped"),
  };
}

type LinkAnswer = { error: string; field?: string; email?: string };
type ActionAnswer = LinkAnswer | RecurringChangeRefusal;

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormBody(request)) as Record<string, string>;
  const intent = form.intent;
  if (intent === "request-link") {
    try {
      await requestGivingLink(form, visitorOf(request, context));
      // The same answer whether or not this address has given.
      return redirect("/my-giving?sent=1", 303);
    } catch (error) {
      const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
      const field = fieldErrors ? { field: "email" } : {};
      return data<ActionAnswer>(
        { error: fieldErrors?.email?.[0] ?? message, ...field, email: form.email },
        { status, headers },
      );
    }
  }
  const email = await donorEmail(request);
  if (!email) return redirect("/my-giving", 303);
  if (intent === "sign-out")
    return redirect("/my-giving?signed-out=1", {
      status: 303,
      headers: { "Set-Cookie": await endDonorSession(request) },
    });
  if (intent === "cancel") {
    try {
      await cancelMyRecurringGift(email, requireRecordId(form.id));
      return redirect("/my-giving?canceled=1", 303);
    } catch (error) {
      return refusalAnswer(error, "That recurring gift is no longer active.", {
        what: "A donor's cancellation failed",
        message: "We couldn't reach our payment provider, so the gift was not stopped. Please try again in a moment.",
      });
    }
  }
  if (isRecurringChangeIntent(intent)) {
    return answerRecurringChange(
      intent,
      form,
      (change, id, input) =>
        change === "change"
          ? changeMyRecurringGift(email, id, input)
          : change === "pause"
            ? pauseMyRecurringGift(email, id, input)
            : resumeMyRecurringGift(email, id),
      { doneTo: (change) => `/my-giving?done=${change}`, notFound: "That recurring gift is not yours to change." },
    );
  }
  if (intent === "delete-reminder" || intent === "delete-figures") {
    try {
      const id = requireRecordId(form.id);
      await (intent === "delete-reminder" ? deleteMyZakatReminder(email, id) : deleteMyKeptFigures(email, id));
      return redirect(`/my-giving?deleted=${intent === "delete-reminder" ? "reminder" : "figures"}`, 303);
    } catch (error) {
      const { status, message, headers } = formRefusalOrThrow(error);
      return data<ActionAnswer>(
        { error: status === 404 ? "That reminder is not yours, or is already deleted." : message },
        { status, headers },
      );
    }
  }
  if (intent === "stop-ramadan") {
    try {
      await stopMyRamadanNights(email, requireRecordId(form.id));
      return redirect("/my-giving?ramadan-stopped=1", 303);
    } catch (error) {
      const { status, message, headers } = formRefusalOrThrow(error);
      return data<ActionAnswer>(
        {
          error:
            status === 404 || status === 409 ? "Those Ramadan nights are not yours, or are already stopped." : message,
        },
        { status, headers },
      );
    }
  }
  if (intent === "update-card") {
    try {
      const portal = await billingPortalFor(email, requireRecordId(form.id));
      if (portal) return redirect(portal, 303);
      return data<ActionAnswer>({ error: "There is no card on file to update for this gift." }, { status: 409 });
    } catch (error) {
      return refusalAnswer(error, "That recurring gift is not yours to change.", {
        what: "Opening a donor's billing page failed",
        message: "We couldn't reach our payment provider. Please try again in a moment.",
      });
    }
  }
  return refuseUnknownIntent(request, intent);
}

/**
 * A refused change to a recurring gift as the line above it: one the donor cannot change
 * (not theirs, or no longer active) in the page's own words, never a provider's status.
 */
function refusalAnswer(error: unknown, cannotChange: string, outage: ProviderOutage) {
  const { status, message, headers } = formRefusalOrThrow(error, outage);
  const words = status === 404 || status === 409 ? cannotChange : message;
  return data<ActionAnswer>({ error: words }, { status, headers });
}

export default function MyGiving({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero id="my-giving-title" eyebrow="Donor care" title="My giving">
        <p>
          Every gift you have given, with its receipt; your totals and statements by year; and your monthly or yearly
          gifts.
        </p>
      </PageHero>
      <div className="container-page max-w-4xl py-12">
        {loaderData.signedIn ? (
          <Giving data={loaderData} answer={actionData} />
        ) : (
          <AskForLink
            linkSent={loaderData.linkSent}
            signedOut={loaderData.signedOut}
            answer={actionData as LinkAnswer | undefined}
          />
        )}
      </div>
    </>
  );
}

function AskForLink({ linkSent, signedOut, answer }: { linkSent: boolean; signedOut: boolean; answer?: LinkAnswer }) {
  const navigation = useNavigation();
  const headingRef = useFocusOnArrival<HTMLHeadingElement>(!signedOut && !linkSent);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "request-link";
  return (
    <section aria-labelledby="sign-in-title" className="max-w-xl rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="sign-in-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Sign in with your email
      </h2>
      <p className="mt-2 text-slate-700">
        Enter the email address you gave with. We'll send a link that opens your giving; it works once, within{" "}
        {SIGN_IN_LINK_MINUTES} minutes. No password needed.
      </p>
      <div>
        {linkSent && !answer ? (
          <Notice focus="on-arrival" className="mt-4 text-base">
            If this address has given with us, a link is on its way. Please check your inbox (and your spam folder).
          </Notice>
        ) : signedOut && !answer ? (
          <Notice focus="on-arrival" className="mt-4 text-base">
            You are signed out. To see your giving again, ask for a new link.
          </Notice>
        ) : null}
      </div>
      <Form method="post" className="mt-4 space-y-4" noValidate={false}>
        <input type="hidden" name="intent" value="request-link" />
        <div>
          <label htmlFor="giving-email" className="field-label">
            Email
          </label>
          <input
            id="giving-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={answer?.email ?? ""}
            aria-invalid={answer?.field === "email" ? true : undefined}
            aria-describedby={answer?.field === "email" ? "giving-email-error" : undefined}
            className="field-input"
          />
          {answer?.field === "email" ? (
            <p id="giving-email-error" className="field-error">
              {answer.error}
            </p>
          ) : null}
        </div>
        {answer && !answer.field ? <FormAlert errors={[answer.error]} /> : null}
        <Honeypot />
        <button
          type="submit"
          className="btn-primary"
          aria-disabled={sending}
          onClick={(event) => sending && event.preventDefault()}
        >
          {sending ? "Sending..." : "Email me a link"}
        </button>
      </Form>
    </section>
  );
}

/**
 * When the cancel confirmation closes without canceling ('Keep this gift', Escape), the
 * focus it held goes back to the list's heading rather than to the top of the page.
 */
function useFocusWhenClosed<T extends HTMLElement>(openFor: number | null, canceled: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(openFor);
  useEffect(() => {
    if (wasOpen.current !== null && openFor === null && !canceled) ref.current?.focus();
    wasOpen.current = openFor;
  }, [openFor, canceled]);
  return ref;
}

type SignedIn = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function Giving({ data: giving, answer }: { data: SignedIn; answer?: ActionAnswer }) {
  const { gifts, years, recurring, timeZone, canceling } = giving;
  const done: RecurringChangeDone | null = giving.done;
  const signedInRef = useFocusOnArrival<HTMLParagraphElement>(!giving.canceled && !done);
  const recurringRef = useFocusWhenClosed<HTMLHeadingElement>(canceling?.id ?? null, giving.canceled);
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p ref={signedInRef} tabIndex={-1} className="text-slate-700">
          Signed in as <strong>{giving.email}</strong>
        </p>
        <Form method="post">
          <button type="submit" name="intent" value="sign-out" className="btn-secondary">
            Sign out
          </button>
        </Form>
      </div>
      <div>
        {giving.canceled ? (
          <Notice focus="on-arrival" className="mt-4 text-base">
            Your recurring gift is canceled: no further payments will be taken. Thank you for all you have given.
          </Notice>
        ) : null}
        {done ? (
          <Notice key={done} focus="on-arrival" className="mt-4 text-base">
            {done}
          </Notice>
        ) : null}
      </div>
      {answer && !answer.field ? <FormAlert errors={[answer.error]} /> : null}

      <section aria-labelledby="recurring-title" className="space-y-3">
        <h2 id="recurring-title" ref={recurringRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900">
          Monthly and yearly gifts
        </h2>
        {canceling ? (
          <ConfirmPanel
            question="Are you sure you want to cancel this recurring gift?"
            details={
              <p>
                {formatExactCents(canceling.amount_cents)} every {canceling.interval} for {canceling.purpose} will stop
                now. Gifts already given stay given.
              </p>
            }
            confirmLabel="Yes, cancel this gift"
            intent="cancel"
            fields={{ id: String(canceling.id) }}
            cancelTo="/my-giving"
            cancelLabel="Keep this gift"
          />
        ) : null}
        <RecurringGiftList
          recurring={recurring}
          timeZone={timeZone}
          open={giving.open}
          answer={answer}
          done={Boolean(done)}
        />
      </section>

      <MyRamadanNights
        schedules={giving.ramadanSchedules}
        stopping={giving.stoppingRamadan}
        stopped={giving.ramadanStopped}
      />

      <ZakatRemindersSection
        reminders={giving.zakatReminders}
        deletingReminder={giving.deletingReminder}
        deletingFigures={giving.deletingFigures}
        deleted={giving.reminderDeleted}
      />

      <section aria-labelledby="years-title" className="space-y-3">
        <h2 id="years-title" className="text-2xl font-semibold text-slate-900">
          By year
        </h2>
        {giving.testGifts > 0 ? (
          <p className="text-sm text-slate-600">
            Test payments (marked "test" below) are not counted in totals or statements: no money moved.
          </p>
        ) : null}
        {gifts.some((gift) => gift.fee_cover_cents > 0) ? (
          <p className="text-sm text-slate-600">
            Totals include the card fees you covered: all of it was given to the foundation.
          </p>
        ) : null}
        {years.length === 0 ? (
          <p className="text-slate-600">No gifts to total yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3">
            {years.map((year) => (
              <li key={year.year} className="rounded-xl border border-slate-200 p-4">
                <p className="text-sm text-slate-600">{year.year}</p>
                <p className="text-2xl font-bold text-slate-900">{formatExactCents(year.total_cents)}</p>
                <p className="text-sm text-slate-600">
                  {year.gifts} {year.gifts === 1 ? "gift" : "gifts"} ·{" "}
                  <Link to={`/my-giving/statement/${year.year}`} className="font-medium text-brand-700 underline">
                    Statement for {year.year}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="gifts-title" className="space-y-3">
        <h2 id="gifts-title" className="text-2xl font-semibold text-slate-900">
          Every gift
        </h2>
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Your gifts, newest first</caption>
            <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Date and receipt
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-3">
                  Purpose
                </th>
              </tr>
            </thead>
            {/* Three columns, each with a second line, so the table fits a phone without scrolling sideways. */}
            <tbody className="divide-y divide-slate-100">
              {gifts.map((gift) => (
                <tr key={gift.id} className="align-top">
                  <td className="px-3 py-3">
                    <span className="block whitespace-nowrap">{formatDate(gift.donated_at, timeZone)}</span>
                    {gift.receipt_path ? (
                      <Link
                        to={gift.receipt_path}
                        className="font-medium whitespace-nowrap text-brand-700 underline"
                        aria-label={`Receipt ${gift.receipt_number}`}
                      >
                        {gift.receipt_number}
                      </Link>
                    ) : (
                      <span className="whitespace-nowrap text-slate-600">{gift.receipt_number}</span>
                    )}
                  </td>
                  <td className="px-3 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                    {formatExactCents(gift.amount_cents)}
                    {gift.fee_cover_cents > 0 ? (
                      <span className="block text-xs font-normal text-slate-600">
                        + {formatExactCents(gift.fee_cover_cents)} card fee covered
                      </span>
                    ) : null}
                    {gift.is_test ? <span className="block text-xs font-normal text-amber-800">(test)</span> : null}
                  </td>
                  <td className="px-3 py-3">
                    <span className="block">{gift.purpose || "General Donation"}</span>
                    {gift.appeal ? <span className="block text-slate-600">Appeal: {gift.appeal}</span> : null}
                    {gift.designation ? <span className="block text-slate-600">{gift.designation}</span> : null}
                    {gift.tribute ? <span className="block text-slate-600">{gift.tribute}</span> : null}
                    <span className="block text-slate-600">{gift.frequency}</span>
                    {gift.anonymous ? (
                      <span className="block text-xs text-slate-600">Anonymous on public pages</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
