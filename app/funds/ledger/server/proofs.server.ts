import { deleteProof, serveProof, storeProof } from "./proof-files.server";
import { NotFoundError } from "~/lib/service-errors";
import type { ReceivedFile } from "~/lib/uploads.server";
import { proofOf, recordDisbursement, type LedgerEntry } from "./ledger.server";

/**
 * A disbursement with its proof document (a photo of a receipt, a PDF), which staff alone
 * ever see. The file is checked and stored first, so a file that is refused records
 * nothing; a disbursement that is refused (the balance, a missing category) leaves no
 * file behind.
 */
export async function recordDisbursementWithProof(
  input: unknown,
  recordedBy: string,
  proof: ReceivedFile | null,
  field = "proof",
): Promise<LedgerEntry> {
  if (!proof) return recordDisbursement(input, recordedBy);
  const stored = await storeProof(proof, field);
  try {
    return await recordDisbursement(input, recordedBy, stored);
  } catch (error) {
    await deleteProof(stored);
    throw error;
  }
}

/** The proof document of ledger entry `id`, as a staff download; NotFoundError when none is kept. */
export async function proofDownload(request: Request, id: number): Promise<Response> {
  const response = await serveProof(request, await proofOf(id), `proof-${id}`);
  if (!response) throw new NotFoundError("The proof document of this entry is missing");
  return response;
}
