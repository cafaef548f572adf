import { createCookie } from "react-router";
import { getSessionSecret } from "~/lib/session-secret.server";
import { isServedOverHttps } from "~/lib/session.server";

/**
 * The browser's hold on its draft: the draft's token, signed, out of reach of scripts, sent
 * only below /get-help (the form's pages and their data requests), and gone when the browser
 * closes (a help desk's shared computer keeps no family's draft; the mailed link brings it back).
 */
function draftCookie() {
  return createCookie("application_draft", {
    httpOnly: true,
    sameSite: "lax",
    path: "/get-help",
    secrets: [getSessionSecret()],
  });
}

export async function draftTokenOf(request: Request): Promise<string | null> {
  const token: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" ? token : null;
}

export function carryDraft(token: string, request: Request): Promise<string> {
  return draftCookie().serialize(token, { secure: isServedOverHttps(request) });
}

export function dropDraft(request: Request): Promise<string> {
  return draftCookie().serialize("", { maxAge: 0, secure: isServedOverHttps(request) });
}
