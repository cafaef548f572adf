import { Form, Link } from "react-router";
import { ArrivalStatus } from "~/ui/arrival-status";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { addressOfNewsletterLink, unsubscribe } from "../server/newsletter.server";

/** The page names the subscriber's address: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Leave the newsletter | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * Leaving takes one click: the page's button, or a mail app's own button, which posts
 * `List-Unsubscribe=One-Click` to this address (RFC 8058) with the token in the query.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, email: await addressOfNewsletterLink("leave", token) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  return { unsubscribed: await unsubscribe(token) };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="leave-title" className="container-page max-w-xl py-16">
      <h1 id="leave-title" className="text-3xl font-bold text-slate-900">
        Leave the newsletter
      </h1>
      {actionData ? (
        <ArrivalStatus>
          <p className="text-lg font-semibold text-slate-900">
            {actionData.unsubscribed
              ? "You have left the newsletter. You will receive no more of it."
              : "This link names no subscription: nothing was changed."}
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
              Press the button and <strong>{loaderData.email}</strong> will receive no more of the foundation's
              newsletter.
            </p>
          ) : null}
          <button type="submit" className="btn-primary">
            Unsubscribe
          </button>
        </Form>
      )}
    </section>
  );
}
