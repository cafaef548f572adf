import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { composeMail, type MailParts } from "../rules/mail-layout";
import { DataKeyError } from "~/lib/data-encryption.server";
import { seal, unseal } from "~/lib/data-keys.server";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { pageOfRows } from "~/lib/list-pages.server";
import { equalsIgnoringCase } from "~/lib/sql-dialect.server";
import { organisation } from "~/lib/organisation.server";
import { NotFoundError } from "~/lib/service-errors";
import type { Database, MailStatus, OutboundMailRow } from "../../../../db/schema";

/**
 * The one way the site sends mail. A message is queued with the database handle of the
 * transaction that records its cause (a gift, a contact message), so both are kept or
 * neither is; the delivery loop (mail-delivery.server.ts) then sends it. Without
 * SMTP_URL a message is kept here, never sent, and staff read it in the Outbox.
 */
export interface QueuedMail extends MailParts {
  /** What the message is, for the Outbox ("staff-contact", "receipt"...). */
  kind: string;
  to: string;
  /** The cause, once: queuing the same key again does nothing. */
  dedupeKey?: string;
  /** Written and kept for the Outbox, never sent (a test gift's mail to someone other than the giver). */
  keepOnly?: boolean;
  headers?: Record<string, string>;
  /**
   * The message carries an applicant's personal data (issue 31): kept sealed with the site's
   * data key, opened only to send it or to show it in the Outbox.
   */
  personal?: boolean;
}

/** The sealed parts of a personal message: its recipient and its two bodies. */
export type SealedMailField = "to" | "text" | "html";

/** Each sealed part of a message is sealed to that message and part (decision 169). */
export function sealedMailContext(messageId: string, field: SealedMailField): string {
  return `outbound-mail:${messageId}:${field}`;
}

type StoredMail = Pick<OutboundMailRow, "sealed" | "message_id" | "to_address" | "text_body" | "html_body">;

/** A message's recipient and bodies as written, opened when the message is sealed (to send it, or to show it). */
export function openedMail(row: StoredMail): { to: string; text: string; html: string } {
  if (!row.sealed) return { to: row.to_address, text: row.text_body, html: row.html_body };
  return {
    to: unseal(row.to_address, sealedMailContext(row.message_id, "to")),
    text: unseal(row.text_body, sealedMailContext(row.message_id, "text")),
    html: unseal(row.html_body, sealedMailContext(row.message_id, "html")),
  };
}

/** The stored columns for a message's recipient and bodies: sealed for a personal message, else as they are. */
export function storedMailParts(
  sealed: boolean,
  messageId: string,
  parts: { to: string; text: string; html: string },
): Pick<OutboundMailRow, "to_address" | "text_body" | "html_body"> {
  if (!sealed) return { to_address: parts.to, text_body: parts.text, html_body: parts.html };
  return {
    to_address: seal(parts.to, sealedMailContext(messageId, "to")),
    text_body: seal(parts.text, sealedMailContext(messageId, "text")),
    html_body: seal(parts.html, sealedMailContext(messageId, "html")),
  };
}

export async function queueMail(db: Kysely<Database>, mail: QueuedMail): Promise<void> {
  // Composed now and kept as sent: the Outbox shows exactly what the recipient reads.
  const content = composeMail(mail, organisation());
  const messageId = `<${randomUUID()}@${messageIdHost()}>`;
  const personal = Boolean(mail.personal);
  await db
    .insertInto("outbound_mail")
    .values({
      kind: mail.kind,
      dedupe_key: mail.dedupeKey ?? null,
      ...storedMailParts(personal, messageId, { to: mail.to, text: content.text, html: content.html }),
      sealed: personal ? 1 : 0,
      subject: content.subject,
      headers: JSON.stringify(mail.headers ?? {}),
      status: getEnv().SMTP_URL && !mail.keepOnly ? "pending" : "kept",
      next_attempt_at: nowIso(),
      message_id: messageId,
    })
    .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
    .execute();
}

function messageIdHost(): string {
  const from = getEnv().MAIL_FROM ?? "";
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "mail.invalid";
}

/** A message as the Outbox shows it. */
export interface OutboxMessage {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string;
  created_at: string;
  sent_at: string | null;
  links: string[];
}

const UNOPENED = "(sealed with a data key this site does not have)";

/** What the Outbox shows of a message: opened, or a word that it does not open (a key missing), never a 500. */
function shownMail(row: StoredMail): ReturnType<typeof openedMail> {
  try {
    return openedMail(row);
  } catch (error) {
    if (!(error instanceof DataKeyError)) throw error;
    return { to: UNOPENED, text: UNOPENED, html: UNOPENED };
  }
}

function toOutboxMessage(row: OutboundMailRow): OutboxMessage {
  const { to, text, html } = shownMail(row);
  return {
    id: row.id,
    kind: row.kind,
    to,
    subject: row.subject,
    text,
    html,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    links: linksIn(html),
  };
}

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed", "kept"] as const;

export function isMailStatus(value: string): value is MailStatus {
  return (MAIL_STATUSES as readonly string[]).includes(value);
}

export interface OutboxFilter {
  status?: MailStatus;
  /**
   * One recipient's mail, the address in any letter case ("did she get her receipt?"). An
   * applicant's mail is sealed, its address too, so it is not found this way.
   */
  to?: string;
}

/** The Outbox, newest first, a page at a time, optionally one status and one recipient only. */
export async function findOutboxPage(filter: OutboxFilter, page: number, pageSize: number) {
  const matching = () => {
    let query = getDb().selectFrom("outbound_mail");
    if (filter.status) query = query.where("status", "=", filter.status);
    // Index outbound_mail_to_nocase (migration 0008; on lower(to_address) on PostgreSQL).
    if (filter.to) query = query.where(equalsIgnoringCase(sql.ref("to_address"), filter.to));
    return query;
  };
  const found = await pageOfRows(
    async () =>
      Number(
        (
          await matching()
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      ),
    // The list needs no bodies: those are read one message at a time.
    async (limit, offset) =>
      (
        await matching()
          .select(["id", "kind", "to_address", "sealed", "message_id", "subject", "status", "attempts", "created_at"])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .offset(offset)
          .execute()
      ).map(({ to_address, sealed, message_id, ...listed }) => {
        if (!sealed) return { ...listed, to: to_address };
        // An applicant's address is opened only to be shown.
        try {
          return { ...listed, to: unseal(to_address, sealedMailContext(message_id, "to")) };
        } catch (error) {
          if (!(error instanceof DataKeyError)) throw error;
          return { ...listed, to: UNOPENED };
        }
      }),
    page,
    pageSize,
  );
  return { messages: found.rows, total: found.total, page: found.page };
}

export async function countOutbox(): Promise<Record<MailStatus, number>> {
  const rows = await getDb()
    .selectFrom("outbound_mail")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The links a message carries (its buttons), so staff can follow them from the Outbox. */
function linksIn(html: string): string[] {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) =>
    match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&"),
  );
  return [...new Set(links)].filter((link) => /^https?:\/\//.test(link));
}

export async function getOutboxMessage(id: number): Promise<OutboxMessage> {
  const row = await getDb().selectFrom("outbound_mail").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError("Message not found");
  return toOutboxMessage(row);
}
