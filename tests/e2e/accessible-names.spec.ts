import type { Locator } from "@playwright/test";
import { withDatabase } from "./e2e-database";
import { expect, test } from "./fixtures";

/**
 * A choice whose card or label also says what it means is named by its own words alone (so
 * a screen reader user hears "One-Time, radio button" and voice control finds it by what it
 * shows), and the words under it are read as its description.
 */
async function expectNamed(choice: Locator, description: string | RegExp) {
  await expect(choice).toHaveCount(1);
  await expect(choice).toHaveAccessibleDescription(description);
}

async function seedAppeal(): Promise<{ slug: string }> {
  const slug = `e2e-names-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await withDatabase((db) =>
    db.run(
      `insert into appeals (slug, title, summary, story, story_format, fund_id, goal_cents, preset_amounts, starts_on, status, went_live_at)
       values (?, ?, ?, ?, 'markdown', (select id from funds where slug = 'emergency-relief'), 10000, '20,40', ?, 'live', ?)`,
      [
        slug,
        `Clean Water ${slug.slice(-6)}`,
        "Wells for villages without water.",
        "A well lasts a generation.",
        yesterday,
        new Date().toISOString(),
      ],
    ),
  );
  return { slug };
}

test("the donate form's frequencies and choices are named by their own words, their notes described", async ({
  page,
}) => {
  await page.goto("/donate");
  await expectNamed(page.getByRole("radio", { name: "One-Time", exact: true }), "A single gift, charged today.");
  await expectNamed(
    page.getByRole("radio", { name: "Monthly", exact: true }),
    /^Charged today, then on the \d+\w\w of every month until you cancel\.$/,
  );
  await expectNamed(
    page.getByRole("radio", { name: "Annually", exact: true }),
    /^Charged today, then every year on \w+ \d+\w\w until you cancel\.$/,
  );
  await expect(page.getByRole("radio", { name: "One-Time", exact: true })).toBeChecked();
  // Clicking anywhere on a card still chooses it.
  await page.getByText(/^Charged today, then on the/).click();
  await expect(page.getByRole("radio", { name: "Monthly", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Give anonymously", exact: true })).toHaveCount(1);
});

test("the Ramadan nights' choices are named by their own words", async ({ page }) => {
  await page.goto("/donate?way=ramadan-nights");
  await expect(page.getByRole("radio", { name: "The last ten nights", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "All thirty nights", exact: true })).toHaveCount(1);
  await expectNamed(
    page.getByRole("checkbox", { name: "Double on the odd nights of the last ten", exact: true }),
    /^The 21st, 23rd, 25th, 27th and 29th nights/,
  );
});

test("an appeal's donate form names its frequencies the same way", async ({ page }) => {
  const { slug } = await seedAppeal();
  await page.goto(`/appeals/${slug}`);
  const form = page.locator("#give");
  await expectNamed(form.getByRole("radio", { name: "One-Time", exact: true }), "A single gift, charged today.");
  await expectNamed(form.getByRole("radio", { name: "Monthly", exact: true }), /^Charged today, then on the/);
});

test("the Zakat reminder's keep-my-figures box is named by its words and described", async ({ page }) => {
  await page.goto("/zakat-calculator");
  await page.getByLabel("Cash and bank balances").fill("10000");
  const reminder = page.getByRole("region", { name: "Remind me when my Zakat is due next year" });
  await expectNamed(
    reminder.getByRole("checkbox", {
      name: "Keep my figures so the reminder can open the calculator with them",
      exact: true,
    }),
    /never the metal prices/,
  );
});

test("a staff form's checkbox is named by its label, its hint described", async ({ adminPage: page }) => {
  await page.goto("/admin/stories?new=1");
  // A section without JavaScript, a dialog once the page is live: found by its form either way.
  const form = page.locator("form#story-form");
  await expectNamed(form.getByRole("checkbox", { name: "Active", exact: true }), "Shown on the public site");
  await expectNamed(
    form.getByRole("checkbox", { name: "Featured", exact: true }),
    "Leads the Stories page and the homepage",
  );
  // The whole label still ticks it.
  await form.getByText("Leads the Stories page and the homepage").click();
  await expect(form.getByRole("checkbox", { name: "Featured", exact: true })).toBeChecked();
});

test("the testimonial form's ratings are named as they read, by the browser itself", async ({ page }) => {
  await page.goto("/testimonials");
  await expect(page.getByRole("radio")).toHaveCount(5);
  // Chromium's own accessibility tree: it names a label from its laid-out text, which is
  // where a space lost between flex items shows ("5stars"); Playwright's names come from the DOM.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: { role?: { value?: string }; name?: { value?: string } }[];
  };
  const radios = nodes.filter((node) => node.role?.value === "radio").map((node) => node.name?.value);
  expect(radios).toEqual(["5 stars", "4 stars", "3 stars", "2 stars", "1 star"]);
});
