import type { ReactNode } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Organisation } from "~/domain/shared/foundation";

/**
 * A receipt or a statement on its own page: the foundation's letterhead (legal name,
 * address, tax id) above the document, readable on a phone and one clean sheet when
 * printed; the way to print it and the links below are left off the paper.
 */
export function PrintedSheet({
  organisation,
  width,
  printLabel,
  printFallback = null,
  children,
  links,
}: {
  organisation: Organisation;
  width: "max-w-2xl" | "max-w-3xl";
  printLabel: string;
  /** What stands in for the print button where no script runs (a page sent without any), if anything. */
  printFallback?: ReactNode;
  children: ReactNode;
  links: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <main className={`mx-auto ${width} px-4 py-8 print:max-w-none print:p-0`}>
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
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {printLabel}
          </button>
        ) : (
          printFallback
        )}
        {links}
      </div>
    </main>
  );
}
