import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server (the smtp-server package) on a free loopback port. The API sends to it over
 * SMTP exactly as it would to a provider; tests read what arrived.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer;
  private waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] =
    [];
  /** When set, the server refuses every message (a provider outage). */
  refuse = false;
  /** Runs when a message has arrived, before the server acknowledges it (a crash at that moment). */
  beforeAccept: ((mail: ReceivedMail) => Promise<void>) | undefined;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuse) {
          stream.resume();
          stream.on('end', () =>
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
          );
          return;
        }
        simpleParser(stream)
          .then(async (parsed) => {
            const to = (
              Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []
            ).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
            const mail: ReceivedMail = {
              to,
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              parsed,
            };
            await this.beforeAccept?.(mail);
            this.received.push(mail);
            const waiter = this.waiters.find((w) => w.match(mail));
            if (waiter) {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    // A sender killed mid-message (the chaos suite kills the API) resets its connection.
    this.server.on('error', () => undefined);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The oldest mail to `to` (optionally whose subject matches) not yet returned, waiting up to `timeoutMs`. */
  waitFor(to: string, subject?: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
    const match = (m: ReceivedMail) =>
      !this.claimed.has(m) &&
      m.to.includes(to.toLowerCase()) &&
      (!subject || subject.test(m.subject));
    const already = this.received.find(match);
    if (already) {
      this.claimed.add(already);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.claimed.add(m);
          resolve(m);
        },
      });
    });
  }

  private claimed = new Set<ReceivedMail>();
}

/** The first 6-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No 6-digit code in mail '${mail.subject}'`);
  return match[1]!;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s>"]+`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in mail '${mail.subject}'`);
  return match[0];
}
