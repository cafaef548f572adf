import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";
import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/**
 * A person per account, as an owner and a newcomer see it: the owner invites an editor from
 * the Team screen, the invitation waits in the Outbox, and the editor opens its link in a
 * browser of their own, chooses a username and password, and lands in an admin area that
 * shows only what an editor may use.
 */
test("the owner invites an editor, who joins from the mailed link and sees only an editor's menu", async ({
  adminPage: page,
  browser,
}) => {
  const local = `hafsa.${Date.now().toString(36)}`;
  const email = `${local}@example.org`;

  await page.goto("/admin");
  await page.getByRole("complementary", { name: "Admin" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Invite someone" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Hafsa Karim");
  await page.getByLabel("Email", { exact: true }).fill(email);
  const editor = page.getByRole("checkbox", { name: "Editor", exact: true });
  await expect(editor).toHaveAccessibleDescription(/Stories, events/);
  await editor.check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Invitations waiting to be accepted" })).toContainText(email);

  // No SMTP server: the invitation waits in the Outbox.
  await page.goto("/admin/outbox");
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("link", { name: /^Read / })
    .click();
  const href = (await page
    .getByRole("region")
    .getByRole("link", { name: /\/admin\/invitation\// })
    .getAttribute("href"))!;
  const invitation = new URL(new URL(href).pathname, page.url()).toString();

  // The newcomer, in a browser of their own.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await newcomer.goto(invitation);
  await expect(newcomer.getByRole("heading", { name: "Join the staff" })).toBeVisible();
  await expect(newcomer.getByLabel("Username")).toHaveValue(local);
  await newcomer.getByLabel("Password", { exact: true }).fill("hafsa-writes-stories");
  await newcomer.getByLabel("Password again").fill("hafsa-writes-stories");
  await newcomer.getByRole("button", { name: "Create my account" }).click();
  await expect(newcomer).toHaveURL(/\/admin$/);

  const menu = newcomer.getByRole("complementary", { name: "Admin" });
  await expect(menu.getByRole("link", { name: "Stories" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Events" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Donations" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Team" })).toHaveCount(0);

  // The link was single use.
  await newcomer.goto(invitation);
  await expect(newcomer.getByRole("heading", { name: "This invitation link no longer works" })).toBeVisible();
  await context.close();

  // The owner sees them on the team.
  await page.goto("/admin/team");
  await expect(page.getByRole("row").filter({ hasText: "Hafsa Karim" })).toContainText(local);
});

test("forgot your password? answers the same for any address", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email", { exact: true }).fill("nobody-here@example.org");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If a member of staff has the address nobody-here@example.org, we have sent it a link",
  );
});

test("inviting works without JavaScript, and a person's roles open ticked", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  expect((await page.request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 })).status()).toBe(302);
  const email = `nojs.${Date.now().toString(36)}@example.org`;

  await page.goto("/admin/team");
  await page.getByRole("link", { name: "Invite someone" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Zaid Volunteer");
  await page.getByLabel("Email", { exact: true }).fill(email);
  // Sent with no role: refused beside the roles, what was typed kept.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Choose at least one role")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.getByRole("checkbox", { name: "Community", exact: true }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  await page.locator("summary", { hasText: `Actions for ${E2E_ADMIN.username}` }).click();
  await page.getByRole("link", { name: `Change roles of ${E2E_ADMIN.username}` }).click();
  await expect(page.getByRole("checkbox", { name: "Owner", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Finance", exact: true })).not.toBeChecked();
  await context.close();
});

test("a forgotten password is reset from the mailed link, and the browser lands on sign-in saying so", async ({
  page,
}) => {
  const person = await newPersona(["editor"], "reset");
  const email = `${person.username}@example.org`;
  await page.goto("/admin/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /link/i }).click();
  await expect(page.getByText(`If a member of staff has the address ${email}`)).toBeVisible();

  // The link is made just after the answer: it is in the Outbox a moment later.
  let link = "";
  await expect(async () => {
    const mail = await withDatabase((db) =>
      db.get<{ text_body: string }>("select text_body from outbound_mail where to_address = ? and kind = ?", [
        email,
        "staff-password-reset",
      ]),
    );
    link = /\/admin\/reset-password\/[A-Za-z0-9_-]+/.exec(mail?.text_body ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass();

  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password again").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?reset=done$/);
  await expect(page.getByRole("status")).toContainText("Your password was changed.");
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
