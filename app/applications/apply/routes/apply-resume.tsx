import { data, Form, Link, redirect } from "react-router";
import { refuseWhileApplicationsClosed } from "~/applications/privacy/index.server";
import type { Route } from "./+types/apply-resume";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import { PageHero } from "~/ui/page-hero";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";
import { firstStepToDo } from "../rules/apply-steps";
import { draftIsOpen, takeUpDraft } from "../server/application-drafts.server";
import { carryDraft } from "../server/draft-cookie.server";

export const meta: Route.MetaFunction = () => [
  { title: "Continue your application | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/** Read as sent: no script. */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * The emailed link (decision 161), like the family's sign-in link: opening it (a GET, which
 * mail scanners do too) shows one button and nothing of the application, and changes nothing.
 * The press (a POST) uses the link up: the draft gets a new token, carried in this browser's
 * cookie, and the link opens nothing any more. A link used, sent or past its thirty days says so.
 */
export async function loader({ params }: Route.LoaderArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  if (await draftIsOpen(params.token)) return data({ found: true }, { headers: PRIVATE_PAGE_HEADERS });
  return data({ found: false }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  await readFormBody(request);
  const draft = await takeUpDraft(params.token);
  if (!draft) return data({ found: false }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  throw redirect(`/get-help/apply?step=${firstStepToDo(draft.body)}#step-title`, {
    status: 303,
    headers: { ...PRIVATE_PAGE_HEADERS, "Set-Cookie": await carryDraft(draft.token, request) },
  });
}

export default function ApplyResume({ loaderData, actionData }: Route.ComponentProps) {
  const found = (actionData ?? loaderData).found;
  if (found)
    return (
      <>
        <PageHero id="resume-title" eyebrow="Get help" title="Continue your application" />
        <div className="container-page max-w-xl space-y-4 py-10">
          <Form method="post" className="space-y-4">
            <p className="text-slate-700">
              Press the button to open your saved application in this browser. For your safety the link works once:
              after this it no longer opens your application. To continue later on another device, choose &ldquo;Save
              and come back later&rdquo; again and we will email you a new link.
            </p>
            <button type="submit" className="btn-primary">
              Continue your application
            </button>
          </Form>
        </div>
      </>
    );
  return (
    <>
      <PageHero id="resume-title" eyebrow="Get help" title="This link no longer works">
        <p>
          The link works once, and your saved application was already opened with it, or sent, or saved more than 30
          days ago.
        </p>
      </PageHero>
      <div className="container-page space-y-4 py-10">
        <p>
          If you opened it in another browser, continue there, or choose &ldquo;Save and come back later&rdquo; there
          for a new link. If you sent your application, you can follow it on{" "}
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
