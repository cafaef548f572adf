import { composeMail, type MailContent } from "./mail-layout";

/** Short notes to the staff (STAFF_NOTIFY_EMAIL) when someone writes or offers to help. */

export function newContactMessageMail(message: { name: string; email: string; message: string }, screenUrl: string): MailContent {
  return composeMail({
    subject: `New contact message from ${message.name}`,
    paragraphs: [`${message.name} (${message.email}) wrote through the contact form:`, message.message],
    action: { label: "Open Contacts", url: screenUrl },
    note: "You receive this because this address is set as STAFF_NOTIFY_EMAIL for the website.",
  });
}

export function newVolunteerMail(signup: { name: string; email: string; interest: string }, screenUrl: string): MailContent {
  return composeMail({
    subject: `New volunteer: ${signup.name} (${signup.interest})`,
    paragraphs: [`${signup.name} (${signup.email}) signed up to volunteer for ${signup.interest}.`],
    action: { label: "Open Volunteers", url: screenUrl },
    note: "You receive this because this address is set as STAFF_NOTIFY_EMAIL for the website.",
  });
}
