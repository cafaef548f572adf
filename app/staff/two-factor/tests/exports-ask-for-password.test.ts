import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Admin } from "~/staff/accounts";
import * as login from "~/staff/sign-in/routes/admin-login";
import * as apiLogin from "~/staff/sign-in/routes/api-auth-login";
import * as confirmPassword from "../routes/admin-confirm-password";
import * as donationsExport from "~/giving/gifts/routes/admin-donations-export";
import * as contactsExport from "~/community/contacts/routes/admin-contacts-export";
import * as volunteersExport from "~/community/volunteers/routes/admin-volunteers-export";
import * as newsletterExport from "~/community/newsletter/routes/admin-newsletter-export";
import * as auditExport from "~/staff/audit/routes/admin-audit-export";
import { createTestAdmin } from "../../../../tests/support/admins";
import { callApi, callRoute, makeContext } from "../../../../tests/support/routes";

/**
 * Exporting donor data (and the audit trail) asks for the password again when it was last given
 * more than 10 minutes ago (issue 30): a browser is sent to Confirm your password and brought back
 * to the list it was exporting; a script with a bearer token is answered 403 in JSON.
 */
const PASSWORD = "a-strong-password";
vi.setConfig({ testTimeout: 30_000 });
let address = 0;
const nextAddress = () => `198.51.100.${200 + (address += 1)}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

const EXPORTS = [
  { loader: donationsExport.loader, path: "/admin/donations/export?frequency=Monthly", list: "/admin/donations" },
  { loader: contactsExport.loader, path: "/admin/contacts/export?status=pending", list: "/admin/contacts" },
  { loader: volunteersExport.loader, path: "/admin/volunteers/export?interest=Events", list: "/admin/volunteers" },
  { loader: newsletterExport.loader, path: "/admin/newsletter/export?status=active", list: "/admin/newsletter" },
  { loader: auditExport.loader, path: "/admin/audit.csv?entity=rate", list: "/admin/audit" },
] as const;

async function signedIn(): Promise<{ admin: Admin; cookie: string }> {
  const { admin } = await createTestAdmin(PASSWORD, ["owner"]);
  const response = (await callRoute(login.action, "/admin/login", {
    form: { username: admin.username, password: PASSWORD, redirectTo: "/admin" },
    clientAddress: nextAddress(),
  })) as Response;
  return { admin, cookie: response.headers.get("Set-Cookie")!.split(";")[0]! };
}

function download(target: (typeof EXPORTS)[number], admin: Admin, headers: Record<string, string>): Promise<Response> {
  return callRoute(target.loader, target.path, {
    headers,
    context: makeContext("203.0.113.7", admin),
  }) as Promise<Response>;
}

describe("the donor-data and audit exports", () => {
  it("download within 10 minutes of the password; after that send the browser to confirm it, then back to the list", async () => {
    const { admin, cookie } = await signedIn();
    for (const target of EXPORTS) {
      const fresh = await download(target, admin, { Cookie: cookie });
      expect(fresh.status, target.path).toBe(200);
      expect(fresh.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(fresh.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w-]+\.csv"$/);
      await fresh.text();
    }

    vi.setSystemTime(Date.now() + 11 * 60_000);
    for (const target of EXPORTS) {
      const stale = await download(target, admin, { Cookie: cookie });
      expect(stale.status, target.path).toBe(302);
      const back = `${target.list}${target.path.slice(target.path.indexOf("?"))}`;
      expect(stale.headers.get("Location")).toBe(
        `/admin/security/confirm-password?${new URLSearchParams({ redirectTo: back })}`,
      );
    }

    // The password given again: the browser is brought back to the list, and the export downloads.
    const target = EXPORTS[0];
    const confirmed = (await callRoute(confirmPassword.action, "/admin/security/confirm-password", {
      form: { password: PASSWORD, redirectTo: "/admin/donations?frequency=Monthly" },
      headers: { Cookie: cookie },
      context: makeContext(nextAddress(), admin),
    })) as Response;
    expect(confirmed.headers.get("Location")).toBe("/admin/donations?frequency=Monthly");
    const again = await download(target, admin, { Cookie: confirmed.headers.get("Set-Cookie")!.split(";")[0]! });
    expect(again.status).toBe(200);
    expect((await again.text()).replace(/^\uFEFF/, "")).toMatch(/^ID,Name,Email,Amount/);
  });

  it("answer a script whose bearer token is older than 10 minutes 403 in JSON, never the confirm page", async () => {
    const { admin } = await createTestAdmin(PASSWORD, ["owner"]);
    const login = await callApi(apiLogin.action, "/api/auth/login", {
      body: { username: admin.username, password: PASSWORD },
      clientAddress: nextAddress(),
    });
    const auth = { Authorization: `Bearer ${login.body.access_token as string}` };
    const fresh = await download(EXPORTS[1], admin, auth);
    expect(fresh.status).toBe(200);
    await fresh.text();

    vi.setSystemTime(Date.now() + 11 * 60_000);
    for (const target of EXPORTS) {
      const stale = await download(target, admin, auth);
      expect(stale.status, target.path).toBe(403);
      expect(await stale.json()).toEqual({
        detail: "Confirm your password first: it was last given more than 10 minutes ago.",
        reauthentication_required: true,
      });
    }
  });

  it("send a visitor with no session to confirm the password (the admin area's guard sends them to sign in first)", async () => {
    const { admin } = await createTestAdmin(PASSWORD, ["owner"]);
    const response = await download(EXPORTS[2], admin, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/security\/confirm-password\?redirectTo=/);
  });
});
