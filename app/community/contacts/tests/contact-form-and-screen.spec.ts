import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { exportCsv, figure, rowOf, searchList, waitForHydration } from "../../../../tests/e2e/admin-lists";
import { uniqueSuffix } from "../../../../tests/support/unique";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/**
 * The contact form as visitors meet it (with and without JavaScript, and when the connection
 * drops), and the messages in the admin screen and its CSV export.
 *
 * The public forms accept only a handful of posts per address every ten minutes, and every
 * test here comes from 127.0.0.1; so the forms are posted only by the tests about the forms,
 * and the staff-screen tests put their own rows straight into the end-to-end database.
 */

const SENT = "Thank you for your message! We will get back to you soon.";
const SEND_FAILED = "Error sending message. Please try again.";

async function addContacts(
  rows: { name: string; email: string; message: string; resolved?: boolean }[],
): Promise<void> {
  await withDatabase(async (db) => {
    for (const row of rows) {
      await db.run(
        "insert into contact_submissions (name, email, message, submitted_at, resolved) values (?, ?, ?, ?, ?)",
        [row.name, row.email, row.message, new Date().toISOString(), row.resolved ? 1 : 0],
      );
    }
  });
}

test.describe("contact form with JavaScript", () => {
  test("field errors, then a message sent that staff find pending and count on the dashboard", async ({
    adminPage: page,
  }) => {
    const token = uniqueSuffix();
    const name = `Amina Rahman ${token}`;
    const email = `amina-${token}@example.org`;
    const message = `Assalamu alaikum, how is my Zakat distributed? (${token})`;

    await page.goto("/admin");
    const totalBefore = await figure(page.getByTestId("dashboard-messages"));
    const pendingBefore = await figure(page.getByTestId("dashboard-messages-pending"));

    await page.goto("/contact");
    await waitForHydration(page, "contact", "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Message", { exact: true }).fill(message);
    await expect(page.getByText("Name is required")).toBeHidden();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SENT);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    const row = rowOf(page, email);
    await expect(row).toContainText(name);
    await expect(row).toContainText(message);
    await expect(row).toContainText("Pending");
    await expect(row.getByRole("button", { name: `Resolve message from ${name}` })).toBeVisible();

    await page.goto("/admin");
    expect(await figure(page.getByTestId("dashboard-messages"))).toBeGreaterThan(totalBefore);
    expect(await figure(page.getByTestId("dashboard-messages-pending"))).toBeGreaterThan(pendingBefore);
    // Each card leads to the screen where its figure is worked on.
    await page.getByTestId("dashboard-messages-pending").click();
    await expect(page).toHaveURL(/\/admin\/contacts\?status=pending$/);
    await expect(page.getByLabel("Status")).toHaveValue("pending");
  });

  test("when the connection drops, the visitor is told and keeps what they typed", async ({ page }) => {
    const token = uniqueSuffix();
    await page.goto("/contact");
    await waitForHydration(page, "contact", "/contact");
    await page.getByLabel("Name", { exact: true }).fill(`Yusuf Bello ${token}`);
    await page.getByLabel("Email", { exact: true }).fill(`yusuf-${token}@example.org`);
    await page.getByLabel("Message", { exact: true }).fill("Can I give my Zakat in instalments?");
    // The post never reaches the server.
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("alert")).toHaveText(SEND_FAILED);
    await expect(page.getByText(SENT)).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Yusuf Bello ${token}`);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(`yusuf-${token}@example.org`);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Can I give my Zakat in instalments?");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });
});

test.describe("contact form against bots", () => {
  test("a post that fills the hidden honeypot is thanked like any other but never stored", async ({
    adminPage: page,
  }) => {
    const token = uniqueSuffix();
    await page.goto("/contact");
    await waitForHydration(page, "contact", "/contact");
    await page.getByLabel("Name", { exact: true }).fill(`Spam Bot ${token}`);
    await page.getByLabel("Email", { exact: true }).fill(`bot-${token}@example.org`);
    await page.getByLabel("Message", { exact: true }).fill("Cheap watches!");
    // People never see or reach this field; a bot fills in everything.
    await page
      .locator('form#contact input[name="website"]')
      .evaluate((input: HTMLInputElement) => (input.value = "https://spam.example"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SENT);

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await expect(page.getByRole("cell", { name: "No contacts found" })).toBeVisible();
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid message is sent and the form comes back empty", async ({ page }) => {
    const token = uniqueSuffix();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill(`Khadija Osman ${token}`);
    await page.getByLabel("Email", { exact: true }).fill(`khadija-${token}@example.org`);
    await page.getByLabel("Message", { exact: true }).fill("I would like to sponsor an orphan.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SENT);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
    // Post, redirect, get: reloading the thanks cannot send the message a second time.
    await expect(page).toHaveURL(/\/contact\?sent=1#message-title$/);
    await page.reload();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SENT);
  });

  test("an address the server refuses comes back with its error and everything typed", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Bilal Haddad");
    // The browser accepts this address; the server's rule (a domain with a dot) does not.
    await page.getByLabel("Email", { exact: true }).fill("bilal@localhost");
    await page.getByLabel("Message", { exact: true }).fill("Where do I send a cheque?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Bilal Haddad");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("bilal@localhost");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Where do I send a cheque?");
    await expect(page.getByText(SENT)).toHaveCount(0);
  });
});

test.describe("admin contacts", () => {
  test("resolving a pending message moves it from the Pending filter to the Resolved one", async ({
    adminPage: page,
  }) => {
    const token = uniqueSuffix();
    const name = `Omar Farouk ${token}`;
    await addContacts([{ name, email: `omar-${token}@example.org`, message: "Please send me a receipt for my gift." }]);

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    const row = rowOf(page, name);
    await expect(row).toContainText("Pending");
    await row.getByRole("button", { name: `Resolve message from ${name}` }).click();
    await expect(page.getByRole("status")).toHaveText("Message marked as resolved.");
    await expect(row).toContainText("Resolved");
    await expect(row.getByRole("button", { name: /Resolve/ })).toHaveCount(0);
    await expect(row.getByRole("link", { name: `Delete message from ${name}` })).toBeVisible();

    // The status filter applies as soon as it changes, keeping the search.
    await page.getByLabel("Status").selectOption("pending");
    await expect(page).toHaveURL(new RegExp(`search=${token}.*status=pending`));
    await expect(page.getByRole("cell", { name: "No contacts found" })).toBeVisible();
    await page.getByLabel("Status").selectOption("resolved");
    await expect(page).toHaveURL(/status=resolved/);
    await expect(rowOf(page, name)).toContainText("Resolved");
  });

  test("bulk delete with JavaScript: select all, then two ticked rows, confirmed with the count", async ({
    adminPage: page,
  }) => {
    const token = uniqueSuffix();
    const names = ["Layla", "Tariq", "Safiya"].map((first) => `${first} Mansour ${token}`) as [string, string, string];
    await addContacts(
      names.map((name, index) => ({
        name,
        email: `bulk${index}-${token}@example.org`,
        message: `Question ${index + 1} about Sadaqa.`,
      })),
    );

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await expect(page.getByRole("row").filter({ hasText: token })).toHaveCount(3);
    const deleteSelected = page.getByRole("button", { name: /^Delete selected/ });
    await expect(deleteSelected).toHaveText("Delete selected (0)");
    await expect(deleteSelected).toBeDisabled();

    const selectAll = page.getByRole("checkbox", { name: "Select all messages on this page" });
    await selectAll.check();
    for (const name of names)
      await expect(page.getByRole("checkbox", { name: `Select message from ${name}` })).toBeChecked();
    await expect(deleteSelected).toHaveText("Delete selected (3)");
    await selectAll.uncheck();
    await expect(deleteSelected).toHaveText("Delete selected (0)");

    await page.getByRole("checkbox", { name: `Select message from ${names[0]}` }).check();
    await page.getByRole("checkbox", { name: `Select message from ${names[2]}` }).check();
    await expect(selectAll).not.toBeChecked();
    await expect(deleteSelected).toHaveText("Delete selected (2)");
    await deleteSelected.click();

    const confirm = page.getByRole("region", { name: "Are you sure you want to delete 2 contact submissions?" });
    await expect(confirm.getByRole("heading")).toBeFocused();
    await confirm.getByRole("button", { name: "Yes, delete 2" }).click();
    await expect(page.getByRole("status")).toHaveText("2 contact submissions deleted.");
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, names[0])).toHaveCount(0);
    await expect(rowOf(page, names[2])).toHaveCount(0);
    await expect(rowOf(page, names[1])).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${token}`));
  });

  test("a single message is deleted after its confirmation; Cancel keeps it", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const name = `Ibrahim Qureshi ${token}`;
    const email = `ibrahim-${token}@example.org`;
    await addContacts([{ name, email, message: "Please remove me from your records." }]);

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    const question = "Are you sure you want to delete this contact submission?";
    await rowOf(page, name)
      .getByRole("link", { name: `Delete message from ${name}` })
      .click();
    const confirm = page.getByRole("region", { name: question });
    await expect(confirm).toContainText(`The message from ${name} (${email}) will be removed.`);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(rowOf(page, name)).toBeVisible();

    await rowOf(page, name)
      .getByRole("link", { name: `Delete message from ${name}` })
      .click();
    await page.getByRole("region", { name: question }).getByRole("button", { name: "Yes, delete message" }).click();
    await expect(page.getByRole("status")).toHaveText("Contact submission deleted.");
    await expect(page.getByRole("cell", { name: "No contacts found" })).toBeVisible();
  });

  test("a search that matches nothing says so", async ({ adminPage: page }) => {
    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", `nobody-wrote-this-${uniqueSuffix()}`);
    await expect(page.getByRole("cell", { name: "No contacts found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Clear" })).toBeVisible();
  });
});

