import nodemailer from "nodemailer";
import { getEnv } from "./env.server";
import { organisation } from "./organisation.server";

/**
 * The SMTP connection mail leaves by (nodemailer), configured by SMTP_URL; none without
 * it. Kept for the life of the process, with timeouts so a silent server cannot hold a
 * delivery round for ever.
 */
export interface MailEnvelope {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export type SendMail = (envelope: MailEnvelope) => Promise<void>;

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
let transportUrl: string | undefined;

/** The address mail comes from: MAIL_FROM, or the foundation's own (ORG_LEGAL_NAME, ORG_EMAIL). */
export function mailFrom(): string {
  const { legalName, email } = organisation();
  return getEnv().MAIL_FROM ?? `"${legalName.replace(/["\\\r\n]/g, "")}" <${email}>`;
}

/** A sender for the configured SMTP server, or null when mail stays on this machine. */
export function smtpSender(): SendMail | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (!transport || transportUrl !== url) {
    transport?.close();
    // With a password, plain smtp:// must upgrade to TLS (STARTTLS) rather than send it in clear,
    // unless the server is this machine.
    const parsed = new URL(url);
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
    transport = nodemailer.createTransport({
      url,
      requireTLS: parsed.protocol === "smtp:" && Boolean(parsed.username) && !local,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    transportUrl = url;
  }
  const current = transport;
  return async (envelope) => {
    await current.sendMail({
      from: mailFrom(),
      to: envelope.to,
      subject: envelope.subject,
      text: envelope.text,
      html: envelope.html,
      headers: envelope.headers,
      messageId: envelope.messageId,
    });
  };
}

/** Closes the SMTP connection (shutdown, tests). */
export function closeSmtpSender(): void {
  transport?.close();
  transport = undefined;
  transportUrl = undefined;
}
