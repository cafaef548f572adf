import type { ReactNode } from "react";

/** The coloured band that opens a public page: an eyebrow, the page's one h1, a line of text. */
export function PageHero({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-brand-800 text-white">
      <div className="container-page py-12 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{eyebrow}</p>
        <h1 id={id} className="mt-2 max-w-3xl text-3xl font-bold sm:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div> : null}
      </div>
    </section>
  );
}
