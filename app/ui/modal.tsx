import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "./icon";
import { useHydrated } from "./use-hydrated";

/**
 * A modal dialog on the browser's own <dialog>: showModal() moves focus inside, keeps it
 * there (the page behind becomes inert) and closes on Escape; the close button comes
 * first. On closing, focus returns to what had it before. Until JavaScript runs (or
 * without it) the content is a plain section in the page, so forms still work.
 */
export function Modal({
  title,
  onClose,
  children,
  size = "md",
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: "md" | "lg";
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // showModal() focuses the first stop, the leading focus guard: that is not a Shift+Tab.
  const openingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Closes the dialog and tells the page (set while the dialog is shown).
  const closeRef = useRef<() => void>(undefined);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!hydrated || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openingRef.current = true;
    if (!dialog.open) dialog.showModal();
    openingRef.current = false;
    // A form starts at its first field; anything else at the close button, which comes first.
    const firstField = dialog.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
    (firstField ?? dialog.querySelector<HTMLElement>("button"))?.focus();
    // The page is told the moment the dialog is asked to close, once, whoever asks:
    // Escape (the browser's cancel, fired during the key press), the close button, the
    // backdrop. The browser's close event comes later, as a task of its own: a key pressed
    // straight after Escape (Space on the opener, refocused already) would come before it
    // and meet a dialog the page still thinks is open.
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      onCloseRef.current();
    };
    const closeNow = () => {
      dialog.close();
      tell();
    };
    closeRef.current = closeNow;
    // Any other close (a form inside with method="dialog"); a late close event from an
    // earlier mount of this dialog (React's StrictMode) arrives while it is open again.
    const closed = () => {
      if (!dialog.open) tell();
    };
    // A click on the backdrop (the dialog element itself, outside its panel) closes it.
    const closeOnBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) closeNow();
    };
    dialog.addEventListener("cancel", tell);
    dialog.addEventListener("close", closed);
    dialog.addEventListener("click", closeOnBackdrop);
    return () => {
      closeRef.current = undefined;
      dialog.removeEventListener("cancel", tell);
      dialog.removeEventListener("close", closed);
      dialog.removeEventListener("click", closeOnBackdrop);
      if (dialog.open) dialog.close();
      // After the dialog is gone, the keyboard carries on where it was.
      if (opener?.isConnected) opener.focus();
    };
  }, [hydrated]);

  const width = size === "lg" ? "max-w-4xl" : "max-w-2xl";
  const heading = (
    <div className="flex items-start justify-between gap-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {hydrated ? (
        <button
          type="button"
          onClick={() => closeRef.current?.()}
          className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
          aria-label="Close"
        >
          <Icon name="close" className="h-6 w-6" />
        </button>
      ) : null}
    </div>
  );

  if (!hydrated) {
    return (
      <section
        aria-label={title}
        className={`mx-auto w-full ${width} rounded-xl border-2 border-brand-600 bg-white p-6 shadow-sm`}
      >
        {heading}
        <div className="mt-4">{children}</div>
      </section>
    );
  }
  return (
    <dialog
      ref={dialogRef}
      aria-label={title}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/70`}
    >
      <FocusGuard
        onFocus={() => {
          if (!openingRef.current) focusEdge(dialogRef.current, "last");
        }}
      />
      <div className="max-h-[85vh] overflow-y-auto p-6">
        {heading}
        <div className="mt-4">{children}</div>
      </div>
      <FocusGuard onFocus={() => focusEdge(dialogRef.current, "first")} />
    </dialog>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, video[controls], [tabindex]:not([tabindex="-1"]):not([data-focus-guard])';

/**
 * A modal <dialog> keeps focus from the page behind, but Tab past its last control (or
 * out of an embedded player) would go to the browser's own toolbar. Two invisible stops,
 * one at each end, send it round to the other end instead.
 */
function FocusGuard({ onFocus }: { onFocus: () => void }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a guard is a stop Tab passes through, never rests on: focusing it sends focus round to the dialog's other end
    <span tabIndex={0} data-focus-guard="" aria-hidden="true" onFocus={onFocus} className="fixed h-px w-px opacity-0" />
  );
}

function focusEdge(dialog: HTMLDialogElement | null, edge: "first" | "last"): void {
  const controls = [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  (edge === "first" ? controls[0] : controls.at(-1))?.focus();
}
