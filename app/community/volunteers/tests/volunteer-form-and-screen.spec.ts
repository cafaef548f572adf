import { withDatabase } from "../../../../tests/e2e/e2e-database";
import { expect, test } from "../../../../tests/e2e/fixtures";
import { exportCsv, figure, rowOf, searchList, waitForHydration } from "../../../../tests/e2e/admin-lists";
import { uniqueSuffix } from "../../../../tests/support/unique";

/**
 * The volunteer form as visitors meet it (with and without JavaScript), and the signups in
 * the admin screen and its CSV export.
 *
 * The public forms accept only a handful of posts per address every ten minutes, and every
 * test here comes from 127.0.0.1; so the form is posted only by the tests about the form,
 * and the staff-screen tests put their own rows straight into the end-to-end database.
 */

async function addVolunteers(rows: { name: string; email: string; interest: string }[]): Promise<void> {
  await withDatabase(async (db) => {
    for (const row of rows) {
      await db.run("insert into volunteer_signups (name, email, interest, submitted_at) values (?, ?, ?, ?)", [
        row.name,
        row.email,
        row.interest,
        new Date().toISOString(),
      ]);
    }
  });
}

test.describe("volunteer form", () => {
  test("with JavaScript: thanks, another application starts empty, and staff see the signup counted", async ({
    adminPage: page,
  }) => {
    const token = uniqueSuffix();
    const name = `Zainab Karimi ${token}`;
    const email = `zainab-${token}@example.org`;

    await page.goto("/admin/volunteers");
    const summary = page.getByRole("region", { name: "Signups by interest" });
    const totalBefore = await figure(page.getByTestId("volunteers-total"));
    const interestBefore = await figure(
      summary.getByRole("link", { name: /^Educational Support/ }).getByRole("definition"),
    );
    await page.goto("/admin");
    const dashboardBefore = await figure(page.getByTestId("dashboard-volunteers"));

    await page.goto("/volunteer");
    await waitForHydration(page, "volunteer", "/volunteer");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Please choose an area of interest")).toBeVisible();
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Area of interest").selectOption("Educational Support");
    await page.getByRole("button", { name: "Submit Application" }).click();

    const thanks = page.getByRole("heading", { name: "Thank You!" });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveCount(0);
    await page.getByRole("button", { name: "Submit Another Application" }).click();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Area of interest")).toHaveValue("");
    await expect(thanks).toHaveCount(0);

    await page.goto("/admin/volunteers");
    // The filter applies as soon as it changes; the search then keeps it.
    await page.getByLabel("Interest", { exact: true }).selectOption("Educational Support");
    await expect(page).toHaveURL(/interest=Educational\+Support/);
    await searchList(page, "Search name or email", token);
    await expect(page).toHaveURL(/interest=Educational\+Support/);
    const row = rowOf(page, email);
    await expect(row).toContainText(name);
    await expect(row).toContainText("Educational Support");
    expect(await figure(page.getByTestId("volunteers-total"))).toBeGreaterThan(totalBefore);
    expect(
      await figure(summary.getByRole("link", { name: /^Educational Support/ }).getByRole("definition")),
    ).toBeGreaterThan(interestBefore);
    await page.getByLabel("Interest", { exact: true }).selectOption("Fundraising");
    await expect(page).toHaveURL(/interest=Fundraising/);
    await expect(rowOf(page, email)).toHaveCount(0);

    await page.goto("/admin");
    expect(await figure(page.getByTestId("dashboard-volunteers"))).toBeGreaterThan(dashboardBefore);
    await page.getByTestId("dashboard-volunteers").click();
    await expect(page).toHaveURL(/\/admin\/volunteers$/);
  });
});

