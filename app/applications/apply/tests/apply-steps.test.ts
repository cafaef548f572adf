import { beforeEach, describe, expect, it } from "vitest";
import * as applyPage from "~/applications/apply/routes/apply";
import * as resumePage from "~/applications/apply/routes/apply-resume";
import * as donePage from "~/applications/apply/routes/apply-done";
import * as contactPage from "~/community/contacts/routes/contact";
import { getDb } from "~/lib/db.server";
import { getOutboxMessage } from "~/mail/queue/index.server";
import { startDraft } from "~/applications/apply/server/application-drafts.server";
import { carryDraft } from "~/applications/apply/server/draft-cookie.server";
import { callRoute, makeRequest, unwrapData } from "../../../../tests/support/routes";
import { screenText } from "../../../../tests/support/screens";

/** The application's form as a browser without JavaScript walks it: each step a POST, the draft in a cookie. */
type Reply = {
  step: string;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

let addresses = 0;
const newAddress = () => `198.51.100.${(addresses += 1)}`;

const APPLICANT = {
  name: "Amina Quillfeather",
  email: "amina.quillfeather@example.org",
  phone: "+1 555 867 5309",
  address: "12 Olive Street, Springfield",
  date_of_birth: "1985-04-02",
};
const HOUSEHOLD = { adults: "2", children_ages: "4, 7" };
const MONEY = { income_benefits: "900", cost_housing: "1,100", cost_food: "400", savings: "150", debts: "2000" };
const HELP = { purpose: "rent", purpose_details: "Two months of rent arrears after losing work", requested: "1200" };
const STEPS: [string, Record<string, string>][] = [
  ["applicant", APPLICANT],
  ["household", HOUSEHOLD],
  ["money", MONEY],
  ["help", HELP],
];

/** A browser: its cookie, kept from each answer, and its address. */
function browser(clientAddress = newAddress()) {
  let cookie = "";
  return {
    get cookie() {
      return cookie;
    },
    async post(form: Record<string, string>) {
      const answer = await callRoute(applyPage.action, "/get-help/apply", {
        form,
        clientAddress,
        headers: cookie ? { Cookie: cookie } : {},
      });
      if (answer instanceof Response) {
        const set = answer.headers.get("Set-Cookie");
        if (set) cookie = /Max-Age=0/i.test(set) ? "" : set.split(";")[0]!;
      }
      return answer;
    },
    async open(path: string) {
      const answer = await callRoute(applyPage.loader, path, {
        clientAddress,
        headers: cookie ? { Cookie: cookie } : {},
      });
      return answer;
    },
    async step(step: string, values: Record<string, string>, intent = "continue") {
      return this.post({ ...values, step, intent });
    },
  };
}

async function fillAllSteps(visitor = browser()) {
  for (const [step, values] of STEPS) {
    const answer = (await visitor.step(step, values)) as Response;
    expect(answer.status, step).toBe(303);
  }
  return visitor;
}

async function send(visitor: ReturnType<typeof browser>) {
  return (await visitor.step("declarations", { declare_true: "on", consent_privacy: "on" })) as Response;
}

beforeEach(async () => {
  for (const table of [
    "application_match_keys",
    "applications",
    "application_drafts",
    "outbound_mail",
    "rate_limits",
  ] as const)
    await getDb().deleteFrom(table).execute();
});

describe("each step of the application", () => {
  it("moves on to the next step once its input passes, and keeps it in a draft", async () => {
    const visitor = browser();
    const answer = (await visitor.step("applicant", APPLICANT)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/get-help/apply?step=household#step-title");
    expect(visitor.cookie).toMatch(/^application_draft=/);
    const page = unwrapData(await visitor.open("/get-help/apply?step=household"));
    expect(page.data).toMatchObject({ step: "household", values: APPLICANT, started: true });
    expect(new Headers(page.headers).get("Cache-Control")).toBe("private, no-store");
    expect(await getDb().selectFrom("application_drafts").select("id").execute()).toHaveLength(1);
  });

  it.each([
    ["applicant", { ...APPLICANT, email: "amina@", phone: "12" }, ["email", "phone"], "name"],
    ["household", { adults: "0", children_ages: "4, 19" }, ["adults", "children_ages"], "children_ages"],
    ["money", { ...MONEY, cost_food: "-4", savings: "lots" }, ["cost_food", "savings"], "cost_housing"],
    [
      "help",
      { purpose: "", purpose_details: "", requested: "0" },
      ["purpose", "purpose_details", "requested"],
      "requested",
    ],
    ["declarations", { declare_true: "on" }, ["consent_privacy"], "declare_true"],
  ])(
    "refuses the %s step's wrong input, naming its fields and keeping what was typed",
    async (step, values, fields, kept) => {
      const visitor = browser();
      for (const [before, good] of STEPS) {
        if (before === step) break;
        await visitor.step(before, good);
      }
      const { status, data } = unwrapData(await visitor.step(step, values)) as { status: number; data: Reply };
      expect(status).toBe(400);
      expect(data.step).toBe(step);
      expect(Object.keys(data.result.error ?? {}).sort()).toEqual([...fields].sort());
      expect(data.result.initialValue?.[kept]).toBe((values as Record<string, string>)[kept]);
      expect(await getDb().selectFrom("applications").select("id").execute()).toEqual([]);
    },
  );

  it("sends a step asked out of order back to the first step still to do", async () => {
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    const skipped = (await visitor.step("help", HELP)) as Response;
    expect(skipped.headers.get("Location")).toBe("/get-help/apply?step=household#step-title");
    const opened = (await visitor.open("/get-help/apply?step=declarations")) as Response;
    expect(opened.headers.get("Location")).toBe("/get-help/apply?step=household#step-title");
    const stranger = (await browser().open("/get-help/apply?step=money")) as Response;
    expect(stranger.headers.get("Location")).toBe("/get-help/apply?step=applicant#step-title");
  });

  it("keeps nothing from a bot that fills the hidden field", async () => {
    const bot = browser();
    const answer = (await bot.step("applicant", { ...APPLICANT, website: "https://spam.example" })) as Response;
    expect(answer.status).toBe(303);
    expect(bot.cookie).toBe("");
    expect(await getDb().selectFrom("application_drafts").select("id").execute()).toEqual([]);
  });
});

describe("a sent application", () => {
  it("makes one case holding no plain name, email or phone, queues the received mail, audits it and ends the draft", async () => {
    const visitor = await fillAllSteps();
    const answer = await send(visitor);
    expect(answer.status).toBe(303);
    const ref = /ref=(ZA-[0-9A-Z]+)/.exec(answer.headers.get("Location") ?? "")?.[1];
    expect(ref).toBeDefined();
    expect(visitor.cookie).toBe("");

    const cases = await getDb().selectFrom("applications").selectAll().execute();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      ref,
      state: "submitted",
      household_size: 4,
      purpose: "rent",
      requested_cents: 120_000,
    });
    const raw = JSON.stringify([
      cases,
      await getDb().selectFrom("application_match_keys").selectAll().execute(),
      await getDb().selectFrom("application_drafts").selectAll().execute(),
      await getDb().selectFrom("audit_entries").selectAll().where("entity", "=", "application").execute(),
    ]);
    for (const plain of ["Quillfeather", "amina.quillfeather", "867", "5309", "Olive Street"])
      expect(raw, plain).not.toContain(plain);
    expect(await getDb().selectFrom("application_drafts").select("id").execute()).toEqual([]);

    const mails = await getDb().selectFrom("outbound_mail").select(["id", "kind", "dedupe_key"]).execute();
    expect(mails).toEqual([
      { id: expect.any(Number), kind: "application-received", dedupe_key: `application-received-${ref}` },
    ]);
    const mail = await getOutboxMessage(mails[0]!.id);
    expect(mail.to).toBe(APPLICANT.email);
    expect(mail.subject).toBe(`We have received your application (${ref})`);
    expect(mail.text).toContain(`Your reference is ${ref}`);
    expect(mail.text).toContain("/my-application");

    const audit = await getDb()
      .selectFrom("audit_entries")
      .select(["action", "entity_id", "actor_id", "actor_name", "address", "summary"])
      .where("entity", "=", "application")
      .execute();
    expect(audit).toEqual([
      {
        action: "submit",
        entity_id: ref,
        actor_id: null,
        actor_name: "Applicant (Get help form)",
        address: "",
        summary: `Application ${ref} received`,
      },
    ]);

    const done = unwrapData(await callRoute(donePage.loader, `/get-help/apply/done?ref=${ref}`));
    expect(done.data).toEqual({ ref });
    expect(unwrapData(await callRoute(donePage.loader, "/get-help/apply/done?ref=ZA-NOTAREF")).data).toEqual({
      ref: null,
    });
  });

  it("is sent once: the same draft posted again finds no draft and starts over", async () => {
    const visitor = await fillAllSteps();
    const stale = visitor.cookie;
    await send(visitor);
    const again = (await callRoute(applyPage.action, "/get-help/apply", {
      form: { step: "declarations", intent: "continue", declare_true: "on", consent_privacy: "on" },
      headers: { Cookie: stale },
    })) as Response;
    expect(again.headers.get("Location")).toBe("/get-help/apply?step=applicant#step-title");
    expect(await getDb().selectFrom("applications").select("id").execute()).toHaveLength(1);
  });

  it("lets one address send eleven applications in an hour, while the contact form's limit still holds", async () => {
    const helpDesk = newAddress();
    for (let family = 0; family < 11; family += 1) {
      const visitor = await fillAllSteps(browser(helpDesk));
      expect((await send(visitor)).headers.get("Location"), `family ${family + 1}`).toMatch(/^\/get-help\/apply\/done/);
    }
    expect(await getDb().selectFrom("applications").select("id").execute()).toHaveLength(11);

    const statuses: number[] = [];
    for (let message = 0; message < 11; message += 1) {
      const answer = await callRoute(contactPage.action, "/contact", {
        form: { name: "Yusuf", email: "yusuf@example.org", message: "Salaam", "via-script": "1" },
        clientAddress: helpDesk,
      });
      statuses.push(unwrapData(answer).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("saving and coming back later", () => {
  it("mails a resume link that brings the draft back in another browser, with no name in the subject", async () => {
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    const saved = (await visitor.step("household", { adults: "3", children_ages: "" }, "save")) as Response;
    expect(saved.headers.get("Location")).toBe("/get-help/apply?step=household&saved=1#step-title");

    const row = await getDb()
      .selectFrom("outbound_mail")
      .select("id")
      .where("kind", "=", "application-draft")
      .executeTakeFirstOrThrow();
    const mail = await getOutboxMessage(row.id);
    expect(mail.to).toBe(APPLICANT.email);
    expect(mail.subject).toBe("Your application for help: continue where you left off");
    const token = /\/get-help\/apply\/resume\/([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    // Only the token's hash is stored.
    expect(JSON.stringify(await getDb().selectFrom("application_drafts").selectAll().execute())).not.toContain(token);

    const link = `/get-help/apply/resume/${token}`;
    // Opening the link (a GET, as a mail scanner does) shows one button and nothing of the family, and changes nothing.
    const opened = unwrapData(await callRoute(resumePage.loader, link, { params: { token: token! } }));
    expect(opened.status).toBe(200);
    expect(new Headers(opened.headers).get("Set-Cookie")).toBeNull();
    const shown = await screenText(resumePage, link, undefined, { token: token! });
    expect(shown).toContain("Continue your application");
    expect(shown).toContain("the link works once");
    for (const value of Object.values(APPLICANT)) expect(shown).not.toContain(value);
    expect(unwrapData(await callRoute(resumePage.loader, link, { params: { token: token! } })).status).toBe(200);

    // The press uses the link up: this browser carries the draft under a new token.
    const resumed = (await callRoute(resumePage.action, link, { form: {}, params: { token: token! } })) as Response;
    expect(resumed.status).toBe(303);
    // The household step passed when saved: the link goes on from the next.
    expect(resumed.headers.get("Location")).toBe("/get-help/apply?step=money#step-title");
    const cookie = resumed.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = unwrapData(
      await callRoute(applyPage.loader, "/get-help/apply?step=household", { headers: { Cookie: cookie } }),
    );
    expect(page.data).toMatchObject({ step: "household", values: { ...APPLICANT, adults: "3", children_ages: "" } });

    // The second use of the link finds nothing, opened or pressed.
    const again = unwrapData(await callRoute(resumePage.action, link, { form: {}, params: { token: token! } }));
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ found: false });
    expect(unwrapData(await callRoute(resumePage.loader, link, { params: { token: token! } })).status).toBe(404);
    const spent = await screenText(resumePage, link, undefined, { token: token! });
    expect(spent).toContain("This link no longer works");
    expect(spent).toContain("The link works once");
    // Nor does the token stored anywhere: only the new token's hash is.
    expect(JSON.stringify(await getDb().selectFrom("application_drafts").selectAll().execute())).not.toContain(token);
  });

  it("keeps what was typed on a step that does not pass yet, and goes on from that step", async () => {
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    await visitor.step("household", HOUSEHOLD);
    const saved = (await visitor.step("money", { ...MONEY, cost_food: "a lot" }, "save")) as Response;
    expect(saved.headers.get("Location")).toBe("/get-help/apply?step=money&saved=1#step-title");
    const page = unwrapData(await visitor.open("/get-help/apply"));
    expect(page.data).toMatchObject({ step: "money", values: { cost_food: "a lot", cost_housing: "1,100" } });
  });

  it("saving the first step needs a valid email, the link's address", async () => {
    const { status, data } = unwrapData(await browser().step("applicant", { ...APPLICANT, email: "nope" }, "save")) as {
      status: number;
      data: Reply;
    };
    expect(status).toBe(400);
    expect(Object.keys(data.result.error ?? {})).toEqual(["email"]);
    expect(await getDb().selectFrom("outbound_mail").select("id").execute()).toEqual([]);
    // The same once a draft exists: a link is never mailed to an address that is not one.
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    expect(unwrapData(await visitor.step("applicant", { ...APPLICANT, email: "amina@" }, "save")).status).toBe(400);
    expect(await getDb().selectFrom("outbound_mail").select("id").execute()).toEqual([]);
  });

  it("says a link is spent once the draft is past its thirty days, and the browser starts again", async () => {
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    await getDb().updateTable("application_drafts").set({ expires_at: "2020-01-01T00:00:00.000Z" }).execute();
    const page = unwrapData(await visitor.open("/get-help/apply"));
    expect(page.data).toMatchObject({ step: "applicant", expired: true, started: false, values: {} });
    const link = unwrapData(
      await callRoute(resumePage.loader, "/get-help/apply/resume/nope", { params: { token: "nope" } }),
    );
    expect(link.status).toBe(404);
  });

  it("forgets the draft when the family starts again", async () => {
    const visitor = browser();
    await visitor.step("applicant", APPLICANT);
    const answer = (await visitor.post({ intent: "start-over" })) as Response;
    expect(answer.headers.get("Location")).toBe("/get-help/apply?step=applicant#step-title");
    expect(visitor.cookie).toBe("");
    expect(await getDb().selectFrom("application_drafts").select("id").execute()).toEqual([]);
  });
});

describe("changing a part from Check and send", () => {
  it("goes back to Check and send once the changed step passes, with the change kept", async () => {
    const visitor = await fillAllSteps();
    const changed = (await visitor.step("household", { adults: "1", children_ages: "" })) as Response;
    expect(changed.headers.get("Location")).toBe("/get-help/apply?step=declarations#step-title");
    const page = unwrapData(await visitor.open("/get-help/apply?step=declarations"));
    expect(page.data).toMatchObject({ step: "declarations", values: { adults: "1", phone: APPLICANT.phone } });
    const answer = await send(visitor);
    expect(answer.status).toBe(303);
    expect(await getDb().selectFrom("applications").select("household_size").execute()).toEqual([
      { household_size: 1 },
    ]);
  });
});

describe("a draft sent twice at once", () => {
  it("makes one case: the second send finds its draft gone and is told so", async () => {
    const visitor = await fillAllSteps();
    const form = { step: "declarations", intent: "continue", declare_true: "on", consent_privacy: "on" };
    const both = await Promise.all(
      [1, 2].map(() => callRoute(applyPage.action, "/get-help/apply", { form, headers: { Cookie: visitor.cookie } })),
    );
    const statuses = both.map((answer) => (answer instanceof Response ? answer.status : unwrapData(answer).status));
    expect(statuses.sort()).toEqual(expect.arrayContaining([303]));
    expect(await getDb().selectFrom("applications").select("id").execute()).toHaveLength(1);
    expect(await getDb().selectFrom("outbound_mail").select("id").execute()).toHaveLength(1);
  });
});

describe("the whole application checked again on sending", () => {
  it("names the step whose answer no longer passes, and sends nothing", async () => {
    // A draft whose first step passed long ago (a date of birth the schema now refuses, say).
    const draft = await startDraft(
      {
        values: { ...APPLICANT, date_of_birth: "2020-01-01", ...HOUSEHOLD, ...MONEY, ...HELP },
        done: ["applicant", "household", "money", "help"],
      },
      { clientAddress: newAddress() },
    );
    const cookie = (await carryDraft(draft.token, makeRequest("/get-help/apply"))).split(";")[0]!;
    const { status, data } = unwrapData(
      await callRoute(applyPage.action, "/get-help/apply", {
        form: { step: "declarations", intent: "continue", declare_true: "on", consent_privacy: "on" },
        headers: { Cookie: cookie },
      }),
    ) as { status: number; data: Reply };
    expect(status).toBe(400);
    expect(data.result.error).toEqual({ "": ['Please check "About you": The person applying must be 16 or older'] });
    expect(await getDb().selectFrom("applications").select("id").execute()).toEqual([]);
    expect(await getDb().selectFrom("application_drafts").select("id").execute()).toHaveLength(1);
  });
});