test.describe("admin contacts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("bulk delete: tick rows, press Delete selected, confirm the count", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const names = ["Hassan", "Huda", "Musa"].map((first) => `${first} Chowdhury ${token}`) as [string, string, string];
    await addContacts(
      names.map((name, index) => ({
        name,
        email: `nojs${index}-${token}@example.org`,
        message: `Message ${index + 1}.`,
      })),
    );

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await expect(page.getByRole("checkbox", { name: "Select all messages on this page" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: `Select message from ${names[0]}` }).check();
    await page.getByRole("checkbox", { name: `Select message from ${names[1]}` }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();

    const confirm = page.getByRole("region", { name: "Are you sure you want to delete 2 contact submissions?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Yes, delete 2" }).click();
    await expect(page.getByRole("status")).toHaveText("2 contact submissions deleted.");
    await expect(rowOf(page, names[0])).toHaveCount(0);
    await expect(rowOf(page, names[1])).toHaveCount(0);
    await expect(rowOf(page, names[2])).toBeVisible();
  });

  test("Delete selected with nothing ticked asks for a selection", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    await addContacts([{ name: `Asma Sheikh ${token}`, email: `asma-${token}@example.org`, message: "Hello." }]);
    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(page.getByRole("alert")).toHaveText("Select at least one message to delete.");
    await expect(rowOf(page, `Asma Sheikh ${token}`)).toBeVisible();
  });
});

