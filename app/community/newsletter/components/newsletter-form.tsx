import { useEffect, useRef, useState } from "react";
import { Honeypot } from "~/ui/honeypot";
import { useFetcher } from "react-router";

/** What /newsletter's action answers: a confirmation, or the field error with what was typed. */
export type NewsletterActionData =
  { status: "subscribed"; confirmation: string } | { status: "invalid"; error: string; email: string };

/**
 * Posts to /newsletter. With JavaScript it stays on the page (a fetcher) and shows the
 * server's message in place; without it the browser goes to /newsletter, which shows the
 * same. The rules live in the shared zod schema on the server, so this footer, on every
 * public page, ships no validation library.
 */
export function NewsletterForm({
  id = "newsletter",
  lastResult,
  tone = "dark",
}: {
  id?: string;
  lastResult?: NewsletterActionData;
  tone?: "dark" | "light";
}) {
  const fetcher = useFetcher<NewsletterActionData>({ key: id });
  const formRef = useRef<HTMLFormElement>(null);
  const outcome = fetcher.data ?? lastResult;
  const busy = fetcher.state !== "idle";
  // Once hydrated, the server's messages replace the browser's own validation bubbles.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "subscribed") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const inputId = `${id}-email`;
  const errorId = `${id}-email-error`;
  const error = !busy && outcome?.status === "invalid" ? outcome.error : undefined;
  const confirmation = !busy && outcome?.status === "subscribed" ? outcome.confirmation : undefined;
  const dark = tone === "dark";

  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" noValidate={hydrated} className="space-y-2">
      <label htmlFor={inputId} className={`block text-sm font-medium ${dark ? "text-white" : "text-slate-800"}`}>
        Email address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={outcome?.status === "invalid" ? outcome.email : undefined}
          key={outcome?.status === "invalid" ? outcome.email : "empty"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field-input min-w-48 flex-1"
        />
        <Honeypot />
        {/* Not disabled while sending: a disabled button would drop the keyboard focus. */}
        <button type="submit" className="btn-gold shrink-0" aria-disabled={busy}>
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={dark ? "text-sm text-red-300" : "field-error"}>
          {error}
        </p>
      ) : null}
      {confirmation ? (
        <p role="status" className={`text-sm font-medium ${dark ? "text-gold-300" : "text-brand-700"}`}>
          {confirmation}
        </p>
      ) : (
        <p className={`text-xs ${dark ? "text-slate-300" : "text-slate-600"}`}>
          Monthly news of the families your giving reaches. Unsubscribe any time.
        </p>
      )}
    </fetcher.Form>
  );
}
