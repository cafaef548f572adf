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
  return createCookieSessionStorage<{ email: string }>({
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

/** The signed-in donor's email, or null. */
export async function donorEmail(request: Request): Promise<string | null> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  return session.get("email") ?? null;
}

export async function startDonorSession(email: string, request: Request): Promise<string> {
  const session = await donorStorage().getSession();
  session.set("email", email);
  return donorStorage().commitSession(session, { secure: isServedOverHttps(request) });
}

export async function endDonorSession(request: Request): Promise<string> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  return donorStorage().destroySession(session, { secure: isServedOverHttps(request) });
}
