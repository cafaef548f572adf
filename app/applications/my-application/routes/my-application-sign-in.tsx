import { Form, Link, redirect } from "react-router";
import { refuseWhileApplicationsClosed } from "~/applications/privacy/index.server";
import type { Route } from "./+types/my-application-sign-in";
import { PageHero } from "~/ui/page-hero";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import { APPLICANT_LINK_MINUTES } from "../rules/my-application";
import { redeemApplicantLink } from "../server/applicant-links.server";
import { startApplicantSession } from "../server/applicant-session.server";

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "My application | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * The emailed link lands here and asks for one press: mail scanners that open links to check
 * them must not use up a family's single-use link, and only a POST does.
 */
export function loader({ url }: Route.LoaderArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  const token = String((await readFormBody(request)).get("token") ?? "");
  const emailKey = await redeemApplicantLink(token);
  if (!emailKey) return { expired: true };
  return redirect("/my-application", {
    status: 303,
    headers: { "Set-Cookie": await startApplicantSession(emailKey, request) },
  });
}

export default function MyApplicationSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero id="sign-in-title" eyebrow="Help from the foundation" title="My application" />
      <div className="container-page max-w-xl py-12">
        {actionData?.expired ? (
          <div role="alert" className="space-y-3">
            <p className="text-lg font-semibold text-slate-900">This link has expired or was already used.</p>
            <p className="text-slate-700">
              Links work once, within {APPLICANT_LINK_MINUTES} minutes. Ask for a new one and it will arrive in a
              moment.
            </p>
            <Link to="/my-application" className="btn-primary">
              Email me a new link
            </Link>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-slate-700">
              Press the button to open your application. For your safety the link works once.
            </p>
            <button type="submit" className="btn-primary">
              Open my application
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
