import { applicantOf } from "~/applications/records/index.server";
import { queueMail } from "~/mail/queue/index.server";
import { formatExactCents } from "~/shared/money";
import type { DB } from "~/lib/db.server";
import type { ApplicationRow } from "../../../../db/schema";

/**
 * The family's mails about their grant (issue 31, point 7): the decision and each payment,
 * each once (by its dedupe key), sealed in the queue (`personal`). A subject never carries a
 * name, an amount or the family's circumstances: those are in the body alone.
 */
export const DECISION_SUBJECT = "A decision on your application";
export const PAYMENT_SUBJECT = "A payment on your application";

export async function queueDecisionMail(
  trx: DB,
  row: ApplicationRow,
  outcome: "approved" | "declined",
  reason = "",
): Promise<void> {
  const applicant = applicantOf(row);
  if (!applicant) return;
  const paragraphs =
    outcome === "approved"
      ? [
          `Your application ${row.ref} has been approved.`,
          "We will write to you again each time a payment is made. You can see your application, and what has been paid, on your application's page.",
        ]
      : [
          `We are sorry: we could not help with your application ${row.ref} this time.`,
          `The reason: ${reason}`,
          "If your circumstances change, you are welcome to apply again.",
        ];
  await queueMail(trx, {
    kind: "application-decision",
    to: applicant.email,
    subject: DECISION_SUBJECT,
    greeting: `Assalamu alaikum ${applicant.name},`,
    paragraphs,
    dedupeKey: `application-decision:${row.ref}`,
    personal: true,
  });
}

export async function queuePaymentMail(trx: DB, row: ApplicationRow, paymentId: number): Promise<void> {
  const applicant = applicantOf(row);
  if (!applicant) return;
  const payment = await trx
    .selectFrom("application_payments")
    .select(["amount_cents", "method", "paid_on"])
    .where("id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const how =
    payment.method === "third_party"
      ? "It was paid on your behalf to the person or company it is owed to."
      : payment.method === "in_kind"
        ? "It was given in kind."
        : "It was sent to you by bank transfer; it may take a few days to reach your account.";
  await queueMail(trx, {
    kind: "application-payment",
    to: applicant.email,
    subject: PAYMENT_SUBJECT,
    greeting: `Assalamu alaikum ${applicant.name},`,
    paragraphs: [
      `We have paid ${formatExactCents(Number(payment.amount_cents))} of the help for your application ${row.ref}, on ${payment.paid_on}.`,
      how,
    ],
    dedupeKey: `application-payment:${paymentId}`,
    personal: true,
  });
}
