/**
 * The foundation as the site and its emails name it (contact details are reserved placeholders, so nobody real is
 * reached by mistake, until the ORG_* settings replace them).
 */
export const FOUNDATION = {
  name: "Al-Amanah Foundation",
  tagline: "Zakat & Sadaqa, delivered with care",
  email: "info@example.org",
  phone: "+1 (555) 010-0199",
  address: "123 Charity Lane, Suite 100, Springfield, ST 00000",
  social: [
    { label: "Facebook", href: "https://www.facebook.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "X (Twitter)", href: "https://x.com/" },
    { label: "YouTube", href: "https://www.youtube.com/" },
  ],
} as const;

/**
 * The foundation as the law and its donors reach it: the ORG_* settings, which default to
 * the placeholders above. Receipts, every mail's footer and the site's contact details
 * all read this one record, so a charity that sets them is named the same everywhere.
 */
export interface Organisation {
  legalName: string;
  taxId: string;
  address: string;
  email: string;
  phone: string;
}

/** How the site's pages reach the foundation: the public part of the organisation. */
export type FoundationContact = Pick<Organisation, "address" | "email" | "phone">;

export const PLACEHOLDER_ORGANISATION: Organisation = {
  legalName: FOUNDATION.name,
  taxId: "00-0000000",
  address: FOUNDATION.address,
  email: FOUNDATION.email,
  phone: FOUNDATION.phone,
};
