import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { refuseWhileApplicationsClosed } from "~/applications/privacy/index.server";
import type { Route } from "./+types/my-application";
import { ConfirmPanel } from "~/ui/confirm-panel";
import { FormAlert } from "~/ui/form-alert";
import { Honeypot } from "~/ui/honeypot";
import { Notice } from "~/ui/notice";
import { PageHero } from "~/ui/page-hero";
import { useFocusOnArrival } from "~/ui/use-focus-on-arrival";
import { formatDate } from "~/shared/dates";
import { formatExactCents } from "~/shared/money";
import { parseRecordId } from "~/shared/record-id";
import { PRIVATE_PAGE_HEADERS } from "~/lib/donor-session.server";
import { getEnv } from "~/lib/env.server";
import { ValidationError } from "~/lib/service-errors";
import { visitorOf } from "~/lib/visitor.server";
import { readSubmission, type Submission } from "~/ui/form-submission.server";
import { discard } from "~/lib/uploads.server";
import { formRefusalOrThrow, refuseUnknownIntent } from "~/ui/form-replies.server";
import { DOCUMENT_ACCEPT, formatDueDate, MAX_DOCUMENT_BYTES } from "~/applications/documents";
import { storeApplicationDocument } from "~/applications/documents/index.server";
import { APPLICANT_LINK_MINUTES, WITHDRAWN_NOTICE } from "../rules/my-application";
import { requestApplicantLink } from "../server/applicant-links.server";
import { applicantEmailKey, endApplicantSession } from "../server/applicant-session.server";
import {
  myApplicationId,
  myApplications,
  withdrawMyApplication,
  type MyApplication,
} from "../server/my-application.server";

/** As the server's upload reader words it (tooLargeMessage). */
const TOO_LARGE_MESSAGE = `The file is larger than ${Math.round(MAX_DOCUMENT_BYTES / 1024 / 1024)} MB`;

