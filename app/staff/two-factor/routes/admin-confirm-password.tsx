import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-confirm-password";
import { confirmPasswordSchema, SECURITY_PATH } from "../rules/two-factor";
import { confirmPassword, noteReauthenticated } from "../server/recent-password.server";
import { secondFactorsOf } from "../server/two-factor.server";
import { InvalidCredentialsError } from "~/staff/accounts/index.server";
import { PASSKEY_NOT_ACCEPTED_MESSAGE } from "~/staff/passkeys";
import { verifyPasskeyFor } from "~/staff/passkeys/index.server";
import { UsePasskey } from "~/staff/passkeys/index.ui";
import { safeRedirectPath } from "~/staff/sign-in";
import { readFormBody } from "~/lib/form-body.server";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import { serviceErrorReply } from "~/ui/form-replies.server";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your password | Admin" }];

/** Whether to offer "Use a passkey instead": the person has passkeys. */
export async function loader({ context }: Route.LoaderArgs) {
  return { passkey: (await secondFactorsOf(context.get(adminContext)!.id)).passkey };
}

function parsedJson(value: FormDataEntryValue | null): unknown {
  try {
    return typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Confirm your password": where `requireRecentPassword` sends a person whose password was
 * last given more than 10 minutes ago, and brings them back to `redirectTo` once given. One
 * of their own passkeys does as well as the password (`intent=passkey`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const formData = await readFormBody(request);
  const back = safeRedirectPath(formData.get("redirectTo"), SECURITY_PATH);
  if (formData.get("intent") === "passkey") {
    const client = { request, address: context.get(clientAddressContext) };
    const accepted = await verifyPasskeyFor(admin.id, parsedJson(formData.get("response")), client, "reauthenticate");
    if (!accepted) return data({ result: null, passkeyError: PASSKEY_NOT_ACCEPTED_MESSAGE }, { status: 401 });
    return redirect(back, { headers: { "Set-Cookie": await noteReauthenticated(request, admin) } });
  }
  const submission = parseWithZod(formData, { schema: confirmPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), passkeyError: null }, { status: 400 });
  }
  try {
    const cookie = await confirmPassword(admin, submission.value.password, request, context.get(clientAddressContext));
    return redirect(back, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return data(
        {
          result: submission.reply({ formErrors: ["That password is not right."], hideFields: ["password"] }),
          passkeyError: null,
        },
        { status: 401 },
      );
    }
    return serviceErrorReply(submission, error, { passkeyError: null }, { hideFields: ["password"] });
  }
}

export default function ConfirmPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "confirm-password",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="max-w-md space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Confirm your password</h1>
      <p className="text-sm text-slate-600">
        A change to your sign-in or team, or an export of personal data, needs your password again: it was last given
        more than 10 minutes ago.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        {form.errors ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.password.id} className="field-label">
            Password
          </label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            required
            autoComplete="current-password"
            className="field-input"
          />
          {fields.password.errors ? (
            <p id={fields.password.errorId} className="field-error">
              {fields.password.errors[0]}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          Confirm
        </button>
      </Form>
      {loaderData.passkey ? (
        <div className="space-y-2 rounded-xl bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-600">Or confirm it is you with one of your passkeys.</p>
          <UsePasskey
            optionsUrl="/admin/passkeys/confirm/options"
            intent="passkey"
            fields={{ redirectTo: searchParams.get("redirectTo") ?? "" }}
            label="Use a passkey instead"
            error={actionData?.passkeyError ?? undefined}
          />
        </div>
      ) : null}
    </div>
  );
}
