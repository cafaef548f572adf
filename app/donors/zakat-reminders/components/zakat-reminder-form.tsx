import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Honeypot } from "~/ui/honeypot";
import { useFocusOnArrival } from "~/ui/use-focus-on-arrival";
import { KEEP_FIGURES_DESCRIPTION } from "../rules/zakat-reminders";
import { AMOUNT_FIELDS, type ZakatInputs } from "~/giving/zakat-calculator";

/** What the calculator's action answers to "Remind me": asked (check your inbox), or refused with the typed values. */
export type ZakatReminderReply =
  | { status: "asked"; message: string }
  | { status: "invalid"; error: string; field?: "email"; email: string; keep_figures: boolean };

/** The calculation's own fields, sent beside the request so that the figures can be kept. */
export const CALCULATION_FIELDS = [...AMOUNT_FIELDS, "nisab_basis", "agriculture_irrigation"] as const;

/**
 * "Remind me when my Zakat is due next year", under a calculation. Without JavaScript it
 * posts to the calculator's action with the calculation's figures as hidden fields and the
 * page answers with the calculation and this form's reply; with it, a fetcher posts the
 * same and the calculation stays as it is. Either way the server's answer (the shared
 * schema) words a bad address beside its field, as the site's other forms do.
 */
export function ZakatReminderForm({ figures, lastReply }: { figures: ZakatInputs; lastReply?: ZakatReminderReply }) {
  const fetcher = useFetcher<{ reminder: ZakatReminderReply }>();
  const reply = fetcher.data?.reminder ?? lastReply;
  const sending = fetcher.state !== "idle";
  const refused = reply?.status === "invalid" ? reply : null;
  // A refused address takes the focus, so the donor hears its error and can retype it.
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (fetcher.data?.reminder.status === "invalid") emailRef.current?.focus();
  }, [fetcher.data]);
  return (
    <section
      aria-labelledby="zakat-reminder-title"
      className="rounded-xl border border-slate-200 p-6 text-sm text-slate-700"
    >
      <h2 id="zakat-reminder-title" className="text-lg font-semibold text-slate-900">
        Remind me when my Zakat is due next year
      </h2>
      {reply?.status === "asked" ? (
        <Asked message={reply.message} />
      ) : (
        <fetcher.Form method="post" action="/zakat-calculator" className="mt-3 space-y-3" preventScrollReset noValidate>
          <p>
            A lunar year from today, we will write ten days before your Zakat is due again. We first ask you to confirm
            by email.
          </p>
          <input type="hidden" name="intent" value="remind-me" />
          {CALCULATION_FIELDS.map((name) => (
            <input key={name} type="hidden" name={name} value={String(figures[name])} />
          ))}
          <div>
            <label htmlFor="zakat-reminder-email" className="field-label">
              Email
            </label>
            <input
              ref={emailRef}
              id="zakat-reminder-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              defaultValue={refused?.email ?? ""}
              aria-invalid={refused?.field === "email" ? true : undefined}
              aria-describedby={refused?.field === "email" ? "zakat-reminder-email-error" : undefined}
              className="field-input"
            />
            {refused?.field === "email" ? (
              <p id="zakat-reminder-email-error" className="field-error">
                {refused.error}
              </p>
            ) : null}
          </div>
          <div className="flex items-start gap-2">
            <input
              id="zakat-reminder-keep"
              name="keep_figures"
              type="checkbox"
              value="on"
              defaultChecked={refused?.keep_figures ?? false}
              aria-describedby="zakat-reminder-keep-description"
              className="mt-1 accent-brand-700"
            />
            <div>
              <label htmlFor="zakat-reminder-keep" className="font-medium text-slate-900">
                Keep my figures so the reminder can open the calculator with them
              </label>
              <p id="zakat-reminder-keep-description" className="text-xs text-slate-600">
                {KEEP_FIGURES_DESCRIPTION}
              </p>
            </div>
          </div>
          {refused && refused.field !== "email" ? (
            <p role="alert" className="field-error">
              {refused.error}
            </p>
          ) : null}
          <Honeypot />
          <button
            type="submit"
            className="btn-secondary"
            aria-disabled={sending}
            onClick={(event) => sending && event.preventDefault()}
          >
            {sending ? "Sending..." : "Remind me"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

function Asked({ message }: { message: string }) {
  const ref = useFocusOnArrival<HTMLParagraphElement>();
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="mt-3 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800"
    >
      {message}
    </p>
  );
}
