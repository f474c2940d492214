import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { SmtpSink } from '../../testing/smtp-sink';
import { createMailer } from './mailer';

describe('the SMTP mailer', () => {
  let sink: SmtpSink;
  const lines: string[] = [];
  beforeAll(async () => {
    sink = await new SmtpSink().start();
  });
  afterAll(() => sink.stop());

  const mailer = () =>
    createMailer({
      smtpUrl: sink.url,
      mailFrom: 'Vanya Naturals <no-reply@vanyanaturals.in>',
      mailDir: '/nonexistent',
      logger: createLogger(
        { logLevel: 'info', logPretty: false },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      ),
    });
  const message = (to: string) => ({
    to,
    subject: 'Your login code: 123456',
    text: '123456',
    html: '<p>123456</p>',
  });

  it('answers 400 EMAIL_UNDELIVERABLE when the server refuses the recipient for good', async () => {
    // 254 characters: valid by the usual rules, but over the path SMTP allows (the server says 501).
    const tooLong = `0@${'0'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(60)}`;
    expect(tooLong).toHaveLength(254);
    await expect(mailer().send(message(tooLong))).rejects.toMatchObject({
      status: 400,
      code: 'EMAIL_UNDELIVERABLE',
    });
  });

  it('answers 503 MAIL_UNAVAILABLE when the server fails, and logs the subject without its code', async () => {
    sink.refuse = true;
    await expect(mailer().send(message('asha@example.in'))).rejects.toMatchObject({
      status: 503,
      code: 'MAIL_UNAVAILABLE',
    });
    sink.refuse = false;
    const logged = lines.filter((l) => l.includes('mail not sent')).map((l) => JSON.parse(l));
    expect(logged.at(-1)).toMatchObject({ subject: 'Your login code: [redacted]' });
    expect(lines.join('')).not.toContain('123456');
  });
});
