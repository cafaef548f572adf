import { expect, test } from "../../../../tests/e2e/fixtures";

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
