import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sandbox-billing";
import { readFormBody } from "~/lib/form-body.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { refuseUnknownIntent } from "~/ui/form-replies.server";
import { NotFoundError } from "~/lib/service-errors";
import { fixSandboxCardAndRetry, getSandboxBillingPage } from "~/giving/recurring/index.server";

/** The page is one donor's card, reached by a link that is its key: never kept by a browser or a shared proxy. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "Sandbox billing page (test mode, no real card)" },
  { name: "robots", content: "noindex" },
];

async function findOr404(id: string) {
  try {
    return await getSandboxBillingPage(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** Stands in for the card provider's billing page in sandbox mode: the test card can be put right. */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await findOr404(params.sessionId);
  return { card: page.card, owed: page.owed, expired: page.expired, returnUrl: page.session.return_url };
}

export async function action({ request, params }: Route.ActionArgs) {
  const intent = (await readFormBody(request)).get("intent");
  if (intent !== "update-card") refuseUnknownIntent(request, intent);
  await findOr404(params.sessionId);
  try {
    return redirect(await fixSandboxCardAndRetry(params.sessionId), 303);
  } catch (error) {
    // The page expired while it was open: it says so, as it would on opening.
    if (error instanceof NotFoundError) return data({ expired: true }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
    throw error;
  }
}

/** Striped and labelled like the sandbox checkout, so nobody takes it for a real billing page. */
export default function SandboxBilling({ loaderData: page, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main className="flex flex-1 items-start justify-center bg-[repeating-linear-gradient(45deg,#fef3c7,#fef3c7_16px,#fde68a_16px,#fde68a_32px)] px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border-4 border-dashed border-amber-700 bg-white p-8 shadow-xl">
        <p className="rounded bg-amber-800 px-3 py-1 text-center text-sm font-bold tracking-widest text-white uppercase">
          Sandbox · test mode · no real card
        </p>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Simulated billing page</h1>
        <p className="mt-2 text-sm text-slate-600">
          This site runs without payment keys, so this page stands in for the card provider's billing page. Updating the
          card here makes the test card good again; anything owed is then tried at once, as the provider would.
        </p>
        <p className="mt-6 rounded-lg border border-slate-200 px-4 py-3 text-sm" data-testid="sandbox-card">
          Test card: {page.card === "declined" ? "declined" : "good"}
          {page.owed > 0 ? ` · ${page.owed === 1 ? "one charge" : `${page.owed} charges`} owed` : ""}
        </p>
        {page.expired || actionData?.expired ? (
          <p role="alert" className="mt-8 text-slate-700">
            This billing page has expired. Open it again from the link you were sent.
          </p>
        ) : (
          <Form method="post" className="mt-8 flex flex-wrap gap-3">
            <button type="submit" name="intent" value="update-card" className="btn-primary flex-1" disabled={busy}>
              Update your card
            </button>
            <a href={page.returnUrl} className="btn-secondary flex-1 text-center">
              Return without changes
            </a>
          </Form>
        )}
      </div>
    </main>
  );
}
