import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { emailKey } from "~/applications/records/index.server";
import * as myApplication from "~/applications/my-application/routes/my-application";
import * as myDocument from "~/applications/my-application/routes/my-application-document";
import { startApplicantSession } from "~/applications/my-application/server/applicant-session.server";
import * as staffDocument from "~/applications/documents/routes/admin-application-document";
import { documentsOf, openDocumentRequests, storeApplicationDocument } from "~/applications/documents/index.server";
import type { ReceivedFile } from "~/lib/uploads.server";
import type { Admin, Role } from "~/staff/accounts";
import { newApplication, requestDocument } from "../../../../tests/support/applicant-cases";
import { identifyingMetadata, phonePhoto } from "../../../../tests/support/photos";
import {
  callRoute,
  callWithRequest,
  makeContext,
  multipartRequest,
  unwrapData,
} from "../../../../tests/support/routes";

/**
 * A family's documents: uploaded from their page against a request, cleaned and sealed on
 * disk, served to them and to staff who see cases (audited), and the last one asked for
 * moving the case back under assessment.
 */
async function sessionCookieFor(email: string): Promise<string> {
  const setCookie = await startApplicantSession(emailKey(email), new Request("http://localhost:3000/my-application"));
  return setCookie.split(";")[0]!;
}

function upload(
  cookie: string,
  fields: { ref: string; request_id: number },
  file: { data: Uint8Array; name: string; type: string },
) {
  const request = multipartRequest("/my-application", {
    intent: "upload",
    ref: fields.ref,
    request_id: String(fields.request_id),
    document: file,
  });
  request.headers.set("Cookie", cookie);
  return callWithRequest(myApplication.action, request);
}

async function pdfWithTitle(title: string): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  document.setAuthor("Amina Yusuf");
  document.addPage().drawText("Statement: balance $12.00");
  const saved = await document.save({ useObjectStreams: false });
  // An earlier revision's title, left behind in the file by an incremental save, in plain text.
  return Buffer.concat([Buffer.from(saved), Buffer.from(`\n90 0 obj\n<< /Title (${title}) >>\nendobj\n`)]);
}

const privateFolder = () => path.resolve(getEnv().UPLOADS_DIR, "private", "applications");
const storedFiles = async () => (await readdir(privateFolder()).catch(() => [] as string[])).sort();
const staff = (roles: Role[], id = 900): Admin => ({ id, username: `s${id}`, name: "Staff", email: "", roles });

