import { expect, test } from "../../../../tests/e2e/fixtures";
import { newPersona } from "../../../../tests/e2e/staff-personas";

/** What a person is shown follows what they may open: the sidebar, the dashboard and its API. */
test("an editor's sidebar and dashboard show the editor's screens and nothing of the money", async ({ page }) => {
  const editor = await newPersona(["editor"]);
  const signIn = await page.request.post("/admin/login", {
    form: { username: editor.username, password: editor.password },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  await page.goto("/admin");
  const sidebar = page.getByRole("complementary", { name: "Admin" });
  for (const screen of [
    "Dashboard",
    "Appeals",
    "Events",
    "Stories",
    "Testimonials",
    "Newsletter",
    "Media",
    "Zakat policy",
  ])
    await expect(sidebar.getByRole("link", { name: screen })).toBeVisible();
  for (const screen of [
    "Donations",
    "Contacts",
    "Volunteers",
    "Subscriptions",
    "Ramadan nights",
    "Funds",
    "Applications",
    "Settings",
    "Outbox",
  ])
    await expect(sidebar.getByRole("link", { name: screen })).toHaveCount(0);
  await expect(page.getByTestId("dashboard-stories")).toBeVisible();
  await expect(page.getByTestId("dashboard-total-donations")).toHaveCount(0);
  await expect(page.getByTestId("dashboard-zakat-balance")).toHaveCount(0);

  await sidebar.getByRole("link", { name: "Zakat policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Zakat policy");

  const token = (await (
    await page.request.post("/api/auth/login", { data: { username: editor.username, password: editor.password } })
  ).json()) as { access_token: string };
  const dashboard = await page.request.get("/api/admin/dashboard", {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  expect(dashboard.status()).toBe(200);
  const figures = (await dashboard.json()) as Record<string, unknown>;
  expect(Object.keys(figures)).toEqual(["content"]);
  expect(figures.content).toEqual({
    events: expect.any(Number),
    stories: expect.any(Number),
    active_stories: expect.any(Number),
    pending_testimonials: expect.any(Number),
  });
  const donations = await page.request.get("/api/donations/", {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  expect(donations.status()).toBe(403);
});
