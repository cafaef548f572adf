import type { MailParts } from "~/mail/queue";

/**
 * The newsletter's mails. Every one sent to a subscriber (the welcome included) carries
 * the link to leave in its body and, as RFC 8058 asks, in List-Unsubscribe headers that
 * mail apps turn into a one-click button.
 */
export function confirmSubscriptionMail(confirmUrl: string): MailParts {
  return {
    subject: "Please confirm your subscription",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      "Someone (we hope you) asked to receive the foundation's news at this address: once a month, the families, orphans and communities your Zakat and Sadaqa reach.",
      "Please confirm with the button below. If you did not ask, ignore this message and you will hear nothing more from us.",
    ],
    action: { label: "Confirm my subscription", url: confirmUrl },
  };
}

export function welcomeMail(unsubscribeUrl: string): MailParts {
  return {
    subject: "Welcome to our newsletter",
    greeting: "Assalamu alaikum,",
    paragraphs: [
      "Your subscription is confirmed. Our next news will reach you here. Thank you for staying close to the work your giving makes possible.",
    ],
    unsubscribeUrl,
  };
}

export function newsletterIssueMail(subject: string, message: string, unsubscribeUrl: string): MailParts {
  return {
    subject,
    paragraphs: message
      .replace(/\r\n?/g, "\n")
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    note: "You receive this because you subscribed to our newsletter.",
    unsubscribeUrl,
  };
}

/** RFC 2369 and RFC 8058: a one-click unsubscribe link mail apps can press for the reader. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
