import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-login";
import {
  adminLoginSchema,
  INVALID_CREDENTIALS_MESSAGE,
  PASSWORD_RESET_DONE_NOTICE,
  safeRedirectPath,
} from "../rules/admin-login";
import { adminAuthenticator, adminFromSession } from "../server/auth.server";
import { beginAdminSession } from "../server/sessions.server";
import { recordSignIn } from "../server/sign-in-record.server";
import { InvalidCredentialsError, type Admin } from "~/staff/accounts/index.server";
import { secondStepSchema, SIGN_IN_EXPIRED_MESSAGE } from "~/staff/two-factor";
import {
  completePendingSignIn,
  hasTwoFactor,
  InvalidCodeError,
  pendingSignIn,
  secondFactorsOf,
  startPendingSignIn,
  verifySecondFactor,
} from "~/staff/two-factor/index.server";
import { PASSKEY_NOT_ACCEPTED_MESSAGE } from "~/staff/passkeys";
import { verifyPasskeyFor } from "~/staff/passkeys/index.server";
import { SecondStepForm } from "../components/second-step-form";
import { Notice } from "~/ui/notice";
import { readFormBody } from "~/lib/form-body.server";
import { z } from "~/shared/zod";
import { serviceErrorReply } from "~/ui/form-replies.server";
import { clientAddressContext } from "~/lib/request-context";

