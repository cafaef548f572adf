import { getDb, nowIso, type DB } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { isRealDate, todayIn } from "~/shared/dates";
import { queueMail } from "~/mail/queue/index.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/lib/service-errors";
import { oneAtATimeFor } from "~/lib/sql-dialect.server";
import { discard, type ReceivedFile } from "~/lib/uploads.server";
import { holdsAnyOf, type Admin, type Role } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import { applicantOf, openCaseValue, sealCaseValue, sealedContext } from "~/applications/records/index.server";
import type { ApplicationState } from "~/applications/records";
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_EXTENSIONS,
  documentDateMovedMail,
  type DocumentRequestText,
} from "../rules/document-rules";
import {
  cleanDocument,
  deleteSealedDocument,
  newStoredName,
  readSealedDocument,
  writeSealedDocument,
} from "./document-files.server";

/**
 * A case's documents: what staff asked for (application_document_requests, written by the
 * cases slice) and what the family uploaded against it (application_documents). Only the
 * family (their own session) and staff holding caseworker, finance or owner ever read one,
 * and every download is written to the audit trail, by case, never by file name.
 */

/** Who asks for a document: the family (by their sign-in's email key) or a member of staff. */
export type DocumentViewer = { kind: "applicant"; emailKey: string } | { kind: "staff"; admin: Admin };

/** The roles that see a case and its documents (an owner always does). */
export const CASE_ROLES: readonly Role[] = ["caseworker", "finance"];

/** The states a case takes documents in: before its assessment is done. */
export const TAKES_DOCUMENTS: readonly ApplicationState[] = ["submitted", "documents_requested", "under_assessment"];

export interface DocumentRequest {
  id: number;
  what: string;
  why: string;
  due_on: string;
  requested_at: string;
  reminded_at: string | null;
  fulfilled_at: string | null;
}

export interface CaseDocument {
  id: number;
  request_id: number | null;
  /** The name it was uploaded with (opened from its seal). */
  name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: string;
}

const APPLICANT_ACTOR = { id: null, name: "Applicant" };

/** As the records store's CASE_FIELDS name them (documentFile, documentName): the rotation opens files by these. */
function fileContext(ref: string, storedName: string): string {
  return sealedContext(ref, `document:${storedName}`);
}

function nameField(storedName: string): string {
  return `document-name:${storedName}`;
}

async function caseRef(db: DB, applicationId: number): Promise<string> {
  const row = await db.selectFrom("applications").select("ref").where("id", "=", applicationId).executeTakeFirst();
  if (!row) throw new NotFoundError("No such application");
  return row.ref;
}

/** Every request for documents of a case, oldest first, opened. */
export async function documentRequestsOf(applicationId: number, db: DB = getDb()): Promise<DocumentRequest[]> {
  const ref = await caseRef(db, applicationId);
  const rows = await db
    .selectFrom("application_document_requests")
    .select(["id", "request_sealed", "due_on", "requested_at", "reminded_at", "fulfilled_at"])
    .where("application_id", "=", applicationId)
    .orderBy("id")
    .execute();
  return rows.map(({ request_sealed, ...row }) => ({
    ...row,
    requested_at: String(row.requested_at),
    ...openCaseValue<DocumentRequestText>(ref, "document-request", request_sealed),
  }));
}

/** The requests of a case still waiting for a document. */
export async function openDocumentRequests(applicationId: number, db: DB = getDb()): Promise<DocumentRequest[]> {
  return (await documentRequestsOf(applicationId, db)).filter((request) => request.fulfilled_at === null);
}

/** The documents uploaded to a case, oldest first, with the names they were uploaded with. */
export async function documentsOf(applicationId: number, db: DB = getDb()): Promise<CaseDocument[]> {
  const ref = await caseRef(db, applicationId);
  const rows = await db
    .selectFrom("application_documents")
    .select(["id", "request_id", "stored_name", "name_sealed", "content_type", "size_bytes", "uploaded_at"])
    .where("application_id", "=", applicationId)
    .orderBy("id")
    .execute();
  return rows.map(({ stored_name, name_sealed, ...row }) => ({
    ...row,
    uploaded_at: String(row.uploaded_at),
    name: openCaseValue<string>(ref, nameField(stored_name), name_sealed),
  }));
}

function mayReadCases(admin: Admin): boolean {
  return holdsAnyOf(admin.roles, CASE_ROLES);
}

export interface StoredDocument {
  id: number;
  /** The case's state after the upload ("under_assessment" when it was the last one asked for). */
  state: ApplicationState;
}

