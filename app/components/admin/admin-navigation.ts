/** The admin sidebar, in the order SPEC 2 lists the screens. */
export const ADMIN_NAVIGATION = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/donations", label: "Donations" },
  { to: "/admin/contacts", label: "Contacts" },
  { to: "/admin/events", label: "Events" },
  { to: "/admin/stories", label: "Stories" },
  { to: "/admin/testimonials", label: "Testimonials" },
  { to: "/admin/volunteers", label: "Volunteers" },
  { to: "/admin/subscriptions", label: "Subscriptions" },
  { to: "/admin/media", label: "Media" },
  { to: "/admin/settings", label: "Settings" },
] as const;
