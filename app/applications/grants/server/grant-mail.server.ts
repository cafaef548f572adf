import { APPLICANT_PAGE_PATH } from "~/applications/records";
import { applicantOf } from "~/applications/records/index.server";
import { configuredSiteUrl } from "~/lib/site-url.server";
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
export const CLOSING_SUBJECT = "Your application is closed";

/** The mail's button to the family's own page, where they see the decision and what was paid. */
const yourPage = () => ({ label: "Go to your page", url: `${configuredSiteUrl()}${APPLICANT_PAGE_PATH}` });

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
    action: yourPage(),
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
    action: yourPage(),
    dedupeKey: `application-payment:${paymentId}`,
    personal: true,
  });
}

/**
 * An approved grant closed before it was paid in full: the family is told it is closed, what
 * was paid (if anything) and that nothing more will be; once, by the case's dedupe key. The
 * staff's reason stays with the case.
 */
export async function queueClosingMail(trx: DB, row: ApplicationRow): Promise<void> {
  const applicant = applicantOf(row);
  if (!applicant) return;
  const paid = Number(row.paid_cents);
  await queueMail(trx, {
    kind: "application-closed",
    to: applicant.email,
    subject: CLOSING_SUBJECT,
    greeting: `Assalamu alaikum ${applicant.name},`,
    paragraphs: [
      `The grant approved for your application ${row.ref} has been closed.`,
      paid > 0
        ? `We paid ${formatExactCents(paid)} of it in all; no further payments will be made.`
        : "No payment was made from it, and none will be made now.",
      "If you have a question about this, please reply to this email. If your circumstances change, you are welcome to apply again.",
    ],
    action: yourPage(),
    dedupeKey: `application-closed:${row.ref}`,
    personal: true,
  });
}
