import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { ceremonyFailure, postForOptions } from "./ceremony";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * "Use a passkey": runs a ceremony offering the person's own passkeys (the options from
 * `optionsUrl`), then posts the browser's answer to the page's own action as `response`, with
 * `intent` and `fields` beside it. Without JavaScript it says a passkey needs it.
 */
export function UsePasskey({
  optionsUrl,
  intent,
  fields = {},
  label = "Use a passkey",
  error,
}: {
  optionsUrl: string;
  intent: string;
  fields?: Record<string, string>;
  label?: string;
  /** The page's own refusal of the last answer, shown until the next try. */
  error?: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = busy || navigation.state !== "idle";
  const shown = problem ?? (navigation.state === "idle" ? error : undefined);

  async function run() {
    setProblem(null);
    setBusy(true);
    try {
      const optionsJSON = await postForOptions<PublicKeyCredentialRequestOptionsJSON>(optionsUrl);
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const response = await startAuthentication({ optionsJSON });
      await submit({ ...fields, intent, response: JSON.stringify(response) }, { method: "post" });
    } catch (failure) {
      setProblem(ceremonyFailure(failure, "confirm it is you"));
    } finally {
      setBusy(false);
    }
  }

  if (!hydrated) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        A passkey needs JavaScript. Turn JavaScript on in your browser to use one.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {shown ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {shown}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-secondary w-full"
        aria-disabled={waiting}
        onClick={() => {
          if (!waiting) void run();
        }}
      >
        {waiting ? "Waiting for your passkey..." : label}
      </button>
    </div>
  );
}