/**
 * Stores a document against one of a case's requests: cleaned, sealed and written, then
 * recorded, the request fulfilled, and, when it was the case's last open request while the
 * case waited for documents, the case moved back under assessment, all in one transaction
 * with its audit entries. The file is written first, so a refused file records nothing, and
 * removed again if the record cannot be written. The received temporary file is discarded.
 */
export async function storeApplicationDocument(input: {
  applicationId: number;
  requestId: number | null;
  file: ReceivedFile | null;
  uploader: DocumentViewer;
  field?: string;
}): Promise<StoredDocument> {
  const field = input.field ?? "document";
  try {
    const db = getDb();
    const application = await db
      .selectFrom("applications")
      .select(["id", "ref", "state", "email_key"])
      .where("id", "=", input.applicationId)
      .executeTakeFirst();
    const uploader = input.uploader;
    if (!application || (uploader.kind === "applicant" && application.email_key !== uploader.emailKey))
      throw new NotFoundError("That application is not yours, or is no longer here");
    if (uploader.kind === "staff" && !mayReadCases(uploader.admin))
      throw new ForbiddenError("This needs the Caseworker or Finance role");
    if (input.requestId !== null) {
      const request = await db
        .selectFrom("application_document_requests")
        .select("id")
        .where("id", "=", input.requestId)
        .where("application_id", "=", application.id)
        .executeTakeFirst();
      if (!request) throw new NotFoundError("That request for documents is not part of this application");
    }
    if (!TAKES_DOCUMENTS.includes(application.state))
      throw new ConflictError("This application no longer takes documents");
    if (!input.file) throw new ValidationError({ [field]: ["Please choose a file to upload"] });

    const { bytes, format } = await cleanDocument(input.file, field);
    const storedName = newStoredName();
    await writeSealedDocument(storedName, bytes, fileContext(application.ref, storedName));
    try {
      return await recordDocument({
        application,
        requestId: input.requestId,
        storedName,
        contentType: DOCUMENT_CONTENT_TYPES[format],
        sizeBytes: bytes.length,
        clientName: input.file.clientName,
        uploader,
      });
    } catch (error) {
      await deleteSealedDocument(storedName);
      throw error;
    }
  } finally {
    await discard(input.file);
  }
}

async function recordDocument(input: {
  application: { id: number; ref: string };
  requestId: number | null;
  storedName: string;
  contentType: string;
  sizeBytes: number;
  clientName: string;
  uploader: DocumentViewer;
}): Promise<StoredDocument> {
  const { application } = input;
  const actor = input.uploader.kind === "applicant" ? APPLICANT_ACTOR : undefined;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await oneAtATimeFor(trx, `application:${application.id}`);
      const now = nowIso();
      const document = await trx
        .insertInto("application_documents")
        .values({
          application_id: application.id,
          request_id: input.requestId,
          stored_name: input.storedName,
          content_type: input.contentType,
          size_bytes: input.sizeBytes,
          name_sealed: sealCaseValue(application.ref, nameField(input.storedName), input.clientName.slice(0, 200)),
          uploaded_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (input.requestId !== null)
        await trx
          .updateTable("application_document_requests")
          .set({ fulfilled_at: now })
          .where("id", "=", input.requestId)
          .where("fulfilled_at", "is", null)
          .execute();
      await recordAudit(
        {
          action: "upload",
          entity: "application",
          entityId: application.ref,
          summary:
            input.requestId === null
              ? "A document was uploaded"
              : `A document was uploaded for request ${input.requestId}`,
          after: { fields: ["document"] },
          actor,
        },
        trx,
      );
      const stillOpen = await trx
        .selectFrom("application_document_requests")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("application_id", "=", application.id)
        .where("fulfilled_at", "is", null)
        .executeTakeFirstOrThrow();
      let state = (
        await trx.selectFrom("applications").select("state").where("id", "=", application.id).executeTakeFirstOrThrow()
      ).state;
      if (Number(stillOpen.count) === 0 && state === "documents_requested") {
        await trx
          .updateTable("applications")
          .set({ state: "under_assessment", updated_at: now })
          .where("id", "=", application.id)
          .where("state", "=", "documents_requested")
          .execute();
        state = "under_assessment";
        await recordAudit(
          {
            action: "update",
            entity: "application",
            entityId: application.ref,
            summary: "Under assessment again: the last document asked for arrived",
            before: { fields: ["state"] },
            after: { fields: ["state"] },
            actor,
          },
          trx,
        );
      }
      return { id: document.id, state };
    });
}

/**
 * One stored document as a download for its family or for staff who see cases: never kept by
 * a cache; a PDF saved (a PDF viewer would run its scripts), a photo shown. NotFoundError
 * for a document that is not there or not the family's (the same answer either way);
 * ForbiddenError for staff without the roles. Every download is audited, by case.
 */
