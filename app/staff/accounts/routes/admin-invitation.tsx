import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-invitation";
import { NewPasswordPair } from "../components/password-fields";
import { StaffCard } from "../components/staff-card";
import { acceptInvitationSchema, MIN_PASSWORD_LENGTH, roleWords } from "../rules/team";
import { acceptInvitation, openInvitation, UnusableLinkError } from "../server/team.server";
import { InputField } from "~/ui/form-fields";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { readFormBody } from "~/lib/form-body.server";
import { clientAddressContext } from "~/lib/request-context";
import { beginAdminSession } from "~/staff/sign-in/index.server";

/**
 * /admin/invitation/:token: the link an invitation mails. The person chooses a username
 * (suggested from their email) and a password; their account is made with the name, email
 * and roles they were invited with, the link is used up, and they are signed in.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Join the staff | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await openInvitation(params.token);
  return data({ invitation }, { status: invitation ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const submission = parseWithZod(formData, { schema: acceptInvitationSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
  }
  try {
    const address = context.get(clientAddressContext);
    const admin = await acceptInvitation(params.token, submission.value, {
      address,
      userAgent: request.headers.get("User-Agent") ?? "",
    });
    // Signed in as sign-in does: a fresh session, the password just chosen counting as just given.
    // When the site requires two-factor, the admin area's guard leads them to Security first.
    return redirect("/admin", { headers: { "Set-Cookie": await beginAdminSession(admin, request, address) } });
  } catch (error) {
    if (error instanceof UnusableLinkError) return data({ gone: true as const }, { status: 404 });
    return serviceErrorReply(submission, error, {}, { hideFields: ["password", "confirm"] });
  }
}

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const gone = !invitation || (actionData !== undefined && "gone" in actionData);
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult,
    defaultValue: { username: invitation?.suggestedUsername ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (gone) {
    return (
      <StaffCard title="This invitation link no longer works">
        <p className="text-slate-700">
          It may have been used already, replaced by a newer invitation, or be more than 72 hours old. Ask an owner of
          the site to invite you again.
        </p>
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Join the staff">
      <p className="text-slate-700">
        Assalamu alaikum {invitation.name}. You are invited as {roleWords(invitation.roles)} with the address{" "}
        {invitation.email}. Choose how you will sign in.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <InputField
          field={fields.username}
          label="Username"
          type="text"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <NewPasswordPair
          password={fields.password}
          confirm={fields.confirm}
          label="Password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <button type="submit" className="btn-primary w-full">
          Create my account
        </button>
      </Form>
    </StaffCard>
  );
}
