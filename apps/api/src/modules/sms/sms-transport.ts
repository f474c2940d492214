import type { Logger } from '../../platform/logger';

/**
 * How the gateway delivers a message: 'sms', or 'whatsapp' for the order updates of a shopper who
 * chose it at checkout. The gateway's body names it, so the provider (or an adapter in front of
 * one) routes it without guessing; codes always go by SMS.
 */
export type SmsChannel = 'sms' | 'whatsapp';

export interface SmsMessage {
  to: string;
  text: string;
  channel: SmsChannel;
  at: Date;
}

export interface SmsTransport {
  send(to: string, text: string, channel?: SmsChannel): Promise<void>;
}

/**
 * Development and tests: the message is written to the log and kept in memory, where tests read it.
 */
export class LogSmsTransport implements SmsTransport {
  readonly sent: SmsMessage[] = [];
  constructor(private readonly logger: Logger) {}

  async send(to: string, text: string, channel: SmsChannel = 'sms'): Promise<void> {
    this.sent.push({ to, text, channel, at: new Date() });
    if (this.sent.length > 100) this.sent.shift();
    this.logger.info({ to }, `development SMS: ${text}`);
  }
}

/**
 * Production: POSTs `{ to, text, channel }` as JSON to SMS_URL with `Authorization: Bearer SMS_API_KEY`, the
 * shape most Indian SMS gateways' HTTP APIs accept (or a small adapter in front of one).
 */
export class HttpSmsTransport implements SmsTransport {
  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async send(to: string, text: string, channel: SmsChannel = 'sms'): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.apiKey ? { Authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({ to: `+91${to}`, text, channel }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
