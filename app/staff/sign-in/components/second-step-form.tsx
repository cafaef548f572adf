import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { secondStepSchema } from "~/staff/two-factor";
import { UsePasskey } from "~/staff/passkeys/index.ui";

/**
 * Sign-in's second step: the password was right and two-factor is on, so a second factor is
 * asked for before anything is granted: the code from the authenticator app (or a recovery
 * code) when the person has an app, one of their passkeys when they have passkeys.
 */
export function SecondStepForm({
  result,
  factors,
}: {
  result?: SubmissionResult<string[]>;
  factors: { app: boolean; passkey: boolean };
}) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();
  const checking = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const [form, fields] = useForm({
    id: "admin-login-code",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondStepSchema }),
    shouldValidate: "onSubmit",
  });
  const intro = factors.app
    ? factors.passkey
      ? "Use one of your passkeys, or enter the 6-digit code your authenticator app shows now (or a recovery code)."
      : "Enter the 6-digit code your authenticator app shows now, or one of your recovery codes."
    : "Confirm it is you with one of your passkeys (fingerprint, face, PIN or security key).";

  return (
    <main className="flex flex-1 items-center justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl bg-white p-8 shadow-lg">
          <h1 className="text-center text-2xl font-bold text-slate-900">Two-factor sign-in</h1>
          <p className="mt-1 text-center text-sm text-slate-600">{intro}</p>
          {factors.passkey ? (
            <div className="mt-6">
              <UsePasskey
                optionsUrl="/admin/login/second-step/options"
                intent="passkey"
                fields={{ redirectTo }}
                // The code form shows the page's refusals itself.
                error={factors.app ? undefined : form.errors?.[0]}
              />
            </div>
          ) : null}
          {factors.app ? (
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
              <input type="hidden" name="intent" value="code" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              {form.errors ? (
                <p
                  id={form.errorId}
                  role="alert"
                  className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
                >
                  {form.errors[0]}
                </p>
              ) : null}
              <div>
                <label htmlFor={fields.code.id} className="field-label">
                  Code
                </label>
                <input
                  {...getInputProps(fields.code, { type: "text" })}
                  key={fields.code.key}
                  required
                  autoComplete="one-time-code"
                  inputMode="text"
                  spellCheck={false}
                  className="field-input"
                />
                {fields.code.errors ? (
                  <p id={fields.code.errorId} className="field-error">
                    {fields.code.errors[0]}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-primary w-full" aria-disabled={checking}>
                {checking ? "Checking..." : "Verify"}
              </button>
            </Form>
          ) : null}
          <p className="mt-4 text-center text-sm">
            <Link to="/admin/login" className="text-slate-600 hover:text-slate-900 hover:underline">
              Start again
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
