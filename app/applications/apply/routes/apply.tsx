import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { refuseWhileApplicationsClosed } from "~/applications/privacy/index.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/apply";
import { APPLICATION_STEPS, type ApplicationStepKey } from "~/applications/records";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { readFormBody } from "~/lib/form-body.server";
import { ValidationError } from "~/lib/service-errors";
import { visitorOf } from "~/lib/visitor.server";
import { FormAlert } from "~/ui/form-alert";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { Honeypot } from "~/ui/honeypot";
import { Notice } from "~/ui/notice";
import { PageHero } from "~/ui/page-hero";
import { ApplicationSummary } from "../components/application-summary";
import {
  ApplicantFields,
  DeclarationFields,
  HelpFields,
  HouseholdFields,
  MoneyFields,
} from "../components/step-fields";
import {
  EMPTY_DRAFT,
  fieldsOf,
  firstStepToDo,
  isStepKey,
  mayOpenStep,
  nextStep,
  previousStep,
  stepOf,
  typedValuesOf,
  withStep,
} from "../rules/apply-steps";
import {
  deleteDraft,
  mailResumeLink,
  openDraft,
  saveDraft,
  startDraft,
  type OpenDraft,
} from "../server/application-drafts.server";
import { carryDraft, draftTokenOf, dropDraft } from "../server/draft-cookie.server";
import { applicationSettings, submitApplication } from "../server/submit-application.server";

export const meta: Route.MetaFunction = () => [{ title: "Apply for help | Al-Amanah Foundation" }];

/** Every answer carries the family's own words: never kept by a cache, the server's or a shared one. */
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

const stepUrl = (step: ApplicationStepKey, extra = "") => `/get-help/apply?step=${step}${extra}#step-title`;

/**
 * The step asked for (`?step=`), opened with what the draft holds. A step whose steps before
 * it are not done leads to the first step still to do; a browser whose draft has gone (sent,
 * or past its days) starts again and is told so.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  const token = await draftTokenOf(request);
  const draft = await openDraft(token);
  const body = draft?.body ?? EMPTY_DRAFT;
  const asked = url.searchParams.get("step");
  const step = isStepKey(asked) ? asked : firstStepToDo(body);
  if (!mayOpenStep(step, body)) throw redirect(stepUrl(firstStepToDo(body)), { headers: PRIVATE_PAGE_HEADERS });
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  if (token && !draft) headers.append("Set-Cookie", await dropDraft(request));
  return data(
    {
      step,
      steps: APPLICATION_STEPS.map((each) => ({
        key: each.key,
        title: each.title,
        done: body.done.includes(each.key),
      })),
      values: body.values,
      started: draft !== null,
      expired: token !== null && draft === null,
      saved: url.searchParams.has("saved"),
      expiresOn: draft?.expiresAt.slice(0, 10) ?? null,
      retentionYears: (await applicationSettings()).retentionYears,
    },
    { headers },
  );
}

type StepReply = { step: ApplicationStepKey; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  const form = await readFormBody(request);
  const intent = form.get("intent");
  const draft = await openDraft(await draftTokenOf(request));
  if (intent === "start-over") {
    if (draft) await deleteDraft(draft);
    return redirect(stepUrl("applicant"), { status: 303, headers: { "Set-Cookie": await dropDraft(request) } });
  }
  const step = form.get("step");
  if (!isStepKey(step) || (intent !== "continue" && intent !== "save")) return refuseUnknownIntent(request, intent);
  // A bot that filled the hidden field is shown the next step, and nothing is kept.
  if (form.get("website")) return redirect(stepUrl(nextStep(step) ?? step), 303);
  const body = draft?.body ?? EMPTY_DRAFT;
  if (!mayOpenStep(step, body)) return redirect(stepUrl(firstStepToDo(body)), 303);

  const submission = parseWithZod(form, { schema: stepOf(step).schema });
  const refused = () => data<StepReply>({ step, result: submission.reply() }, { status: 400 });
  const visitor = visitorOf(request, context);
  try {
    if (intent === "continue" && step === "declarations") {
      if (submission.status !== "success") return refused();
      if (!draft) return redirect(stepUrl("applicant"), 303);
      const { ref } = await sendApplication(draft, form, visitor);
      return redirect(`/get-help/apply/done?ref=${ref}`, {
        status: 303,
        headers: { "Set-Cookie": await dropDraft(request) },
      });
    }
    const passed = submission.status === "success";
    // Continuing needs the step right; saving keeps what was typed, but the first step (the email
    // the link goes to) must be right to be saved.
    if (!passed && (intent === "continue" || step === "applicant")) return refused();
    const kept = await keep(draft, withStep(body, step, typedValuesOf(step, form), passed), visitor);
    const cookie = draft ? undefined : { "Set-Cookie": await carryDraft(kept.token, request) };
    if (intent === "save") {
      await mailResumeLink(kept, visitor);
      return redirect(stepUrl(step, "&saved=1"), { status: 303, headers: cookie });
    }
    // On to the next step, or back to "Check and send" when a part was changed from there.
    return redirect(stepUrl(firstStepToDo(kept.body)), { status: 303, headers: cookie });
  } catch (error) {
    return serviceErrorReply(submission, error, { step });
  }
}

function keep(draft: OpenDraft | null, body: typeof EMPTY_DRAFT, visitor: ReturnType<typeof visitorOf>) {
  return draft ? saveDraft(draft, body) : startDraft(body, visitor);
}

/**
 * The whole application checked again: a step's field that no longer passes (a birthday's
 * year, say) is named with its step.
 */
