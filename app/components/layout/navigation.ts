/** The nine header links of every public page, in the order the original product listed them. */
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

/** The foundation's name and (placeholder) contact details live in the domain, shared with its emails. */
export { FOUNDATION } from "~/domain/shared/foundation";
