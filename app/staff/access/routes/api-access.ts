import type { Route } from "./+types/api-access";
import { guardApi } from "../server/access.server";

/**
 * The frame around every /api route (it draws nothing): its middleware checks, before any
 * handler runs, that the request meets what staff/access/rules/route-access.ts says the route
 * needs.
 */
export const middleware: Route.MiddlewareFunction[] = [guardApi];
