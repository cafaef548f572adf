import { Form, Link } from "react-router";
import { ArrivalStatus } from "~/ui/arrival-status";
import { formatBothCalendars } from "~/shared/hijri";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import type { Route } from "./+types/zakat-reminder-confirm";
import {
  confirmZakatReminder,
  zakatReminderOfConfirmLink,
  type ZakatReminderView,
} from "../server/zakat-reminders.server";

/** The page names the donor's address: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your Zakat reminder | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * The confirmation link lands here and asks for one press (a POST), so a mail scanner
 * opening the link cannot plan reminders for someone who never agreed.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const reminder = await zakatReminderOfConfirmLink(token);
  return { token, reminder: reminder?.status === "awaiting_confirmation" ? reminder : null };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await readFormBody(request)).get("token") ?? "");
  return { confirmed: await confirmZakatReminder(token) };
}

export default function ConfirmZakatReminder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="confirm-reminder-title" className="container-page max-w-xl py-16">
      <h1 id="confirm-reminder-title" className="text-3xl font-bold text-slate-900">
        Zakat reminder
      </h1>
      {actionData ? (
        <ArrivalStatus>
          {actionData.confirmed ? (
            <Planned reminder={actionData.confirmed} />
          ) : (
            <p className="text-lg font-semibold text-slate-900">
              This link has already been used or is no longer valid. To ask for a reminder again, work out your Zakat on
              the calculator.
            </p>
          )}
          <Link to="/zakat-calculator" className="btn-secondary">
            Back to the Zakat Calculator
          </Link>
        </ArrivalStatus>
      ) : loaderData.reminder ? (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-700">
            Press the button to confirm that we may write to <strong>{loaderData.reminder.email}</strong> when your
            Zakat is due again, on {formatBothCalendars(loaderData.reminder.due_on)}.
          </p>
          <button type="submit" className="btn-primary">
            Confirm my reminder
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-slate-700">
          This link has already been used or is no longer valid. To ask for a reminder again, work out your Zakat on the{" "}
          <Link to="/zakat-calculator" className="font-medium text-brand-700 underline">
            Zakat Calculator
          </Link>
          .
        </p>
      )}
    </section>
  );
}

function Planned({ reminder }: { reminder: ZakatReminderView }) {
  return (
    <>
      <p className="text-lg font-semibold text-brand-800">Your reminder is confirmed.</p>
      <dl className="space-y-1 text-slate-700" data-testid="reminder-plan">
        <div>
          <dt className="inline font-medium">Your Zakat is due again on </dt>
          <dd className="inline">{formatBothCalendars(reminder.due_on)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">We will write to {reminder.email} on </dt>
          <dd className="inline">{formatBothCalendars(reminder.remind_on)}, ten days before.</dd>
        </div>
      </dl>
      <p className="text-slate-700">
        {reminder.figures
          ? "Your figures are kept, so the reminder opens the calculator with them."
          : "No figures are kept: the reminder opens an empty calculator."}{" "}
        Each reminder carries a link to stop them, and you can see or delete it in{" "}
        <Link to="/my-giving" className="font-medium text-brand-700 underline">
          My giving
        </Link>
        .
      </p>
    </>
  );
}