export const meta: Route.MetaFunction = () => [
  { title: "Admin sign-in | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

/**
 * `?step=code` is the second step, while a password given in this browser awaits its second
 * factor: the code field when the person has an authenticator app, "Use a passkey" when they
 * have passkeys, both when both.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (await adminFromSession(request)) throw redirect("/admin");
  const pending = url.searchParams.get("step") === "code" ? await pendingSignIn(request) : undefined;
  if (pending) return { step: "code" as const, factors: await secondFactorsOf(pending.id), notice: null };
  // After a password reset by mail (`?reset=done`): say it worked, above the form to sign in with it.
  const notice = url.searchParams.get("reset") === "done" ? PASSWORD_RESET_DONE_NOTICE : null;
  return { step: "password" as const, factors: null, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  // remix-auth reads the body itself, so the form is read from a copy.
  const formData = await readFormBody(request.clone());
  const intent = formData.get("intent");
  if (intent === "code") return secondStepAction(request, formData, context.get(clientAddressContext));
  if (intent === "passkey") return passkeyStepAction(request, formData, context.get(clientAddressContext));
  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }

  try {
    const admin = await adminAuthenticator(context.get(clientAddressContext)).authenticate("admin-password", request);
    const redirectTo = safeRedirectPath(formData.get("redirectTo"));
    if (await hasTwoFactor(admin.id)) {
      // A password alone grants nothing: a code or a passkey comes next, and only then a session.
      const query = new URLSearchParams({ step: "code", redirectTo });
      return redirect(`/admin/login?${query}`, { headers: { "Set-Cookie": await startPendingSignIn(admin, request) } });
    }
    const address = context.get(clientAddressContext);
    await recordSignIn(admin, "with the password", request, address);
    return redirect(redirectTo, { headers: { "Set-Cookie": await beginAdminSession(admin, request, address) } });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return data(
        { result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE], hideFields: ["password"] }) },
        { status: 401 },
      );
    }
    return serviceErrorReply(submission, error, {}, { hideFields: ["password"] });
  }
}

/** The second step: the code from the app (or a recovery code) for the password given a moment ago. */
async function secondStepAction(request: Request, formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: secondStepSchema });
  const admin = await pendingSignIn(request);
  if (!admin) return signInExpired(submission.reply({ formErrors: [SIGN_IN_EXPIRED_MESSAGE] }));
  if (submission.status !== "success") {
    return data({ step: "code" as const, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  try {
    const actor = { id: admin.id, name: admin.name, address, userAgent: request.headers.get("User-Agent") ?? "" };
    const method = await verifySecondFactor(admin, submission.value.code, actor);
    await recordSignIn(admin, SIGNED_IN_WITH[method], request, address);
  } catch (error) {
    if (error instanceof InvalidCodeError) {
      return data(
        { step: "code" as const, result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) },
        { status: 401 },
      );
    }
    return serviceErrorReply(submission, error, { step: "code" as const }, { hideFields: ["code"] });
  }
  return completeSignIn(admin, request, formData, address);
}

function signInExpired(result: SubmissionResult<string[]>) {
  return data({ step: "password" as const, result }, { status: 401 });
}

const SIGNED_IN_WITH = {
  authenticator: "with the password and a code from the authenticator app",
  "recovery-code": "with the password and a recovery code",
} as const;

/**
 * The second factor is accepted (and the sign-in written: a code's here, a passkey's by the
 * passkey's own check): the pending sign-in ends and the session begins.
 */
async function completeSignIn(admin: Admin, request: Request, formData: FormData, address: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await completePendingSignIn(request));
  headers.append("Set-Cookie", await beginAdminSession(admin, request, address));
  return redirect(safeRedirectPath(formData.get("redirectTo")), { headers });
}

/** The passkey step's form: the browser's answer, read apart (its errors are the form's, not a field's). */
const passkeyStepSchema = z.object({ response: z.string().optional() });

function parsedJson(value: FormDataEntryValue | null): unknown {
  try {
    return typeof value === "string" ? JSON.parse(value) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The second step with a passkey: the browser's answer to the options of
 * /admin/login/second-step/options, which offer only the pending person's passkeys. Another
 * person's passkey, a used or foreign challenge, or no pending sign-in is refused.
 */
async function passkeyStepAction(request: Request, formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: passkeyStepSchema });
  const admin = await pendingSignIn(request);
  if (!admin) return signInExpired(submission.reply({ formErrors: [SIGN_IN_EXPIRED_MESSAGE] }));
  const accepted = await verifyPasskeyFor(
    admin.id,
    parsedJson(formData.get("response")),
    { request, address },
    "second-factor",
  );
  if (!accepted) {
    return data(
      { step: "code" as const, result: submission.reply({ formErrors: [PASSKEY_NOT_ACCEPTED_MESSAGE] }) },
      { status: 401 },
    );
  }
  return completeSignIn(admin, request, formData, address);
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData && "step" in actionData ? actionData.step : loaderData.step;
  if (step === "code") {
    // A refused passkey answers before the loader runs again: the factors stay as they were.
    return <SecondStepForm result={actionData?.result} factors={loaderData.factors ?? { app: true, passkey: false }} />;
  }
  return <PasswordStep actionData={actionData} notice={loaderData.notice} />;
}

function PasswordStep({
  actionData,
  notice,
}: {
  actionData: Route.ComponentProps["actionData"];
  notice: string | null;
}) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const passkeyQuery = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : "";
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a refused sign-in, clear the password and put the cursor there to retry.
  useEffect(() => {
    const password = passwordRef.current;
    if (!actionData?.result.error?.[""] || !password) return;
    password.value = "";
    password.focus();
  }, [actionData]);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <main className="flex flex-1 items-center justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl bg-white p-8 shadow-lg">
          <h1 className="text-center text-2xl font-bold text-slate-900">Admin sign-in</h1>
          <p className="mt-1 text-center text-sm text-slate-600">Al-Amanah Foundation staff area</p>

          {notice && !form.errors ? (
            <div className="mt-6">
              <Notice tone="success">{notice}</Notice>
            </div>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
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
              <label htmlFor={fields.username.id} className="field-label">
                Username
              </label>
              <input
                {...getInputProps(fields.username, { type: "text" })}
                key={fields.username.key}
                required
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="field-input"
              />
              {fields.username.errors ? (
                <p id={fields.username.errorId} className="field-error">
                  {fields.username.errors[0]}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={fields.password.id} className="field-label">
                Password
              </label>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                ref={passwordRef}
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
            <button type="submit" className="btn-primary w-full" aria-disabled={signingIn}>
              {signingIn ? "Signing in..." : "Sign in"}
            </button>
          </Form>
          <Link to={`/admin/login/passkey${passkeyQuery}`} className="btn-secondary mt-3 w-full">
            Sign in with a passkey
          </Link>
          <p className="mt-4 text-center text-sm">
            <Link to="/admin/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-slate-600 hover:text-slate-900 hover:underline">
            ← Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
