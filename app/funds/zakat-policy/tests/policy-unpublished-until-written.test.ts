import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import * as dashboard from "~/staff/dashboard/routes/admin-dashboard";
import * as policyScreen from "~/funds/zakat-policy/routes/admin-funds-policy";
import * as donate from "~/giving/donate/routes/donate";
import * as publicLayout from "~/content/public-layout/routes/public-layout";
import * as transparency from "~/funds/transparency/routes/transparency";
import * as zakatPolicy from "~/funds/zakat-policy/routes/zakat-policy";
import { currentRates, recordRate } from "~/funds/rates/server/rates.server";
import { getZakatPolicy, saveZakatPolicy } from "~/funds/zakat-policy/server/zakat-policy.server";
import { callRoute, unwrapData } from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";

/**
 * A live site (SEED_DEMO=0, as every integration database starts) before staff have
 * written the Zakat policy: no public page links the template, /zakat-policy says it is
 * not published, and the dashboard says what is missing until staff write it.
 */
const PAGES_THAT_LINK_THE_POLICY = [
  ["the donate page", donate, "/donate"],
  ["the footer", publicLayout, "/"],
  ["the transparency report", transparency, "/transparency"],
] as const;

async function policyLinks(): Promise<string[]> {
  const linked: string[] = [];
  for (const [name, page, address] of PAGES_THAT_LINK_THE_POLICY) {
    if ((await screenHtml(page as never, address)).includes('href="/zakat-policy"')) linked.push(name);
  }
  return linked;
}

describe("a live site whose Zakat policy is still the template", () => {
  it("links the policy from no public page", async () => {
    expect((await getZakatPolicy()).is_template).toBe(true);
    expect(await policyLinks()).toEqual([]);
    // The way to Zakat's figures stays on the donate page.
    expect(await screenHtml(donate as never, "/donate")).toContain('href="/transparency"');
  });

  it("answers /zakat-policy with a 404 that says the policy is not published yet, never the template", async () => {
    const answer = unwrapData(await callRoute(zakatPolicy.loader, "/zakat-policy"));
    expect(answer.status).toBe(404);
    const page = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(
          zakatPolicy.ErrorBoundary as never,
          { error: { status: 404, statusText: "Not Found", internal: false, data: null } } as never,
        ),
      ),
    );
    expect(page).toContain("Our Zakat policy is not published yet");
    expect(page).toContain('href="/transparency"');
    expect(page).not.toMatch(/template|\[say/i);
  });

  it("has the dashboard say what is missing, with the links to put it right", async () => {
    const text = await screenText(dashboard as never, "/admin");
    expect(text).toContain(
      'The Zakat policy is not written yet: until it is, no public page links to it. Still to write: The note "THIS IS A TEMPLATE" at the top; Administration share; Who reviews it. Write the Zakat policy',
    );
    expect(text).toMatch(
      /Rates still to be confirmed, marked so on the public pages: Zakat al-Fitr, per person; .*Silver price, per gram\. Confirm the rates/,
    );
    const html = await screenHtml(dashboard as never, "/admin");
    expect(html).toContain('href="/admin/funds/policy"');
    expect(html).toContain('href="/admin/funds/rates"');
  });

  it("stays unpublished when staff add a line but leave placeholders, and says which remain", async () => {
    const template = (await getZakatPolicy()).body;
    const oneLineAdded = `${template.replace(/^THIS IS A TEMPLATE\..*\n\n/, "")}\n\nOur trustees approve every distribution.`;
    await saveZakatPolicy({ body: oneLineAdded, kaffarah_per_fast: true }, "staff.member");

    expect(unwrapData(await callRoute(zakatPolicy.loader, "/zakat-policy")).status).toBe(404);
    expect(await policyLinks()).toEqual([]);
    expect(await screenText(dashboard as never, "/admin")).toContain(
      "The Zakat policy is not written yet: until it is, no public page links to it. Still to write: Administration share; Who reviews it. Write the Zakat policy",
    );
    const screen = await screenText(policyScreen as never, "/admin/funds/policy?saved=policy");
    expect(screen).toContain("The Zakat policy was saved as a draft: it is not published yet.");
    expect(screen).toContain("Still to write before it is published: Administration share; Who reviews it.");
    // The draft is kept: staff go on from where they were.
    expect((await getZakatPolicy()).body).toBe(oneLineAdded);
  });

  it("links the policy everywhere, and the dashboard stops asking, once staff have written it and confirmed the rates", async () => {
    await saveZakatPolicy(
      {
        body: "Our trustees distribute Zakat.\n\nWe take no share of Zakat for administering it.",
        kaffarah_per_fast: true,
      },
      "staff.member",
    );
    const today = todayIn("UTC");
    for (const rate of Object.values(await currentRates())) {
      await recordRate(
        {
          rate_key: rate.rate_key,
          amount: rate.amount,
          effective_on: today,
          authority: "Our Zakat committee",
          note: "",
        },
        "staff.member",
      );
    }
    expect(await policyLinks()).toEqual(PAGES_THAT_LINK_THE_POLICY.map(([name]) => name));
    expect(unwrapData(await callRoute(zakatPolicy.loader, "/zakat-policy")).status).toBe(200);
    const text = await screenText(dashboard as never, "/admin");
    expect(text).not.toContain("The Zakat policy is not written yet");
    expect(text).not.toContain("Rates still to be confirmed");
  });
});
