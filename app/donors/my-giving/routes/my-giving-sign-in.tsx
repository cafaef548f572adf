import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/my-giving-sign-in";
import { PageHero } from "~/ui/page-hero";
import { startDonorSession, PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import { redeemGivingLink } from "../server/my-giving.server";

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "My giving | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * The emailed link lands here and asks for one press: mail scanners that open links to
 * check them must not use up a donor's single-use link, and only a POST does.
 */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await readFormBody(request)).get("token") ?? "");
  const email = await redeemGivingLink(token);
  if (!email) return { expired: true };
  return redirect("/my-giving", { status: 303, headers: { "Set-Cookie": await startDonorSession(email, request) } });
}

export default function MyGivingSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero id="sign-in-title" eyebrow="Donor care" title="My giving" />
      <div className="container-page max-w-xl py-12">
        {actionData?.expired ? (
          <div role="alert" className="space-y-3">
            <p className="text-lg font-semibold text-slate-900">This link has expired or was already used.</p>
            <p className="text-slate-700">
              Links work once, within 30 minutes. Ask for a new one and it will arrive in a moment.
            </p>
            <Link to="/my-giving" className="btn-primary">
              Email me a new link
            </Link>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-slate-700">Press the button to open your giving. For your safety the link works once.</p>
            <button type="submit" className="btn-primary">
              Open my giving
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
