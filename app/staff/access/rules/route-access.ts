import { holdsAnyOf, type Role } from "~/staff/accounts";

/**
 * Who may use each admin screen and /api route: the one place the site declares it (issue 30,
 * decision 148). The admin area's middleware and the API's read this table for every request;
 * the admin menu and the dashboard read it to show only what the person may use; the route ×
 * role test walks routes.ts and fails for a route that is not here.
 *
 * - `public`: anyone, signed in or not.
 * - `staff`: any active member of staff, whatever their roles.
 * - a list of roles: a person holding one of them; an owner may always.
 *
 * A screen's need covers its page and its form actions alike. An API route says what reading
 * (GET, HEAD) needs and what every other method needs (`write`).
 */
export type Need = "public" | "staff" | readonly Role[];
export type RouteNeed = Need | { read: Need; write: Need };

const FINANCE = ["finance"] as const;
const EDITOR = ["editor"] as const;
const COMMUNITY = ["community"] as const;
const OWNER = ["owner"] as const;
const APPEALS = ["editor", "finance"] as const;
/** Zakat applications (issue 31): case workers, and finance who decide and pay. */
const CASES = ["caseworker", "finance"] as const;
/**
 * The applications' settings (decision 172): read by those who work cases, changed only by
 * finance (and owners), so that a case worker cannot move the safeguards on their own work
 * (the household cap, the years a case is kept).
 */
const CASE_SETTINGS: RouteNeed = { read: CASES, write: FINANCE };

/** Public reading, the role's writing: the site's content, read by every visitor, written by staff. */
const readByAll = (write: Need): RouteNeed => ({ read: "public", write });
/** Public writing (a visitor's form), the role's reading: what visitors send in. */
const sentByAll = (read: Need): RouteNeed => ({ read, write: "public" });

