import { getDb } from "~/lib/db.server";
import { closeSmtpSender, smtpSender, type SendMail } from "~/lib/mail-transport.server";

/**
 * The background loop that sends queued mail. Each round claims the messages that are
 * due (a claim lapses after CLAIM_SECONDS, so a message being sent when the process
 * stopped is sent after the restart), sends them, and records the outcome: sent, or a
 * retry after a growing wait (the first within 30 seconds, for about a day in all),
 * then failed. A message is never lost; one interrupted mid-send may go twice, under the
 * same Message-ID, which mail clients show once.
 */
export const RETRY_WAITS_SECONDS = [20, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800];
const CLAIM_SECONDS = 120;
const BATCH = 10;

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString();

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

export async function deliverDueMail(send: SendMail, now: Date = new Date()): Promise<DeliveryRound> {
  const db = getDb();
  const claimed = await db
    .updateTable("outbound_mail")
    .set({ status: "sending", next_attempt_at: later(now, CLAIM_SECONDS) })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbound_mail")
        .select("id")
        .where("status", "in", ["pending", "sending"])
        .where("next_attempt_at", "<=", now.toISOString())
        .orderBy("next_attempt_at")
        .limit(BATCH),
    )
    .returningAll()
    .execute();

  const round: DeliveryRound = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const message of claimed) {
    const attempts = message.attempts + 1;
    try {
      await send({
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        headers: JSON.parse(message.headers) as Record<string, string>,
        messageId: message.message_id,
      });
      await db
        .updateTable("outbound_mail")
        .set({ status: "sent", attempts, sent_at: new Date().toISOString(), last_error: "" })
        .where("id", "=", message.id)
        .execute();
      round.sent += 1;
    } catch (error) {
      const wait = RETRY_WAITS_SECONDS[attempts - 1];
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .updateTable("outbound_mail")
        .set(
          wait === undefined
            ? { status: "failed", attempts, last_error: lastError }
            : { status: "pending", attempts, last_error: lastError, next_attempt_at: later(now, wait) },
        )
        .where("id", "=", message.id)
        .execute();
      if (wait === undefined) {
        round.failed += 1;
        console.error(`Mail ${message.id} to ${message.to_address} failed for good after ${attempts} attempts: ${lastError}`);
      } else {
        round.retrying += 1;
      }
    }
  }
  return round;
}

/**
 * Starts the loop when an SMTP server is configured (none otherwise: mail is kept for the
 * Outbox). Rounds never overlap; a full round is followed at once by the next. Returns
 * the function that stops it.
 */
export function startMailDelivery(intervalMs = 5_000): () => void {
  const send = smtpSender();
  if (!send) return () => {};
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      while ((await deliverDueMail(send)).claimed === BATCH);
    } catch (error) {
      console.error("Mail delivery round failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  void round();
  return () => {
    clearInterval(timer);
    closeSmtpSender();
  };
}
