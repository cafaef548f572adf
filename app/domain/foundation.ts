/** The foundation as the site and its emails name it (contact details are placeholders, SPEC 2). */
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
