import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { AdminShell } from "../components/admin-shell";
import { AdminErrorPage } from "../components/admin-error-page";
import { useAdminPerson } from "../components/use-admin-person";
import { guardAdminArea } from "~/staff/access/index.server";
import { adminContext } from "~/lib/request-context";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * Guards every admin screen, loader and action below this layout on the server: nothing
 * under /admin runs until the request is signed in and the person's roles meet what the
 * screen needs (staff/access).
 */
export const middleware: Route.MiddlewareFunction[] = [guardAdminArea];

export function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext)!;
  return { admin: { id: admin.id, username: admin.username, name: admin.name, roles: admin.roles } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell username={loaderData.admin.username} roles={loaderData.admin.roles}>
      <Outlet />
    </AdminShell>
  );
}

/** A screen below that failed, inside the admin frame (a refusal never gets here: see root.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} person={useAdminPerson()} />;
}
