import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-application";
import { actionAllowed } from "~/applications/records";
import { GrantPanel } from "~/applications/grants/index.ui";
import { grantOf } from "~/applications/grants/index.server";
import { extendDocumentRequest, TAKES_DOCUMENTS } from "~/applications/documents/index.server";
import { parseRecordId } from "~/shared/record-id";
import { getEnv } from "~/lib/env.server";
import { adminContext } from "~/lib/request-context";
import { readFormBody } from "~/lib/form-body.server";
import { NotFoundError, ValidationError } from "~/lib/service-errors";
import { formatDate, formatDateTime, todayIn } from "~/shared/dates";
import { formatExactDollars } from "~/shared/money";
import { AuditHistory } from "~/staff/audit/index.ui";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { Notice } from "~/ui/notice";
import { ApplicantDetails, MoneyDetails, Section } from "../components/case-details";
import { AssessmentForm, AssignForm, DocumentRequestForm, MessageForm } from "../components/case-forms";
import { CaseWarnings, DocumentLists, MessageList } from "../components/case-records";
import {
  assessmentFormSchema,
  assessmentFromForm,
  assignSchema,
  CAP_TICK_LABEL,
  caseFormFields,
  documentRequestSchema,
  extendRequestSchema,
  messageSchema,
} from "../rules/case-forms";
import {
  addCaseMessage,
  assessCase,
  assignCase,
  CapPassedError,
  requestDocuments,
} from "../server/case-actions.server";
import { assignableStaff, defaultDueOn, viewCase } from "../server/cases.server";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.ref} | Applications | Admin` }];

const SCREEN = "/admin/applications";

/** What each action's notice says once it is done (?done=…). */
const DONE: Record<string, string> = {
  assigned: "The case is assigned.",
  requested: "Documents requested: the family has been mailed what is needed and by when.",
  extended: "The due date is moved: the family has been mailed the new date.",
  assessed: "Assessment saved: the case is recommended, for a second person to decide.",
  note: "Note added.",
  message: "Message sent to the family.",
  // The grants slice's panel posts to its own route, which comes back here with these.
  approved: "The grant is approved; its payments are due below.",
  declined: "The recommendation is declined; the family is sent the reason.",
  paid: "The payment is written to the Zakat ledger.",
  closed: "The case is closed.",
};

/**
 * One case: the family's own words (opened here, and the view written to the audit trail),
 * the warnings, the documents, notes and messages, and the case worker's forms. Each form is
 * a plain POST that works without JavaScript and keeps what was typed when refused.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const timeZone = getEnv().SITE_TIMEZONE;
  let view;
  try {
    view = await viewCase(params.ref, admin);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  const [staff, defaultDue, grant] = await Promise.all([
    assignableStaff(),
    defaultDueOn(todayIn(timeZone)),
    grantOf(view.summary.id),
  ]);
  const done = url.searchParams.get("done");
  return {
    view,
    staff,
    defaultDue,
    grant,
    me: { id: admin.id, username: admin.username, name: admin.name, roles: admin.roles },
    requesting: url.searchParams.has("request"),
    takesDocuments: TAKES_DOCUMENTS.includes(view.summary.state) && view.applicant !== null,
    done: done && DONE[done] ? DONE[done] : null,
    timeZone,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const body = await readFormBody(request);
  const intent = body.get("intent");
  // Only the fields the intent's form has, each as one text: a malformed body is refused in words.
  const fields = caseFormFields(body, typeof intent === "string" ? intent : "");
  const ref = params.ref;
  const done = (what: string) => redirect(`${SCREEN}/${ref}?done=${what}`);
  if (intent === "assign") {
    const submission = parseWithZod(fields, { schema: assignSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await assignCase(ref, submission.value, admin);
      return done("assigned");
    } catch (error) {
      return serviceErrorReply(submission, error, { intent });
    }
  }
  if (intent === "request-documents") {
    const submission = parseWithZod(fields, { schema: documentRequestSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await requestDocuments(ref, submission.value, admin);
      return done("requested");
    } catch (error) {
      return serviceErrorReply(submission, error, { intent });
    }
  }
  if (intent === "extend-request") {
    const requestId = parseRecordId(fields.get("request_id"));
    const submission = parseWithZod(fields, { schema: extendRequestSchema });
    if (submission.status !== "success")
      return data({ intent, requestId, result: submission.reply() }, { status: 400 });
    try {
      await extendDocumentRequest(ref, submission.value.request_id, submission.value.due, admin);
      return done("extended");
    } catch (error) {
      return serviceErrorReply(submission, error, { intent, requestId });
    }
  }
  if (intent === "assess") {
    const submission = parseWithZod(fields, { schema: assessmentFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await assessCase(ref, assessmentFromForm(submission.value), admin);
      return done("assessed");
    } catch (error) {
      // Past the household's cap and not ticked: the form again, with the warning and the tick.
      if (error instanceof CapPassedError)
        return serviceErrorReply(
          submission,
          new ValidationError({
            acknowledge_cap: [
              `${formatExactDollars(error.total)} in all passes what the household may still receive under its twelve-month cap (${formatExactDollars(error.room)} of ${formatExactDollars(error.cap)}). Tick "${CAP_TICK_LABEL}" to recommend it all the same.`,
            ],
          }),
          { intent },
        );
      return serviceErrorReply(submission, error, { intent });
    }
  }
  if (intent === "message") {
    const submission = parseWithZod(fields, { schema: messageSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await addCaseMessage(ref, submission.value, admin);
      return done(submission.value.kind);
    } catch (error) {
      return serviceErrorReply(submission, error, { intent });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function ApplicationCase({ loaderData, actionData }: Route.ComponentProps) {
  const { view, staff, defaultDue, grant, me, timeZone } = loaderData;
  const { summary, applicant } = view;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const requesting = loaderData.requesting || resultFor("request-documents") !== undefined;
  const mayRequest = actionAllowed("request-documents", summary.state);
  const here = `${SCREEN}/${summary.ref}`;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={SCREEN} className="font-medium text-brand-700 underline">
          Applications
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Application {summary.ref}</h1>
          <p className="mt-1 text-sm text-slate-700" data-testid="case-state">
            {summary.state_label} · submitted {formatDate(summary.submitted_at, timeZone)} ({summary.submitted_on_hijri}
            )
          </p>
        </div>
        <AuditHistory entity="application" entityId={summary.ref} />
      </div>
      {loaderData.done && !actionData ? (
        <Notice tone="success" focus="on-arrival">
          {loaderData.done}
        </Notice>
      ) : null}

      <Section id="case-title" title="The case">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Household</dt>
          <dd>{summary.household_size === 1 ? "1 person" : `${summary.household_size} people`}</dd>
          <dt className="font-medium text-slate-600">Help is for</dt>
          <dd>
            {summary.purpose_label}
            {applicant ? (
              <span className="block whitespace-pre-line text-slate-700">{applicant.purpose_details}</span>
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600">Amount asked</dt>
          <dd>{formatExactDollars(summary.requested)}</dd>
          {summary.category ? (
            <>
              <dt className="font-medium text-slate-600">Category</dt>
              <dd>
                {summary.category_label}
                {view.assessment_reason ? (
                  <span className="block whitespace-pre-line text-slate-700">{view.assessment_reason}</span>
                ) : null}
              </dd>
            </>
          ) : null}
          {summary.recommended !== null ? (
            <>
              <dt className="font-medium text-slate-600">Recommended</dt>
              <dd data-testid="case-recommended">
                {summary.recommended_plan === "monthly"
                  ? `${formatExactDollars(summary.recommended_each ?? 0)} a month for ${summary.recommended_months} months (${formatExactDollars(summary.recommended)} in all)`
                  : `One payment of ${formatExactDollars(summary.recommended)}`}
                {summary.shortfall !== null ? `; monthly shortfall ${formatExactDollars(summary.shortfall)}` : ""}
                <span className="block text-xs text-slate-500">
                  by {view.recommended_by}
                  {view.recommended_at ? ` on ${formatDateTime(view.recommended_at, timeZone)}` : ""}
                </span>
              </dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">Assigned to</dt>
          <dd data-testid="case-assignee">
            {summary.assigned_to ? summary.assigned_to.name || summary.assigned_to.username : "Nobody yet"}
          </dd>
        </dl>
        {actionAllowed("assign", summary.state) ? (
          <AssignForm
            staff={staff}
            assignedId={summary.assigned_to?.id ?? null}
            meId={me.id}
            lastResult={resultFor("assign")}
          />
        ) : null}
      </Section>

      {applicant ? (
        <>
          <ApplicantDetails applicant={applicant} timeZone={timeZone} />
          <MoneyDetails
            applicant={applicant}
            income={view.income}
            costs={view.costs}
            monthlyIncome={view.monthly_income}
            monthlyCosts={view.monthly_costs}
            shortfall={view.computed_shortfall}
          />
        </>
      ) : (
        <Notice tone="error">
          {view.erased
            ? "The family's personal data was erased at the end of the retention period: the figures and dates remain."
            : "Your roles do not show the family's personal data."}
        </Notice>
      )}

      <Section id="documents-title" title="Documents">
        <DocumentLists
          caseRef={summary.ref}
          requests={view.document_requests}
          documents={view.documents}
          timeZone={timeZone}
          extend={
            loaderData.takesDocuments
              ? {
                  requestId:
                    actionData?.intent === "extend-request" &&
                    "requestId" in actionData &&
                    typeof actionData.requestId === "number"
                      ? actionData.requestId
                      : null,
                  result: resultFor("extend-request"),
                }
              : undefined
          }
        />
        {mayRequest && applicant ? (
          requesting ? (
            <DocumentRequestForm defaultDue={defaultDue} cancelTo={here} lastResult={resultFor("request-documents")} />
          ) : (
            <Link to={`${here}?request=1`} preventScrollReset className="btn-secondary inline-block">
              Request documents…
            </Link>
          )
        ) : null}
      </Section>

      <Section id="assessment-title" title="Assessment">
        <CaseWarnings warnings={view.warnings} timeZone={timeZone} />
        {summary.state === "under_assessment" && applicant ? (
          <AssessmentForm
            shortfall={view.computed_shortfall}
            room={view.warnings.cap.room}
            lastResult={resultFor("assess")}
          />
        ) : summary.state === "submitted" || summary.state === "documents_requested" ? (
          <p className="text-sm text-slate-600">
            The case is assessed once it is under assessment: assigned, with any documents asked for received.
          </p>
        ) : null}
      </Section>

      <GrantPanel grant={grant} caseRef={summary.ref} viewer={me} />

      <Section id="messages-title" title="Notes and messages">
        {applicant ? <MessageForm lastResult={resultFor("message")} /> : null}
        <MessageList messages={view.messages} timeZone={timeZone} />
      </Section>
    </div>
  );
}
