import { stopReminderHeaders, zakatReminderMail } from "../rules/zakat-reminder-mails";
import { nextDueAfter } from "../rules/zakat-reminders";
import { todayIn } from "~/shared/dates";
import { getDb } from "~/lib/db.server";
import { startBackgroundRounds } from "~/lib/background-rounds.server";
import { getEnv } from "~/lib/env.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
import { queueMail } from "~/mail/queue/index.server";
import { confirmableSince, newReminderKey, reminderKeyHash, stopKeyOf } from "./zakat-reminders.server";

/**
 * The background loop that sends Zakat reminders, in the server process beside the mail
 * loop. Each round takes the confirmed, unstopped reminders whose day has come (today in
 * the foundation's time zone) and, for each in one transaction, moves it on to the next
 * Hijri year and queues its mail (dedupe key per reminder and due day). So a reminder is
 * sent once however many rounds run, side by side or after a restart: a round that stops
 * half-way leaves each reminder either sent and moved on, or untouched for the next.
 * It runs without SMTP too: the mail is then kept in the Outbox. Each round also deletes
 * the requests never confirmed within CONFIRM_LINK_DAYS, with the figures they kept.
 */
const BATCH = 20;

export interface ReminderRound {
  sent: number;
  failed: number;
  /** Whether more reminders may be due than this round took (and it sent some). */
  full: boolean;
}

export async function sendDueZakatReminders(
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<ReminderRound> {
  const today = todayIn(getEnv().SITE_TIMEZONE, now);
  // Figures are kept only for a reminder its owner agreed to; an ask left unconfirmed goes.
  await getDb()
    .deleteFrom("zakat_reminders")
    .where("confirmed_at", "is", null)
    .where("created_at", "<", confirmableSince(now))
    .execute();
  // Index zakat_reminders_due (migration 0018).
  const due = await getDb()
    .selectFrom("zakat_reminders")
    .select("id")
    .where("confirmed_at", "is not", null)
    .where("stopped_at", "is", null)
    .where("remind_on", "<=", today)
    .orderBy("remind_on")
    .limit(BATCH)
    .execute();
  const round: ReminderRound = { sent: 0, failed: 0, full: false };
  for (const { id } of due) {
    // Stopping: the rest are untouched, due at the next start.
    if (stopping()) break;
    try {
      if (await remindOnce(id, today, now)) round.sent += 1;
    } catch (error) {
      // One reminder that cannot be written must not hold back the others; it is tried again next round.
      round.failed += 1;
      console.error(`Zakat reminder ${id} could not be sent:`, error);
    }
  }
  // A round of failures alone is not followed at once: the next is on the timer.
  round.full = due.length === BATCH && round.sent > 0;
  return round;
}

/** Sends one reminder and moves it on a year, both or neither; false when another round already did. */
async function remindOnce(id: number, today: string, now: Date): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const reminder = await trx
        .selectFrom("zakat_reminders")
        .select(["id", "email", "calculated_on", "due_on", "kept_figures", "created_at"])
        .where("id", "=", id)
        .where("confirmed_at", "is not", null)
        .where("stopped_at", "is", null)
        .where("remind_on", "<=", today)
        .executeTakeFirst();
      if (!reminder) return false;
      const next = nextDueAfter(reminder.calculated_on, reminder.due_on, today);
      // The stop key is the reminder's for life (made again from its secret); the figures key is new each year.
      const stopKey = stopKeyOf(reminder);
      const figuresKey = reminder.kept_figures ? newReminderKey() : null;
      const moved = await trx
        .updateTable("zakat_reminders")
        .set({
          ...next,
          reminded_for: reminder.due_on,
          reminded_at: now.toISOString(),
          stop_token_hash: reminderKeyHash(stopKey),
          figures_token_hash: figuresKey ? reminderKeyHash(figuresKey) : null,
        })
        // Moved on by this round only if no other round moved it first.
        .where("id", "=", id)
        .where("due_on", "=", reminder.due_on)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) return false;
      const site = configuredSiteUrl();
      await queueMail(trx, {
        ...zakatReminderMail({
          dueOn: reminder.due_on,
          calculatorUrl: figuresKey ? `${site}/zakat-calculator?reminder=${figuresKey}` : `${site}/zakat-calculator`,
          figuresKept: Boolean(figuresKey),
          stopUrl: `${site}/zakat-reminders/stop?token=${stopKey}`,
        }),
        kind: "zakat-reminder",
        to: reminder.email,
        dedupeKey: `zakat-reminder-${id}-${reminder.due_on}`,
        headers: stopReminderHeaders(`${site}/api/zakat-reminders/stop?token=${stopKey}`),
      });
      return true;
    });
}

/**
 * Starts the loop: a round at once (reminders missed while the server was down go out on
 * its return), then every `intervalMs`. Rounds never overlap; a full round is followed at
 * once by the next. Returns the function that stops it, settling once the round under way
 * has finished the reminder it is writing.
 */
export function startZakatReminders(intervalMs = 10 * 60_000): () => Promise<void> {
  return startBackgroundRounds({
    name: "Zakat reminder",
    intervalMs,
    round: async (stopping) => (await sendDueZakatReminders(new Date(), stopping)).full,
  });
}
