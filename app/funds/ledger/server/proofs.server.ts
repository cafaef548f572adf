import { deleteProof, serveProof, storeProof } from "./proof-files.server";
import { NotFoundError } from "~/lib/service-errors";
import type { ReceivedFile } from "~/lib/uploads.server";
import type { Admin } from "~/staff/accounts";
import { proofOf } from "./ledger.server";
import { submitDisbursement, type Submitted } from "./approvals.server";

/**
 * A disbursement with its proof document (a photo of a receipt, a PDF), which staff alone
 * ever see. The file is checked and stored first, so a file that is refused records
 * nothing; a disbursement that is refused (the balance, a missing category) leaves no
 * file behind. At or above the approval threshold the proof is kept with the request, and
 * goes onto the entry its approval writes.
 */
export async function submitDisbursementWithProof(
  input: unknown,
  requester: Admin,
  proof: ReceivedFile | null,
  field = "proof",
): Promise<Submitted> {
  if (!proof) return submitDisbursement(input, requester);
  const stored = await storeProof(proof, field);
  try {
    return await submitDisbursement(input, requester, stored);
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
