/**
 * The grants slice's server face (decision, payment, closing): a placeholder the case page
 * and the API wire to while the slice is being built; each answers "not yet".
 */
import { ConflictError } from "~/lib/service-errors";

function notYet(): never {
  throw new ConflictError("Decisions and payments are not built yet");
}

export async function approveApplication(_ref: string, _input: unknown, _actor: unknown): Promise<never> {
  notYet();
}
export async function declineApplication(_ref: string, _input: unknown, _actor: unknown): Promise<never> {
  notYet();
}
export async function payApplication(_ref: string, _input: unknown, _actor: unknown): Promise<never> {
  notYet();
}
export async function closeApplication(_ref: string, _input: unknown, _actor: unknown): Promise<never> {
  notYet();
}
/** What the case page's grant panel shows (decision, payments due and paid); null before a recommendation. */
export async function grantOf(_applicationId: number): Promise<null> {
  return null;
}
