import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "./request-context";
import { siteUrlFor } from "./site-url.server";

/** Who posted a public form: their address (for the rate limit) and the site they used (for links in mail). */
export interface Visitor {
  clientAddress: string;
  siteUrl: string;
}

export function visitorOf(request: Request, context: Readonly<RouterContextProvider>): Visitor {
  return { clientAddress: context.get(clientAddressContext), siteUrl: siteUrlFor(request) };
}
