import type { Organisation } from "~/shared/foundation";

/**
 * Every email the foundation sends, as HTML with a plain-text part that says the same:
 * a greeting, paragraphs, an optional button (a link in the text part), and a footer
 * with the foundation's legal name, postal address and contact email (the ORG_*
 * settings, the same the receipts name). Text is escaped: nothing a donor or
 * visitor typed can become markup in a mail.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailParts {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown small under the body (why this mail was sent). */
  note?: string;
  /** A newsletter's one-click way to leave, as a link in the footer. */
  unsubscribeUrl?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The note is the foundation's own words (never a visitor's), so an address in it, such
 * as My giving's, becomes a link in the HTML part as it is in a mail app's plain text.
 */
function linkAddresses(escaped: string): string {
  // A sentence's closing punctuation after an address is not part of it.
  return escaped.replace(
    /https?:\/\/[^\s<]*[^\s<.,;:)]/g,
    (url) => `<a href="${url}" style="color:#047857">${url}</a>`,
  );
}

/** Who signs every mail. */
export type MailSender = Pick<Organisation, "legalName" | "address" | "email">;

export function composeMail(parts: MailParts, sender: MailSender): MailContent {
  const FOOTER = [sender.legalName, sender.address, sender.email];
  const text = [
    parts.greeting,
    ...parts.paragraphs,
    parts.action ? `${parts.action.label}: ${parts.action.url}` : undefined,
    parts.note,
    parts.unsubscribeUrl ? `Unsubscribe in one click: ${parts.unsubscribeUrl}` : undefined,
    ["--", ...FOOTER].join("\n"),
  ]
    .filter((block): block is string => Boolean(block))
    .join("\n\n");

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content).replace(/\n/g, "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#065f46;color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-weight:bold;font-size:18px">${escapeHtml(sender.legalName)}</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 12px 12px">
${parts.greeting ? paragraph(parts.greeting) : ""}${parts.paragraphs.map(paragraph).join("\n")}
${
  parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#047857;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`
    : ""
}${parts.note ? `<p style="margin:16px 0 0;font-size:13px;color:#64748b">${linkAddresses(escapeHtml(parts.note))}</p>` : ""}
</div>
<p style="font-size:12px;color:#64748b;line-height:1.5;margin:16px 8px">${FOOTER.map(escapeHtml).join("<br>")}${
    parts.unsubscribeUrl
      ? `<br><a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#047857">Unsubscribe in one click</a>`
      : ""
  }</p>
</div></body></html>`;
  return { subject: parts.subject, text, html };
}
