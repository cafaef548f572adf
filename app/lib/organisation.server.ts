import type { FoundationContact, Organisation } from "~/shared/foundation";
import { getEnv } from "./env.server";

/** The foundation as the ORG_* settings name it (placeholders until a charity sets them). */
export function organisation(): Organisation {
  const env = getEnv();
  return {
    legalName: env.ORG_LEGAL_NAME,
    taxId: env.ORG_TAX_ID,
    address: env.ORG_ADDRESS,
    email: env.ORG_EMAIL,
    phone: env.ORG_PHONE,
  };
}

/** What the site's pages show under 'Contact Us'. */
export function foundationContact(): FoundationContact {
  const { address, email, phone } = organisation();
  return { address, email, phone };
}
