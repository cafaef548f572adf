import { isRouteErrorResponse } from "react-router";
import type { Role } from "~/staff/accounts";
import { AdminShell } from "./admin-shell";

/** Who is signed in, as the frame shows them. */
export interface AdminFramePerson {
  username: string;
  roles: Role[];
}

/**
 * An admin screen that was refused (403) or failed, inside the admin frame when the person
 * is known: the refusal carries them (staff/access), a failed screen's layout has them.
 */
export function AdminErrorPage({ error, person }: { error: unknown; person: AdminFramePerson | undefined }) {
  const { heading, message } = wordsFor(error);
  const body = (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>{`${heading} | Admin`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <a href="/admin" className="btn-primary mt-8">
        Back to the dashboard
      </a>
    </div>
  );
  if (!person) return <main className="flex flex-1 items-center justify-center">{body}</main>;
  return (
    <AdminShell username={person.username} roles={person.roles}>
      {body}
    </AdminShell>
  );
}

/** The person a refusal carries, when the error is one (staff/access's `Refusal`). */
export function refusedPerson(error: unknown): AdminFramePerson | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const staff = (error.data as { staff?: AdminFramePerson } | null)?.staff;
  return staff && Array.isArray(staff.roles) ? staff : undefined;
}

function wordsFor(error: unknown): { heading: string; message: string } {
  const fallback = "An unexpected error occurred. Please try again in a moment.";
  if (!isRouteErrorResponse(error)) return { heading: "Something went wrong", message: fallback };
  const detail: unknown = error.status < 500 ? (error.data as { detail?: unknown } | null)?.detail : undefined;
  const heading =
    error.status === 403
      ? "Not for your role"
      : error.status === 404
        ? "Not found"
        : `${error.status} ${error.statusText}`;
  return { heading, message: typeof detail === "string" ? detail : fallback };
}
