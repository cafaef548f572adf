import type { Route } from "./+types/admin-funds-proof";
import { isDataRequest } from "~/lib/data-requests.server";
import { requireRecordId } from "~/lib/record-ids.server";
import { NotFoundError } from "~/lib/service-errors";
import { notFound } from "~/lib/upload-files.server";
import { proofDownload } from "../server/proofs.server";

/**
 * /admin/funds/proofs/{entry}: the proof document of a ledger entry, for signed-in staff
 * only (the admin layout's guard runs first). Proofs live outside the public uploads. Only
 * this address serves the file, with its download headers; its ".data" twin is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (isDataRequest(request)) return notFound();
  try {
    return await proofDownload(request, requireRecordId(params.entryId));
  } catch (error) {
    if (error instanceof NotFoundError) return notFound();
    throw error;
  }
}
