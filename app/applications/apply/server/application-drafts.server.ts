import { createHash, randomBytes } from "node:crypto";
import { emailKey } from "~/applications/records/index.server";
import { sealJson, unsealJson } from "~/lib/data-keys.server";
import { getDb, nowIso, type DB } from "~/lib/db.server";
import { limitApplicationDrafts, limitApplicationResumeMails } from "~/lib/public-form-limits.server";
import { NotFoundError } from "~/lib/service-errors";
import { configuredSiteUrl } from "~/lib/site-url.server";
import type { Visitor } from "~/lib/visitor.server";
import { queueMail } from "~/mail/queue/index.server";
import { EMPTY_DRAFT, type DraftBody } from "../rules/apply-steps";

/**
 * An application saved part way (decision 161). Its text is sealed with the site's data key
 * to the draft's place; the browser carries the draft's token (a cookie, and the resume link
 * mailed to the applicant), and only the token's hash is stored. A draft lasts thirty days
 * from its last save, and is deleted when the application is sent.
 */
export const DRAFT_DAYS = 30;

export interface OpenDraft {
  id: number;
  token: string;
  body: DraftBody;
  expiresAt: string;
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The draft's body is sealed to its token's hash: a body copied to another draft does not open there. */
function contextOf(tokenHash: string): string {
  return `application-draft:${tokenHash}`;
}

function expiryFrom(now: number): string {
  return new Date(now + DRAFT_DAYS * 86_400_000).toISOString();
}

/** A draft the token opens, or null (no such draft, gone, or past its thirty days). */
export async function openDraft(token: string | null | undefined): Promise<OpenDraft | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashOf(token);
  const row = await getDb()
    .selectFrom("application_drafts")
    .select(["id", "body_sealed", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    token,
    body: unsealJson<DraftBody>(row.body_sealed, contextOf(tokenHash)),
    expiresAt: row.expires_at,
  };
}

/** Whether a token still opens a draft, without opening it: the resume link's page shows nothing of it. */
export async function draftIsOpen(token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await getDb()
    .selectFrom("application_drafts")
    .select("id")
    .where("token_hash", "=", hashOf(token))
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The mailed resume link used up (decision 161): the draft is given a new token, its body
 * sealed again to it, and handed back for this browser's cookie; the old token, the link's,
 * opens nothing any more. Of two presses of the same link at once only one takes the draft up
 * (the update names the old token's hash). Null when the link opens no draft.
 */
export async function takeUpDraft(token: string | null | undefined): Promise<OpenDraft | null> {
  const draft = await openDraft(token);
  if (!draft) return null;
  const fresh = randomBytes(32).toString("base64url");
  const freshHash = hashOf(fresh);
  const updated = await getDb()
    .updateTable("application_drafts")
    .set({
      token_hash: freshHash,
      body_sealed: sealJson(draft.body, contextOf(freshHash)),
      updated_at: nowIso(),
    })
    .where("id", "=", draft.id)
    .where("token_hash", "=", hashOf(draft.token))
    .executeTakeFirst();
  if (!Number(updated.numUpdatedRows)) return null;
  return { ...draft, token: fresh };
}

/**
 * Starts a draft with the applicant's first step (a draft needs the email it is mailed to):
 * counted against the address's allowance of new drafts. Drafts past their days are deleted
 * here, as new ones come.
 */
export async function startDraft(body: DraftBody, visitor: Visitor): Promise<OpenDraft> {
  await limitApplicationDrafts(visitor.clientAddress);
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  const now = Date.now();
  const expiresAt = expiryFrom(now);
  const db = getDb();
  await db.deleteFrom("application_drafts").where("expires_at", "<=", new Date(now).toISOString()).execute();
  const row = await db
    .insertInto("application_drafts")
    .values({
      token_hash: tokenHash,
      email_key: emailKey(body.values.email ?? ""),
      body_sealed: sealJson(body, contextOf(tokenHash)),
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token, body, expiresAt };
}

/** Keeps a draft's new body; its thirty days start again. */
export async function saveDraft(draft: OpenDraft, body: DraftBody): Promise<OpenDraft> {
  const now = Date.now();
  const expiresAt = expiryFrom(now);
  const updated = await getDb()
    .updateTable("application_drafts")
    .set({
      body_sealed: sealJson(body, contextOf(hashOf(draft.token))),
      email_key: emailKey(body.values.email ?? ""),
      updated_at: new Date(now).toISOString(),
      expires_at: expiresAt,
    })
    .where("id", "=", draft.id)
    .executeTakeFirst();
  if (!updated.numUpdatedRows) throw new NotFoundError("This application's draft has gone. Please start again.");
  return { ...draft, body, expiresAt };
}

/** Deletes a draft; false when it was gone already (sent by another request a moment ago). */
export async function deleteDraft(draft: Pick<OpenDraft, "id">, db: DB = getDb()): Promise<boolean> {
  const deleted = await db.deleteFrom("application_drafts").where("id", "=", draft.id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export function resumeLinkOf(token: string): string {
  return `${configuredSiteUrl()}/get-help/apply/resume/${token}`;
}

/**
 * "Save and come back later": mails the draft's resume link to the email the applicant gave.
 * The subject names nobody; the message is the applicant's (sealed in the queue).
 */
export async function mailResumeLink(draft: OpenDraft, visitor: Visitor): Promise<string> {
  const to = draft.body.values.email ?? "";
  if (!to) throw new NotFoundError("Please give your email address first, so that we can send you the link.");
  await limitApplicationResumeMails(visitor.clientAddress);
  await queueMail(getDb(), {
    kind: "application-draft",
    to,
    personal: true,
    subject: "Your application for help: continue where you left off",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      "Your application for help is saved. Open the link below to continue where you left off, on any device.",
      `The link works once, within ${DRAFT_DAYS} days of your last save: it opens your application in the browser you open it in. To continue later on another device, save again and we will send you a new link.`,
    ],
    action: { label: "Continue my application", url: resumeLinkOf(draft.token) },
    note: "You receive this because you asked us to save your application on our Get help page. If that was not you, you can ignore this message.",
  });
  return to;
}

export { EMPTY_DRAFT };
