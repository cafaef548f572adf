import { getDb } from "~/lib/db.server";
import { claimableOnly } from "~/lib/sql-dialect.server";
import { startBackgroundRounds } from "~/lib/background-rounds.server";
import { closeSmtpSender, smtpSender, type SendMail } from "~/lib/mail-transport.server";
import { openedMail, storedMailParts } from "./mail-queue.server";

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

/**
 * Mails whose link is a key (a donor's sign-in, a subscription's confirmation, a failed
 * charge's card link): once delivered, the key is blanked in the stored copy (its body and
 * its headers, such as List-Unsubscribe), so the Outbox and backups cannot open a donor's
 * giving, their card page, or confirm for someone. Kept mail (no SMTP) keeps it: the
 * Outbox is then the only way to the link.
 */
const KEYED_KINDS = new Set([
  "giving-link",
  "newsletter-confirm",
  "zakat-reminder-confirm",
  "zakat-reminder",
  "payment-failed",
  // A family's sign-in link to My application, and the link back to an application saved part way.
  "application-link",
  "application-draft",
]);
// `reminder=` is the Zakat reminder's key to its kept figures; the card link and a draft's resume
// link carry their keys as the path's end.
const withoutKeys = (text: string) =>
  text.replace(
    /([?&](?:token|reminder)=|\/update-card\/|\/get-help\/apply\/resume\/)[A-Za-z0-9_-]+/g,
    "$1(hidden once sent)",
  );

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString();

/**
 * An outcome is recorded only while the claim is still this round's (the claim's lapse
 * time is its mark): a send that outlasted its claim was taken over by another round,
 * whose record stands.
 */
function stillOurs<Query extends { where(column: "id" | "next_attempt_at", op: "=", value: string | number): Query }>(
  query: Query,
  claim: { id: number; next_attempt_at: string },
): Query {
  return query.where("id", "=", claim.id).where("next_attempt_at", "=", claim.next_attempt_at);
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

export async function deliverDueMail(
  send: SendMail,
  now: Date = new Date(),
  stopping: () => boolean = () => false,
): Promise<DeliveryRound> {
  const db = getDb();
  const claimed = await db
    .updateTable("outbound_mail")
    .set({ status: "sending", next_attempt_at: later(now, CLAIM_SECONDS) })
    .where("id", "in", (eb) =>
      claimableOnly(
        eb
          .selectFrom("outbound_mail")
          .select("id")
          .where("status", "in", ["pending", "sending"])
          .where("next_attempt_at", "<=", now.toISOString())
          .orderBy("next_attempt_at")
          .limit(BATCH),
      ),
    )
    .returningAll()
    .execute();

  const round: DeliveryRound = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const message of claimed) {
    // Stopping: the rest go back as they were, due at once, for the next start.
    if (stopping()) {
      await stillOurs(
        db.updateTable("outbound_mail").set({ status: "pending", next_attempt_at: now.toISOString() }),
        message,
      ).execute();
      continue;
    }
    // The claim is renewed for this message before it goes: a round slowed by the mail server
    // never sends a message whose claim lapsed and that another round has taken over.
    const renewed = await db
      .updateTable("outbound_mail")
      .set({ next_attempt_at: later(new Date(), CLAIM_SECONDS) })
      .where("id", "=", message.id)
      .where("next_attempt_at", "=", message.next_attempt_at)
      .where("status", "=", "sending")
      .returning("next_attempt_at")
      .executeTakeFirst();
    if (!renewed) continue;
    message.next_attempt_at = renewed.next_attempt_at;
    const attempts = message.attempts + 1;
    try {
      // An applicant's message is opened here, only to be sent (decision 169).
      const opened = openedMail(message);
      await send({
        to: opened.to,
        subject: message.subject,
        text: opened.text,
        html: opened.html,
        headers: JSON.parse(message.headers) as Record<string, string>,
        messageId: message.message_id,
      });
      const sent = db.updateTable("outbound_mail").set({
        status: "sent",
        attempts,
        sent_at: new Date().toISOString(),
        last_error: "",
        ...(KEYED_KINDS.has(message.kind)
          ? {
              ...storedMailParts(Boolean(message.sealed), message.message_id, {
                to: opened.to,
                text: withoutKeys(opened.text),
                html: withoutKeys(opened.html),
              }),
              headers: withoutKeys(message.headers),
            }
          : {}),
      });
      await stillOurs(sent, message).execute();
      round.sent += 1;
    } catch (error) {
      const wait = RETRY_WAITS_SECONDS[attempts - 1];
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const outcome = db.updateTable("outbound_mail").set(
        wait === undefined
          ? { status: "failed", attempts, last_error: lastError }
          : // From the failure, not the round's start: a slow outage must not shrink the waits.
            { status: "pending", attempts, last_error: lastError, next_attempt_at: later(new Date(), wait) },
      );
      await stillOurs(outcome, message).execute();
      if (wait === undefined) {
        round.failed += 1;
        // An applicant's address never reaches the log.
        const to = message.sealed ? "an applicant" : message.to_address;
        console.error(`Mail ${message.id} to ${to} failed for good after ${attempts} attempts: ${lastError}`);
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
 * the function that stops it: the message being sent is finished and recorded, the rest
 * of the round is put back, and the returned promise settles once that is done, so a
 * restart neither loses nor repeats a message.
 */
export function startMailDelivery(intervalMs = 5_000): () => Promise<void> {
  const send = smtpSender();
  if (!send) return async () => {};
  const stop = startBackgroundRounds({
    name: "Mail delivery",
    intervalMs,
    round: async (stopping) => (await deliverDueMail(send, new Date(), stopping)).claimed === BATCH,
  });
  return async () => {
    await stop();
    closeSmtpSender();
  };
}
