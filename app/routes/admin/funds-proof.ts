import type { Route } from "./+types/funds-proof";
import { requireRecordId } from "~/lib/record-ids.server";
import { NotFoundError } from "~/lib/service-errors";
import { notFound } from "~/lib/upload-files.server";
import { proofDownload } from "~/services/funds";

/**
 * /admin/funds/proofs/{entry}: the proof document of a ledger entry, for signed-in staff
 * only (the admin layout's guard runs first). Proofs live outside the public uploads.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    return await proofDownload(request, requireRecordId(params.entryId));
  } catch (error) {
    if (error instanceof NotFoundError) return notFound();
    throw error;
  }
}
