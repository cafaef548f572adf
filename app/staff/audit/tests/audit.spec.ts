import { E2E_ADMIN, expect, test } from "../../../../tests/e2e/fixtures";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/** An owner writes a story and finds it on the Audit screen: who, what and the title it was given. */
test("the owner's new story is on the Audit screen, filtered by action, with their name", async ({
  adminPage: page,
}) => {
  const title = `Audited well ${Date.now().toString(36)}`;
  await page.goto("/admin/stories");
  await page.getByRole("link", { name: "New story" }).click();
  const dialog = page.getByRole("dialog", { name: "New story" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Summary").fill("A well for a village that walked two hours for water.");
  await dialog.getByLabel("Full content").fill("The well was dug in a week.");
  await dialog.getByRole("button", { name: "Save story" }).click();
  await expect(page.getByText("Story saved.")).toBeVisible();

  await page.getByRole("navigation").getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  // With JavaScript the choice applies at once: no button pressed.
  await page.getByLabel("Action").selectOption("create");
  await expect(page).toHaveURL(/action=create/);
  const row = page.getByRole("row").filter({ hasText: `Story: ${title}` });
  await expect(row).toContainText("admin");
  await expect(row).toContainText("create");
  await expect(row).toContainText(`title: — → ${title}`);

  // The record's own history, from its link.
  await row.getByRole("link", { name: /^story #\d+$/ }).click();
  await expect(page.getByText(/The history of story #\d+/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Story: ${title}` })).toHaveCount(1);
});

/**
 * A record's History link is shown to whoever may open the Audit screen, and to no one else (it
 * would lead to a refusal): an editor writes an event and sees none; the owner opens the same
 * event and follows it to that event's entries alone.
 */
test("an event's History link is the owner's, not the editor's, and shows that event's own entries", async ({
  page,
}) => {
  const editor = await newPersona(["editor"]);
  const signIn = async (form: { username: string; password: string }) =>
    expect((await page.request.post("/admin/login", { form, maxRedirects: 0 })).status()).toBe(302);
  await signIn(editor);
  const title = `Iftar with history ${Date.now().toString(36)}`;
  await page.goto("/admin/events?new=1");
  const created = page.getByRole("dialog", { name: "New event" });
  await created.getByLabel("Title").fill(title);
  await created.getByLabel("Date").fill("2099-12-31");
  await created.getByLabel("Location").fill("The community hall");
  await created.getByLabel("Description").fill("An evening meal for the neighbourhood.");
  await created.getByRole("button", { name: "Save event" }).click();
  await expect(page.getByText("Event saved.")).toBeVisible();

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const editing = page.getByRole("dialog", { name: `Edit event: ${title}` });
  await expect(editing.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("link", { name: "History", exact: true })).toHaveCount(0);
  const id = new URL(page.url()).searchParams.get("edit");
  expect(id).toMatch(/^\d+$/);

  await signIn(E2E_ADMIN);
  await page.goto(`/admin/events?edit=${id}`);
  await page
    .getByRole("dialog", { name: `Edit event: ${title}` })
    .getByRole("link", { name: "History", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?entity=event&entity_id=${id}$`));
  await expect(page.getByText(`The history of event #${id}`)).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: `Event: ${title}` });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("create");
  await expect(rows).toContainText("Persona editor");
});
