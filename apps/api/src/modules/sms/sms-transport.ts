import type { Logger } from '../../platform/logger';

export interface SmsMessage {
  to: string;
  text: string;
  at: Date;
}

export interface SmsTransport {
  send(to: string, text: string): Promise<void>;
}

/**
 * Development and tests: the message is written to the log and kept in memory, where tests read it.
 */
export class LogSmsTransport implements SmsTransport {
  readonly sent: SmsMessage[] = [];
  constructor(private readonly logger: Logger) {}

  async send(to: string, text: string): Promise<void> {
    this.sent.push({ to, text, at: new Date() });
    if (this.sent.length > 100) this.sent.shift();
    this.logger.info({ to }, `development SMS: ${text}`);
  }
}

/**
 * Production: POSTs `{ to, text }` as JSON to SMS_URL with `Authorization: Bearer SMS_API_KEY`, the
 * shape most Indian SMS gateways' HTTP APIs accept (or a small adapter in front of one).
 */
export class HttpSmsTransport implements SmsTransport {
  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(this.apiKey ? { Authorization: `Bearer ${this.apiKey}` } : {}),
      },
      body: JSON.stringify({ to: `+91${to}`, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
