import type { SubmissionResult } from "@conform-to/react";
import { SCRIPTED_POST } from "~/shared/public-forms";
import { useHydrated } from "./use-hydrated";

/**
 * In the browser, a public form's post can fail before the server answers (the
 * connection dropped). The route's clientAction turns that into the same answer the
 * server gives for its own failures, so the visitor sees `failure` and keeps what they
 * typed instead of an error page.
 */
export async function sendOrReportFailure<Outcome>(
  serverAction: () => Promise<Outcome>,
  failure: string,
): Promise<Outcome | { result: SubmissionResult<string[]>; sent: false }> {
  try {
    return await serverAction();
  } catch {
    return { result: { status: "error", error: { "": [failure] } }, sent: false };
  }
}

/** Tells the action the post comes from a page whose script runs (see SCRIPTED_POST). */
export function ScriptedPostMarker() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED_POST} value="1" /> : null;
}
