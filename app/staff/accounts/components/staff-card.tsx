import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of the team's pages outside the admin area (an invitation, a password reset), as sign-in's. */
export function StaffCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-center justify-center bg-slate-100 px-4 py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl bg-white p-8 shadow-lg">
          <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-center text-sm text-slate-600">Al-Amanah Foundation staff area</p>
          <div className="mt-6 space-y-4">{children}</div>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/login" className="text-slate-600 hover:text-slate-900 hover:underline">
            Staff sign-in
          </Link>
        </p>
      </div>
    </main>
  );
}
