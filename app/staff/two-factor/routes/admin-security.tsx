import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-security";
import { confirmAppSchema, SECURITY_PATH } from "../rules/two-factor";
import {
  beginAuthenticatorSetup,
  cancelAuthenticatorSetup,
  confirmAuthenticator,
  mustSetUpTwoFactor,
  regenerateRecoveryCodes,
  secondFactorsOf,
  turnOffTwoFactor,
  twoFactorStatus,
} from "../server/two-factor.server";
import { requireRecentPassword } from "../server/recent-password.server";
import { renewAfterFactorChange } from "~/staff/sign-in/index.server";
import { readFormBody } from "~/lib/form-body.server";
import { adminContext, clientAddressContext } from "~/lib/request-context";
import { refuseUnknownIntent, serviceErrorReply } from "~/ui/form-replies.server";

export const meta: Route.MetaFunction = () => [{ title: "Security | Admin" }];

const NOTICES = {
  off: "Two-factor sign-in is off. We have sent you an email about it.",
  cancelled: "Setting up the authenticator app was cancelled.",
} as const;

/** Every signed-in person's own page: two-factor sign-in with an authenticator app, and recovery codes. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  const [status, factors] = await Promise.all([twoFactorStatus(admin.id), secondFactorsOf(admin.id)]);
  const notice = url.searchParams.get("done");
  return {
    status,
    factors,
    // Required by the site and not yet set up: the guard has sent the person here.
    required: await mustSetUpTwoFactor(admin.id),
    setup: status.pendingSetup ? await beginAuthenticatorSetup(admin) : null,
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

const setCookie = (cookie: string | undefined): HeadersInit => (cookie ? { "Set-Cookie": cookie } : {});

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = context.get(adminContext)!;
  const formData = await readFormBody(request);
  const intent = formData.get("intent");
  if (intent === "begin") {
    await beginAuthenticatorSetup(admin);
    return redirect(SECURITY_PATH);
  }
  if (intent === "cancel-setup") {
    await cancelAuthenticatorSetup(admin);
    return redirect(`${SECURITY_PATH}?done=cancelled`);
  }
  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: confirmAppSchema });
    if (submission.status !== "success") return data({ result: submission.reply(), codes: null }, { status: 400 });
    try {
      const actor = { address: context.get(clientAddressContext) };
      const codes = await confirmAuthenticator(admin, submission.value.code, actor);
      // Turned on: sessions opened with the password alone end; this one gets a new id (docs/decisions/156).
      const cookie = await renewAfterFactorChange(request, admin.id, { endOthers: true });
      return data({ result: null, codes }, { headers: setCookie(cookie) });
    } catch (error) {
      return serviceErrorReply(submission, error, { codes: null }, { hideFields: ["code"] });
    }
  }
  if (intent === "regenerate") {
    await requireRecentPassword(request, url, SECURITY_PATH);
    const codes = await regenerateRecoveryCodes(admin);
    // New codes because the old ones may have been seen: a session opened with one of them ends.
    const cookie = await renewAfterFactorChange(request, admin.id, { endOthers: true });
    return data({ result: null, codes }, { headers: setCookie(cookie) });
  }
  if (intent === "turn-off") {
    await requireRecentPassword(request, url, SECURITY_PATH);
    await turnOffTwoFactor(admin);
    const cookie = await renewAfterFactorChange(request, admin.id, { endOthers: true });
    return redirect(`${SECURITY_PATH}?done=off`, { headers: setCookie(cookie) });
  }
  return refuseUnknownIntent(request, intent);
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { status, factors, setup, notice, required } = loaderData;
  const codes = actionData?.codes ?? null;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Security</h1>
      {notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          {notice}
        </p>
      ) : null}
      {required ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          The foundation requires two-factor sign-in for all staff. Set it up here before using the rest of the admin
          area.
        </p>
      ) : null}

      <section className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Two-factor sign-in</h2>
        <FactorsOn factors={factors} />
        {codes ? (
          <RecoveryCodes codes={codes} />
        ) : status.enabled ? (
          <TwoFactorOn
            enabledAt={status.enabledAt!}
            codesLeft={status.recoveryCodesLeft}
            passkeysKept={factors.passkey}
          />
        ) : setup ? (
          <AuthenticatorSetup setup={setup} result={actionData?.result ?? undefined} />
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {factors.passkey
                ? "An authenticator app on your phone can be a second factor too, beside your passkeys, and lets you use the API"
                : "With an authenticator app on, signing in needs your password and a code from the app on your phone"}{" "}
              (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
            </p>
            <Form method="post">
              <button type="submit" name="intent" value="begin" className="btn-primary">
                Turn on an authenticator app
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

function AuthenticatorSetup({
  setup,
  result,
}: {
  setup: { secret: string; uri: string; qrSvg: string };
  result?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "confirm-authenticator",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmAppSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the secret below into it.</li>
        <li>Enter the 6-digit code the app then shows, to confirm.</li>
      </ol>
      <div
        className="h-48 w-48 rounded-lg border border-slate-200 bg-white"
        role="img"
        aria-label="QR code for your authenticator app"
        // The SVG is drawn on the server by the qrcode package from the otpauth:// address alone.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="text-sm text-slate-700">
        Secret (to type in instead):{" "}
        <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider">
          {setup.secret}
        </code>
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="confirm" />
        {form.errors ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <div className="max-w-xs">
          <label htmlFor={fields.code.id} className="field-label">
            Code from the app
          </label>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            className="field-input"
          />
          {fields.code.errors ? (
            <p id={fields.code.errorId} className="field-error">
              {fields.code.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">
          <button type="submit" className="btn-primary">
            Confirm and turn on
          </button>
        </div>
      </Form>
      <Form method="post">
        <button type="submit" name="intent" value="cancel-setup" className="btn-secondary">
          Cancel
        </button>
      </Form>
    </div>
  );
}

/** Which second factors are on: an authenticator app, passkeys (managed on their own page), both or none. */
function FactorsOn({ factors }: { factors: { app: boolean; passkey: boolean } }) {
  const on = [factors.app ? "an authenticator app" : null, factors.passkey ? "your passkeys" : null].filter(Boolean);
  return (
    <p data-testid="second-factors" className="text-sm font-medium text-slate-800">
      {on.length === 0
        ? "Two-factor sign-in is off: your password alone signs you in."
        : `Two-factor sign-in is on. After your password you confirm it is you with ${on.join(" or ")}.`}{" "}
      <Link to="/admin/passkeys" className="font-semibold text-brand-700 hover:underline">
        {factors.passkey ? "Manage your passkeys" : "Add a passkey"}
      </Link>
    </p>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
        Two-factor sign-in is on. Here are your recovery codes.
      </p>
      <p className="text-sm text-slate-700">
        Keep these ten recovery codes somewhere safe (printed, or in a password manager). Each works once, instead of a
        code from the app, if you lose your phone. <strong>They are shown only now.</strong>
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:w-96">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <a href={SECURITY_PATH} className="btn-secondary inline-block">
        I have saved them
      </a>
    </div>
  );
}

function TwoFactorOn({
  enabledAt,
  codesLeft,
  passkeysKept,
}: {
  enabledAt: string;
  codesLeft: number;
  /** With passkeys, turning the app off leaves them as the second factor. */
  passkeysKept: boolean;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on (an authenticator app, since {new Date(enabledAt).toUTCString()}). You have {codesLeft}{" "}
        unused recovery code{codesLeft === 1 ? "" : "s"}.
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <button type="submit" name="intent" value="regenerate" className="btn-secondary">
            New recovery codes
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="turn-off" className="btn bg-red-700 text-white hover:bg-red-800">
            {passkeysKept ? "Turn off the authenticator app" : "Turn off two-factor sign-in"}
          </button>
        </Form>
      </div>
      <p className="text-xs text-slate-500">
        Both ask for your password again if you last gave it more than 10 minutes ago.
      </p>
    </div>
  );
}
