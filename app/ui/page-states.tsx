import type { ReactNode } from "react";
import { Link } from "react-router";

/** The message a public list shows when its content could not be loaded. */
export function LoadFailure({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800">
      {children}
    </p>
  );
}

/** A public list with nothing in it yet: a heading, a line, and where to go instead. */
export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="py-12 text-center">
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link to={action.to} className="btn-primary mt-6">
        {action.label}
      </Link>
    </div>
  );
}
