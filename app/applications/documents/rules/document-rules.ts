import type { MailParts } from "~/mail/queue";

/**
 * What a family may upload against a request for documents, and when the background round
 * reminds them and lets the case lapse. Pure: shared by the upload form, the service and
 * the round.
 */

/** The largest document a family may upload (the request limits read it too). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What the file input accepts; the server checks the file's own bytes, whatever it is called. */
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export type DocumentFormat = "pdf" | "jpeg" | "png";

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
};

export const DOCUMENT_EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

export const WRONG_KIND_MESSAGE = "Please upload a PDF, or a photo as JPEG or PNG";

/** What staff asked for, as it is sealed in `request_sealed`. */
export interface DocumentRequestText {
  what: string;
  why: string;
}

/** The reminder goes this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 2;
/** A case lapses no sooner than this many days after its reminder, even when the reminder went late. */
export const DAYS_AFTER_REMINDER = 2;

/** `day` ('YYYY-MM-DD') moved by `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last due date a reminder is sent for today: two days ahead. */
export function reminderHorizon(today: string): string {
  return addDays(today, REMINDER_DAYS_BEFORE);
}

/**
 * Whether an unfulfilled request lets its case lapse today: its due date has passed, and
 * its reminder went out at least two days ago (a reminder sent late, after a restart,
 * still gives the family two days).
 */
export function lapsesToday(request: { due_on: string; reminded_on: string | null }, today: string): boolean {
  if (!request.reminded_on) return false;
  return today > request.due_on && today >= addDays(request.reminded_on, DAYS_AFTER_REMINDER);
}

/**
 * The same rule for a query: a reminder's `reminded_at` (ISO, UTC) before this lets its case
 * lapse today (its day is at least DAYS_AFTER_REMINDER days ago).
 */
export function remindedBefore(today: string): string {
  return addDays(today, 1 - DAYS_AFTER_REMINDER);
}

/** "March 15, 2027": a due date in words, as the site writes dates (kept as days, with no time zone). */
export function formatDueDate(day: string): string {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The reminder two days before a due date; the subject names no one and nothing of the case. */
export function documentReminderMail(input: {
  ref: string;
  dueOn: string;
  what: string[];
  pageUrl: string;
}): MailParts {
  return {
    subject: "A reminder about your application",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `For your application ${input.ref} we are still waiting for: ${input.what.join("; ")}.`,
      `Please upload it by ${formatDueDate(input.dueOn)} from your page. If it has not arrived by then, the application will lapse and you would need to apply again.`,
      "If you cannot get it in time, reply to this message before that date and tell us: your case worker can give you a later date.",
    ],
    action: { label: "Open my application", url: input.pageUrl },
  };
}

/** Staff moved a request's due date; the subject names no one and nothing of the case. */
export function documentDateMovedMail(input: { ref: string; dueOn: string; what: string; pageUrl: string }): MailParts {
  return {
    subject: "A new date for your documents",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `For your application ${input.ref}, you now have until ${formatDueDate(input.dueOn)} to send: ${input.what}.`,
      "You can upload it from your page. We will remind you again shortly before the date.",
    ],
    action: { label: "Open my application", url: input.pageUrl },
  };
}

/** The case lapsed: the documents did not arrive after the reminder. */
export function applicationLapsedMail(input: { ref: string; pageUrl: string }): MailParts {
  return {
    subject: "Your application has lapsed",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      `The documents we asked for for your application ${input.ref} did not arrive by the date we gave, so the application has lapsed.`,
      "You are welcome to apply again at any time. If something kept you from sending them, reply to this message and tell us.",
    ],
    action: { label: "See my application", url: input.pageUrl },
  };
}
