import { createSessionStorage } from "react-router";
import { getDb, nowIso } from "~/lib/db.server";
import { isServedOverHttps } from "~/lib/session.server";
import { APPLICANT_SESSION_COOKIE, newSessionId, sessionCookie } from "~/lib/session-cookie.server";
import { tokenHash } from "~/lib/token-hash.server";

/**
 * A family's view of their own applications, opened by a sign-in link, for two hours, as My
 * giving's is: kept in applicant_sessions, the cookie holding only a signed random id. Unlike
 * My giving, the table keeps that id's hash and the email's keyed hash (`email_key`), never
 * the address itself: whoever reads the database can neither open a family's page nor learn
 * whose it is.
 */
export const APPLICANT_SESSION_SECONDS = 2 * 60 * 60;

interface ApplicantSessionData {
  emailKey: string;
}

function createApplicantSessionStorage() {
  return createSessionStorage<ApplicantSessionData>({
    cookie: sessionCookie(APPLICANT_SESSION_COOKIE, APPLICANT_SESSION_SECONDS),
    async createData(data) {
      const id = newSessionId();
      const now = Date.now();
      await getDb()
        .insertInto("applicant_sessions")
        .values({
          id: tokenHash(id),
          email_key: String(data.emailKey),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + APPLICANT_SESSION_SECONDS * 1000).toISOString(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      if (typeof id !== "string") return null;
      const row = await getDb()
        .selectFrom("applicant_sessions")
        .select(["email_key"])
        .where("id", "=", tokenHash(id))
        .where("expires_at", ">", nowIso())
        .executeTakeFirst();
      return row ? { emailKey: row.email_key } : null;
    },
    // The view holds nothing but whose it is, and its expiry never moves.
    async updateData() {},
    async deleteData(id) {
      await getDb().deleteFrom("applicant_sessions").where("id", "=", tokenHash(id)).execute();
    },
  });
}

let storage: ReturnType<typeof createApplicantSessionStorage> | undefined;
function applicantStorage() {
  storage ??= createApplicantSessionStorage();
  return storage;
}

/** The signed-in family's email key, or null once signed out or past the two hours. */
export async function applicantEmailKey(request: Request): Promise<string | null> {
  const session = await applicantStorage().getSession(request.headers.get("Cookie"));
  return session.get("emailKey") ?? null;
}

export async function startApplicantSession(emailKey: string, request: Request): Promise<string> {
  // A view this browser already had ends now: a copy of its old cookie must not outlive the new one.
  const previous = await applicantStorage().getSession(request.headers.get("Cookie"));
  if (previous.id) await applicantStorage().destroySession(previous);
  // Sessions past their time are of no use to anyone: cleared as a new one starts.
  await getDb().deleteFrom("applicant_sessions").where("expires_at", "<=", nowIso()).execute();
  const session = await applicantStorage().getSession();
  session.set("emailKey", emailKey);
  return applicantStorage().commitSession(session, { secure: isServedOverHttps(request) });
}

export async function endApplicantSession(request: Request): Promise<string> {
  const session = await applicantStorage().getSession(request.headers.get("Cookie"));
  return applicantStorage().destroySession(session, { secure: isServedOverHttps(request) });
}
