import { createHmac, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { confirmZakatReminderMail } from "../rules/zakat-reminder-mails";
import {
  CONFIRM_LINK_DAYS,
  keptFiguresOf,
  keptFiguresWords,
  readKeptFigures,
  reminderPlanFor,
  zakatReminderRequestSchema,
  type KeptFigures,
  type ReminderPlan,
} from "../rules/zakat-reminders";
import { zakatInputSchema } from "~/giving/zakat-calculator";
import { todayIn } from "~/shared/dates";
import { mailboxOf, normalEmail } from "~/shared/donor-email";
import { formatHijri } from "~/shared/hijri";
import { getDb, nowIso } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { limitPublicFormPosts } from "~/lib/public-form-limits.server";
import { oneAtATimeFor } from "~/lib/sql-dialect.server";
import { getSessionSecret } from "~/lib/session-secret.server";
import { NotFoundError, parseOrThrow } from "~/lib/service-errors";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { tokenHash } from "~/lib/token-hash.server";
import type { Visitor } from "~/lib/visitor.server";
import { queueMail } from "~/mail/queue/index.server";

/**
 * A yearly reminder that a donor's Zakat is due again, asked for after a calculation.
 * Double opt-in, like the newsletter: the reminder waits for its owner to press the link
 * in the confirmation mail, and only a confirmed one is ever sent. Its keys (to confirm,
 * to stop, to open the kept figures) are mailed and kept only as hashes. One address has
 * one Zakat year: confirming a new reminder replaces its earlier one.
 */
export const CONFIRMATIONS_PER_HOUR = 3;

export const reminderKeyHash = tokenHash;
export const newReminderKey = () => randomBytes(24).toString("base64url");
const usableKey = (token: string) => token.length > 0 && token.length <= 100;

/**
 * A reminder's stop key is made once, at confirmation, from the reminder itself and the
 * site's secret, so every year's mail carries the same one and the stop link of any of its
 * mails works for the reminder's whole life (decision 107). Only its hash is kept.
 */
export function stopKeyOf(reminder: { id: number; created_at: string }): string {
  return createHmac("sha256", getSessionSecret())
    .update(`zakat-reminder-stop:${reminder.id}:${reminder.created_at}`)
    .digest("base64url");
}

/** Requests asked before this are past confirming. */
export const confirmableSince = (now: Date) => new Date(now.getTime() - CONFIRM_LINK_DAYS * 86_400_000).toISOString();

/** Mail sent to the same mailbox as `email`, whatever "+tag" it was sent with. */
function toSameMailbox(email: string) {
  const { local, domain } = mailboxOf(email);
  const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<boolean>`(to_address = ${`${local}@${domain}`} or to_address like ${`${literal(local)}+%@${literal(domain)}`} escape '\\')`;
}

export interface AskedReminder {
  email: string;
  plan: ReminderPlan;
}

/**
 * Asks for a reminder dated from today's calculation (today in the foundation's time
 * zone). The figures are the calculator's own fields beside the email; they are kept only
 * when the donor ticked the box. A filled honeypot and a fourth confirmation within the
 * hour are answered as usual, with no mail.
 */
export async function askForZakatReminder(
  input: Record<string, unknown>,
  visitor: Visitor,
  now = new Date(),
): Promise<AskedReminder> {
  const request = parseOrThrow(zakatReminderRequestSchema, input);
  await limitPublicFormPosts("zakat-reminder", visitor.clientAddress);
  const email = normalEmail(request.email);
  const plan = reminderPlanFor(todayIn(getEnv().SITE_TIMEZONE, now));
  if (request.website) return { email, plan };
  const figures = request.keep_figures ? keptFiguresOf(parseOrThrow(zakatInputSchema, input)) : null;
  await getDb()
    .transaction()
    .execute(async (trx) => {
      // One inbox's asks are counted one after the other (victim+1@ and victim+2@ are one inbox).
      await oneAtATimeFor(trx, `zakat-reminder:${email.replace(/\+[^@]*@/, "@")}`);
      const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
      const recent = await trx
        .selectFrom("outbound_mail")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("kind", "=", "zakat-reminder-confirm")
        // victim+1@, victim+2@… reach one inbox: they share its limit.
        .where(toSameMailbox(email))
        .where("created_at", ">", hourAgo)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= CONFIRMATIONS_PER_HOUR) return;
      // Asking again before confirming replaces the unconfirmed ask: the newest link is the one that works.
      await trx.deleteFrom("zakat_reminders").where("email", "=", email).where("confirmed_at", "is", null).execute();
      const token = newReminderKey();
      await trx
        .insertInto("zakat_reminders")
        .values({
          email,
          ...plan,
          created_at: now.toISOString(),
          kept_figures: figures ? JSON.stringify(figures) : null,
          confirm_token_hash: reminderKeyHash(token),
          confirmed_at: null,
          stop_token_hash: null,
          figures_token_hash: null,
          stopped_at: null,
          reminded_for: null,
          reminded_at: null,
        })
        .execute();
      await queueMail(trx, {
        ...confirmZakatReminderMail(`${configuredSiteUrl()}/zakat-reminders/confirm?token=${token}`, plan.due_on),
        kind: "zakat-reminder-confirm",
        to: email,
      });
    });
  return { email, plan };
}

