/**
 * The browser's side of a passkey ceremony, shared by the pages that run one: asking the
 * server for the options, and saying in plain words why a ceremony did not finish.
 * @simplewebauthn/browser itself is imported by those pages only when a ceremony starts.
 */

/** Thrown when the server refuses to start a ceremony; its message is the server's `detail`. */
export class OptionsRefusedError extends Error {}

/** The options the server answers `url` with, as @simplewebauthn/browser takes them. */
export async function postForOptions<Options>(url: string): Promise<Options> {
  const response = await fetch(url, { method: "POST", headers: { Accept: "application/json" } });
  const body = (await response.json().catch(() => ({}))) as { options?: unknown; detail?: string };
  if (!response.ok || !body.options) {
    throw new OptionsRefusedError(body.detail ?? "The passkey could not be started. Please try again.");
  }
  return body.options as Options;
}

/** What to tell the person when `what` ("sign in", "create the passkey") did not finish. */
export function ceremonyFailure(failure: unknown, what: string): string {
  if (failure instanceof OptionsRefusedError) return failure.message;
  const name = failure instanceof Error ? failure.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return `The passkey was not used: the request was cancelled or timed out. Try again to ${what}.`;
  }
  if (name === "InvalidStateError") return "This passkey is already added to your account.";
  return `Your browser could not ${what} with a passkey here. Try again, or use another browser.`;
}
