import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/update-card";
import { FormAlert } from "~/ui/form-alert";
import { PageHero } from "~/ui/page-hero";
import { nextTryWords, startAgainUrl } from "../rules/payment-troubles";
import { formatCents } from "~/shared/money";
import { getEnv } from "~/lib/env.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { formRefusalOrThrow } from "~/ui/form-replies.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { clientAddressContext } from "~/lib/request-context";
import { NotFoundError } from "~/lib/service-errors";
import { siteUrlFor } from "~/lib/site-url.server";
import { cardLinkPage, openCardUpdate } from "../server/card-links.server";

/** Never kept by a browser or a shared proxy; a refused press says when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = () => [
  { title: "Update your card | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * The link in a failed charge's mail. Opening it shows the gift and one button: mail
 * scanners that open links must not start billing sessions, and only a POST does. Each press
 * opens a fresh session at the card provider (its sessions soon expire), which returns here.
 */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const page = await cardLinkPage(params.token);
    return {
      found: true as const,
      ...page,
      timeZone: getEnv().SITE_TIMEZONE,
      restartPath: startAgainUrl("", {
        amountCents: page.amount_cents,
        interval: page.interval,
        purpose: page.purpose,
      }),
    };
  } catch (error) {
    if (error instanceof NotFoundError)
      return data({ found: false as const }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    // Each press calls the card provider: a flood from one connection is refused (429) before it.
    await limitPublicFormPosts("update-card", context.get(clientAddressContext));
    return redirect(await openCardUpdate(params.token, siteUrlFor(request)), 303);
  } catch (error) {
    const { status, message, headers } = formRefusalOrThrow(error, {
      what: "Opening a donor's billing page from a card link failed",
      message: "We couldn't reach our payment provider. Please try again in a moment.",
    });
    return data({ error: message }, { status, headers });
  }
}

export default function UpdateCard({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const opening = navigation.state !== "idle";
  return (
    <>
      <PageHero id="update-card-title" eyebrow="Donor care" title="Update your card" />
      <div className="container-page max-w-xl space-y-4 py-12">
        {!page.found ? (
          <div role="alert" className="space-y-3">
            <p className="text-lg font-semibold text-slate-900">This link has expired or is not known.</p>
            <p className="text-slate-700">You can still see and look after your recurring gifts from My giving.</p>
            <Link to="/my-giving" className="btn-primary">
              Open My giving
            </Link>
          </div>
        ) : (
          <>
            <p className="text-lg text-slate-900">
              Your {page.interval === "year" ? "yearly" : "monthly"} gift of{" "}
              <strong>{formatCents(page.amount_cents)}</strong>
              {page.purpose ? ` for ${page.purpose}` : ""}
              {page.is_test ? " (test)" : ""}
            </p>
            {page.outcome === "failed" ? (
              <>
                <p className="text-slate-700" id="card-status">
                  Its last charge did not go through ({nextTryWords(page.next_retry_at, page.timeZone)}).
                </p>
                <p className="text-slate-700">
                  Put the card right on our card payment provider's secure page; we never see your card number.
                </p>
                {actionData ? <FormAlert errors={[actionData.error]} /> : null}
                <Form method="post">
                  <button type="submit" className="btn-primary" aria-describedby="card-status" disabled={opening}>
                    {opening ? "Opening..." : "Update my card"}
                  </button>
                </Form>
              </>
            ) : page.outcome === "recovered" ? (
              <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-800">
                Thank you: the charge went through and your gift is back on track. There is nothing more to do.
              </p>
            ) : (
              <div className="space-y-3">
                <p className="text-slate-700">
                  This gift has stopped, and nothing more will be charged. If you would like to give again, the form is
                  filled in for you.
                </p>
                <Link to={page.restartPath} className="btn-primary">
                  Start my gift again
                </Link>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}
