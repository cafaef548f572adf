import { readdir } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { formatHijri } from "~/shared/hijri";
import { getDb } from "~/lib/db.server";
import routeTable from "~/routes";
import * as fundsScreen from "~/funds/funds/routes/admin-funds";
import * as ledgerScreen from "~/funds/ledger/routes/admin-funds-ledger";
import * as ledgerExport from "~/funds/ledger/routes/admin-funds-ledger-export";
import * as proofRoute from "~/funds/ledger/routes/admin-funds-proof";
import * as layout from "~/staff/admin-layout/routes/admin-layout";
import * as uploadsApi from "~/content/media/routes/api-uploads";
import { addFund, fundBySlug } from "~/funds/funds/server/funds.server";
import { recordDisbursement, recordReversal } from "~/funds/ledger/server/ledger.server";
import { identifyingMetadata, phonePhoto } from "../../../../tests/support/photos";
import {
  callRoute,
  callWithRequest,
  makeContext,
  makeRequest,
  multipartRequest,
  ORIGIN,
  unwrapData,
} from "../../../../tests/support/routes";
import { screenHtml, screenText } from "../../../../tests/support/screens";
import { newGift, signedInStaff } from "../../../../tests/support/builders";

/**
 * The ledger screens as staff use them: the ledger (filters, pages, the CSV), the
 * disbursement and reversal forms as a browser without JavaScript posts them, proof
 * documents, and the admin sign-in in front of every funds screen. The ledger is append-only,
 * so each test works on its own amounts or its own restricted fund and reads balances before
 * and after.
 */

type LedgerData = Awaited<ReturnType<typeof ledgerScreen.loader>>;
type Reply = {
  result: { status?: string; error: Record<string, string[]> | null; initialValue: Record<string, unknown> | null };
};

const TODAY = todayIn("UTC");

/** Live gifts to a fund by its donate-form purpose, as an offline gift would be recorded. */
async function give(purpose: string, cents: number, day = TODAY, count = 1) {
  for (let index = 0; index < count; index += 1) {
    await newGift({
      name: "Ledger donor",
      email: "donor@example.org",
      amount_cents: cents,
      purpose,
      donated_at: `${day}T10:00:00.000Z`,
    });
  }
}

async function balanceOf(slug: string): Promise<number> {
  return (await fundBySlug(slug)).balance;
}

async function ledgerCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("disbursements")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The body a browser sends for the disbursement form without JavaScript: multipart (the
 * form carries a file input), the empty file part included when no file was chosen.
 */
function browserPost(pathname: string, fields: Record<string, string>): Request {
  const boundary = "----WebKitFormBoundaryLedger7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
  );
  return new Request(new URL(pathname, ORIGIN), {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: ORIGIN },
    body: `${parts.join("")}--${boundary}--\r\n`,
  });
}

function disbursementFields(fundId: number, values: Record<string, string>): Record<string, string> {
  return {
    disbursed_on: TODAY,
    fund_id: String(fundId),
    amount: "",
    category: "",
    programme: "",
    region: "",
    description: "",
    ...values,
    intent: "disburse",
  };
}

async function postDisbursement(context: ReturnType<typeof makeContext>, request: Request) {
  return callWithRequest(ledgerScreen.action, request, { context });
}