export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = () => [
  { title: "My application | Al-Amanah Foundation" },
  { name: "description", content: "See where your application for help stands, and send the documents we ask for." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  const emailKey = await applicantEmailKey(request);
  if (!emailKey)
    return {
      signedIn: false as const,
      linkSent: url.searchParams.has("sent"),
      signedOut: url.searchParams.has("signed-out"),
    };
  const { email, applications } = await myApplications(emailKey);
  const withdrawRef = url.searchParams.get("withdraw");
  return {
    signedIn: true as const,
    email,
    applications,
    timeZone: getEnv().SITE_TIMEZONE,
    withdrawing:
      applications.find((application) => application.ref === withdrawRef && application.can_withdraw) ?? null,
    withdrawn: url.searchParams.has("withdrawn"),
    uploaded: parseRecordId(url.searchParams.get("uploaded")),
  };
}

type LinkAnswer = { kind: "link"; error: string; field?: "email"; email?: string };
type UploadAnswer = { kind: "upload"; requestId: number | null; error: string };
type PageAnswer = { kind: "page"; error: string };
type ActionAnswer = LinkAnswer | UploadAnswer | PageAnswer;

export async function action({ request, context }: Route.ActionArgs) {
  // Without the data key a family's details cannot be sealed: the page says so (503), never a 500.
  refuseWhileApplicationsClosed();
  // A file is kept only for a family already signed in: a stranger's is read past, never written to disk.
  const emailKey = await applicantEmailKey(request);
  const { fields, file, fileError } = await readSubmission(request, {
    fileField: "document",
    maxFileBytes: emailKey ? MAX_DOCUMENT_BYTES : 1,
  });
  // Whatever the answer (another family's reference, an unknown request, another intent), the
  // received temporary file goes; a stored document is written elsewhere, sealed.
  try {
    return await answer(request, context, emailKey, { fields, file, fileError });
  } finally {
    await discard(file);
  }
}

async function answer(
  request: Request,
  context: Route.ActionArgs["context"],
  emailKey: string | null,
  { fields, file, fileError }: Submission,
) {
  const intent = fields.get("intent");
  if (intent === "request-link") {
    const email = fields.get("email") ?? "";
    try {
      await requestApplicantLink(Object.fromEntries(fields), visitorOf(request, context));
      // The same answer whether or not an application was sent from this address.
      return redirect("/my-application?sent=1", 303);
    } catch (error) {
      const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
      const emailError = fieldErrors?.email?.[0];
      return data<ActionAnswer>(
        emailError
          ? { kind: "link", error: emailError, field: "email", email }
          : { kind: "link", error: message, email },
        { status, headers },
      );
    }
  }
  if (!emailKey) return redirect("/my-application", 303);
  if (intent === "sign-out")
    return redirect("/my-application?signed-out=1", {
      status: 303,
      headers: { "Set-Cookie": await endApplicantSession(request) },
    });
  if (intent === "upload") {
    const requestId = parseRecordId(fields.get("request_id"));
    try {
      if (fileError) throw new ValidationError({ document: [fileError] });
      const applicationId = await myApplicationId(emailKey, fields.get("ref") ?? "");
      await storeApplicationDocument({ applicationId, requestId, file, uploader: { kind: "applicant", emailKey } });
      return redirect(`/my-application?uploaded=${requestId ?? 0}`, 303);
    } catch (error) {
      const { status, fieldErrors, message, headers } = formRefusalOrThrow(error);
      return data<ActionAnswer>(
        { kind: "upload", requestId, error: fieldErrors?.document?.[0] ?? message },
        { status, headers },
      );
    }
  }
  if (intent === "withdraw") {
    try {
      await withdrawMyApplication(emailKey, fields.get("ref") ?? "");
      return redirect("/my-application?withdrawn=1", 303);
    } catch (error) {
      const { status, message, headers } = formRefusalOrThrow(error);
      return data<ActionAnswer>({ kind: "page", error: message }, { status, headers });
    }
  }
  return refuseUnknownIntent(request, intent);
}

export default function MyApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero id="my-application-title" eyebrow="Help from the foundation" title="My application">
        <p>Where your application for help stands, what we need from you, and our decision.</p>
      </PageHero>
      <div className="container-page max-w-4xl py-12">
        {loaderData.signedIn ? (
          <Applications data={loaderData} answer={actionData} />
        ) : (
          <AskForLink
            linkSent={loaderData.linkSent}
            signedOut={loaderData.signedOut}
            answer={actionData?.kind === "link" ? actionData : undefined}
          />
        )}
      </div>
    </>
  );
}

function AskForLink({ linkSent, signedOut, answer }: { linkSent: boolean; signedOut: boolean; answer?: LinkAnswer }) {
  const navigation = useNavigation();
  const headingRef = useFocusOnArrival<HTMLHeadingElement>(!signedOut && !linkSent);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "request-link";
  return (
    <section aria-labelledby="sign-in-title" className="max-w-xl rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="sign-in-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Sign in with your email
      </h2>
      <p className="mt-2 text-slate-700">
        Enter the email address you gave in your application. We'll send a link that opens it; the link works once,
        within {APPLICANT_LINK_MINUTES} minutes. No password needed.
      </p>
      <div>
        {linkSent && !answer ? (
          <Notice focus="on-arrival" className="mt-4 text-base">
            If an application was sent from this address, a link is on its way. Please check your inbox (and your spam
            folder).
          </Notice>
        ) : signedOut && !answer ? (
          <Notice focus="on-arrival" className="mt-4 text-base">
            You are signed out. To see your application again, ask for a new link.
          </Notice>
        ) : null}
      </div>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="request-link" />
        <div>
          <label htmlFor="application-email" className="field-label">
            Email
          </label>
          <input
            id="application-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={answer?.email ?? ""}
            aria-invalid={answer?.field === "email" ? true : undefined}
            aria-describedby={answer?.field === "email" ? "application-email-error" : undefined}
            className="field-input"
          />
          {answer?.field === "email" ? (
            <p id="application-email-error" className="field-error">
              {answer.error}
            </p>
          ) : null}
        </div>
        {answer && !answer.field ? <FormAlert errors={[answer.error]} /> : null}
        <Honeypot />
        <button
          type="submit"
          className="btn-primary"
          aria-disabled={sending}
          onClick={(event) => sending && event.preventDefault()}
        >
          {sending ? "Sending..." : "Email me a link"}
        </button>
      </Form>
    </section>
  );
}