async function sendApplication(draft: OpenDraft, form: FormData, visitor: ReturnType<typeof visitorOf>) {
  const declarations = Object.fromEntries(
    fieldsOf("declarations").flatMap((name) =>
      typeof form.get(name) === "string" ? [[name, form.get(name) as string]] : [],
    ),
  );
  try {
    return await submitApplication(draft, declarations, visitor);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const own = new Set(fieldsOf("declarations"));
    const elsewhere = Object.entries(error.fieldErrors).filter(([name]) => !own.has(name));
    if (!elsewhere.length) throw error;
    const [name, messages] = elsewhere[0]!;
    const where = APPLICATION_STEPS.find((each) => fieldsOf(each.key).includes(name))?.title ?? "an earlier step";
    throw new ValidationError({ "": [`Please check "${where}": ${messages[0]}`] });
  }
}

const STEP_FIELDS: Record<ApplicationStepKey, (props: { fields: never; retentionYears: number }) => React.ReactNode> = {
  applicant: ApplicantFields,
  household: HouseholdFields,
  money: MoneyFields,
  help: HelpFields,
  declarations: DeclarationFields,
};

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { step, steps, values, started, expired, saved, expiresOn, retentionYears } = loaderData;
  const index = steps.findIndex((each) => each.key === step);
  const title = steps[index]!.title;
  const back = previousStep(step);
  return (
    <>
      <PageHero id="apply-title" eyebrow="Get help" title="Apply for help">
        <p>Five short steps. You can save your application and come back to it from a link we email you.</p>
      </PageHero>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Steps of the application">
          <ol className="space-y-2 text-sm">
            {steps.map((each, position) => (
              <li key={each.key} aria-current={each.key === step ? "step" : undefined}>
                <span
                  className={
                    each.key === step ? "font-semibold text-brand-800" : each.done ? "text-slate-800" : "text-slate-500"
                  }
                >
                  {position + 1}. {each.title}
                  {each.done && each.key !== step ? <span className="sr-only"> (done)</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </nav>
        <section aria-labelledby="step-title" className="max-w-3xl">
          <h2 id="step-title" tabIndex={-1} className="text-2xl font-semibold text-slate-900">
            Step {index + 1} of {steps.length}: {title}
          </h2>
          {expired ? (
            <Notice tone="error" className="mt-4">
              Your saved application has expired or was already sent. Please start again.
            </Notice>
          ) : null}
          {saved ? (
            <Notice tone="success" focus="on-arrival" className="mt-4">
              Your application is saved. We have emailed you a link to continue it, which works for 30 days
              {expiresOn ? ` (until ${expiresOn})` : ""}.
            </Notice>
          ) : null}
          <StepForm
            key={step}
            step={step}
            values={values}
            retentionYears={retentionYears}
            lastResult={actionData && "step" in actionData && actionData.step === step ? actionData.result : undefined}
          />
          <div className="mt-8 flex flex-wrap items-center gap-6 text-sm">
            {back ? (
              <Link to={stepUrl(back)} className="font-medium text-brand-700 underline">
                Back to {steps[index - 1]!.title.toLowerCase()}
              </Link>
            ) : (
              <Link to="/get-help" className="font-medium text-brand-700 underline">
                Back to Get help
              </Link>
            )}
            {started ? (
              <Form method="post" action="/get-help/apply">
                <button type="submit" name="intent" value="start-over" className="text-slate-600 underline">
                  Start again (forget this application)
                </button>
              </Form>
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}

function StepForm({
  step,
  values,
  retentionYears,
  lastResult,
}: {
  step: ApplicationStepKey;
  values: Record<string, string>;
  retentionYears: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const schema = stepOf(step).schema;
  const [form, fields] = useForm<Record<string, string>, unknown>({
    id: `apply-${step}`,
    lastResult: busy ? undefined : lastResult,
    defaultValue: Object.fromEntries(fieldsOf(step).map((name) => [name, values[name] ?? ""])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const Fields = STEP_FIELDS[step] as (props: { fields: typeof fields; retentionYears: number }) => React.ReactNode;
  const last = step === "declarations";
  return (
    <Form method="post" action="/get-help/apply" {...getFormProps(form)} className="mt-6 space-y-6">
      <FormAlert errors={form.errors} />
      {last ? (
        <>
          <p className="text-slate-700">Please check what you told us. You can change any part before you send it.</p>
          <ApplicationSummary values={values} />
        </>
      ) : null}
      <Fields fields={fields as never} retentionYears={retentionYears} />
      <input type="hidden" name="step" value={step} />
      <Honeypot />
      <div className="flex flex-wrap gap-4">
        <button type="submit" name="intent" value="continue" className="btn-primary">
          {last
            ? busy === "continue"
              ? "Sending..."
              : "Send my application"
            : busy === "continue"
              ? "Saving..."
              : "Continue"}
        </button>
        {/* Saving keeps what was typed unchecked (the first step needs the email the link goes to). */}
        <button type="submit" name="intent" value="save" formNoValidate className="btn-secondary">
          {busy === "save" ? "Saving..." : "Save and come back later"}
        </button>
      </div>
    </Form>
  );
}
