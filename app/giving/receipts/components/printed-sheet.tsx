import type { ReactNode } from "react";
import { useNonce } from "~/ui/nonce";
import { useHydrated } from "~/ui/use-hydrated";
import type { Organisation } from "~/shared/foundation";

const PRINT_LABEL = "Print or save as PDF";
const PRINT_BUTTON_ID = "print-sheet";
const PRINT_FALLBACK_ID = "print-sheet-fallback";

/**
 * The sheet is sent without the app's JavaScript (decision 115), so its Print button is
 * brought to life by these few lines of its own, allowed by the page's nonce (decision 142).
 * They run as the page is read: the button appears and the sentence for browsers
 * without script goes, before anything is painted.
 */
const PRINT_SCRIPT = `(function(){var b=document.getElementById("${PRINT_BUTTON_ID}"),f=document.getElementById("${PRINT_FALLBACK_ID}");b.hidden=false;f.hidden=true;b.addEventListener("click",function(){window.print()})})()`;

/**
 * A receipt or a statement on its own page: the foundation's letterhead (legal name,
 * address, tax id) above the document, readable on a phone and one clean sheet when
 * printed; the way to print it and the links below are left off the paper.
 */
export function PrintedSheet({
  organisation,
  width,
  children,
  links,
}: {
  organisation: Organisation;
  width: "max-w-2xl" | "max-w-3xl";
  children: ReactNode;
  links: ReactNode;
}) {
  const hydrated = useHydrated();
  const nonce = useNonce();
  return (
    // As wide as the screen, no wider: a long address or a wide table wraps or scrolls inside the sheet instead of
    // widening the page.
    <main className={`mx-auto w-full ${width} px-4 py-8 break-words print:max-w-none print:p-0`}>
      <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 print:border-0 print:shadow-none">
        <header className="border-b border-slate-200 pb-6">
          <p className="text-xl font-bold text-brand-800 print:text-black">{organisation.legalName}</p>
          <p className="mt-1 text-sm text-slate-600">{organisation.address}</p>
          <p className="text-sm text-slate-600">Tax ID: {organisation.taxId}</p>
        </header>
        {children}
      </article>
      <div className="mt-6 flex flex-wrap items-center gap-3 print:hidden">
        {hydrated ? (
          // Reached by a link from a page running the app: the app draws the button itself.
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {PRINT_LABEL}
          </button>
        ) : (
          <>
            <button type="button" id={PRINT_BUTTON_ID} className="btn-primary" hidden>
              {PRINT_LABEL}
            </button>
            <p id={PRINT_FALLBACK_ID} className="text-sm text-slate-600">
              Use your browser&apos;s Print command to keep a copy on paper or as a PDF.
            </p>
            <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
          </>
        )}
        {links}
      </div>
    </main>
  );
}
