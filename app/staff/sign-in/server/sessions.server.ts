import { data } from "react-router";
import { getDb, nowIso } from "~/lib/db.server";
import { NotFoundError } from "~/lib/service-errors";
import { commitAdminSession, getAdminSession } from "~/lib/session.server";
import { tokenHash } from "~/lib/token-hash.server";
import { holdsAnyOf, type Admin } from "~/staff/accounts";
import { recordAudit } from "~/staff/audit/index.server";
import { notePasswordGiven } from "~/staff/two-factor/index.server";
import { deviceLabel } from "../rules/device";

/**
 * The staff sessions a person can see and end ("Your sign-ins"): their own, and, for an owner,
 * everyone's. A session is named on the page by a handle (a hash of its id), never by the id
 * itself, which is the key to it.
 */
export interface StaffSession {
  handle: string;
  adminId: number;
  personName: string;
  username: string;
  userAgent: string;
  address: string;
  startedAt: string;
  lastUsedAt: string | null;
  current: boolean;
}

/** At most this many sessions are listed on the owners' view of everyone's (oldest use last). */
const EVERYONE_LIMIT = 500;

function handleOf(sessionId: string): string {
  return tokenHash(`session:${sessionId}`).slice(0, 24);
}

/** The id of the session the request carries, if it is a live one. */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  const session = await getAdminSession(request);
  return session.id && session.get("adminId") ? session.id : undefined;
}

function sessionsQuery() {
  return getDb()
    .selectFrom("admin_sessions")
    .innerJoin("admins", "admins.id", "admin_sessions.admin_id")
    .select([
      "admin_sessions.id",
      "admin_sessions.admin_id",
      "admin_sessions.user_agent",
      "admin_sessions.address",
      "admin_sessions.created_at",
      "admin_sessions.last_used_at",
      "admins.name",
      "admins.username",
    ])
    .where("admin_sessions.expires_at", ">", nowIso());
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>["execute"]>>[number];

function toSession(row: SessionRow, currentId: string | undefined): StaffSession {
  return {
    handle: handleOf(row.id),
    adminId: row.admin_id,
    personName: row.name || row.username,
    username: row.username,
    userAgent: row.user_agent,
    address: row.address,
    startedAt: row.created_at,
    lastUsedAt: row.last_used_at,
    current: row.id === currentId,
  };
}

/** One person's live sessions, the one in use first, then by last use. */
export async function listSessionsOf(adminId: number, currentId: string | undefined): Promise<StaffSession[]> {
  const rows = await sessionsQuery()
    .where("admin_sessions.admin_id", "=", adminId)
    .orderBy("admin_sessions.last_used_at", "desc")
    .execute();
  return rows.map((row) => toSession(row, currentId)).sort((a, b) => Number(b.current) - Number(a.current));
}

/** Everyone else's live sessions, for an owner: by person, then by last use. */
export async function listOthersSessions(owner: Admin): Promise<StaffSession[]> {
  requireOwner(owner);
  const rows = await sessionsQuery()
    .where("admin_sessions.admin_id", "<>", owner.id)
    .orderBy("admins.name")
    .orderBy("admins.username")
    .orderBy("admin_sessions.last_used_at", "desc")
    .limit(EVERYONE_LIMIT)
    .execute();
  return rows.map((row) => toSession(row, undefined));
}

function isOwner(admin: Admin): boolean {
  return holdsAnyOf(admin.roles, ["owner"]);
}

function requireOwner(admin: Admin): void {
  if (!isOwner(admin)) {
    // The person rides along, so the refusal is drawn inside the admin frame (as the area's guard does).
    const staff = { name: admin.name, username: admin.username, roles: admin.roles };
    throw data(
      { detail: "Only an owner may see or end another person's sessions.", staff },
      { status: 403, statusText: "Forbidden" },
    );
  }
}

/**
 * A session the person may end, by its handle: one of their own, or (for an owner) anyone's.
 * Another person's session asked for by someone who is not an owner is a 403.
 */
async function locate(actor: Admin, handle: string): Promise<SessionRow> {
  const own = await sessionsQuery().where("admin_sessions.admin_id", "=", actor.id).execute();
  const mine = own.find((row) => handleOf(row.id) === handle);
  if (mine) return mine;
  const others = await sessionsQuery().where("admin_sessions.admin_id", "<>", actor.id).execute();
  const theirs = others.find((row) => handleOf(row.id) === handle);
  if (!theirs) throw new NotFoundError("That session has already ended.");
  requireOwner(actor);
  return theirs;
}

export async function findSession(actor: Admin, handle: string, currentId: string | undefined): Promise<StaffSession> {
  return toSession(await locate(actor, handle), currentId);
}

/**
 * Ends one session: the person's own (this one included: they are then signed out here), or,
 * for an owner, anyone's. Returns what was ended, so the page can say so.
 */
export async function signOutSession(actor: Admin, handle: string, currentId: string | undefined) {
  const row = await locate(actor, handle);
  const session = toSession(row, currentId);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("admin_sessions").where("id", "=", row.id).execute();
      const whose = session.adminId === actor.id ? "Own session" : `${session.personName}'s session`;
      await recordAudit(
        {
          action: session.adminId === actor.id ? "sign-out" : "sign-out-other",
          entity: "session",
          entityId: session.adminId,
          summary: `${whose} on ${deviceLabel(session.userAgent)} from ${session.address || "an unknown address"}`,
        },
        trx,
      );
    });
  return session;
}

