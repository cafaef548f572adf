import type { IconName } from "~/ui/icon";
import { mayOpen } from "~/staff/access";
import type { Role } from "~/staff/accounts";

type AdminNavigationItem = {
  to: string;
  label: string;
  icon: IconName;
  end?: true;
  /** Listed only for a person who may not open this screen, which already leads to the item. */
  unlessOpens?: string;
};

/**
 * The admin sidebar, in the order the original product listed its screens (Appeals follow Donations, Newsletter follows
 * Volunteers, Funds follows Subscriptions; the Audit trail, then the Outbox of sent and kept mail comes last). A person
 * sees the items their roles open (`screensFor`).
 */
export const ADMIN_NAVIGATION = [
  { to: "/admin", label: "Dashboard", icon: "dashboard", end: true },
  { to: "/admin/donations", label: "Donations", icon: "heart" },
  { to: "/admin/appeals", label: "Appeals", icon: "megaphone" },
  { to: "/admin/contacts", label: "Contacts", icon: "mail" },
  { to: "/admin/events", label: "Events", icon: "calendar" },
  { to: "/admin/stories", label: "Stories", icon: "bookOpen" },
  { to: "/admin/testimonials", label: "Testimonials", icon: "messageSquare" },
  { to: "/admin/volunteers", label: "Volunteers", icon: "users" },
  { to: "/admin/newsletter", label: "Newsletter", icon: "send" },
  { to: "/admin/subscriptions", label: "Subscriptions", icon: "repeat" },
  { to: "/admin/ramadan", label: "Ramadan nights", icon: "moon" },
  { to: "/admin/funds", label: "Funds", icon: "scale" },
  // An editor writes the policy's text without the Funds screens, whose tabs lead everyone else to it.
  { to: "/admin/funds/policy", label: "Zakat policy", icon: "scale", unlessOpens: "/admin/funds" },
  { to: "/admin/applications", label: "Applications", icon: "folder" },
  { to: "/admin/media", label: "Media", icon: "image" },
  { to: "/admin/team", label: "Team", icon: "user" },
  { to: "/admin/settings", label: "Settings", icon: "sliders" },
  { to: "/admin/audit", label: "Audit", icon: "history" },
  { to: "/admin/outbox", label: "Outbox", icon: "inbox" },
] as const satisfies readonly AdminNavigationItem[];

/** The items a person holding `roles` sees: those they may open, and no second way to the same place. */
export function screensFor(roles: readonly Role[]): readonly AdminNavigationItem[] {
  return ADMIN_NAVIGATION.filter(
    (item: AdminNavigationItem) => mayOpen(roles, item.to) && !(item.unlessOpens && mayOpen(roles, item.unlessOpens)),
  );
}