type SignedIn = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function Applications({ data: page, answer }: { data: SignedIn; answer?: ActionAnswer }) {
  const signedInRef = useFocusOnArrival<HTMLParagraphElement>(!page.withdrawn && page.uploaded === null);
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p ref={signedInRef} tabIndex={-1} className="text-slate-700">
          Signed in as <strong>{page.email || "the applicant"}</strong>
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/my-application/export" className="btn-secondary" download>
            Download everything we hold about you
          </a>
          <Form method="post">
            <button type="submit" name="intent" value="sign-out" className="btn-secondary">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <div>
        {page.withdrawn ? (
          <Notice focus="on-arrival" className="text-base">
            {WITHDRAWN_NOTICE}
          </Notice>
        ) : page.uploaded !== null ? (
          <Notice focus="on-arrival" className="text-base">
            Thank you: your document has arrived. Your case worker will look at it.
          </Notice>
        ) : null}
      </div>
      {answer?.kind === "page" ? <FormAlert errors={[answer.error]} /> : null}
      {page.withdrawing ? (
        <ConfirmPanel
          question={`Are you sure you want to withdraw application ${page.withdrawing.ref}?`}
          details={<p>We will stop looking at it. You can apply again at any time.</p>}
          confirmLabel="Yes, withdraw it"
          busyLabel="Withdrawing..."
          intent="withdraw"
          fields={{ ref: page.withdrawing.ref }}
          cancelTo="/my-application"
          cancelLabel="Keep my application"
        />
      ) : null}
      {page.applications.length === 0 ? (
        <p className="text-slate-700">There is no application from this address any more.</p>
      ) : (
        page.applications.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            timeZone={page.timeZone}
            answer={answer?.kind === "upload" ? answer : undefined}
          />
        ))
      )}
    </div>
  );
}

