import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../testing/accounts';
import { orderBody, placePaidOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import type { LogSmsTransport } from '../sms/sms-transport';

describe('order texts by SMS, or by WhatsApp when the shopper chose it', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let shopper: { token: string; email: string };
  const texts = (orderNumber: string) =>
    (t.services.sms as LogSmsTransport).sent.filter((m) => m.text.includes(orderNumber));

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    shopper = await signUpVerified(t, sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('texts the confirmation by WhatsApp to a shopper who ticked it, by SMS to one who did not', async () => {
    const chose = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email, whatsapp: true }),
    );
    const plain = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    expect(texts(chose.order.orderNumber).map((m) => m.channel)).toEqual(['whatsapp']);
    expect(texts(plain.order.orderNumber).map((m) => m.channel)).toEqual(['sms']);
    expect(texts(chose.order.orderNumber)[0]!.text).toContain('is confirmed');
  });
});
