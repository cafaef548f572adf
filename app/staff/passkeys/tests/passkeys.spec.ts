import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { newPersona, type Persona } from "../../../../tests/e2e/staff-personas";

/**
 * Passkeys in a real browser: Chromium's virtual authenticator (through the DevTools
 * protocol) stands in for a phone or a laptop's fingerprint reader.
 *
 * The e2e server is reached at http://127.0.0.1:PORT, but an IP address is no valid relying
 * party id for WebAuthn, so these pages are opened at http://localhost:PORT (a secure context
 * too). Cookies are per host, so each person signs in there with the password form rather than
 * through the adminPage fixture, whose cookie belongs to 127.0.0.1. Each test adds its passkey to
 * a person of its own: a passkey makes the password form ask for a second step, which the other
 * specs' owner must not meet.
 */

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function givePassword(page: Page, site: string, person: Persona) {
  await page.goto(`${site}/admin/login`);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function addPasskey(page: Page, name: string) {
  await page.locator("summary", { hasText: "Your account" }).click();
  await page.getByRole("link", { name: "Passkeys" }).click();
  await expect(page.getByRole("heading", { name: "Passkeys", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add a passkey" }).click();
  // The password was given at sign-in a moment ago, so it is not asked for again (after 10 minutes it is:
  // the integration tests show that).
  await expect(page.getByRole("heading", { name: "Add a passkey" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
}

test("a member of staff adds a passkey, signs out, and signs in again with the passkey alone", async ({
  page,
  baseURL,
}) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const person = await newPersona(["editor"], "passkey-alone");

  await givePassword(page, site, person);
  await expect(page.getByTestId("admin-username")).toHaveText(person.username);
  await addPasskey(page, "Virtual laptop");
  const row = page.getByRole("row", { name: /Virtual laptop/ });
  await expect(row).toContainText("Never");
  // A discoverable credential: it can sign in without a username.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  await page.getByRole("link", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with a passkey" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("admin-username")).toHaveText(person.username);
  await expect(page).toHaveURL(`${site}/admin`);

  await page.goto(`${site}/admin/passkeys`);
  await expect(page.getByRole("row", { name: /Virtual laptop/ })).not.toContainText("Never");
});

test("with a passkey, the password is followed by the passkey as the second step", async ({ page, baseURL }) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
  await virtualAuthenticator(page);
  const person = await newPersona(["editor"], "passkey-second");

  await givePassword(page, site, person);
  await expect(page.getByTestId("admin-username")).toHaveText(person.username);
  await addPasskey(page, "Virtual phone");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  // The password alone grants nothing now: the second step asks for the passkey.
  await givePassword(page, site, person);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByText("Confirm it is you with one of your passkeys")).toBeVisible();
  await expect(page.getByTestId("admin-username")).toHaveCount(0);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByTestId("admin-username")).toHaveText(person.username);
  await expect(page).toHaveURL(`${site}/admin`);

  await page.goto(`${site}/admin/security`);
  await expect(page.getByTestId("second-factors")).toContainText(
    "Two-factor sign-in is on. After your password you confirm it is you with your passkeys.",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages say a passkey needs JavaScript", async ({ adminPage: page }) => {
    await page.goto("/admin/passkeys?add=1");
    await expect(page.getByText("A passkey needs JavaScript")).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.goto("/admin/login/passkey");
    await expect(page.getByText("A passkey needs JavaScript")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in with your password instead" })).toHaveAttribute(
      "href",
      "/admin/login",
    );
  });
});
