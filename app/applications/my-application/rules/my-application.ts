import { z } from "~/shared/zod";
import type { MailParts } from "~/mail/queue";
import { requiredEmail } from "~/shared/schema-fields";

/** The /my-application sign-in form: an email, and a honeypot. */
export const applicantLinkRequestSchema = z.object({ email: requiredEmail(), website: z.string().optional() });

export const APPLICANT_LINK_MINUTES = 30;
/** At most this many links an hour for one address, whoever asks. */
export const APPLICANT_LINKS_PER_HOUR = 5;

/** The sign-in mail: its subject names nobody and nothing of an application. */
export function applicantLinkMail(link: string): MailParts {
  return {
    subject: "Your link to your application",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      "Someone (we hope you) asked to see the application for help sent from this email address. The button below opens it: where it stands, what we need from you, our messages and our decision.",
      `The link works once, within ${APPLICANT_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this message: nothing changes.`,
    ],
    action: { label: "See my application", url: link },
  };
}

/** What the page's withdraw confirmation and answers say. */
export const WITHDRAWN_NOTICE = "Your application is withdrawn. You are welcome to apply again at any time.";