export const ROUTE_ACCESS: Readonly<Record<string, RouteNeed>> = {
  // The admin area: every screen below /admin.
  "/admin": "staff",
  "/admin/donations": FINANCE,
  "/admin/donations/export": FINANCE,
  "/admin/appeals": APPEALS,
  "/admin/contacts": COMMUNITY,
  "/admin/contacts/export": COMMUNITY,
  "/admin/volunteers": COMMUNITY,
  "/admin/volunteers/export": COMMUNITY,
  "/admin/newsletter": ["community", "editor"],
  "/admin/newsletter/export": COMMUNITY,
  "/admin/subscriptions": FINANCE,
  "/admin/ramadan": FINANCE,
  "/admin/funds": FINANCE,
  "/admin/funds/ledger": FINANCE,
  "/admin/funds/ledger.csv": FINANCE,
  "/admin/funds/proofs/:entryId": FINANCE,
  // A family's document (applications/documents): those who see cases; every download audited.
  "/admin/applications/:ref/documents/:id": ["caseworker", "finance"],
  "/admin/funds/rates": FINANCE,
  "/admin/funds/policy": ["editor", "finance"],
  // Grants (applications/grants): finance and case workers see them; deciding and paying is
  // finance's or an owner's, and never the recommender's, which the service checks.
  "/admin/applications/payments": CASES,
  "/admin/applications/:ref/grant": CASES,
  "/admin/stories": EDITOR,
  "/admin/events": EDITOR,
  "/admin/testimonials": EDITOR,
  "/admin/media": EDITOR,
  "/admin/settings": OWNER,
  // The audit trail (staff/audit): owners only, its CSV export too.
  "/admin/audit": OWNER,
  "/admin/audit.csv": OWNER,
  "/admin/outbox": OWNER,
  // Zakat applications (applications/*): case workers and finance (the Get help pages are public pages).
  "/admin/applications/settings": CASE_SETTINGS,
  // Sessions and personal tokens (staff/sign-in): everyone sees their own; what only an
  // owner may do (everyone's sessions, signing others out) is checked by the screen's service.
  "/admin/sign-ins": "staff",
  "/admin/account": "staff",
  // Passkeys (staff/passkeys): everyone manages their own, and confirms who they are with one.
  // Signing in with one (alone, or as the second step: /admin/login/passkey,
  // /admin/login/second-step/options) is outside the admin area like /admin/login.
  "/admin/passkeys": "staff",
  "/admin/passkeys/options": "staff",
  "/admin/passkeys/confirm/options": "staff",
  // Zakat applications' queue and case page (applications/cases).
  "/admin/applications": CASES,
  "/admin/applications/:ref": CASES,
  // The team (staff/accounts): inviting people, their roles, deactivating them.
  "/admin/team": OWNER,
  // Two-factor sign-in (staff/two-factor): every person's own Security page.
  "/admin/security": "staff",
  "/admin/security/confirm-password": "staff",
  "/admin/*": "staff",

  // The JSON API.
  "/api/auth/login": "public",
  "/api/auth/logout": "public",
  // The team (staff/accounts).
  "/api/staff": OWNER,
  "/api/staff/:id": OWNER,
  "/api/staff/:id/two-factor": OWNER,
  "/api/settings": readByAll(OWNER),
  "/api/settings/:key": readByAll(OWNER),
  "/api/stories": readByAll(EDITOR),
  "/api/stories/:id": readByAll(EDITOR),
  "/api/events": readByAll(EDITOR),
  "/api/events/:id": readByAll(EDITOR),
  "/api/testimonials": readByAll(EDITOR),
  "/api/testimonials/:id": readByAll(EDITOR),
  "/api/testimonials/:id/approve": readByAll(EDITOR),
  "/api/uploads/*": "public",
  "/api/video-thumbnails/:file": "public",
  "/api/contact": sentByAll(COMMUNITY),
  "/api/contact/:id": COMMUNITY,
  "/api/contact/:id/resolve": COMMUNITY,
  "/api/volunteers": sentByAll(COMMUNITY),
  "/api/volunteers/:id": COMMUNITY,
  "/api/appeals": readByAll(APPEALS),
  "/api/appeals/:ref": readByAll(APPEALS),
  "/api/donations": FINANCE,
  "/api/donations/stats": "public",
  "/api/donations/create-payment-session": "public",
  "/api/donations/create-subscription": "public",
  "/api/donations/calculate-zakat": "public",
  "/api/donations/subscriptions": FINANCE,
  "/api/donations/cancel-subscription": FINANCE,
  "/api/donations/ramadan-schedules": FINANCE,
  "/api/donations/ramadan-schedules/run-tonight": FINANCE,
  "/api/donations/subscriptions/:id/:change": FINANCE,
  "/api/donations/sync-stripe-data": FINANCE,
  "/api/donations/update-subscription-status": FINANCE,
  "/api/webhooks/stripe": "public",
  "/api/admin/dashboard": "staff",
  "/api/newsletter/unsubscribe": "public",
  "/api/zakat-reminders/stop": "public",
  "/api/funds": readByAll(FINANCE),
  "/api/funds/:id": readByAll(FINANCE),
  "/api/disbursements": FINANCE,
  "/api/disbursements/:id": FINANCE,
  // A second pair of eyes on money (decision 152): finance or owner decide others' requests.
  "/api/disbursements/:id/:decision": FINANCE,
  "/api/disbursements/requests/:id": FINANCE,
  "/api/rates": readByAll(FINANCE),
  "/api/transparency": "public",
  // The audit trail (staff/audit).
  "/api/audit": OWNER,
  "/api/applications/settings": CASE_SETTINGS,
  // Zakat applications (applications/cases): reading and every action alike.
  "/api/applications": CASES,
  "/api/applications/:ref": CASES,
  "/api/applications/:ref/:action": CASES,
  "/api/*": "public",
};

const READING = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a request to a route pattern needs; undefined for a route that declares nothing. React
 * Router hands the pattern without its leading slash ("api/stories/:id").
 */
export function needFor(pattern: string, method: string): Need | undefined {
  const need = ROUTE_ACCESS[pattern.startsWith("/") ? pattern : `/${pattern}`];
  if (need === undefined || typeof need === "string" || Array.isArray(need)) return need as Need | undefined;
  const split = need as { read: Need; write: Need };
  return READING.has(method.toUpperCase()) ? split.read : split.write;
}

/** Whether a person holding `roles` (none when signed out) meets a need. */
export function meets(need: Need, roles: readonly Role[] | undefined): boolean {
  if (need === "public") return true;
  if (!roles) return false;
  return need === "staff" || holdsAnyOf(roles, need);
}

/** Whether a person may open an admin screen (its page, by GET): the menu and the dashboard ask. */
export function mayOpen(roles: readonly Role[], path: string): boolean {
  const need = needFor(path, "GET");
  return need !== undefined && meets(need, roles);
}

/** Whether a person may post to an admin screen (its forms): a screen reads it to show a form or not. */
export function mayChange(roles: readonly Role[], path: string): boolean {
  const need = needFor(path, "POST");
  return need !== undefined && meets(need, roles);
}

/** The roles a need names, for the page that refuses it ("This screen is for Finance."). */
export function rolesNamed(need: Need): readonly Role[] {
  return typeof need === "string" ? [] : need;
}