/** A reminder as its pages and My giving show it. */
export interface ZakatReminderView {
  id: number;
  email: string;
  calculated_on: string;
  calculated_hijri: string;
  due_on: string;
  due_hijri: string;
  remind_on: string;
  status: "awaiting_confirmation" | "planned" | "stopped";
  /** The kept figures in words, or null when none are kept. */
  figures: string | null;
  /** The due day last reminded, or null before the first reminder. */
  reminded_for: string | null;
}

type ReminderRow = {
  id: number;
  email: string;
  calculated_on: string;
  calculated_hijri: string;
  due_on: string;
  remind_on: string;
  kept_figures: string | null;
  confirmed_at: string | null;
  stopped_at: string | null;
  reminded_for: string | null;
};
const VIEW_COLUMNS = [
  "id",
  "email",
  "calculated_on",
  "calculated_hijri",
  "due_on",
  "remind_on",
  "kept_figures",
  "confirmed_at",
  "stopped_at",
  "reminded_for",
] as const;

function toView(row: ReminderRow): ZakatReminderView {
  const figures = readKeptFigures(row.kept_figures);
  return {
    id: row.id,
    email: row.email,
    calculated_on: row.calculated_on,
    calculated_hijri: row.calculated_hijri,
    due_on: row.due_on,
    due_hijri: formatHijri(row.due_on),
    remind_on: row.remind_on,
    status: row.stopped_at ? "stopped" : row.confirmed_at ? "planned" : "awaiting_confirmation",
    figures: figures ? keptFiguresWords(figures) : null,
    reminded_for: row.reminded_for,
  };
}

/**
 * The reminder a confirmation link is for, so its page can say what pressing will do. Null when it names nothing
 * waiting (or asked too long ago).
 */
