import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "./request-context";

/**
 * Who posted a public form: their address, for the rate limit. (Links in mail never come
 * from the request: its Host header is the sender's to choose. See configuredSiteUrl.)
 */
export interface Visitor {
  clientAddress: string;
}

export function visitorOf(_request: Request, context: Readonly<RouterContextProvider>): Visitor {
  return { clientAddress: context.get(clientAddressContext) };
}