describe("the guard", () => {
  const ADDRESSES = [
    ["GET", "/admin/funds"],
    ["POST", "/admin/funds"],
    ["GET", "/admin/funds/ledger"],
    ["POST", "/admin/funds/ledger"],
    ["GET", "/admin/funds/ledger.csv"],
    ["GET", "/admin/funds/proofs/1"],
    ["GET", "/admin/funds/rates"],
    ["POST", "/admin/funds/rates"],
    ["GET", "/admin/funds/policy"],
    ["POST", "/admin/funds/policy"],
  ] as const;

  it("puts every funds screen, its actions, the CSV and the proof download behind the admin sign-in", async () => {
    const admin = routeTable.find((entry) => entry.file === "staff/admin-layout/routes/admin-layout.tsx");
    const guarded = (admin?.children ?? []).map((child) => child.file);
    const screens = [
      "funds/funds/routes/admin-funds.tsx",
      "funds/ledger/routes/admin-funds-ledger.tsx",
      "funds/ledger/routes/admin-funds-ledger-export.ts",
      "funds/ledger/routes/admin-funds-proof.ts",
      "funds/rates/routes/admin-funds-rates.tsx",
      "funds/zakat-policy/routes/admin-funds-policy.tsx",
    ];
    for (const file of screens) {
      expect(guarded).toContain(file);
    }
    for (const [method, pathname] of ADDRESSES) {
      const request = makeRequest(pathname, method === "POST" ? { form: { intent: "disburse" } } : {});
      let thrown: unknown;
      const next = async () => new Response("the screen ran");
      try {
        await layout.middleware[0]!(
          {
            request,
            context: makeContext(),
            params: {},
            pattern: new URL(request.url).pathname,
            url: new URL(request.url),
          } as never,
          next,
        );
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${method} ${pathname}`).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(
        `/admin/login?${new URLSearchParams({ redirectTo: pathname })}`,
      );
    }
  });
});

describe("recording a disbursement without JavaScript", () => {
  it("records the entry from a real form post, shows it in the ledger and changes the balance", async () => {
    const { admin, context } = await signedInStaff();
    await give("Zakat", 80_000);
    const zakat = await fundBySlug("zakat-al-mal");
    const before = zakat.balance;

    const answer = (await postDisbursement(
      context,
      browserPost(
        "/admin/funds/ledger?record=1",
        disbursementFields(zakat.id, {
          amount: "125.50",
          category: "masakin",
          programme: "Ramadan food",
          region: "Amman",
          description: "Food parcels for 25 families",
        }),
      ),
    )) as Response;
    expect(answer, JSON.stringify(answer)).toBeInstanceOf(Response);
    expect(answer.status).toBe(302);
    const row = await getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(answer.headers.get("Location")).toBe(`/admin/funds/ledger?recorded=${row.id}`);
    expect(row).toMatchObject({
      kind: "disbursement",
      fund_id: zakat.id,
      amount_cents: 12_550,
      category: "masakin",
      programme: "Ramadan food",
      region: "Amman",
      proof_filename: "",
      recorded_by: admin.username,
      disbursed_on: TODAY,
    });
    expect(await balanceOf("zakat-al-mal")).toBeCloseTo(before - 125.5, 2);

    const text = await screenText(ledgerScreen as never, `/admin/funds/ledger?recorded=${row.id}`);
    expect(text).toContain(`Disbursement #${row.id} recorded: $125.50 from Zakat al-Mal. Zakat al-Mal now holds`);
    expect(text).toMatch(
      new RegExp(
        `#${row.id} .*? ${formatHijri(TODAY)} Zakat al-Mal the needy \\(al-masakin\\) المساكين Ramadan food · Amman Food parcels for 25 families \\$125\\.50 ${admin.username}`,
      ),
    );
    // The category's name as the verse writes it is marked as Arabic, beside the words the CSV and the API use.
    expect(await screenHtml(ledgerScreen as never, `/admin/funds/ledger?recorded=${row.id}`)).toMatch(
      /the needy \(al-masakin\)(<!-- -->)? <span lang="ar" dir="rtl"[^>]*>المساكين<\/span>/,
    );
    expect(await screenText(fundsScreen as never, "/admin/funds")).toContain(`Zakat al-Mal`);
  });

  it("goes back to the ledger as it was filtered, on its first page, whether the browser posted the page or its data address", async () => {
    const { context } = await signedInStaff();
    await give("Zakat", 10_000);
    const zakat = await fundBySlug("zakat-al-mal");
    const filter = `fund=${zakat.id}&category=masakin&from=2026-01-01&search=parcels`;
    for (const address of [
      `/admin/funds/ledger?${filter}&page=3&record=1`,
      `/admin/funds/ledger.data?${filter}&page=3&record=1&index=&_routes=routes%2Fadmin%2Ffunds-ledger`,
    ]) {
      const answer = (await postDisbursement(
        context,
        browserPost(
          address,
          disbursementFields(zakat.id, {
            amount: "1.25",
            category: "masakin",
            description: "Food parcels, filtered list",
          }),
        ),
      )) as Response;
      expect(answer.status, address).toBe(302);
      const row = await getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(answer.headers.get("Location"), address).toBe(`/admin/funds/ledger?${filter}&recorded=${row.id}`);
    }
  });

  it("refuses an overdraft with the clear message beside the form, keeps what was typed, and stores nothing", async () => {
    const { context } = await signedInStaff();
    const zakat = await fundBySlug("zakat-al-mal");
    const rows = await ledgerCount();
    const tooMuch = (zakat.balance + 1000).toFixed(2);
    const fields = disbursementFields(zakat.id, {
      amount: tooMuch,
      category: "fuqara",
      programme: "Winter",
      description: "Heating fuel",
    });
    const refused = unwrapData(await postDisbursement(context, browserPost("/admin/funds/ledger?record=1", fields)));
    expect(refused.status).toBe(409);
    const reply = refused.data as Reply & { intent: string };
    expect(reply.intent).toBe("disburse");
    expect(reply.result.error?.[""]?.[0]).toMatch(
      /^The Zakat al-Mal balance is not enough: it holds \$[\d,]+\.\d\d, and this disbursement is \$[\d,]+\.\d\d\. Nothing was recorded\.$/,
    );
    expect(reply.result.initialValue).toMatchObject({
      amount: tooMuch,
      category: "fuqara",
      programme: "Winter",
      description: "Heating fuel",
    });
    expect(await ledgerCount()).toBe(rows);
    expect(await balanceOf("zakat-al-mal")).toBe(zakat.balance);

    // The page staff see: the message beside the form, which still holds the amount typed.
    const text = await screenText(ledgerScreen as never, "/admin/funds/ledger?record=1", reply);
    expect(text).toContain("Record a disbursement");
    expect(text).toContain("The Zakat al-Mal balance is not enough");
    // At the top of the form, before its first field, where it is seen without scrolling.
    expect(text.indexOf("The Zakat al-Mal balance is not enough")).toBeLessThan(text.indexOf("Date Fund"));
  });

  it("refuses a Zakat disbursement without a category, and another fund's with one", async () => {
    const { context } = await signedInStaff();
    await give("Zakat", 10_000);
    await give("Healthcare", 10_000);
    const zakat = await fundBySlug("zakat-al-mal");
    const rows = await ledgerCount();
    const refused = unwrapData(
      await postDisbursement(
        context,
        browserPost(
          "/admin/funds/ledger?record=1",
          disbursementFields(zakat.id, { amount: "10", description: "Medicine" }),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Reply).result.error).toMatchObject({
      category: ["Zakat is given only to the eight categories: please choose one"],
    });
    expect(await ledgerCount()).toBe(rows);

    // Without JavaScript the category is on the form whatever the fund: chosen for another fund, it is refused beside
    // it.
    const healthcare = await fundBySlug("healthcare");
    const misplaced = unwrapData(
      await postDisbursement(
        context,
        browserPost(
          "/admin/funds/ledger?record=1",
          disbursementFields(healthcare.id, { amount: "10", category: "fuqara", description: "Clinic visit" }),
        ),
      ),
    );
    expect(misplaced.status).toBe(400);
    expect((misplaced.data as Reply).result.error).toMatchObject({
      category: ["The eight categories are for Zakat; leave the category empty for Healthcare"],
    });
    expect(await ledgerCount()).toBe(rows);
    const saved = (await postDisbursement(
      context,
      browserPost(
        "/admin/funds/ledger?record=1",
        disbursementFields(healthcare.id, { amount: "10", description: "Clinic visit" }),
      ),
    )) as Response;
    expect(saved.status).toBe(302);
    const row = await getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fund_id: healthcare.id, category: null, amount_cents: 1000 });
  });

  it("refuses bad input field by field, keeping what was typed", async () => {
    const { context } = await signedInStaff();
    const refused = unwrapData(
      await postDisbursement(
        context,
        browserPost("/admin/funds/ledger?record=1", {
          intent: "disburse",
          disbursed_on: "2026-02-30",
          fund_id: "",
          amount: "lots",
          description: "",
        }),
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as Reply).result.error).toMatchObject({
      disbursed_on: ["Please enter a real date as YYYY-MM-DD"],
      fund_id: ["Please choose a fund"],
      amount: ["Please enter the amount as a number, e.g. 500 or 12.50"],
      description: ["Description is required"],
    });
    expect((refused.data as Reply).result.initialValue).toMatchObject({ amount: "lots", disbursed_on: "2026-02-30" });
  });
});

describe("a reversal", () => {
  it("is recorded from the ledger row's confirmation, names the entry, and puts the money back", async () => {
    const { admin, context } = await signedInStaff();
    await give("Zakat", 5_000);
    const zakat = await fundBySlug("zakat-al-mal");
    const entry = await recordDisbursement(
      {
        fund_id: zakat.id,
        amount: 40,
        disbursed_on: TODAY,
        category: "gharimin",
        description: "Recorded twice by mistake",
      },
      "someone",
    );
    const before = await balanceOf("zakat-al-mal");

    const confirm = (await callRoute(
      ledgerScreen.loader,
      `/admin/funds/ledger?fund=${zakat.id}&reverse=${entry.id}`,
    )) as LedgerData;
    expect(confirm.reversing?.id).toBe(entry.id);
    const text = await screenText(ledgerScreen as never, `/admin/funds/ledger?fund=${zakat.id}&reverse=${entry.id}`);
    expect(text).toContain(`Reverse entry #${entry.id}? Disbursed $40.00 from Zakat al-Mal on ${TODAY}`);

    const answer = (await callRoute(ledgerScreen.action, `/admin/funds/ledger?fund=${zakat.id}&reverse=${entry.id}`, {
      form: { intent: "reverse", reverses_id: String(entry.id), description: "Recorded twice", disbursed_on: TODAY },
      context,
    })) as Response;
    expect(answer.status).toBe(302);
    const reversal = await getDb()
      .selectFrom("disbursements")
      .selectAll()
      .where("reverses_id", "=", entry.id)
      .executeTakeFirstOrThrow();
    // Back to the ledger as it was filtered, with a notice.
    expect(answer.headers.get("Location")).toBe(`/admin/funds/ledger?fund=${zakat.id}&reversed=${reversal.id}`);
    expect(reversal).toMatchObject({
      kind: "reversal",
      fund_id: zakat.id,
      amount_cents: 4000,
      description: "Recorded twice",
      recorded_by: admin.username,
    });
    expect(await balanceOf("zakat-al-mal")).toBeCloseTo(before + 40, 2);

    const ledger = await screenText(
      ledgerScreen as never,
      `/admin/funds/ledger?fund=${zakat.id}&reversed=${reversal.id}`,
    );
    expect(ledger).toContain(
      `Reversal #${reversal.id} recorded: $40.00 put back into Zakat al-Mal (reversing #${entry.id}).`,
    );
    expect(ledger).toContain(`Reversal of #${entry.id}`);
    expect(ledger).toContain(`−$40.00`);
    expect(ledger).toContain(`Reversed by #${reversal.id}`);

    // Once reversed, never again; the confirmation says why instead of opening.
    const again = unwrapData(
      await callRoute(ledgerScreen.action, "/admin/funds/ledger", {
        form: { intent: "reverse", reverses_id: String(entry.id), description: "Again" },
        context,
      }),
    );
    expect(again.status).toBe(409);
    expect((again.data as Reply).result.error?.[""]).toEqual([
      `Entry ${entry.id} was already reversed by entry ${reversal.id}`,
    ]);
    expect(await screenText(ledgerScreen as never, `/admin/funds/ledger?reverse=${entry.id}`)).toContain(
      `Entry #${entry.id} was already reversed by entry #${reversal.id}.`,
    );
    const missingReason = unwrapData(
      await callRoute(ledgerScreen.action, "/admin/funds/ledger", {
        form: { intent: "reverse", reverses_id: String(entry.id), description: "" },
        context,
      }),
    );
    expect((missingReason.data as Reply).result.error).toMatchObject({ description: ["Reason is required"] });
  });
});

describe("the ledger's filters and pages", () => {
  it("filters by fund, category, dates and words, in pages of 25", async () => {
    const fund = await addFund({ name: "Filter Test Fund", description: "" });
    // Given before the entries dated in June 2025: an entry spends only what had come in by its day.
    await give("Filter Test Fund", 100_000, "2025-05-01");
    for (let day = 1; day <= 30; day += 1) {
      await recordDisbursement(
        {
          fund_id: fund.id,
          amount: day,
          disbursed_on: `2025-06-${String(day).padStart(2, "0")}`,
          programme: day % 2 ? "Wells" : "Schools",
          description: `Filter entry ${day}`,
        },
        "filterer",
      );
    }
    const first = (await callRoute(ledgerScreen.loader, `/admin/funds/ledger?fund=${fund.id}`)) as LedgerData;
    expect(first).toMatchObject({ total: 30, page: 1 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]!.description).toBe("Filter entry 30");
    const second = (await callRoute(ledgerScreen.loader, `/admin/funds/ledger?fund=${fund.id}&page=2`)) as LedgerData;
    expect(second.entries.map((entry) => entry.description)).toEqual([
      "Filter entry 5",
      "Filter entry 4",
      "Filter entry 3",
      "Filter entry 2",
      "Filter entry 1",
    ]);

    const dated = (await callRoute(
      ledgerScreen.loader,
      `/admin/funds/ledger?fund=${fund.id}&from=2025-06-10&to=2025-06-12`,
    )) as LedgerData;
    expect(dated.entries.map((entry) => entry.amount)).toEqual([12, 11, 10]);
    const searched = (await callRoute(
      ledgerScreen.loader,
      `/admin/funds/ledger?fund=${fund.id}&search=wells&to=2025-06-05`,
    )) as LedgerData;
    expect(searched.entries.map((entry) => entry.amount)).toEqual([5, 3, 1]);

    const zakat = await fundBySlug("zakat-al-mal");
    await give("Zakat", 1_000);
    await recordDisbursement(
      { fund_id: zakat.id, amount: 3, disbursed_on: TODAY, category: "ibn-al-sabil", description: "Bus fare home" },
      "filterer",
    );
    const category = (await callRoute(ledgerScreen.loader, "/admin/funds/ledger?category=ibn-al-sabil")) as LedgerData;
    expect(category.entries.map((entry) => [entry.description, entry.category_label])).toEqual([
      ["Bus fare home", "the stranded traveller (ibn al-sabil)"],
    ]);

    const bad = (await callRoute(
      ledgerScreen.loader,
      `/admin/funds/ledger?fund=${fund.id}&category=rich&from=June`,
    )) as LedgerData;
    expect(bad.filterProblem).toBe("category must be one of the eight categories; from must be a date as YYYY-MM-DD");
    expect(bad.total).toBe(30);

    // The screen: the filter stays in the form and the CSV link, and the pages move on.
    const text = await screenText(ledgerScreen as never, `/admin/funds/ledger?fund=${fund.id}&search=wells`);
    expect(text).toContain("Showing 1–15 of 15");
    expect(text).toMatch(new RegExp(`Export CSV`));
  });
});

describe("an address naming no ledger entry", () => {
  it("says there is no such entry instead of silently showing the ledger", async () => {
    const text = await screenText(ledgerScreen as never, "/admin/funds/ledger?reverse=999999");
    expect(text).toContain("There is no ledger entry #999999.");
    expect(text).not.toContain("Reverse entry #999999?");
  });
});

describe("ledger.csv", () => {
  it("streams the filtered ledger, formula-safe, with reversals negative and never a proof's file name", async () => {
    const fund = await addFund({ name: "Audit Fund", description: "" });
    await give("Audit Fund", 50_000, "2025-02-01");
    const formula = await recordDisbursement(
      {
        fund_id: fund.id,
        amount: 12.5,
        disbursed_on: "2025-03-01",
        programme: "=cmd|' /C calc'!A0",
        region: "+Gaza",
        description: '=HYPERLINK("http://evil.example")',
      },
      "auditor",
    );
    const { context } = await signedInStaff();
    const withProof = (await callWithRequest(
      ledgerScreen.action,
      multipartRequest("/admin/funds/ledger", {
        ...disbursementFields(fund.id, { amount: "7", description: "With a receipt" }),
        proof: { data: await phonePhoto(400, 300), name: "receipt.jpg", type: "image/jpeg" },
      }),
      { context },
    )) as Response;
    expect(withProof.status).toBe(302);
    const reversal = await recordReversal({ reverses_id: formula.id, description: "Wrong fund" }, "auditor");

    const response = (await callRoute(ledgerExport.loader, `/admin/funds/ledger.csv?fund=${fund.id}`)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ledger.csv"');
    expect(response.body).toBeInstanceOf(ReadableStream);
    const csv = (await response.text()).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "Entry,Kind,Date,Hijri date,Fund,Category,Programme,Region,Description,Amount,Reverses,Reversed by,Recorded by,Recorded at,Requested by,Approved by,Approved at",
    );
    expect(lines).toHaveLength(4);
    const reversed = lines.find((line) => line.startsWith(`${reversal.id},reversal,`))!;
    expect(reversed).toMatch(
      new RegExp(
        `^${reversal.id},reversal,${TODAY},${formatHijri(TODAY)},Audit Fund,,'=cmd\\|' /C calc'!A0,'\\+Gaza,Wrong fund,-12\\.5,${formula.id},,auditor,`,
      ),
    );
    const original = lines.find((line) => line.startsWith(`${formula.id},disbursement,`))!;
    expect(original).toContain(`"'=HYPERLINK(""http://evil.example"")",12.5,,${reversal.id},auditor,`);
    const stored = await getDb()
      .selectFrom("disbursements")
      .select("proof_filename")
      .where("proof_filename", "!=", "")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(csv).not.toContain(stored.proof_filename.slice(0, 32));

    // A filter the screen would say it left out is refused by the export.
    expect(((await callRoute(ledgerExport.loader, "/admin/funds/ledger.csv?from=yesterday")) as Response).status).toBe(
      422,
    );
  });
});

describe("proof documents", () => {
  const proofsFolder = () => path.join(process.env.UPLOADS_DIR!, "private", "proofs");
  const storedProofs = async () => (await readdir(proofsFolder()).catch(() => [] as string[])).sort();

  async function disburseWithProof(
    context: ReturnType<typeof makeContext>,
    fundId: number,
    proof: { data: Uint8Array; name: string; type: string },
    amount = "5",
  ) {
    return callWithRequest(
      ledgerScreen.action,
      multipartRequest("/admin/funds/ledger?record=1", {
        ...disbursementFields(fundId, { amount, description: "With proof" }),
        proof,
      }),
      { context },
    );
  }

  it("keeps a photo without its GPS position, served to staff only and never at /api/uploads", async () => {
    const { context } = await signedInStaff();
    const fund = await addFund({ name: "Proof Photo Fund", description: "" });
    await give("Proof Photo Fund", 10_000);
    const original = await phonePhoto(1200, 800);
    expect((await identifyingMetadata(original)).exif).toBe(true);
    const answer = (await disburseWithProof(context, fund.id, {
      data: original,
      name: "IMG_2041.JPG",
      type: "image/jpeg",
    })) as Response;
    expect(answer.status).toBe(302);
    const row = await getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.proof_filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(await storedProofs()).toContain(row.proof_filename);

    const proof = (await callRoute(proofRoute.loader, `/admin/funds/proofs/${row.id}`, {
      params: { entryId: String(row.id) },
    })) as Response;
    expect(proof.status).toBe(200);
    expect(proof.headers.get("Content-Type")).toBe("image/webp");
    expect(proof.headers.get("Content-Disposition")).toBe(`inline; filename="proof-${row.id}.webp"`);
    expect(proof.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await proof.arrayBuffer());
    expect(await identifyingMetadata(bytes)).toEqual({ exif: false, xmp: false, iptc: false, camera: false });

    for (const splat of [
      `private/proofs/${row.proof_filename}`,
      `proofs/${row.proof_filename}`,
      `media/images/../../private/proofs/${row.proof_filename}`,
    ]) {
      const publicAnswer = (await callRoute(uploadsApi.loader, `/api/uploads/${splat}`, {
        params: { "*": splat },
      })) as Response;
      expect(publicAnswer.status, splat).toBe(404);
    }
    const ledger = await screenText(ledgerScreen as never, `/admin/funds/ledger?fund=${fund.id}`);
    expect(ledger).toContain("Proof");
    const noProof = await recordDisbursement(
      { fund_id: fund.id, amount: 1, disbursed_on: TODAY, description: "No receipt" },
      "staff",
    );
    expect(
      (
        (await callRoute(proofRoute.loader, `/admin/funds/proofs/${noProof.id}`, {
          params: { entryId: String(noProof.id) },
        })) as Response
      ).status,
    ).toBe(404);
    expect(
      ((await callRoute(proofRoute.loader, "/admin/funds/proofs/abc", { params: { entryId: "abc" } })) as Response)
        .status,
    ).toBe(404);
  });

  it("keeps a PDF without its title, author or XMP, offered as a download", async () => {
    const { context } = await signedInStaff();
    const fund = await addFund({ name: "Proof PDF Fund", description: "" });
    await give("Proof PDF Fund", 10_000);
    const document = await PDFDocument.create();
    document.setTitle("Receipt for the Haddad family");
    document.setAuthor("Field Officer Yusuf");
    document.addPage().drawText("Receipt 42: $5.00");
    const xmp = document.context.stream(
      "<x:xmpmeta><rdf:Description>Haddad family, 33.51N 36.29E</rdf:Description></x:xmpmeta>",
      { Type: "Metadata", Subtype: "XML" },
    );
    document.catalog.set(PDFName.of("Metadata"), document.context.register(xmp));
    const saved = await document.save({ useObjectStreams: false });
    // An earlier revision's title, left behind in the file by an incremental save.
    const pdf = Buffer.concat([
      Buffer.from(saved),
      Buffer.from("\n90 0 obj\n<< /Title (Old title: Haddad family) >>\nendobj\n"),
    ]);
    expect(pdf.includes(Buffer.from("Haddad"))).toBe(true);

    const answer = (await disburseWithProof(context, fund.id, {
      data: pdf,
      name: "receipt.pdf",
      type: "application/pdf",
    })) as Response;
    expect(answer.status).toBe(302);
    const row = await getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.proof_filename).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const proof = (await callRoute(proofRoute.loader, `/admin/funds/proofs/${row.id}`, {
      params: { entryId: String(row.id) },
    })) as Response;
    expect(proof.headers.get("Content-Type")).toBe("application/pdf");
    expect(proof.headers.get("Content-Disposition")).toBe(`attachment; filename="proof-${row.id}.pdf"`);
    const bytes = Buffer.from(await proof.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    for (const secret of ["Haddad", "Yusuf", "xmpmeta", "/Title", "/Author", "/Metadata"])
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    const reread = await PDFDocument.load(bytes);
    expect(reread.getTitle()).toBeUndefined();
    expect(reread.getPageCount()).toBe(1);
  });

  it("refuses a file that is neither a photo nor a PDF beside the form, and leaves no file when a disbursement is refused", async () => {
    const { context } = await signedInStaff();
    const fund = await addFund({ name: "Proof Refusal Fund", description: "" });
    await give("Proof Refusal Fund", 1_000);
    const before = await storedProofs();
    const rows = await ledgerCount();

    const script = unwrapData(
      await disburseWithProof(context, fund.id, {
        data: new TextEncoder().encode("#!/bin/sh\necho hi\n"),
        name: "receipt.pdf",
        type: "application/pdf",
      }),
    );
    expect(script.status).toBe(400);
    expect((script.data as Reply).result.error).toMatchObject({
      proof: ["Please upload a photo (JPG, PNG, WebP or GIF) or a PDF"],
    });
    expect((script.data as Reply).result.initialValue).toMatchObject({ amount: "5", description: "With proof" });

    const broken = unwrapData(
      await disburseWithProof(context, fund.id, {
        data: new TextEncoder().encode("%PDF-1.7\nnot really a pdf"),
        name: "receipt.pdf",
        type: "application/pdf",
      }),
    );
    expect(broken.status).toBe(400);
    expect((broken.data as Reply).result.error?.proof?.[0]).toBe(
      "This PDF could not be read: it has no pages. Please try another file.",
    );

    const overdraft = unwrapData(
      await disburseWithProof(
        context,
        fund.id,
        { data: await phonePhoto(300, 200), name: "receipt.jpg", type: "image/jpeg" },
        "10.01",
      ),
    );
    expect(overdraft.status).toBe(409);
    expect((overdraft.data as Reply).result.error?.[""]?.[0]).toMatch(/^The Proof Refusal Fund balance is not enough/);

    expect(await ledgerCount()).toBe(rows);
    expect(await storedProofs()).toEqual(before);
    expect(await readdir(path.join(process.env.UPLOADS_DIR!, ".incoming"))).toEqual([]);
  });
});