export async function zakatReminderOfConfirmLink(token: string, now = new Date()): Promise<ZakatReminderView | null> {
  if (!usableKey(token)) return null;
  const row = await getDb()
    .selectFrom("zakat_reminders")
    .select(VIEW_COLUMNS)
    .where("confirm_token_hash", "=", reminderKeyHash(token))
    .where("created_at", ">=", confirmableSince(now))
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * The owner pressed the confirmation link: the reminder is planned, its stop key made, and
 * it replaces the address's earlier one. Null when the link names nothing waiting, or a
 * request older than CONFIRM_LINK_DAYS.
 */
export async function confirmZakatReminder(token: string, now = new Date()): Promise<ZakatReminderView | null> {
  if (!usableKey(token)) return null;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const waiting = await trx
        .selectFrom("zakat_reminders")
        .select(["id", "created_at"])
        .where("confirm_token_hash", "=", reminderKeyHash(token))
        .where("confirmed_at", "is", null)
        .where("created_at", ">=", confirmableSince(now))
        .executeTakeFirst();
      if (!waiting) return null;
      const confirmed = await trx
        .updateTable("zakat_reminders")
        .set({
          confirmed_at: now.toISOString(),
          confirm_token_hash: null,
          stop_token_hash: reminderKeyHash(stopKeyOf(waiting)),
        })
        .where("id", "=", waiting.id)
        .where("confirmed_at", "is", null)
        .returning(VIEW_COLUMNS)
        .executeTakeFirst();
      if (!confirmed) return null;
      await trx
        .deleteFrom("zakat_reminders")
        .where("email", "=", confirmed.email)
        .where("id", "!=", confirmed.id)
        .where("confirmed_at", "is not", null)
        .where("stopped_at", "is", null)
        .execute();
      return toView(confirmed);
    });
}

/** The reminder a stop link is for, so its page can name it. Null when it names nothing. */
export async function zakatReminderOfStopLink(token: string): Promise<ZakatReminderView | null> {
  if (!usableKey(token)) return null;
  const row = await getDb()
    .selectFrom("zakat_reminders")
    .select(VIEW_COLUMNS)
    .where("stop_token_hash", "=", reminderKeyHash(token))
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * One click stops a reminder (the mail's link, or a mail app's List-Unsubscribe-Post).
 * Its kept figures go with it: they were kept only for the reminder. Stopping twice is
 * the same as once. False when the link names nothing.
 */
export async function stopZakatReminder(token: string): Promise<boolean> {
  if (!usableKey(token)) return false;
  const db = getDb();
  const found = await db
    .selectFrom("zakat_reminders")
    .select(["id", "stopped_at"])
    .where("stop_token_hash", "=", reminderKeyHash(token))
    .executeTakeFirst();
  if (!found) return false;
  if (!found.stopped_at) {
    await db
      .updateTable("zakat_reminders")
      .set({ stopped_at: nowIso(), kept_figures: null, figures_token_hash: null })
      .where("id", "=", found.id)
      .execute();
  }
  return true;
}

/**
 * The figures a reminder's calculator link opens with; null when the link names none (never kept, deleted, stopped).
 */
export async function keptFiguresOfLink(token: string): Promise<KeptFigures | null> {
  if (!usableKey(token)) return null;
  const row = await getDb()
    .selectFrom("zakat_reminders")
    .select("kept_figures")
    .where("figures_token_hash", "=", reminderKeyHash(token))
    .where("stopped_at", "is", null)
    .executeTakeFirst();
  return readKeptFigures(row?.kept_figures ?? null);
}

/** A signed-in donor's reminders, the next due first. */
export async function zakatRemindersOf(email: string): Promise<ZakatReminderView[]> {
  const rows = await getDb()
    .selectFrom("zakat_reminders")
    .select(VIEW_COLUMNS)
    .where("email", "=", normalEmail(email))
    .orderBy("due_on")
    .orderBy("id")
    .execute();
  return rows.map(toView);
}

/** A donor deletes one of their reminders, and its kept figures with it. */
export async function deleteMyZakatReminder(email: string, id: number): Promise<void> {
  const deleted = await getDb()
    .deleteFrom("zakat_reminders")
    .where("id", "=", id)
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new NotFoundError("Reminder not found");
}

/** A donor deletes a reminder's kept figures; the reminder stays, and will carry no figures. */
export async function deleteMyKeptFigures(email: string, id: number): Promise<void> {
  const updated = await getDb()
    .updateTable("zakat_reminders")
    .set({ kept_figures: null, figures_token_hash: null })
    .where("id", "=", id)
    .where("email", "=", normalEmail(email))
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new NotFoundError("Reminder not found");
}
