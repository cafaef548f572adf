import type { getFormProps } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useEscapeKey } from "./use-escape-key";

/**
 * "Are you sure?" before an action that cannot be undone: opened by an address
 * (?delete=7), so it works without JavaScript; with it, focus moves in and Escape or
 * the cancel link closes it. A confirmation that asks for something more (a reason, a date)
 * passes its fields as children and its conform form's props as `formProps`.
 */
export function ConfirmPanel({
  question,
  details,
  confirmLabel,
  intent,
  fields,
  cancelTo,
  cancelLabel = "Cancel",
  busyLabel = "Working...",
  formProps,
  children,
}: {
  question: string;
  details?: ReactNode;
  confirmLabel: string;
  intent: string;
  fields?: Record<string, string>;
  cancelTo: string;
  /** What keeping things as they are is called here ("Keep this gift" where 'Cancel' would mean the opposite). */
  cancelLabel?: string;
  /** What the button says while it works ("Rejecting..."). */
  busyLabel?: string;
  /** The props conform's `getFormProps` gives, when the confirmation has fields of its own. */
  formProps?: ReturnType<typeof getFormProps>;
  /** The confirmation's own fields and messages, above its buttons. */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const panelRef = useEscapeKey<HTMLElement>(() => {
    if (!busy) navigate(cancelTo, { preventScrollReset: true });
  });
  return (
    <section
      ref={panelRef}
      aria-labelledby="confirm-title"
      className="rounded-xl border-2 border-red-600 bg-white p-6 shadow-sm"
    >
      <h2 id="confirm-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {question}
      </h2>
      {details ? <div className="mt-2 text-slate-700">{details}</div> : null}
      <Form method="post" {...formProps} className="mt-4 space-y-4" preventScrollReset>
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex gap-3">
          <button
            type="submit"
            name="intent"
            value={intent}
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
          <Link to={cancelTo} preventScrollReset className="btn-secondary">
            {cancelLabel}
          </Link>
        </div>
      </Form>
    </section>
  );
}