function ApplicationCard({
  application,
  timeZone,
  answer,
}: {
  application: MyApplication;
  timeZone: string;
  answer?: UploadAnswer;
}) {
  const titleId = `application-${application.ref}`;
  return (
    <section aria-labelledby={titleId} className="space-y-6 rounded-xl border border-slate-200 p-6 shadow-sm">
      <div className="space-y-2">
        <h2 id={titleId} className="text-2xl font-semibold text-slate-900">
          Application {application.ref}
        </h2>
        <p className="text-sm text-slate-600">
          Sent on {formatDate(application.submitted_at, timeZone)} · asking for{" "}
          {formatExactCents(application.requested_cents)}
        </p>
        <p className="text-lg text-slate-900" data-testid="application-state">
          {application.state_words}
        </p>
      </div>

      {application.decision ? (
        <div className="rounded-lg bg-slate-50 p-4">
          <h3 className="font-semibold text-slate-900">Our decision</h3>
          <p className="mt-1 text-slate-800">
            {application.decision.outcome === "approved"
              ? `Approved${application.decision.approved_cents ? `: ${formatExactCents(application.decision.approved_cents)}` : ""}`
              : "Declined"}
            {application.decision.decided_at ? ` on ${formatDate(application.decision.decided_at, timeZone)}` : ""}
          </p>
          {application.decision.reason ? (
            <p className="mt-1 whitespace-pre-line text-slate-700">{application.decision.reason}</p>
          ) : null}
          {application.decision.closed_early ? (
            <p className="mt-1 text-slate-800" data-testid="application-closed-early">
              The grant was closed
              {application.decision.closed_early.closed_at
                ? ` on ${formatDate(application.decision.closed_early.closed_at, timeZone)}`
                : ""}{" "}
              before it was paid in full:{" "}
              {application.decision.closed_early.paid_cents
                ? `${formatExactCents(application.decision.closed_early.paid_cents)} was paid, and no further payments will be made.`
                : "no payment was made, and none will be made now."}
            </p>
          ) : null}
        </div>
      ) : null}

      {application.requests.length ? (
        <div className="space-y-3">
          <h3 className="text-xl font-semibold text-slate-900">Documents we asked for</h3>
          <ul className="space-y-4">
            {application.requests.map((request) => (
              <li key={request.id} className="rounded-lg border border-slate-200 p-4">
                <p className="font-semibold text-slate-900">{request.what}</p>
                {request.why ? <p className="text-slate-700">Why we need it: {request.why}</p> : null}
                <p className="text-sm text-slate-600">
                  {request.fulfilled_at
                    ? `Received on ${formatDate(request.fulfilled_at, timeZone)}`
                    : `Please send it by ${formatDueDate(request.due_on)}`}
                </p>
                <DocumentList application={application} documents={request.documents} timeZone={timeZone} />
                {application.takes_documents ? (
                  <UploadForm
                    // A new form once a file has arrived: the one just sent is not left chosen.
                    key={`${request.id}-${request.documents.length}`}
                    application={application}
                    requestId={request.id}
                    label={request.fulfilled_at ? `Add another file for: ${request.what}` : `Upload: ${request.what}`}
                    error={answer?.requestId === request.id ? answer.error : undefined}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {application.other_documents.length ? (
        <DocumentList application={application} documents={application.other_documents} timeZone={timeZone} />
      ) : null}

      {application.messages.length ? (
        <div className="space-y-3">
          <h3 className="text-xl font-semibold text-slate-900">Messages from your case worker</h3>
          <ul className="space-y-3">
            {application.messages.map((message) => (
              <li key={message.id} className="rounded-lg bg-slate-50 p-4">
                <p className="text-sm text-slate-600">{formatDate(message.sent_at, timeZone)}</p>
                <p className="whitespace-pre-line text-slate-800">{message.body}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {application.payments.length ? (
        <div className="space-y-2">
          <h3 className="text-xl font-semibold text-slate-900">Payments made</h3>
          <ul className="list-disc pl-6 text-slate-800">
            {application.payments.map((payment, index) => (
              <li key={index}>
                {formatExactCents(payment.amount_cents)} on {formatDueDate(payment.paid_on)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {application.can_withdraw ? (
        <p>
          <Link
            to={`/my-application?withdraw=${application.ref}`}
            preventScrollReset
            className="font-medium text-red-800 underline"
            aria-label={`Withdraw application ${application.ref}`}
          >
            Withdraw this application
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function DocumentList({
  application,
  documents,
  timeZone,
}: {
  application: MyApplication;
  documents: MyApplication["other_documents"];
  timeZone: string;
}) {
  if (!documents.length) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {documents.map((document) => (
        <li key={document.id}>
          <a
            href={`/my-application/${application.ref}/documents/${document.id}`}
            className="font-medium text-brand-700 underline"
          >
            {document.name}
          </a>{" "}
          <span className="text-slate-600">(sent {formatDate(document.uploaded_at, timeZone)})</span>
        </li>
      ))}
    </ul>
  );
}

function UploadForm({
  application,
  requestId,
  label,
  error,
}: {
  application: MyApplication;
  requestId: number;
  label: string;
  error?: string;
}) {
  const navigation = useNavigation();
  const [chosenError, setChosenError] = useState<string | null>(null);
  const shownError = chosenError ?? error;
  const inputId = `document-${requestId}`;
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "upload" &&
    navigation.formData?.get("request_id") === String(requestId);
  return (
    <Form method="post" encType="multipart/form-data" className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="ref" value={application.ref} />
      <input type="hidden" name="request_id" value={requestId} />
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-slate-600">
        A PDF, or a photo as JPEG or PNG, up to {Math.round(MAX_DOCUMENT_BYTES / 1024 / 1024)} MB.
      </p>
      <input
        id={inputId}
        name="document"
        type="file"
        required
        accept={DOCUMENT_ACCEPT}
        // With JavaScript a file over the limit is refused before it is sent, in the server's words
        // (a body far over it would be refused by the server before the page could answer).
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          const refusal = chosen && chosen.size > MAX_DOCUMENT_BYTES ? TOO_LARGE_MESSAGE : null;
          event.currentTarget.setCustomValidity(refusal ?? "");
          setChosenError(refusal);
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
        className="block text-sm"
      />
      {shownError ? (
        <p id={`${inputId}-error`} className="field-error">
          {shownError}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={sending}>
        {sending ? "Uploading..." : "Upload"}
      </button>
    </Form>
  );
}