describe("uploading a document from the family's page", () => {
  it("refuses anything but a PDF, JPEG or PNG, and a file over 10 MB, beside the file field", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    const cookie = await sessionCookieFor(family.email);
    const before = await storedFiles();

    const script = unwrapData(
      await upload(
        cookie,
        { ref: family.ref, request_id: requestId },
        { data: new TextEncoder().encode("#!/bin/sh\necho hi\n"), name: "statement.pdf", type: "application/pdf" },
      ),
    );
    expect(script.status).toBe(400);
    expect(script.data).toEqual({
      kind: "upload",
      requestId,
      error: "Please upload a PDF, or a photo as JPEG or PNG",
    });

    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#888" } })
      .webp()
      .toBuffer();
    const notJpeg = unwrapData(
      await upload(
        cookie,
        { ref: family.ref, request_id: requestId },
        { data: webp, name: "a.jpg", type: "image/jpeg" },
      ),
    );
    expect(notJpeg.status).toBe(400);
    expect((notJpeg.data as { error: string }).error).toBe("Please upload a PDF, or a photo as JPEG or PNG");

    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooLarge = unwrapData(
      await upload(
        cookie,
        { ref: family.ref, request_id: requestId },
        { data: huge, name: "big.pdf", type: "application/pdf" },
      ),
    );
    expect(tooLarge.status).toBe(400);
    expect((tooLarge.data as { error: string }).error).toBe("The file is larger than 10 MB");

    expect(await storedFiles()).toEqual(before);
    expect(await documentsOf(family.id)).toEqual([]);
    expect(await openDocumentRequests(family.id)).toHaveLength(1);
  });

  it("keeps a photo as a JPEG without its EXIF, sealed on disk, and the family downloads it", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    const cookie = await sessionCookieFor(family.email);
    const photo = await phonePhoto(1200, 800);
    expect((await identifyingMetadata(photo)).camera).toBe(true);

    const answer = (await upload(
      cookie,
      { ref: family.ref, request_id: requestId },
      { data: photo, name: "Amina bank statement.jpg", type: "image/jpeg" },
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/my-application?uploaded=${requestId}`);

    const [document] = await documentsOf(family.id);
    expect(document).toMatchObject({
      request_id: requestId,
      name: "Amina bank statement.jpg",
      content_type: "image/jpeg",
    });
    const row = await getDb().selectFrom("application_documents").selectAll().executeTakeFirstOrThrow();
    // Neither the name nor the bytes are kept in plain.
    expect(JSON.stringify(row)).not.toContain("Amina");
    const onDisk = await readFile(path.join(privateFolder(), row.stored_name));
    expect(onDisk.subarray(0, 4).toString("latin1")).toBe("ZAD1");
    for (const secret of ["PhoneMaker", "Family Camera", "JFIF", "Exif"])
      expect(onDisk.includes(Buffer.from(secret)), secret).toBe(false);
    expect(onDisk.includes(photo.subarray(0, 64))).toBe(false);

    const download = (await callRoute(myDocument.loader, `/my-application/${family.ref}/documents/${document!.id}`, {
      headers: { Cookie: cookie },
      params: { ref: family.ref, id: String(document!.id) },
    })) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("image/jpeg");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
    expect(await identifyingMetadata(bytes)).toEqual({ exif: false, xmp: false, iptc: false, camera: false });
  });

  it("keeps a PDF without its title or author, and a PNG as a PNG", async () => {
    const family = await newApplication();
    const first = await requestDocument(family, "A tenancy agreement");
    const second = await requestDocument(family, "A letter from the landlord");
    const cookie = await sessionCookieFor(family.email);
    const pdf = await pdfWithTitle("Statement for Amina Yusuf");
    expect(Buffer.from(pdf).includes(Buffer.from("Amina"))).toBe(true);
    await upload(
      cookie,
      { ref: family.ref, request_id: first },
      { data: pdf, name: "tenancy.pdf", type: "application/pdf" },
    );
    const png = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#345" } })
      .png()
      .withExif({ IFD0: { Make: "PhoneMaker" } })
      .toBuffer();
    await upload(cookie, { ref: family.ref, request_id: second }, { data: png, name: "letter.png", type: "image/png" });

    const [tenancy, letter] = await documentsOf(family.id);
    expect(tenancy).toMatchObject({ content_type: "application/pdf", name: "tenancy.pdf" });
    expect(letter).toMatchObject({ content_type: "image/png", name: "letter.png" });
    const stored = await getDb().selectFrom("application_documents").select("stored_name").orderBy("id").execute();
    const sealedPdf = await readFile(path.join(privateFolder(), stored[0]!.stored_name));
    expect(sealedPdf.includes(Buffer.from("%PDF"))).toBe(false);

    const pdfAnswer = (await callRoute(myDocument.loader, "/my-application/x", {
      headers: { Cookie: cookie },
      params: { ref: family.ref, id: String(tenancy!.id) },
    })) as Response;
    expect(pdfAnswer.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${family.ref}-document-${tenancy!.id}.pdf"`,
    );
    const pdfBytes = Buffer.from(await pdfAnswer.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    for (const secret of ["Amina", "/Title", "/Author"])
      expect(pdfBytes.includes(Buffer.from(secret)), secret).toBe(false);

    const pngAnswer = (await callRoute(myDocument.loader, "/my-application/x", {
      headers: { Cookie: cookie },
      params: { ref: family.ref, id: String(letter!.id) },
    })) as Response;
    const pngBytes = Buffer.from(await pngAnswer.arrayBuffer());
    expect((await sharp(pngBytes).metadata()).format).toBe("png");
    expect((await identifyingMetadata(pngBytes)).camera).toBe(false);
  });
});

