import { Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { AdminShell } from "../components/admin-shell";
import { requireAdminPage } from "~/staff/sign-in/index.server";
import { adminContext } from "~/lib/request-context";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * Guards every admin screen, loader and action below this layout on the server: nothing
 * under /admin runs until the request is signed in.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, url }) => {
    context.set(adminContext, await requireAdminPage(request, url));
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  return { admin: { id: admin!.id, username: admin!.username } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell username={loaderData.admin.username}>
      <Outlet />
    </AdminShell>
  );
}
