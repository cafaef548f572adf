import { useState } from "react";
import { data, Link, redirect, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { Route } from "./+types/admin-login-passkey";
import { PASSKEY_REFUSED_MESSAGE } from "../rules/passkeys";
import { PasskeyRefusedError, signInWithPasskey } from "../server/passkeys.server";
import { ceremonyFailure, postForOptions } from "../components/ceremony";
import { safeRedirectPath } from "~/staff/sign-in";
import { adminFromSession, beginAdminSession } from "~/staff/sign-in/index.server";
import { readFormBody } from "~/lib/form-body.server";
import { clientAddressContext } from "~/lib/request-context";
import { useHydrated } from "~/ui/use-hydrated";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with a passkey | Al-Amanah Foundation" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await adminFromSession(request)) throw redirect("/admin");
  return null;
}

function parsedResponse(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  try {
    const address = context.get(clientAddressContext);
    const admin = await signInWithPasskey({ request, address }, parsedResponse(form.get("response")));
    // The passkey, checked with its user verification, stands for the password and the second factor.
    return redirect(safeRedirectPath(form.get("redirectTo")), {
      headers: { "Set-Cookie": await beginAdminSession(admin, request, address) },
    });
  } catch (error) {
    if (error instanceof PasskeyRefusedError) return data({ error: PASSKEY_REFUSED_MESSAGE }, { status: 401 });
    throw error;
  }
}

export default function AdminLoginPasskey({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (navigation.state === "idle" ? actionData?.error : undefined);

  async function signIn() {
    setProblem(null);
    setBusy(true);
    try {
      const optionsJSON = await postForOptions<PublicKeyCredentialRequestOptionsJSON>("/admin/login/passkey/options");
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON });
      await submit({ response: JSON.stringify(response), redirectTo }, { method: "post" });
    } catch (failure) {
      setProblem(ceremonyFailure(failure, "sign in"));
    } finally {
      setBusy(false);
    }
  }

  const passwordLink = redirectTo ? `/admin/login?${new URLSearchParams({ redirectTo })}` : "/admin/login";
  return (
    <main className="flex flex-1 items-center justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl bg-white p-8 shadow-lg">
          <h1 className="text-center text-2xl font-bold text-slate-900">Sign in with a passkey</h1>
          <p className="mt-1 text-center text-sm text-slate-600">Al-Amanah Foundation staff area</p>
          {error ? (
            <p role="alert" className="mt-6 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          {hydrated ? (
            <div className="mt-6 space-y-3">
              <p className="text-sm text-slate-700">
                Your browser or phone will ask you to choose a passkey and unlock it (fingerprint, face or PIN).
              </p>
              <button
                type="button"
                className="btn-primary w-full"
                aria-disabled={busy || navigation.state !== "idle"}
                onClick={() => {
                  if (!busy && navigation.state === "idle") void signIn();
                }}
              >
                {busy || navigation.state !== "idle" ? "Waiting for your passkey..." : "Sign in with a passkey"}
              </button>
            </div>
          ) : (
            <p className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              A passkey needs JavaScript. Turn JavaScript on in your browser, or sign in with your password.
            </p>
          )}
          <p className="mt-6 text-center text-sm">
            <Link to={passwordLink} className="text-brand-700 hover:underline">
              Sign in with your password instead
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
