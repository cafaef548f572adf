export { MAX_PROOF_BYTES } from "./rules/proof-limits";
