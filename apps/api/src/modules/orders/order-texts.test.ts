import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, placePaidOrder } from '../../testing/orders';
import { startShopperApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import type { TestApp } from '../../testing/test-app';
import type { LogSmsTransport } from '../sms/sms-transport';

describe('order texts by SMS, or by WhatsApp when the shopper chose it', () => {
  let t: TestApp;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const texts = (orderNumber: string) =>
    (t.services.sms as LogSmsTransport).sent.filter((m) => m.text.includes(orderNumber));

  beforeAll(async () => {
    ({ t, shopper, close } = await startShopperApp());
  });
  afterAll(() => close());

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
