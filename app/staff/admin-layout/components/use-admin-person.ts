import { useRouteLoaderData } from "react-router";
import type { Role } from "~/staff/accounts";

/** The person signed in, as the admin layout's loader gives them to every screen below it. */
export interface AdminPerson {
  id: number;
  username: string;
  name: string;
  roles: Role[];
}

/** The admin layout's route id (routes.ts names a route by its file). */
const ADMIN_LAYOUT = "staff/admin-layout/routes/admin-layout";

/**
 * The person signed in, read from the admin layout's data: a component placed on any admin
 * screen learns who is looking without each screen's loader handing it down. Undefined
 * outside the admin area.
 */
export function useAdminPerson(): AdminPerson | undefined {
  return useRouteLoaderData<{ admin: AdminPerson }>(ADMIN_LAYOUT)?.admin;
}
