import { useRouteLoaderData } from "react-router";
import { FOUNDATION, type FoundationContact } from "~/shared/foundation";

/**
 * The foundation's address, phone and email as the ORG_* settings give them (the root
 * loader reads them once). An error page rendered without the root's data falls back
 * to the placeholders rather than showing nothing.
 */
export function useFoundationContact(): FoundationContact {
  const rootData = useRouteLoaderData<{ contact?: FoundationContact }>("root");
  return rootData?.contact ?? { address: FOUNDATION.address, email: FOUNDATION.email, phone: FOUNDATION.phone };
}
