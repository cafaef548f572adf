import type { APIRequestContext, APIResponse } from "@playwright/test";
import routes from "../../../routes";
import { expect, test, E2E_ADMIN } from "../../../../tests/e2e/fixtures";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/**
 * Every route of routes.ts, for every role and a signed-out visitor, over real HTTP against the
 * built server (issue 30): a screen or API route is opened by exactly the people this file
 * expects, refused to the rest with a 403 (or sent to sign-in / answered 401 when signed out),
 * and never answers 500. The expectations below are written apart from the site's own table
 * (staff/access/rules/route-access.ts), so a route that drops its declaration, or a new route
 * nobody declared, fails here.
 *
 * A screen's page is opened with GET; its form actions are posted only by those who must be
 * refused (an allowed person's post would really do something, and each feature's own tests
 * cover it). Public forms are posted empty by a signed-out visitor, and must answer in words.
 */

type Who = "everyone" | "any staff" | readonly Role[];
type Role = "finance" | "caseworker" | "editor" | "community";
interface Expected {
  read: Who;
  /** What posting (or PUT, PATCH, DELETE) needs, when it differs from reading. */
  write?: Who;
}

const everyone: Expected = { read: "everyone" };
const anyStaff: Expected = { read: "any staff" };
const only = (...roles: Role[]): Expected => ({ read: roles });
const readByAll = (...roles: Role[]): Expected => ({ read: "everyone", write: roles });
const sentByAll = (...roles: Role[]): Expected => ({ read: roles, write: "everyone" });
const ownerOnly: Expected = { read: [] };

const EXPECTED: Record<string, Expected> = {
  "/healthz": everyone,
  // Public pages.
  "/": everyone,
  "/about": everyone,
  "/zakat-education": everyone,
  "/newsletter": everyone,
  "/newsletter/confirm": everyone,
  "/newsletter/unsubscribe": everyone,
  "/donate": everyone,
  "/donation-success": everyone,
  "/zakat-calculator": everyone,
  "/zakat-reminders/confirm": everyone,
  "/zakat-reminders/stop": everyone,
  "/obligations": everyone,
  "/appeals": everyone,
  "/appeals/:slug": everyone,
  "/stories": everyone,
  "/stories/:id": everyone,
  "/events": everyone,
  "/events/:id": everyone,
  "/testimonials": everyone,
  "/contact": everyone,
  "/volunteer": everyone,
  "/my-giving": everyone,
  "/my-giving/sign-in": everyone,
  "/my-application": everyone,
  "/my-application/sign-in": everyone,
  "/update-card/:token": everyone,
  "/transparency": everyone,
  "/zakat-policy": everyone,
  "/get-help": everyone,
  "/get-help/apply": everyone,
  "/get-help/apply/resume/:token": everyone,
  "/get-help/apply/done": everyone,
  "/*": everyone,
  "/events/:id/calendar.ics": everyone,
  "/receipts/:token": everyone,
  "/my-giving/statement/:year": everyone,
  "/my-application/export": everyone,
  "/my-application/:ref/documents/:id": everyone,
  "/sandbox/checkout/:sessionId": everyone,
  "/sandbox/billing/:sessionId": everyone,
  "/admin/login": everyone,
  "/admin/logout": everyone,
  "/admin/login/passkey": everyone,
  "/admin/invitation/:token": everyone,
  "/admin/forgot-password": everyone,
  "/admin/reset-password/:token": everyone,
  "/admin/login/passkey/options": everyone,
  "/admin/login/second-step/options": everyone,

  // The admin area.
  "/admin": anyStaff,
  "/admin/donations": only("finance"),
  "/admin/applications/payments": only("caseworker", "finance"),
  "/admin/applications/:ref/grant": only("caseworker", "finance"),
  "/admin/donations/export": only("finance"),
  "/admin/appeals": only("editor", "finance"),
  "/admin/contacts": only("community"),
  "/admin/contacts/export": only("community"),
  "/admin/volunteers": only("community"),
  "/admin/volunteers/export": only("community"),
  "/admin/newsletter": only("community", "editor"),
  "/admin/newsletter/export": only("community"),
  "/admin/subscriptions": only("finance"),
  "/admin/applications": only("caseworker", "finance"),
  "/admin/applications/:ref": only("caseworker", "finance"),
  "/admin/ramadan": only("finance"),
  "/admin/funds": only("finance"),
  "/admin/funds/ledger": only("finance"),
  "/admin/funds/ledger.csv": only("finance"),
  "/admin/funds/proofs/:entryId": only("finance"),
  "/admin/applications/:ref/documents/:id": only("caseworker", "finance"),
  "/admin/funds/rates": only("finance"),
  "/admin/funds/policy": only("editor", "finance"),
  "/admin/stories": only("editor"),
  "/admin/events": only("editor"),
  "/admin/testimonials": only("editor"),
  "/admin/media": only("editor"),
  // Read by case workers, changed only by finance and owners (decision 172).
  "/admin/applications/settings": { read: ["caseworker", "finance"], write: ["finance"] },
  "/admin/settings": ownerOnly,
  "/admin/outbox": ownerOnly,
  "/admin/sign-ins": anyStaff,
  "/admin/account": anyStaff,
  "/admin/security": anyStaff,
  "/admin/security/confirm-password": anyStaff,
  "/admin/team": ownerOnly,
  "/admin/audit": ownerOnly,
  "/admin/audit.csv": ownerOnly,
  "/admin/passkeys": anyStaff,
  "/admin/passkeys/options": anyStaff,
  "/admin/passkeys/confirm/options": anyStaff,
  "/admin/*": anyStaff,

  // The JSON API.
  "/api/auth/login": everyone,
  "/api/auth/logout": everyone,
  "/api/settings": { read: "everyone", write: [] },
  "/api/settings/:key": { read: "everyone", write: [] },
  "/api/stories": readByAll("editor"),
  "/api/stories/:id": readByAll("editor"),
  "/api/events": readByAll("editor"),
  "/api/events/:id": readByAll("editor"),
  "/api/testimonials": readByAll("editor"),
  "/api/testimonials/:id": readByAll("editor"),
  "/api/testimonials/:id/approve": readByAll("editor"),
  "/api/uploads/*": everyone,
  "/api/video-thumbnails/:file": everyone,
  "/api/contact": sentByAll("community"),
  "/api/contact/:id": only("community"),
  "/api/contact/:id/resolve": only("community"),
  "/api/volunteers": sentByAll("community"),
  "/api/volunteers/:id": only("community"),
  "/api/appeals": readByAll("editor", "finance"),
  "/api/appeals/:ref": readByAll("editor", "finance"),
  "/api/donations": only("finance"),
  "/api/donations/stats": everyone,
  "/api/donations/create-payment-session": everyone,
  "/api/donations/create-subscription": everyone,
  "/api/donations/calculate-zakat": everyone,
  "/api/donations/subscriptions": only("finance"),
  "/api/donations/cancel-subscription": only("finance"),
  "/api/donations/ramadan-schedules": only("finance"),
  "/api/donations/ramadan-schedules/run-tonight": only("finance"),
  "/api/donations/subscriptions/:id/:change": only("finance"),
  "/api/donations/sync-stripe-data": only("finance"),
  "/api/donations/update-subscription-status": only("finance"),
  "/api/webhooks/stripe": everyone,
  "/api/admin/dashboard": anyStaff,
  "/api/staff": ownerOnly,
  "/api/staff/:id": ownerOnly,
  "/api/staff/:id/two-factor": ownerOnly,
  "/api/audit": ownerOnly,
  "/api/newsletter/unsubscribe": everyone,
  "/api/zakat-reminders/stop": everyone,
  "/api/funds": readByAll("finance"),
  "/api/funds/:id": readByAll("finance"),
  "/api/disbursements": only("finance"),
  "/api/disbursements/:id": only("finance"),
  "/api/disbursements/:id/:decision": only("finance"),
  "/api/disbursements/requests/:id": only("finance"),
  "/api/rates": readByAll("finance"),
  "/api/transparency": everyone,
  "/api/applications/settings": { read: ["caseworker", "finance"], write: ["finance"] },
  "/api/applications": only("caseworker", "finance"),
  "/api/applications/:ref": only("caseworker", "finance"),
  "/api/applications/:ref/:action": only("caseworker", "finance"),
  "/api/*": everyone,
};

