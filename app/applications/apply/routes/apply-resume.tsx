import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/apply-resume";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { PageHero } from "~/ui/page-hero";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { firstStepToDo } from "../rules/apply-steps";
import { openDraft } from "../server/application-drafts.server";
import { carryDraft } from "../server/draft-cookie.server";

export const meta: Route.MetaFunction = () => [{ title: "Continue your application | Al-Amanah Foundation" }];

/** Read as sent: no script. */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * The emailed link: this browser takes the draft up (its cookie) and goes on from the first
 * step still to do. A link whose draft was sent, or is past its thirty days, says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const draft = await openDraft(params.token);
  if (!draft) return data({ found: false }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  throw redirect(`/get-help/apply?step=${firstStepToDo(draft.body)}#step-title`, {
    headers: { ...PRIVATE_PAGE_HEADERS, "Set-Cookie": await carryDraft(draft.token, request) },
  });
}

export default function ApplyResume() {
  return (
    <>
      <PageHero id="resume-title" eyebrow="Get help" title="This link no longer works">
        <p>Your saved application was already sent, or it was saved more than 30 days ago.</p>
      </PageHero>
      <div className="container-page space-y-4 py-10">
        <p>
          If you sent your application, you can follow it on{" "}
          <Link to="/my-application" className="font-medium text-brand-700 underline">
            My application
          </Link>
          . Otherwise, please start a new one.
        </p>
        <p>
          <Link to="/get-help/apply" className="btn-primary">
            Start an application
          </Link>
        </p>
      </div>
    </>
  );
}
