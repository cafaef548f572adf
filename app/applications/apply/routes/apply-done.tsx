import { Link } from "react-router";
import type { Route } from "./+types/apply-done";
import { readReference } from "~/applications/records";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { PageHero } from "~/ui/page-hero";
import { PAGE_WITHOUT_SCRIPTS } from "~/ui/page-scripts";

export const meta: Route.MetaFunction = () => [{ title: "Application sent | Al-Amanah Foundation" }];

/** Read as sent: no script. */
export const handle = PAGE_WITHOUT_SCRIPTS;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/** Where a sent application lands: its reference (from the address; a reference alone tells nothing of the family). */
export function loader({ url }: Route.LoaderArgs) {
  return { ref: readReference(url.searchParams.get("ref") ?? "") };
}

export default function ApplyDone({ loaderData: { ref } }: Route.ComponentProps) {
  return (
    <>
      <PageHero id="done-title" eyebrow="Get help" title="Your application is sent">
        <p>Thank you. A case worker will look at it.</p>
      </PageHero>
      <div className="container-page max-w-3xl space-y-5 py-10 text-slate-800">
        {ref ? (
          <p className="rounded-xl border border-brand-200 bg-brand-50 px-5 py-4 text-lg">
            Your reference number is <strong data-testid="application-ref">{ref}</strong>. Please quote it whenever you
            contact us.
          </p>
        ) : null}
        <h2 className="text-xl font-semibold text-slate-900">What happens next</h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>We have sent you an email with your reference and a link to My application.</li>
          <li>
            A case worker looks at your application. If we need documents, such as a bank statement or a bill, we write
            to you and you send them from your own page.
          </li>
          <li>We tell you our decision, and why, by email and on your page.</li>
        </ol>
        <p>
          You can follow your application, read our messages and send documents on{" "}
          <Link to="/my-application" className="font-medium text-brand-700 underline">
            My application
          </Link>
          : sign in there with the email address you gave.
        </p>
      </div>
    </>
  );
}
