import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-reset-password";
import { NewPasswordPair } from "../components/password-fields";
import { StaffCard } from "../components/staff-card";
import { MIN_PASSWORD_LENGTH, resetPasswordSchema } from "../rules/team";
import { openPasswordReset, resetPassword, UnusableLinkError } from "../server/team.server";
import { PASSWORD_RESET_DONE_PATH } from "~/staff/sign-in";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { readFormBody } from "~/lib/form-body.server";
import { clientAddressContext } from "~/lib/request-context";

/**
 * /admin/reset-password/:token: the link a password reset mails. Choosing a new password
 * uses the link up and ends every session and API token of the person.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const person = await openPasswordReset(params.token);
  return data({ person }, { status: person ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
  }
  try {
    await resetPassword(params.token, submission.value, {
      address: context.get(clientAddressContext),
      userAgent: request.headers.get("User-Agent") ?? "",
    });
    // To the sign-in page, which says the password was changed: never back to this link, which
    // is used up now (its page would answer 404, and a reload would post the form again).
    return redirect(PASSWORD_RESET_DONE_PATH);
  } catch (error) {
    if (error instanceof UnusableLinkError) return data({ gone: true as const }, { status: 404 });
    return serviceErrorReply(submission, error, {}, { hideFields: ["password", "confirm"] });
  }
}

export default function AdminResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { person } = loaderData;
  if (!person || (actionData && "gone" in actionData)) {
    return (
      <StaffCard title="This link no longer works">
        <p className="text-slate-700">
          A password reset link works once, for one hour.{" "}
          <Link to="/admin/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
          .
        </p>
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Choose a new password">
      <p className="text-slate-700">
        For {person.name} ({person.username}). Choosing a new password signs you out everywhere.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <input type="hidden" name="username" value={person.username} autoComplete="username" />
        <NewPasswordPair
          password={fields.password}
          confirm={fields.confirm}
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <button type="submit" className="btn-primary w-full">
          Save my new password
        </button>
      </Form>
    </StaffCard>
  );
}
