/** The nine header links, in the order SPEC 2 lists them. */
export const MAIN_NAVIGATION = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/donate", label: "Donate" },
  { to: "/zakat-calculator", label: "Zakat Calculator" },
  { to: "/zakat-education", label: "Zakat Education" },
  { to: "/stories", label: "Stories" },
  { to: "/events", label: "Events" },
  { to: "/volunteer", label: "Volunteer" },
  { to: "/contact", label: "Contact" },
] as const;

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
