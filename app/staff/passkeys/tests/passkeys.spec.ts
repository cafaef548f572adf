import { expect, test, E2E_ADMIN } from "../../../../tests/e2e/fixtures";

/**
 * Passkeys in a real browser: Chromium's virtual authenticator (through the DevTools
 * protocol) stands in for a phone or a laptop's fingerprint reader.
 *
 * The e2e server is reached at http://127.0.0.1:PORT, but an IP address is no valid relying
 * party id for WebAuthn, so these pages are opened at http://localhost:PORT (a secure context
 * too). Cookies are per host, so the owner signs in there with the password form rather than
 * through the adminPage fixture, whose cookie belongs to 127.0.0.1.
 */

test("the owner adds a passkey, signs out, and signs in again with the passkey alone", async ({ page, baseURL }) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
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

  await page.goto(`${site}/admin/login`);
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("admin-username")).toHaveText(E2E_ADMIN.username);

  await page.locator("summary", { hasText: "Your account" }).click();

  await page.getByRole("link", { name: "Passkeys" }).click();
  await expect(page.getByRole("heading", { name: "Passkeys", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add a passkey" }).click();
  // The password was given at sign-in a moment ago, so it is not asked for again (after 10 minutes it is:
  // the integration tests show that).
  await expect(page.getByRole("heading", { name: "Add a passkey" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Virtual laptop");
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
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
  await expect(page.getByTestId("admin-username")).toHaveText(E2E_ADMIN.username);
  await expect(page).toHaveURL(`${site}/admin`);

  await page.goto(`${site}/admin/passkeys`);
  await expect(page.getByRole("row", { name: /Virtual laptop/ })).not.toContainText("Never");
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
