import { Link } from "react-router";
import { useFocusOnArrival } from "~/ui/use-focus-on-arrival";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { formatBothCalendars } from "~/shared/hijri";

/** A reminder as My giving lists it (the donors service's ZakatReminderView). */
export interface MyZakatReminder {
  id: number;
  calculated_on: string;
  due_on: string;
  remind_on: string;
  status: "awaiting_confirmation" | "planned" | "stopped";
  figures: string | null;
}

const STATUS_WORDS: Record<MyZakatReminder["status"], string> = {
  awaiting_confirmation: "Waiting for you to confirm it from the mail we sent",
  planned: "Planned",
  stopped: "Stopped: no more reminders",
};

/**
 * My giving's Zakat reminders and the calculations kept with them. Deleting either asks
 * first, through an address (?delete-reminder=7, ?delete-figures=7), so it works without
 * JavaScript.
 */
export function ZakatRemindersSection({
  reminders,
  deletingReminder,
  deletingFigures,
  deleted,
}: {
  reminders: MyZakatReminder[];
  deletingReminder: MyZakatReminder | null;
  deletingFigures: MyZakatReminder | null;
  /** What the donor has just deleted, said once back on the page. */
  deleted: "reminder" | "figures" | null;
}) {
  return (
    <section aria-labelledby="zakat-reminders-title" className="space-y-3">
      <h2 id="zakat-reminders-title" className="text-2xl font-semibold text-slate-900">
        Zakat reminders
      </h2>
      {deleted ? <Deleted what={deleted} /> : null}
      {deletingReminder ? (
        <ConfirmPanel
          question="Delete this Zakat reminder?"
          details={
            <p>
              You will not be reminded on {formatBothCalendars(deletingReminder.remind_on)}
              {deletingReminder.figures ? ", and the figures kept with it are deleted too" : ""}.
            </p>
          }
          confirmLabel="Yes, delete the reminder"
          intent="delete-reminder"
          fields={{ id: String(deletingReminder.id) }}
          cancelTo="/my-giving"
          cancelLabel="Keep it"
        />
      ) : deletingFigures ? (
        <ConfirmPanel
          question="Delete the figures kept with this reminder?"
          details={<p>The reminder stays, and will open an empty calculator.</p>}
          confirmLabel="Yes, delete the figures"
          intent="delete-figures"
          fields={{ id: String(deletingFigures.id) }}
          cancelTo="/my-giving"
          cancelLabel="Keep them"
        />
      ) : null}
      {reminders.length === 0 ? (
        <p className="text-slate-600">
          You have no Zakat reminders. After working out your Zakat on the{" "}
          <Link to="/zakat-calculator" className="font-medium text-brand-700 underline">
            calculator
          </Link>
          , you can ask to be reminded when it is due again.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {reminders.map((reminder) => (
            <li
              key={reminder.id}
              className="flex flex-wrap items-start justify-between gap-3 p-4"
              data-testid="zakat-reminder"
            >
              <div className="space-y-1 text-sm text-slate-700">
                <p className="text-base font-semibold text-slate-900">
                  Zakat due again on {formatBothCalendars(reminder.due_on)}
                </p>
                <p>{STATUS_WORDS[reminder.status]}</p>
                {reminder.status === "stopped" ? null : <p>Reminder on {formatBothCalendars(reminder.remind_on)}</p>}
                <p>{reminder.figures ? `Figures kept: ${reminder.figures}` : "No figures kept"}</p>
              </div>
              <div className="flex flex-col items-end gap-1">
                {reminder.figures ? (
                  <Link
                    to={`/my-giving?delete-figures=${reminder.id}`}
                    preventScrollReset
                    className="font-semibold text-red-700 hover:underline"
                    aria-label={`Delete the figures kept with the reminder for ${formatBothCalendars(reminder.due_on)}`}
                  >
                    Delete figures
                  </Link>
                ) : null}
                <Link
                  to={`/my-giving?delete-reminder=${reminder.id}`}
                  preventScrollReset
                  className="font-semibold text-red-700 hover:underline"
                  aria-label={`Delete the reminder for ${formatBothCalendars(reminder.due_on)}`}
                >
                  Delete reminder
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Deleted({ what }: { what: "reminder" | "figures" }) {
  const ref = useFocusOnArrival<HTMLParagraphElement>();
  return (
    <p ref={ref} tabIndex={-1} role="status" className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800">
      {what === "reminder"
        ? "The reminder is deleted, with any figures kept for it."
        : "The kept figures are deleted. The reminder stays, without figures."}
    </p>
  );
}
