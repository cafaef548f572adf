import type { MailParts } from "~/mail/queue";
import { formatBothCalendars } from "~/shared/hijri";
import { CONFIRM_LINK_DAYS } from "./zakat-reminders";

/**
 * The Zakat reminder's mails: the confirmation that asks its owner to agree (double
 * opt-in), and the yearly reminder itself, which always carries the one-click way to stop.
 */
export function confirmZakatReminderMail(confirmUrl: string, dueOn: string): MailParts {
  return {
    subject: "Please confirm your Zakat reminder",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `Someone (we hope you) worked out their Zakat on our calculator and asked us to write to this address when it is due again: on ${formatBothCalendars(dueOn)}, a lunar year on.`,
      `Please confirm with the button below within ${CONFIRM_LINK_DAYS} days. If you did not ask, ignore this message and you will hear nothing more from us.`,
    ],
    action: { label: "Confirm my reminder", url: confirmUrl },
  };
}

export interface ZakatReminderMail {
  dueOn: string;
  /** The calculator, with last year's figures behind a key only when the donor kept them. */
  calculatorUrl: string;
  figuresKept: boolean;
  stopUrl: string;
}

export function zakatReminderMail({ dueOn, calculatorUrl, figuresKept, stopUrl }: ZakatReminderMail): MailParts {
  return {
    subject: "Your Zakat is due again soon",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `A lunar year after your last calculation, your Zakat is due again on ${formatBothCalendars(dueOn)}.`,
      figuresKept
        ? "The button below opens our calculator with the figures you kept last year: bring them up to date with what you hold today, and today's gold and silver prices are filled in for you."
        : "The button below opens our calculator: enter what you hold today, and today's gold and silver prices are filled in for you.",
      "May Allah accept it from you and bless what remains.",
    ],
    action: { label: "Work out my Zakat", url: calculatorUrl },
    // In the note, the address becomes a link in the HTML part as in the plain text.
    note: `You receive this because you asked for a yearly Zakat reminder; we will remind you again next year. To stop these reminders, one click: ${stopUrl}`,
  };
}

/** RFC 2369 and RFC 8058: the one-click stop that mail apps offer as their own button. */
export function stopReminderHeaders(oneClickUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
