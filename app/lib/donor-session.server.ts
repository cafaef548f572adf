import { createCookieSessionStorage } from "react-router";
import { isServedOverHttps } from "./session.server";
import { getSessionSecret } from "./session-secret.server";

/**
 * A donor's view of their own giving, opened by a sign-in link: a signed cookie holding
 * their email, for two hours (path "/": the pages' data requests, /my-giving.data, must carry it too).
 */
export const DONOR_SESSION_SECONDS = 2 * 60 * 60;

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  return createCookieSessionStorage<{ email: string; expiresAt: number }>({
    cookie: {
      name: "my_giving",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: DONOR_SESSION_SECONDS,
      secrets: [getSessionSecret()],
    },
  });
}

function donorStorage() {
  storage ??= createStorage();
  return storage;
}

/** The signed-in donor's email, or null. The expiry is checked here, not left to the browser. */
export async function donorEmail(request: Request): Promise<string | null> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  const expiresAt = session.get("expiresAt");
  if (!expiresAt || expiresAt <= Date.now()) return null;
  return session.get("email") ?? null;
}

/** Pages that show a donor's giving are never kept by the browser or a proxy (Back after Sign out shows nothing). */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

export async function startDonorSession(email: string, request: Request): Promise<string> {
  const session = await donorStorage().getSession();
  session.set("email", email);
  session.set("expiresAt", Date.now() + DONOR_SESSION_SECONDS * 1000);
  return donorStorage().commitSession(session, { secure: isServedOverHttps(request) });
}

export async function endDonorSession(request: Request): Promise<string> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  return donorStorage().destroySession(session, { secure: isServedOverHttps(request) });
}
