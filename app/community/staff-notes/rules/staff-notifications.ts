import type { MailParts } from "~/mail/queue";

/** Short notes to the staff (STAFF_NOTIFY_EMAIL) when someone writes or offers to help. */

/** What a visitor typed, fit for a subject line: one line, however it was sent. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function newContactMessageMail(
  message: { name: string; email: string; message: string },
  screenUrl: string,
): MailParts {
  return {
    subject: `New contact message from ${oneLine(message.name)}`,
    paragraphs: [`${message.name} (${message.email}) wrote through the contact form:`, message.message],
    action: { label: "Open Contacts", url: screenUrl },
    note: "You receive this because this address is set as STAFF_NOTIFY_EMAIL for the website.",
  };
}

export function newVolunteerMail(
  signup: { name: string; email: string; interest: string },
  screenUrl: string,
): MailParts {
  return {
    subject: `New volunteer: ${oneLine(signup.name)} (${signup.interest})`,
    paragraphs: [`${signup.name} (${signup.email}) signed up to volunteer for ${signup.interest}.`],
    action: { label: "Open Volunteers", url: screenUrl },
    note: "You receive this because this address is set as STAFF_NOTIFY_EMAIL for the website.",
  };
}
