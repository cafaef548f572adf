import type { ReactNode } from "react";

/** A banner at the top of an admin screen: a success as a status, a failure as an alert. */
export function Notice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  return tone === "success" ? (
    <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
      {children}
    </p>
  ) : (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}