describe("who may download a document", () => {
  async function familyWithDocument() {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    const cookie = await sessionCookieFor(family.email);
    await upload(
      cookie,
      { ref: family.ref, request_id: requestId },
      { data: await pdfWithTitle("x"), name: "Yusuf statement.pdf", type: "application/pdf" },
    );
    const [document] = await documentsOf(family.id);
    return { family, cookie, document: document! };
  }

  it("is the family's own session; another family's, or none, is told it is not here", async () => {
    const { family, document } = await familyWithDocument();
    const other = await newApplication();
    const otherCookie = await sessionCookieFor(other.email);
    const params = { ref: family.ref, id: String(document.id) };
    for (const headers of [{ Cookie: otherCookie }, {}] as Record<string, string>[]) {
      const answer = (await callRoute(myDocument.loader, "/my-application/x", { headers, params })) as Response;
      expect(answer.status).toBe(404);
    }
    // Naming the other family's own reference does not reach this document either.
    const crossed = (await callRoute(myDocument.loader, "/my-application/x", {
      headers: { Cookie: otherCookie },
      params: { ref: other.ref, id: String(document.id) },
    })) as Response;
    expect(crossed.status).toBe(404);
  });

  it("is staff with caseworker, finance or owner: anyone else gets 403, and each download is audited by case", async () => {
    const { family, document } = await familyWithDocument();
    const address = `/admin/applications/${family.ref}/documents/${document.id}`;
    const params = { ref: family.ref, id: String(document.id) };
    const editor = (await callRoute(staffDocument.loader, address, {
      params,
      context: makeContext(undefined, staff(["editor", "community"])),
    })) as Response;
    expect(editor.status).toBe(403);
    expect(((await editor.json()) as { detail: string }).detail).toMatch(/^This needs/);

    for (const roles of [["caseworker"], ["finance"], ["owner"]] as Role[][]) {
      const answer = (await callRoute(staffDocument.loader, address, {
        params,
        context: makeContext(undefined, staff(roles)),
      })) as Response;
      expect(answer.status, roles[0]).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    }
    const missing = (await callRoute(staffDocument.loader, address, {
      params: { ref: family.ref, id: "999999" },
      context: makeContext(undefined, staff(["caseworker"])),
    })) as Response;
    expect(missing.status).toBe(404);

    const downloads = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("action", "=", "download")
      .where("entity_id", "=", family.ref)
      .orderBy("id")
      .execute();
    expect(downloads).toHaveLength(3);
    for (const entry of downloads) {
      expect(entry).toMatchObject({ entity: "application", entity_id: family.ref });
      expect(JSON.stringify(entry)).not.toContain("Yusuf");
    }
  });
});

describe("fulfilling requests", () => {
  it("moves the case back under assessment when the last open request is fulfilled, not before", async () => {
    const family = await newApplication();
    const first = await requestDocument(family, "A bank statement");
    const second = await requestDocument(family, "A tenancy agreement");
    const state = async () =>
      (await getDb().selectFrom("applications").select("state").where("id", "=", family.id).executeTakeFirstOrThrow())
        .state;
    const file = async (): Promise<ReceivedFile> => {
      const target = path.join(await mkdtemp(path.join(tmpdir(), "doc-")), "x.png");
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
      await writeFile(target, png);
      return { path: target, bytes: png.length, clientName: "x.png" };
    };
    const uploader = { kind: "applicant" as const, emailKey: emailKey(family.email) };

    expect(
      await storeApplicationDocument({ applicationId: family.id, requestId: first, file: await file(), uploader }),
    ).toMatchObject({ state: "documents_requested" });
    expect(await state()).toBe("documents_requested");
    // A second file for a fulfilled request changes nothing.
    await storeApplicationDocument({ applicationId: family.id, requestId: first, file: await file(), uploader });
    expect(await openDocumentRequests(family.id)).toHaveLength(1);

    expect(
      await storeApplicationDocument({ applicationId: family.id, requestId: second, file: await file(), uploader }),
    ).toMatchObject({ state: "under_assessment" });
    expect(await state()).toBe("under_assessment");
    expect(await openDocumentRequests(family.id)).toEqual([]);
    const moved = await getDb()
      .selectFrom("audit_entries")
      .selectAll()
      .where("entity_id", "=", family.ref)
      .where("action", "=", "update")
      .execute();
    expect(moved).toHaveLength(1);
    expect(moved[0]!.actor_name).toBe("Applicant");

    // Another family's session cannot upload to this case; a request of another case is refused.
    const other = await newApplication();
    await expect(
      storeApplicationDocument({
        applicationId: family.id,
        requestId: first,
        file: await file(),
        uploader: { kind: "applicant", emailKey: emailKey(other.email) },
      }),
    ).rejects.toThrow("That application is not yours");
    const otherRequest = await requestDocument(other);
    await expect(
      storeApplicationDocument({ applicationId: family.id, requestId: otherRequest, file: await file(), uploader }),
    ).rejects.toThrow("not part of this application");
  });

  it("takes no documents once the case is past its assessment", async () => {
    const family = await newApplication();
    const requestId = await requestDocument(family);
    await getDb().updateTable("applications").set({ state: "withdrawn" }).where("id", "=", family.id).execute();
    const cookie = await sessionCookieFor(family.email);
    const answer = unwrapData(
      await upload(
        cookie,
        { ref: family.ref, request_id: requestId },
        { data: await pdfWithTitle("x"), name: "late.pdf", type: "application/pdf" },
      ),
    );
    expect(answer.status).toBe(409);
    expect((answer.data as { error: string }).error).toBe("This application no longer takes documents");
  });
});
