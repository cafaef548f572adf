import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { newsletterSchema } from "~/domain/newsletter";

export interface NewsletterActionData {
  result: SubmissionResult<string[]>;
  confirmation?: string;
}

/**
 * Posts to /newsletter. With JavaScript it stays on the page (a fetcher); without it the
 * browser goes to /newsletter, which shows the same confirmation or error.
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
  const outcome = fetcher.data ?? lastResult;
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.state === "idle" ? outcome?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  const errorId = `${fields.email.id}-error`;
  const textClass = tone === "dark" ? "text-slate-300" : "text-slate-600";

  return (
    <fetcher.Form method="post" action="/newsletter" {...getFormProps(form)} className="space-y-2">
      <label htmlFor={fields.email.id} className={`block text-sm font-medium ${tone === "dark" ? "text-white" : "text-slate-800"}`}>
        Email address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-describedby={fields.email.errors ? errorId : undefined}
          className="field-input min-w-48 flex-1"
        />
        {/* Honeypot: hidden from people and assistive technology, tempting to bots. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" />
        <button type="submit" className="btn-gold shrink-0" disabled={busy}>
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {fields.email.errors ? (
        <p id={errorId} className={tone === "dark" ? "text-sm text-red-300" : "field-error"}>
          {fields.email.errors[0]}
        </p>
      ) : null}
      {outcome?.confirmation && !busy ? (
        <p role="status" className={`text-sm font-medium ${tone === "dark" ? "text-gold-300" : "text-brand-700"}`}>
          {outcome.confirmation}
        </p>
      ) : (
        <p className={`text-xs ${textClass}`}>Monthly news of the families your giving reaches. Unsubscribe any time.</p>
      )}
    </fetcher.Form>
  );
}
