import type { Route } from "./+types/admin-application-document";
import { isDataRequest } from "~/lib/data-requests.server";
import { adminContext } from "~/lib/request-context";
import { parseRecordId } from "~/shared/record-id";
import { ForbiddenError, NotFoundError } from "~/lib/service-errors";
import { notFound } from "~/lib/upload-files.server";
import { serveApplicationDocument } from "../server/documents.server";

/**
 * /admin/applications/{ref}/documents/{id}: a family's document, for staff who see cases
 * (the admin layout's guard runs first; the service checks the roles again and audits the
 * download). Only this address serves the file; its ".data" twin is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (isDataRequest(request)) return notFound();
  const id = parseRecordId(params.id);
  if (id === null) return notFound();
  try {
    return await serveApplicationDocument(request, params.ref, id, {
      kind: "staff",
      admin: context.get(adminContext)!,
    });
  } catch (error) {
    if (error instanceof NotFoundError) return notFound();
    if (error instanceof ForbiddenError) return Response.json({ detail: error.message }, { status: 403 });
    throw error;
  }
}
