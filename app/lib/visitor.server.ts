import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "./request-context";
import { siteUrlFor } from "./site-url.server";

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

/**
 * Who starts a checkout, and the address they came to: the provider sends them back there
 * after paying (or canceling), so it is the address they used, not PUBLIC_URL alone.
 */
export interface CheckoutVisitor extends Visitor {
  siteUrl: string;
}

export function checkoutVisitorOf(request: Request, context: Readonly<RouterContextProvider>): CheckoutVisitor {
  return { ...visitorOf(request, context), siteUrl: siteUrlFor(request) };
}
