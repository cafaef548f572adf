import type { Route } from "./+types/my-application-document";
import { isDataRequest } from "~/lib/data-requests.server";
import { NotFoundError } from "~/lib/service-errors";
import { notFound } from "~/lib/upload-files.server";
import { parseRecordId } from "~/shared/record-id";
import { serveApplicationDocument } from "~/applications/documents/index.server";
import { applicantEmailKey } from "../server/applicant-session.server";

/**
 * /my-application/{ref}/documents/{id}: a document the family uploaded, for their own
 * session only. Anyone else (signed out, or another family) is told it is not here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (isDataRequest(request)) return notFound();
  const emailKey = await applicantEmailKey(request);
  const id = parseRecordId(params.id);
  if (!emailKey || id === null) return notFound();
  try {
    return await serveApplicationDocument(request, params.ref, id, { kind: "applicant", emailKey });
  } catch (error) {
    if (error instanceof NotFoundError) return notFound();
    throw error;
  }
}