/** A value for each kind of address part: none of them names a real record, which is the point. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: "999999",
  entryId: "999999",
  slug: "no-such-appeal",
  ref: "no-such-appeal",
  key: "no_such_setting",
  token: "no-such-token",
  sessionId: "cs_test_none",
  file: "none.jpg",
  year: "2026",
  change: "pause",
  decision: "approve",
  action: "assign",
};

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every address routes.ts answers, as the pattern React Router matches ("/api/stories/:id"). */
function patternsOf(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    const own = entry.index || (entry.path && !entry.children) ? [here || "/"] : [];
    const parent = entry.path && entry.children ? [here] : [];
    return [...own, ...parent, ...patternsOf(entry.children ?? [], here)];
  });
}

function addressOf(pattern: string): string {
  return pattern
    .split("/")
    .map((part) => (part === "*" ? "nothing-here" : part.startsWith(":") ? SAMPLE_PARAMS[part.slice(1)]! : part))
    .join("/");
}

type Persona = { label: string; roles: string[] | null; cookie?: string; token?: string };

function allowed(who: Who, persona: Persona): boolean {
  if (who === "everyone") return true;
  if (persona.roles === null) return false;
  if (who === "any staff" || persona.roles.includes("owner")) return true;
  return who.some((role) => persona.roles!.includes(role));
}

async function signIn(request: APIRequestContext, username: string, password: string) {
  const form = await request.post("/admin/login", { form: { username, password }, maxRedirects: 0 });
  expect(form.status(), `sign-in of ${username}`).toBe(302);
  const cookie = form.headers()["set-cookie"]!.split(";")[0]!;
  const api = await request.post("/api/auth/login", { data: { username, password } });
  expect(api.status(), `API sign-in of ${username}`).toBe(200);
  return { cookie, token: ((await api.json()) as { access_token: string }).access_token };
}

