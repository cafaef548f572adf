/** The largest proof document a disbursement takes (the request limits read it too). */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