/** Ends every session of the person but the one the request carries. Returns how many ended. */
export async function signOutOtherSessions(actor: Admin, currentId: string | undefined): Promise<number> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      let query = trx.deleteFrom("admin_sessions").where("admin_id", "=", actor.id);
      if (currentId) query = query.where("id", "<>", currentId);
      const result = await query.executeTakeFirst();
      const ended = Number(result.numDeletedRows);
      await recordAudit(
        {
          action: "sign-out-others",
          entity: "session",
          entityId: actor.id,
          summary: `Signed out of ${ended} other ${ended === 1 ? "session" : "sessions"}`,
        },
        trx,
      );
      return ended;
    });
}

/**
 * Renews a person's sign-ins after their roles or sign-in factors change (issue 30): every
 * session and `sign-in` API token they hold ends, except the session `keep` carries when it is
 * theirs (a change they made themselves), which the caller then gives a new id with
 * `rotateSession(keep)`. Personal tokens stay: they were made on purpose and carry the roles
 * as they are at each use. Returns how many sessions and tokens ended.
 */
export async function renewSessionsOf(adminId: number, options: { keep?: Request } = {}): Promise<number> {
  const keepId = options.keep ? await currentSessionId(options.keep) : undefined;
  let sessions = getDb().deleteFrom("admin_sessions").where("admin_id", "=", adminId);
  if (keepId) sessions = sessions.where("id", "<>", keepId);
  const ended = await sessions.executeTakeFirst();
  const tokens = await getDb()
    .deleteFrom("api_tokens")
    .where("admin_id", "=", adminId)
    .where("kind", "=", "sign-in")
    .executeTakeFirst();
  return Number(ended.numDeletedRows) + Number(tokens.numDeletedRows);
}

/**
 * After a person changes their own sign-in factors (issue 30; docs/decisions/156): the session
 * they made the change in gets a new id, and, with `endOthers`, every other session and
 * sign-in API token of theirs ends. Returns the Set-Cookie value to send (undefined when the
 * request carries no session, as for a bearer call).
 */
export async function renewAfterFactorChange(
  request: Request,
  adminId: number,
  options: { endOthers: boolean },
): Promise<string | undefined> {
  if (options.endOthers) await renewSessionsOf(adminId, { keep: request });
  return rotateSession(request);
}

/**
 * Gives the request's own session a new id, keeping its person, browser, address and start:
 * call it after the person's roles or factors change, and send the cookie it returns
 * (`Set-Cookie`) with the response. Undefined when the request carries no live session.
 */
export async function rotateSession(request: Request): Promise<string | undefined> {
  const current = await getAdminSession(request);
  const oldId = current.id && current.get("adminId") ? current.id : undefined;
  if (!oldId) return undefined;
  const row = await getDb()
    .selectFrom("admin_sessions")
    .select(["admin_id", "user_agent", "address", "created_at"])
    .where("id", "=", oldId)
    .executeTakeFirst();
  if (!row) return undefined;
  const fresh = await getAdminSession(new Request(request.url));
  fresh.set("adminId", row.admin_id);
  fresh.set("userAgent", row.user_agent);
  fresh.set("address", row.address);
  fresh.set("startedAt", row.created_at);
  // The password given a minute ago still counts: a renewed id is not a new sign-in.
  const given = current.get("reauthenticated_at");
  if (given) fresh.set("reauthenticated_at", given);
  const cookie = await commitAdminSession(fresh, request);
  await getDb().deleteFrom("admin_sessions").where("id", "=", oldId).execute();
  return cookie;
}

/**
 * The session a sign-in begins (the password form, its second step, a passkey alone, or a
 * password changed on Your details): a fresh one every time, so an id planted before sign-in is
 * never promoted. It keeps the browser and the address signed in from (Your sign-ins) and notes
 * that the person has just proved who they are (staff/two-factor's `notePasswordGiven`: asked
 * again after 10 minutes for what needs it). Answers Set-Cookie.
 */
export async function beginAdminSession(admin: Pick<Admin, "id">, request: Request, address: string): Promise<string> {
  const session = await getAdminSession(new Request(request.url));
  session.set("adminId", admin.id);
  session.set("userAgent", request.headers.get("User-Agent") ?? "");
  session.set("address", address);
  return notePasswordGiven(request, session);
}
