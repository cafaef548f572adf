import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/admin-forgot-password";
import { StaffCard } from "../components/staff-card";
import { forgotPasswordSchema, PASSWORD_RESET_MINUTES } from "../rules/team";
import { requestPasswordReset } from "../server/team.server";
import { InputField } from "~/ui/form-fields";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { readFormBody } from "~/lib/form-body.server";
import { clientAddressContext } from "~/lib/request-context";

/**
 * /admin/forgot-password: asks for a password reset link by mail. The answer is the same
 * whether or not anyone on the staff has the address.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Forgot your password? | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await requestPasswordReset(submission.value, {
      address: context.get(clientAddressContext),
      userAgent: request.headers.get("User-Agent") ?? "",
    });
  } catch (error) {
    return serviceErrorReply(submission, error);
  }
  return { sent: submission.value.email };
}

export default function AdminForgotPassword({ actionData }: Route.ComponentProps) {
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (actionData && "sent" in actionData) {
    return (
      <StaffCard title="Check your mail">
        <p role="status" className="text-slate-700">
          If a member of staff has the address {actionData.sent}, we have sent it a link to choose a new password. The
          link works once, for {PASSWORD_RESET_MINUTES} minutes.
        </p>
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Forgot your password?">
      <p className="text-slate-700">
        Give the email address of your staff account and we will send you a link to choose a new password.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <InputField field={fields.email} label="Email" type="email" required autoComplete="email" />
        <button type="submit" className="btn-primary w-full">
          Send me a link
        </button>
      </Form>
    </StaffCard>
  );
}
