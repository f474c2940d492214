import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { AppError } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * A fixed Message-ID for a mail that may be sent again after a crash (the order confirmation):
   * mail clients show two messages with one Message-ID as one.
   */
  messageId?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Sends, or throws an AppError: 400 EMAIL_UNDELIVERABLE when the mail server refuses the
   * recipient for good, else 503 MAIL_UNAVAILABLE. Never reports success for mail that did not leave.
   */
  send(message: MailMessage): Promise<void>;
}

export const MAIL_UNAVAILABLE_MESSAGE =
  'We could not send the email right now. Please try again in a few minutes.';

export const EMAIL_UNDELIVERABLE_MESSAGE =
  'We cannot send email to this address. Please check it, or use another.';

/**
 * The mail server refused the recipient for good (a 5xx reply to RCPT TO: an address it will
 * never take, such as one longer than SMTP allows): the address is at fault, not the server, and
 * trying again will not help.
 */
function recipientRefused(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number };
  return e?.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set. Otherwise development mail: each message is written to the log (so
 * links and codes are readable) and kept as an .eml file under .data/mail.
 */
export function createMailer({ smtpUrl, mailFrom, mailDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: mailFrom, ...message });
        } catch (err) {
          // Subjects of code mails carry the code: the log gets the subject without its digits.
          logger.error(
            { err, to: message.to, subject: message.subject.replace(/\d{4,}/g, '[redacted]') },
            'mail not sent',
          );
          if (recipientRefused(err))
            throw new AppError(400, 'EMAIL_UNDELIVERABLE', EMAIL_UNDELIVERABLE_MESSAGE);
          throw new AppError(503, 'MAIL_UNAVAILABLE', MAIL_UNAVAILABLE_MESSAGE);
        }
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: mailFrom, ...message });
        mkdirSync(mailDir, { recursive: true });
        const slug = message.subject
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 40);
        const file = path.join(
          mailDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug}.eml`,
        );
        writeFileSync(file, info.message as Buffer);
        logger.info(
          { to: message.to, subject: message.subject, file },
          `development mail:\n${message.text}`,
        );
      } catch (err) {
        logger.error({ err }, 'development mail not written');
        throw new AppError(503, 'MAIL_UNAVAILABLE', MAIL_UNAVAILABLE_MESSAGE);
      }
    },
  };
}
