import { Form, Link } from "react-router";
import { ArrivalStatus } from "~/ui/arrival-status";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import type { Route } from "./+types/newsletter-confirm";
import { addressOfNewsletterLink, confirmSubscription } from "../server/newsletter.server";

/** The page names the subscriber's address: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * The confirmation link lands here and asks for one press (a POST), so a mail scanner
 * opening the link cannot subscribe someone who never agreed.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, email: await addressOfNewsletterLink("confirm", token) };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await readFormBody(request)).get("token") ?? "");
  return { confirmed: await confirmSubscription(token) };
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="confirm-title" className="container-page max-w-xl py-16">
      <h1 id="confirm-title" className="text-3xl font-bold text-slate-900">
        Newsletter
      </h1>
      {actionData ? (
        <ArrivalStatus>
          {actionData.confirmed ? (
            <p className="text-lg font-semibold text-brand-800">
              Your subscription is confirmed. Welcome! Our next news will reach your inbox.
            </p>
          ) : (
            <p className="text-lg font-semibold text-slate-900">
              This link has already been used or is no longer valid. If you are not subscribed yet, subscribe again at
              the foot of any page.
            </p>
          )}
          <Link to="/" className="btn-secondary">
            Return to Home
          </Link>
        </ArrivalStatus>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-700">
            Press the button to confirm that you want the foundation's monthly news at{" "}
            {loaderData.email ? <strong>{loaderData.email}</strong> : "this address"}.
          </p>
          <button type="submit" className="btn-primary">
            Confirm my subscription
          </button>
        </Form>
      )}
    </section>
  );
}
