import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-account";
import { NewPasswordPair, PasswordField } from "../components/password-fields";
import { roleWords, MIN_PASSWORD_LENGTH, ownDetailsSchema, passwordChangeSchema } from "../rules/team";
import { changeOwnPassword, changesEmail, updateOwnDetails } from "../server/own-account.server";
import { readFormBody } from "~/lib/form-body.server";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import { beginAdminSession } from "~/staff/sign-in/index.server";
import { requireRecentPassword } from "~/staff/two-factor/index.server";
import { FormAlert } from "~/ui/form-alert";
import { InputField } from "~/ui/form-fields";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";
import { Notice } from "~/ui/notice";

export const meta: Route.MetaFunction = () => [{ title: "Your details | Admin" }];

const ACCOUNT_PATH = "/admin/account";

const NOTICES = {
  details: "Your details were saved.",
  password: "Your password was changed. Your other sessions and API tokens were signed out; we have sent you an email.",
} as const;

/**
 * Every signed-in person's own details: name and email (a new email asks for the password
 * again after 10 minutes, and the old address is told), and a new password.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const done = url.searchParams.get("done");
  return {
    person: { name: admin.name, email: admin.email, username: admin.username, roles: roleWords(admin.roles) },
    // Back from "Confirm your password" with what was typed before it was asked for.
    typed: { name: url.searchParams.get("name"), email: url.searchParams.get("email") },
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  if (intent === "details") {
    const submission = parseWithZod(formData, { schema: ownDetailsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    if (changesEmail(admin, submission.value)) {
      const typed = new URLSearchParams({ name: submission.value.name, email: submission.value.email });
      await requireRecentPassword(request, url, `${ACCOUNT_PATH}?${typed}`);
    }
    try {
      await updateOwnDetails(admin, submission.value);
      return redirect(`${ACCOUNT_PATH}?done=details`);
    } catch (error) {
      return serviceErrorReply(submission, error, { intent });
    }
  }
  if (intent === "password") {
    const hidden = { hideFields: ["current_password", "password", "confirm"] };
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(hidden) }, { status: 400 });
    const address = context.get(clientAddressContext);
    try {
      await changeOwnPassword(admin, submission.value, address);
    } catch (error) {
      return serviceErrorReply(submission, error, { intent }, hidden);
    }
    // Every session ended with the old password, this one too: this browser begins a new one.
    const cookie = await beginAdminSession(admin, request, address);
    return redirect(`${ACCOUNT_PATH}?done=password`, { headers: { "Set-Cookie": cookie } });
  }
  return refuseUnknownIntent(request, intent);
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { person, notice } = loaderData;
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Your details</h1>
      {notice ? <Notice focus="on-arrival">{notice}</Notice> : null}
      <p className="text-sm text-slate-600">
        You sign in as <strong className="font-semibold text-slate-900">{person.username}</strong>, as {person.roles}.
        An owner changes roles on the Team screen.
      </p>
      <DetailsForm
        key={notice ?? "details"}
        person={person}
        typed={loaderData.typed}
        result={actionData?.intent === "details" ? actionData.result : undefined}
      />
      <PasswordForm
        key={notice ?? "password"}
        result={actionData?.intent === "password" ? actionData.result : undefined}
      />
    </div>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function DetailsForm({
  person,
  typed,
  result,
}: {
  person: { name: string; email: string };
  typed: { name: string | null; email: string | null };
  result: Result;
}) {
  const [form, fields] = useForm({
    id: "own-details",
    lastResult: result,
    defaultValue: { name: typed.name ?? person.name, email: typed.email ?? person.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="details-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Name and email
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="details" />
        <FormAlert errors={form.errors} />
        <InputField field={fields.name} label="Name" type="text" autoComplete="name" required />
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          aria-describedby={`${fields.email.id}-hint${fields.email.errors ? ` ${fields.email.errorId}` : ""}`}
        />
        <p id={`${fields.email.id}-hint`} className="-mt-2 text-sm text-slate-600">
          Password resets and notices about your account are sent here. A new address asks for your password again, and
          the old one is told.
        </p>
        <button type="submit" className="btn-primary">
          Save your details
        </button>
      </Form>
    </section>
  );
}

function PasswordForm({ result }: { result: Result }) {
  const [form, fields] = useForm({
    id: "own-password",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <section aria-labelledby="password-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change your password
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormAlert errors={form.errors} />
        <PasswordField field={fields.current_password} label="Current password" autoComplete="current-password" />
        <NewPasswordPair
          password={fields.password}
          confirm={fields.confirm}
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions and API tokens will be signed out.`}
        />
        <button type="submit" className="btn-primary">
          Change your password
        </button>
      </Form>
    </section>
  );
}