/** A request as the persona: the admin area with their cookie, the API with their bearer token. */
function send(request: APIRequestContext, persona: Persona, method: string, address: string): Promise<APIResponse> {
  const onApi = address.startsWith("/api/");
  // The site's own origin, as its own pages post: a refusal must come from the roles, not the CSRF check.
  const headers: Record<string, string> = { Origin: `http://127.0.0.1:${process.env.E2E_PORT}` };
  if (onApi && persona.token) headers.Authorization = `Bearer ${persona.token}`;
  if (!onApi && persona.cookie) headers.Cookie = persona.cookie;
  const body = onApi ? { data: {} } : { form: { intent: "route-access-probe" } };
  return request.fetch(address, { method, headers, maxRedirects: 0, ...(method === "GET" ? {} : body) });
}

/** What the persona met, checked against what they should have met. */
async function checkOutcome(
  response: APIResponse,
  method: string,
  expectedOpen: boolean,
  address: string,
  persona: Persona,
) {
  const status = response.status();
  const where = `${persona.label} ${method} ${response.url().replace(/^https?:\/\/[^/]+/, "")} → ${status}`;
  expect(status, `${where}: never a server error`).toBeLessThan(500);
  // A post to a screen or route that takes no posts at all is refused before anything runs.
  if (method !== "GET" && status === 405) return;
  if (expectedOpen) {
    expect([401, 403], `${where}: should be open`).not.toContain(status);
    if (address.startsWith("/admin") && status === 302)
      expect(response.headers().location, where).not.toMatch(/^\/admin\/login/);
    return;
  }
  if (persona.roles === null) {
    if (address.startsWith("/api/")) expect(status, `${where}: signed out`).toBe(401);
    else {
      expect(status, `${where}: signed out`).toBe(302);
      expect(response.headers().location, where).toMatch(/^\/admin\/login/);
    }
    return;
  }
  expect(status, `${where}: refused`).toBe(403);
  // A screen refuses with a page in the admin frame; an API route, or a screen's file download, in JSON.
  const text = await response.text();
  if (response.headers()["content-type"]?.includes("text/html")) expect(text, where).toContain("Not for your role");
  else expect((JSON.parse(text) as { detail: string }).detail, where).toMatch(/^This needs/);
}

test.describe("who may use each route", () => {
  test("routes.ts and this file's expectations name the same routes", () => {
    const patterns = patternsOf(routes as RouteEntry[]);
    expect(
      patterns.filter((pattern) => !(pattern in EXPECTED)),
      "routes nobody expects anything of",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((pattern) => !patterns.includes(pattern)),
      "expected routes gone",
    ).toEqual([]);
  });

  test("every route, every role and a signed-out visitor meet what they should", async ({ playwright, baseURL }) => {
    test.setTimeout(180_000);
    // Two clients: one signs everyone in and keeps their cookies; the other sends each probe with
    // only the cookie or token it names, so no sign-in leaks into a signed-out probe.
    const signing = await playwright.request.newContext({ baseURL });
    const request = await playwright.request.newContext({ baseURL });
    const personas: Persona[] = [{ label: "signed out", roles: null }];
    const owner = await signIn(signing, E2E_ADMIN.username, E2E_ADMIN.password);
    personas.push({ label: "owner", roles: ["owner"], ...owner });
    for (const roles of [["finance"], ["caseworker"], ["editor"], ["community"], []]) {
      const persona = await newPersona(roles, `access-${roles[0] ?? "none"}`);
      personas.push({
        label: roles[0] ?? "no role",
        roles,
        ...(await signIn(signing, persona.username, persona.password)),
      });
    }

    const probes: Array<() => Promise<void>> = [];
    for (const pattern of patternsOf(routes as RouteEntry[])) {
      const expected = EXPECTED[pattern]!;
      const address = addressOf(pattern);
      const write = expected.write ?? expected.read;
      // The admin area behind sign-in, and the API; the sign-in, invitation and reset pages are public pages.
      const staffArea = pattern.startsWith("/api/") || (pattern.startsWith("/admin") && expected.read !== "everyone");
      for (const persona of personas) {
        // Public pages are the same for everyone: a signed-out visitor and one member of staff suffice.
        if (!staffArea && !["signed out", "finance"].includes(persona.label)) continue;
        probes.push(async () =>
          checkOutcome(
            await send(request, persona, "GET", address),
            "GET",
            allowed(expected.read, persona),
            address,
            persona,
          ),
        );
        const probeWrite = staffArea && (!allowed(write, persona) || (write === "everyone" && persona.roles === null));
        if (probeWrite)
          probes.push(async () =>
            checkOutcome(
              await send(request, persona, "POST", address),
              "POST",
              allowed(write, persona),
              address,
              persona,
            ),
          );
      }
    }
    // Four at a time: quick, and gentle on the other worker's specs.
    for (let start = 0; start < probes.length; start += 4) {
      await Promise.all(probes.slice(start, start + 4).map((probe) => probe()));
    }
    expect(probes.length).toBeGreaterThan(500);
  });
});
