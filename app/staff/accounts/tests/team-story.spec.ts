import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { generate } from "otplib";
import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/**
 * Issue 30's "Done means", told once from end to end as the people in it would live it:
 * the owner invites an editor (the mail read in the Outbox), the editor joins, turns on an
 * authenticator app (codes computed by the real TOTP library) and a passkey (Chromium's
 * virtual authenticator), writes a story, and is refused the Donations screen and
 * `/api/donations/`; finance officer A asks for a $5,000 Zakat disbursement and cannot approve
 * it; finance officer B approves it; and the owner's Audit screen shows all of it, who and when.
 *
 * Every page is opened at http://localhost:PORT (not 127.0.0.1): an IP address is no valid
 * WebAuthn relying party id, and cookies are per host, so everyone signs in there.
 */

/** A browser of one's own at localhost: its own cookies, and any script error fails the story. */
async function ownBrowser(browser: Browser, site: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw new Error(`Page error at ${page.url()}: ${error.message}`);
  });
  return { context, page };
}

/** Signs in with the password form, as a person types it. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens a screen from the admin menu, as a person finds it. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

/** An audit row's person (its "Who" cell), and its moment: written between the story's start and now. */
async function expectByDuring(row: Locator, who: string, startedAt: number) {
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText(who);
  const at = Date.parse((await row.locator("time").getAttribute("datetime"))!);
  expect(at).toBeGreaterThanOrEqual(startedAt - 1_000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
}

test("issue 30 from end to end: an invited editor with two factors, and a disbursement two people approve", async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(150_000);
  const startedAt = Date.now();
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const editorName = `Maryam Siddiqui ${stamp}`;
  const local = `maryam.${stamp}`;
  const email = `${local}@example.org`;
  const editorPassword = "maryam-writes-stories";
  const storyTitle = `A well for Wadi ${stamp}`;
  const description = `School fees for an orphan (${stamp})`;

  const owner = await ownBrowser(browser, site);
  const editor = await ownBrowser(browser, site);
  let invitation = "";
  let secret = "";
  let recoveryCodes: string[] = [];
  let requestId = "";

  await test.step("the owner invites an editor on the Team screen; the mail waits in the Outbox", async () => {
    const page = owner.page;
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page.getByTestId("admin-username")).toHaveText(E2E_ADMIN.username);
    await openFromMenu(page, "Team");
    await page.getByRole("link", { name: "Invite someone" }).click();
    await page.getByLabel("Name", { exact: true }).fill(editorName);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("checkbox", { name: "Editor", exact: true }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(page.getByRole("table", { name: "Invitations waiting to be accepted" })).toContainText(email);

    await openFromMenu(page, "Outbox");
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Kept here (not sent)");
    await row.getByRole("link", { name: /^Read / }).click();
    const message = page.getByRole("region").filter({ has: page.getByText(`To ${email}`) });
    await message.getByText("Plain-text version").click();
    const text = (await message.locator("pre").textContent())!;
    expect(text).toContain(editorName.split(" ")[0]!);
    const path = /\/admin\/invitation\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(path, "the invitation link in the mail's text").toBeTruthy();
    invitation = path!;
  });

  await test.step("the editor accepts in a browser of their own: a username from the email, a password", async () => {
    const page = editor.page;
    await page.goto(invitation);
    await expect(page.getByRole("heading", { name: "Join the staff" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(local);
    await page.getByLabel("Password", { exact: true }).fill(editorPassword);
    await page.getByLabel("Password again").fill(editorPassword);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(`${site}/admin`);
    await expect(page.getByTestId("admin-username")).toHaveText(local);
  });

  await test.step("the editor turns on an authenticator app and sees ten recovery codes", async () => {
    const page = editor.page;
    await page.locator("summary", { hasText: "Your account" }).click();
    await page.getByRole("link", { name: "Security" }).click();
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Turn on an authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
    // Read as a person would type it into their app.
    secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel("Code from the app").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByText("Two-factor sign-in is on. Here are your recovery codes.")).toBeVisible();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    await page.getByRole("link", { name: "I have saved them" }).click();
    await expect(page.getByText(/Two-factor sign-in is on \(an authenticator app/)).toBeVisible();

    // Signing in again now asks for a code after the password.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, local, editorPassword);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    // The code that turned it on is spent: the app's next one (one step ahead is accepted).
    await page.getByLabel("Code").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("admin-username")).toHaveText(local);
  });

  await test.step("the editor adds a passkey with the virtual authenticator", async () => {
    const page = editor.page;
    const cdp = await editor.context.newCDPSession(page);
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
    await page.locator("summary", { hasText: "Your account" }).click();
    await page.getByRole("link", { name: "Passkeys" }).click();
    await expect(page.getByRole("heading", { name: "Passkeys", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Add a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Add a passkey" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Maryam's laptop");
    await page.getByRole("button", { name: "Create passkey" }).click();
    await expect(page.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
    await expect(page.getByRole("row", { name: /Maryam's laptop/ })).toContainText("Never");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
  });

  await test.step("the editor writes and publishes a story, and finds it on the site", async () => {
    const page = editor.page;
    await openFromMenu(page, "Stories");
    await page.getByRole("link", { name: "New story" }).click();
    const dialog = page.getByRole("dialog", { name: "New story" });
    await dialog.getByLabel("Title").fill(storyTitle);
    await dialog.getByLabel("Summary").fill("A village walked two hours for water; now it walks two minutes.");
    await dialog.getByLabel("Full content").fill("The well was dug in a week, with the village's own hands.");
    await expect(dialog.getByRole("checkbox", { name: "Active" })).toBeChecked();
    await dialog.getByRole("button", { name: "Save story" }).click();
    await expect(page.getByText("Story saved.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: storyTitle })).toContainText("Active");

    await page.goto("/stories");
    await expect(page.getByText(storyTitle).first()).toBeVisible();
  });

  await test.step("the editor is refused the Donations screen and /api/donations/", async () => {
    const page = editor.page;
    await page.goto("/admin");
    const menu = page.getByRole("complementary", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Stories" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Donations" })).toHaveCount(0);

    const screen = await page.goto("/admin/donations");
    expect(screen?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not for your role", level: 1 })).toBeVisible();
    await expect(page.getByText(/^This needs /)).toBeVisible();
    // In the admin frame, with the editor's own menu.
    await expect(menu.getByRole("link", { name: "Stories" })).toBeVisible();

    // With the browser's session…
    const bySession = await page.request.get("/api/donations/");
    expect(bySession.status()).toBe(403);
    expect((await bySession.json()).detail).toMatch(/^This needs /);

    // …and with an API token: the password alone is not enough, a recovery code is.
    const passwordOnly = await page.request.post("/api/auth/login", {
      data: { username: local, password: editorPassword },
    });
    expect(passwordOnly.status()).toBe(401);
    expect(await passwordOnly.json()).toMatchObject({ two_factor_required: true });
    const login = await page.request.post("/api/auth/login", {
      data: { username: local, password: editorPassword, otp: recoveryCodes[0] },
    });
    expect(login.status()).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    // A client of its own: the token alone, no browser cookie.
    const client = await playwright.request.newContext({ baseURL: site });
    const byToken = await client.get("/api/donations/", { headers: { authorization: `Bearer ${access_token}` } });
    expect(byToken.status()).toBe(403);
    expect((await byToken.json()).detail).toMatch(/^This needs /);
    await client.dispose();
  });

  const officerA = await newPersona(["finance"], `finance-a-${stamp}`);
  const officerB = await newPersona(["finance"], `finance-b-${stamp}`);
  const officerAName = `Persona finance-a-${stamp}`;
  const officerBName = `Persona finance-b-${stamp}`;
  const financeA = await ownBrowser(browser, site);
  const financeB = await ownBrowser(browser, site);

  await test.step("finance officer A asks for a $5,000 Zakat disbursement, and cannot approve it", async () => {
    // Zakat to give: an offline gift, recorded by the owner as staff record one.
    const gift = await owner.page.request.post("/admin/donations", {
      form: {
        intent: "record",
        name: `Zakat donor ${stamp}`,
        amount: "6000",
        frequency: "One-Time",
        payment_method: "cash",
        purpose: "Zakat",
      },
      maxRedirects: 0,
    });
    expect(gift.status()).toBe(302);
    // The threshold is the owner's setting, $1,000 unless changed.
    await owner.page.goto("/admin/settings");
    await expect(owner.page.getByLabel("Second person needed from (US dollars)")).toHaveValue("1000");

    const page = financeA.page;
    await signIn(page, officerA.username, officerA.password);
    await expect(page.getByTestId("admin-username")).toHaveText(officerA.username);
    await openFromMenu(page, "Funds");
    await page.getByRole("navigation", { name: "Funds screens" }).getByRole("link", { name: "Ledger" }).click();
    // The ledger loaded before the next click: the Funds screen has a "Record a disbursement" link too, and a
    // click while a navigation loads interrupts it, which React Router 7.18 reports as an uncaught AbortError.
    await expect(page.getByRole("heading", { name: "Ledger", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Record a disbursement" }).click();
    const form = page.getByRole("region", { name: "Record a disbursement" });
    const fund = form.getByLabel("Fund", { exact: true });
    const zakat = (await fund.locator("option", { hasText: /^Zakat al-Mal — balance/ }).textContent())!;
    await fund.selectOption({ label: zakat });
    await form.getByLabel("Amount (USD)").fill("5000");
    await form.getByLabel("Category of recipients").selectOption({ label: "debtors (al-gharimin)" });
    await form.getByLabel("Description").fill(description);
    await form.getByRole("button", { name: "Record disbursement" }).click();

    const notice = page.getByText(/Request R\d+ sent for approval/);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("$1,000.00 or more needs a second person");
    requestId = /Request R(\d+)/.exec((await notice.textContent())!)![1]!;
    const waiting = page.getByTestId(`request-${requestId}`);
    await expect(waiting).toContainText(description);
    await expect(waiting).toContainText("$5,000.00");
    await expect(waiting).toContainText("Your request: another person decides it");
    await expect(waiting.getByRole("link", { name: `Approve request ${requestId}` })).toHaveCount(0);
    await expect(page.getByRole("table", { name: /Ledger entries/ })).not.toContainText(description);

    // The approval's own address, typed in: refused, with no button to press.
    await page.goto(`/admin/funds/ledger?approve=${requestId}`);
    await expect(page.getByText(`You asked for request R${requestId}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve and record" })).toHaveCount(0);
  });

  await test.step("finance officer B approves it; the ledger names who asked and who approved", async () => {
    const page = financeB.page;
    await signIn(page, officerB.username, officerB.password);
    await expect(page.getByTestId("admin-username")).toHaveText(officerB.username);
    await openFromMenu(page, "Funds");
    await page.getByRole("navigation", { name: "Funds screens" }).getByRole("link", { name: "Ledger" }).click();
    // The ledger loaded before the next click: the Funds screen has a "Record a disbursement" link too, and a
    // click while a navigation loads interrupts it, which React Router 7.18 reports as an uncaught AbortError.
    await expect(page.getByRole("heading", { name: "Ledger", level: 1 })).toBeVisible();
    await expect(page.getByTestId(`request-${requestId}`)).toContainText(description);
    await page.getByRole("link", { name: `Approve request ${requestId}` }).click();
    await expect(page.getByRole("heading", { name: `Approve request R${requestId}?` })).toBeVisible();
    await page.getByRole("button", { name: "Approve and record" }).click();
    await expect(page.getByText(`Request R${requestId} approved`)).toBeVisible();
    await expect(page.getByTestId(`request-${requestId}`)).toHaveCount(0);

    const entry = page.getByRole("row").filter({ hasText: description });
    await expect(entry).toContainText("$5,000.00");
    await expect(entry).toContainText(`Requested by ${officerA.username}`);
    await expect(entry).toContainText(`Approved by ${officerB.username}`);
  });

  await test.step("the owner's Audit screen shows all of it, who and when, person by person", async () => {
    const page = owner.page;
    // From the Settings screen the owner left open (long since taken over by its script, so the
    // filters below apply as soon as they are chosen).
    await openFromMenu(page, "Audit");
    const person = page.getByLabel("Person");
    const trail = page.getByRole("table", { name: "Audit trail, newest first" });

    /** Chooses a person (applied at once) and answers their row of `action` whose text has `text`. */
    const show = async (name: string) => {
      const [id] = await person.selectOption({ label: name });
      await expect(page).toHaveURL(new RegExp(`[?&]actor=${id}(&|$)`));
    };
    const rowOf = (action: string, text: string) =>
      trail
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: action, exact: true }) })
        .filter({
          hasText: text,
        });

    // The editor's own doings: accepting, two-factor on, the passkey, the story.
    await show(editorName);
    const rows = [
      rowOf("accept-invitation", `accepted the invitation as ${local}`),
      rowOf("two-factor-on", "Two-factor sign-in turned on"),
      rowOf("create", "Passkey added: Maryam's laptop"),
      rowOf("create", `Story: ${storyTitle}`),
    ];
    for (const row of rows) {
      await expectByDuring(row, editorName, startedAt);
    }
    // Nobody else's entries are shown for them.
    await expect(trail.getByRole("row").filter({ hasText: "Invited " })).toHaveCount(0);

    // Officer A asked for the disbursement, officer B approved it.
    await show(officerAName);
    const requested = rowOf("request", `disbursement_request #${requestId}`);
    await expectByDuring(requested, officerAName, startedAt);
    await show(officerBName);
    const approved = rowOf("approve", `disbursement_request #${requestId}`);
    await expectByDuring(approved, officerBName, startedAt);
    await expect(approved).toContainText(`requested by ${officerA.username}`);

    // The owner sent the invitation.
    await show(E2E_ADMIN.username);
    await page.getByLabel("Action").selectOption("invite");
    await expect(page).toHaveURL(/[?&]action=invite(&|$)/);
    const invited = rowOf("invite", `Invited ${editorName} <${email}> as`);
    await expectByDuring(invited, E2E_ADMIN.username, startedAt);
  });

  for (const { context } of [owner, editor, financeA, financeB]) await context.close();
});
