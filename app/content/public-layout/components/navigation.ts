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

/**
 * A donor's own page, beside the nine links rather than among them: an account link, like a
 * shop's "My account", so a donor finds their receipts, statements and recurring gift
 * without reaching the footer.
 */
export const ACCOUNT_LINK = { to: "/my-giving", label: "My giving" } as const;

/** What the phone menu lists under the nine links: the appeals a donor may be looking for. */
export const SECONDARY_NAVIGATION = [{ to: "/appeals", label: "Appeals" }] as const;

/** The foundation's name and (placeholder) contact details live in the domain, shared with its emails. */
export { FOUNDATION } from "~/shared/foundation";
