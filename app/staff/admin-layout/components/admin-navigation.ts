import type { IconName } from "~/ui/icon";

type AdminNavigationItem = { to: string; label: string; icon: IconName; end?: true };

/**
 * The admin sidebar, in the order the original product listed its screens (Appeals follow Donations, Newsletter follows
 * Volunteers, Funds follows Subscriptions; the Audit trail, then the Outbox of sent and kept mail comes last).
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
  { to: "/admin/media", label: "Media", icon: "image" },
  { to: "/admin/settings", label: "Settings", icon: "sliders" },
  { to: "/admin/audit", label: "Audit", icon: "history" },
  { to: "/admin/outbox", label: "Outbox", icon: "inbox" },
] as const satisfies readonly AdminNavigationItem[];