test.describe("volunteer form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused email keeps what was typed with the error; then thanks, and back to an empty form", async ({
    page,
  }) => {
    const token = uniqueSuffix();
    await page.goto("/volunteer");
    // The browser itself insists on an interest (required); the server refuses an address without a domain dot.
    await page.getByLabel("Full name").fill(`Hamza Siddiqui ${token}`);
    await page.getByLabel("Email", { exact: true }).fill(`hamza-${token}@localhost`);
    await page.getByLabel("Area of interest").selectOption("Food Distribution");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue(`Hamza Siddiqui ${token}`);
    await expect(page.getByLabel("Area of interest")).toHaveValue("Food Distribution");

    await page.getByLabel("Email", { exact: true }).fill(`hamza-${token}@example.org`);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page).toHaveURL(/\/volunteer\?submitted=1#signup-title$/);
    await page.getByRole("button", { name: "Submit Another Application" }).click();
    await expect(page).toHaveURL(/\/volunteer\?again=1$/);
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Area of interest")).toHaveValue("");
  });
});

test.describe("CSV exports", () => {
  test("volunteers.csv holds the searched signups", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const volunteer = {
      name: `Sulaiman Ahmed ${token}`,
      email: `sulaiman-${token}@example.org`,
      interest: "Social Media & Marketing",
    };
    await addVolunteers([volunteer]);

    await page.goto("/admin/volunteers");
    await searchList(page, "Search name or email", token);
    const { bom, lines } = await exportCsv(page, "volunteers.csv");
    expect(bom).toBe(true);
    expect(lines[0]).toBe("ID,Name,Email,Interest,Date");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^\\d+,${volunteer.name},${volunteer.email},Social Media & Marketing,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`),
    );
  });
});

test.describe("admin volunteers", () => {
  test("a signup is deleted after its confirmation", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const name = `Ruqayyah Malik ${token}`;
    const email = `ruqayyah-${token}@example.org`;
    await addVolunteers([{ name, email, interest: "Community Outreach" }]);

    await page.goto("/admin/volunteers");
    await searchList(page, "Search name or email", token);
    await rowOf(page, email)
      .getByRole("link", { name: `Delete signup from ${name}` })
      .click();
    const confirm = page.getByRole("region", { name: "Are you sure you want to delete this volunteer submission?" });
    await expect(confirm).toContainText(`The signup from ${name} (${email}) will be removed.`);
    await expect(confirm.getByRole("heading")).toBeFocused();
    await confirm.getByRole("button", { name: "Yes, delete signup" }).click();
    await expect(page.getByRole("status")).toHaveText("Volunteer signup deleted.");
    await expect(rowOf(page, email)).toHaveCount(0);
    await expect(page.getByRole("cell", { name: "No matching volunteers" })).toBeVisible();
  });

  test("the interest filter and its summary card show only that interest", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    const fundraiser = {
      name: `Khalid Yilmaz ${token}`,
      email: `khalid-${token}@example.org`,
      interest: "Fundraising",
    };
    const organiser = {
      name: `Aisha Yilmaz ${token}`,
      email: `aisha-${token}@example.org`,
      interest: "Event Organization",
    };
    await addVolunteers([fundraiser, organiser]);

    await page.goto("/admin/volunteers");
    await searchList(page, "Search name or email", token);
    await expect(rowOf(page, fundraiser.email)).toBeVisible();
    await expect(rowOf(page, organiser.email)).toBeVisible();
    await page.getByLabel("Interest", { exact: true }).selectOption("Fundraising");
    await expect(page).toHaveURL(new RegExp(`search=${token}.*interest=Fundraising`));
    await expect(rowOf(page, fundraiser.email)).toContainText("Fundraising");
    await expect(rowOf(page, organiser.email)).toHaveCount(0);

    await page
      .getByRole("region", { name: "Signups by interest" })
      .getByRole("link", { name: /^Event Organization/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/volunteers\?interest=Event\+Organization$/);
    await expect(rowOf(page, organiser.email)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Fundraising" })).toHaveCount(0);
  });

  test("a search that matches nobody says so", async ({ adminPage: page }) => {
    const token = uniqueSuffix();
    await addVolunteers([{ name: `Idris Khan ${token}`, email: `idris-${token}@example.org`, interest: "Other" }]);
    await page.goto("/admin/volunteers");
    await searchList(page, "Search name or email", `nobody-signed-up-${token}`);
    await expect(page.getByRole("cell", { name: "No matching volunteers" })).toBeVisible();
  });
});
