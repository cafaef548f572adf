import { Form, Link } from "react-router";
import { ArrivalStatus } from "~/ui/arrival-status";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import type { Route } from "./+types/zakat-reminder-stop";
import { stopZakatReminder, zakatReminderOfStopLink } from "../server/zakat-reminders.server";

/** The page names the donor's address: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Stop Zakat reminders | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * Stopping takes one click: the page's button, or a mail app's own button, which posts
 * `List-Unsubscribe=One-Click` to /api/zakat-reminders/stop (RFC 8058).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const reminder = await zakatReminderOfStopLink(token);
  return { token, email: reminder?.email ?? null, stopped: reminder?.status === "stopped" };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  return { stopped: await stopZakatReminder(token) };
}

export default function StopZakatReminder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="stop-reminder-title" className="container-page max-w-xl py-16">
      <h1 id="stop-reminder-title" className="text-3xl font-bold text-slate-900">
        Stop Zakat reminders
      </h1>
      {actionData || loaderData.stopped ? (
        <ArrivalStatus>
          <p className="text-lg font-semibold text-slate-900">
            {actionData && !actionData.stopped
              ? "This link names no reminder: nothing was changed."
              : "Your Zakat reminders are stopped, and any figures kept for them are deleted. You will receive no more of them."}
          </p>
          <Link to="/" className="btn-secondary">
            Return to Home
          </Link>
        </ArrivalStatus>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {loaderData.email ? (
            <p className="text-slate-700">
              Press the button and <strong>{loaderData.email}</strong> will receive no more yearly Zakat reminders from
              the foundation.
            </p>
          ) : null}
          <button type="submit" className="btn-primary">
            Stop my reminders
          </button>
        </Form>
      )}
    </section>
  );
}
