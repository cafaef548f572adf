import { createContext } from "react-router";
import type { Admin } from "~/staff/accounts";

/**
 * Values the server hands to loaders, actions and middleware through `context`.
 * The production server fills clientAddress from the socket (or a trusted proxy).
 */
export const clientAddressContext = createContext<string>("unknown");

/** The signed-in admin, set by the admin area's middleware for every screen below it. */
export const adminContext = createContext<Admin | null>(null);
