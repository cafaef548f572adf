import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-application-grant";
import { GrantPanel, type GrantReply } from "../components/grant-panel";
import { approvalSchema, closeSchema, declineSchema, paymentSchema } from "../rules/grant-rules";
import {
  applicationIdOf,
  approveApplication,
  closeApplication,
  declineApplication,
  grantOf,
  payApplication,
} from "../server/grants.server";
import { recordAudit } from "~/staff/audit/index.server";
import { readFormBody } from "~/lib/form-body.server";
import { adminContext } from "~/lib/request-context";
import { NotFoundError } from "~/lib/service-errors";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { Notice } from "~/ui/notice";
import { type z } from "~/shared/zod";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Decision and payment, ${params.ref} | Admin` }];

const DONE = {
  approved: "The grant is approved; its payments are due below.",
  declined: "The recommendation is declined; the family is sent the reason.",
  paid: "The payment is written to the Zakat ledger.",
  closed: "The case is closed.",
} as const;
type Done = keyof typeof DONE;

/**
 * /admin/applications/:ref/grant: where the grant panel's forms post (decide, pay, close). A
 * post that succeeds goes back to the page it came from (the case page); one that is refused
 * shows here, the panel with its errors and what was typed. Read on its own, it is the case's
 * grant panel, for staff who came from the payments-due list.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const id = await caseIdOr404(params.ref);
  const grant = await grantOf(id);
  await recordAudit({
    action: "view",
    entity: "application",
    entityId: params.ref,
    summary: `Application ${params.ref}: decision and payment viewed`,
  });
  const done = url.searchParams.get("done");
  return {
    ref: params.ref,
    grant,
    viewer: { id: admin.id, roles: admin.roles },
    done: done && done in DONE ? DONE[done as Done] : null,
  };
}

async function caseIdOr404(ref: string): Promise<number> {
  try {
    return await applicationIdOf(ref);
  } catch (error) {
    if (error instanceof NotFoundError) throw data("Application not found", { status: 404 });
    throw error;
  }
}

/** Back to the page the form was on (a case page), or to this one. */
function backTo(form: FormData, ref: string, done: Done): Response {
  const back = String(form.get("back") ?? "");
  const safe = /^\/admin\/applications\/[A-Za-z0-9-]+$/.test(back) ? back : `/admin/applications/${ref}/grant`;
  return redirect(`${safe}?done=${done}#grant`);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const form = await readFormBody(request);
  const intent = form.get("intent");
  const ref = params.ref;
  const attempt = async (
    schema: z.ZodType,
    reply: Omit<GrantReply, "result">,
    work: (value: unknown) => Promise<unknown>,
    done: Done,
  ) => {
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success")
      return data({ reply: { ...reply, result: submission.reply() } }, { status: 400 });
    try {
      await work(submission.value);
      return backTo(form, ref, done);
    } catch (error) {
      const answer = serviceErrorReply(submission, error);
      return data({ reply: { ...reply, result: answer.data.result } }, answer.init ?? { status: 400 });
    }
  };
  if (intent === "approve")
    return attempt(approvalSchema, { intent }, (value) => approveApplication(ref, value, admin), "approved");
  if (intent === "decline")
    return attempt(declineSchema, { intent }, (value) => declineApplication(ref, value, admin), "declined");
  if (intent === "pay") {
    const payment = String(form.get("payment") ?? "");
    return attempt(paymentSchema, { intent, payment }, (value) => payApplication(ref, value, admin), "paid");
  }
  if (intent === "close")
    return attempt(closeSchema, { intent }, (value) => closeApplication(ref, value, admin), "closed");
  return refuseUnknownIntent(request, intent);
}

export default function ApplicationGrant({ loaderData, actionData }: Route.ComponentProps) {
  const { ref, grant, viewer, done } = loaderData;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={`/admin/applications/${ref}`} className="font-semibold text-brand-700 hover:underline">
          Back to case {ref}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Decision and payment, {ref}</h1>
      {done ? <Notice focus>{done}</Notice> : null}
      {grant ? (
        <GrantPanel grant={grant} caseRef={ref} viewer={viewer} reply={actionData?.reply as GrantReply | undefined} />
      ) : (
        <p className="text-slate-700">This case has no recommendation yet: a case worker assesses it first.</p>
      )}
    </div>
  );
}