test.describe("CSV exports", () => {
  test("contacts.csv holds the searched messages, with formulas neutralised", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const pending = { name: `Noor Abdullah ${token}`, email: `noor-${token}@example.org`, message: `=1+1 ${token}` };
    const resolved = {
      name: `Salma Nasser ${token}`,
      email: `salma-${token}@example.org`,
      message: "Thank you for the receipt",
      resolved: true,
    };
    await addContacts([pending, resolved]);

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/admin/contacts/export?search=${token}`,
    );
    const { bom, lines } = await exportCsv(page, "contacts.csv");
    expect(bom).toBe(true);
    expect(lines[0]).toBe("ID,Name,Email,Message,Date,Status");
    expect(lines).toHaveLength(3);
    const date = "\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z";
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^\\d+,${pending.name},${pending.email},'=1\\+1 ${token},${date},Pending$`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d+,${resolved.name},${resolved.email},${resolved.message},${date},Resolved$`),
      ),
    );

    // The status filter narrows the file as it narrows the list.
    const onlyResolved = await page.request.get(`/admin/contacts/export?search=${token}&status=resolved`);
    const text = (await onlyResolved.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(text).toHaveLength(2);
    expect(text[1]).toContain(resolved.email);
  });

  test("more than 10 minutes after the password, Export CSV asks for it again, then downloads from the list", async ({
    page,
  }) => {
    const token = uniqueSuffix();
    await addContacts([{ name: `Idris Kamal ${token}`, email: `idris-${token}@example.org`, message: "Salaam" }]);
    const person = await newPersona(["community"]);
    const signIn = await page.request.post("/admin/login", {
      form: { username: person.username, password: person.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    // As if signed in 11 minutes ago: the session's note of the password, made stale.
    await withDatabase(async (db) => {
      const sessions = await db.all<{ id: string; data: string }>(
        "select s.id, s.data from admin_sessions s join admins a on a.id = s.admin_id where a.username = ?",
        [person.username],
      );
      for (const session of sessions) {
        const stale = {
          ...JSON.parse(session.data),
          reauthenticated_at: new Date(Date.now() - 11 * 60_000).toISOString(),
        };
        await db.run("update admin_sessions set data = ? where id = ?", [JSON.stringify(stale), session.id]);
      }
    });

    await page.goto("/admin/contacts");
    await searchList(page, "Search name, email or message", token);
    await page.getByRole("link", { name: "Export CSV" }).click();
    await expect(page.getByRole("heading", { name: "Confirm your password" })).toBeVisible();
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contacts\\?search=${token}$`));
    const { lines } = await exportCsv(page, "contacts.csv");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`idris-${token}@example.org`);
  });

  test("the community screens and their exports need a signed-in admin", async ({ page }) => {
    for (const screen of ["contacts", "volunteers", "newsletter"]) {
      for (const address of [`/admin/${screen}`, `/admin/${screen}/export`]) {
        const response = await page.request.get(address, { maxRedirects: 0 });
        expect(response.status(), address).toBe(302);
        expect(response.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    }
  });
});
