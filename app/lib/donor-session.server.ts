import { createSessionStorage } from "react-router";
import { getDb, nowIso } from "./db.server";
import { isServedOverHttps } from "./session.server";
import { DONOR_SESSION_COOKIE, newSessionId, sessionCookie } from "./session-cookie.server";

/**
 * A donor's view of their own giving, opened by a sign-in link, for two hours. It lives in
 * the database (donor_sessions) and the cookie holds only a signed random id, so 'Sign out'
 * ends it on the server for good and the expiry is the server's clock, not the browser's.
 * Path "/": the pages' data requests (/my-giving.data) must carry the cookie too.
 */
export const DONOR_SESSION_SECONDS = 2 * 60 * 60;

interface DonorSessionData {
  email: string;
}

function createDonorSessionStorage() {
  return createSessionStorage<DonorSessionData>({
    cookie: sessionCookie(DONOR_SESSION_COOKIE, DONOR_SESSION_SECONDS),
    async createData(data) {
      const id = newSessionId();
      const now = Date.now();
      await getDb()
        .insertInto("donor_sessions")
        .values({
          id,
          email: String(data.email),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + DONOR_SESSION_SECONDS * 1000).toISOString(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      // A cookie from before these sessions were stored held the data itself: it opens nothing.
      if (typeof id !== "string") return null;
      const row = await getDb()
        .selectFrom("donor_sessions")
        .select(["email"])
        .where("id", "=", id)
        .where("expires_at", ">", nowIso())
        .executeTakeFirst();
      return row ? { email: row.email } : null;
    },
    // The view holds nothing but who it is for, and its expiry never moves.
    async updateData() {},
    async deleteData(id) {
      await getDb().deleteFrom("donor_sessions").where("id", "=", id).execute();
    },
  });
}

let storage: ReturnType<typeof createDonorSessionStorage> | undefined;
function donorStorage() {
  storage ??= createDonorSessionStorage();
  return storage;
}

/** The signed-in donor's email, or null once signed out or past the two hours. */
export async function donorEmail(request: Request): Promise<string | null> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  return session.get("email") ?? null;
}

/** Pages that show a donor's giving are never kept by the browser or a proxy (Back after Sign out shows nothing). */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

export async function startDonorSession(email: string, request: Request): Promise<string> {
  // A view this browser already had ends now: a copy of its old cookie must not outlive the new one.
  const previous = await donorStorage().getSession(request.headers.get("Cookie"));
  if (previous.id) await donorStorage().destroySession(previous);
  const session = await donorStorage().getSession();
  session.set("email", email);
  return donorStorage().commitSession(session, { secure: isServedOverHttps(request) });
}

export async function endDonorSession(request: Request): Promise<string> {
  const session = await donorStorage().getSession(request.headers.get("Cookie"));
  return donorStorage().destroySession(session, { secure: isServedOverHttps(request) });
}