export async function serveApplicationDocument(
  _request: Request,
  ref: string,
  documentId: number,
  viewer: DocumentViewer,
): Promise<Response> {
  if (viewer.kind === "staff" && !mayReadCases(viewer.admin))
    throw new ForbiddenError("This needs the Caseworker or Finance role");
  const row = await getDb()
    .selectFrom("application_documents")
    .innerJoin("applications", "applications.id", "application_documents.application_id")
    .select(["application_documents.stored_name", "application_documents.content_type", "applications.email_key"])
    .where("applications.ref", "=", ref)
    .where("application_documents.id", "=", documentId)
    .executeTakeFirst();
  if (!row || (viewer.kind === "applicant" && row.email_key !== viewer.emailKey))
    throw new NotFoundError("No such document");
  const bytes = await readSealedDocument(row.stored_name, fileContext(ref, row.stored_name));
  if (!bytes) throw new NotFoundError("This document's file is missing");
  await recordAudit({
    action: "download",
    entity: "application",
    entityId: ref,
    summary: `Document ${documentId} downloaded`,
    actor: viewer.kind === "applicant" ? APPLICANT_ACTOR : undefined,
  });
  const extension = DOCUMENT_EXTENSIONS[row.content_type] ?? "bin";
  const disposition = row.content_type === "application/pdf" ? "attachment" : "inline";
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": row.content_type,
      "Content-Length": String(bytes.length),
      "Content-Disposition": `${disposition}; filename="${ref}-document-${documentId}.${extension}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * Moves the due date of one of a case's requests still waiting for a document (staff with the
 * Caseworker or Finance role, while the case takes documents): the date may not be in the past,
 * the request is reminded again before its new date (`reminded_at` cleared, so it cannot lapse
 * the case on its old reminder), the family is told the new date, and the audit trail names the
 * fields changed, not their values.
 */
export async function extendDocumentRequest(
  ref: string,
  requestId: number,
  due: string,
  admin: Admin,
): Promise<{ due_on: string }> {
  if (!mayReadCases(admin)) throw new ForbiddenError("This needs the Caseworker or Finance role");
  const dueOn = typeof due === "string" ? due.trim() : "";
  if (!isRealDate(dueOn)) throw new ValidationError({ due: ["The due date must be a date as YYYY-MM-DD"] });
  if (dueOn < todayIn(getEnv().SITE_TIMEZONE))
    throw new ValidationError({ due: ["The due date cannot be in the past"] });
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const application = await trx
        .selectFrom("applications")
        .select(["id", "ref", "state", "applicant_sealed"])
        .where("ref", "=", ref)
        .executeTakeFirst();
      if (!application) throw new NotFoundError("No such application");
      await oneAtATimeFor(trx, `application:${application.id}`);
      const request = await trx
        .selectFrom("application_document_requests")
        .select(["id", "due_on", "fulfilled_at"])
        .where("id", "=", requestId)
        .where("application_id", "=", application.id)
        .executeTakeFirst();
      if (!request) throw new NotFoundError("That request for documents is not part of this application");
      if (request.fulfilled_at !== null) throw new ConflictError("That document has already arrived");
      if (!TAKES_DOCUMENTS.includes(application.state))
        throw new ConflictError("This application no longer takes documents");
      await trx
        .updateTable("application_document_requests")
        .set({ due_on: dueOn, reminded_at: null })
        .where("id", "=", request.id)
        .execute();
      await recordAudit(
        {
          action: "extend-document-request",
          entity: "application",
          entityId: application.ref,
          summary: `Application ${application.ref}: the due date of document request ${request.id} moved to ${dueOn}`,
          before: { fields: ["due_on", "reminded_at"] },
          after: { fields: ["due_on", "reminded_at"] },
          actor: { id: admin.id || null, name: admin.name || admin.username },
        },
        trx,
      );
      const applicant = applicantOf(application);
      if (applicant) {
        const { what } = openCaseValue<DocumentRequestText>(
          application.ref,
          "document-request",
          (
            await trx
              .selectFrom("application_document_requests")
              .select("request_sealed")
              .where("id", "=", request.id)
              .executeTakeFirstOrThrow()
          ).request_sealed,
        );
        await queueMail(trx, {
          ...documentDateMovedMail({
            ref: application.ref,
            dueOn,
            what,
            pageUrl: `${configuredSiteUrl()}/my-application`,
          }),
          kind: "application-document-date-moved",
          to: applicant.email,
          dedupeKey: `application-document-date-${request.id}-${dueOn}-${nowIso()}`,
          personal: true,
        });
      }
      return { due_on: dueOn };
    });
}
