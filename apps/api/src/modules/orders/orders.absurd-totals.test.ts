import { SHOP_MESSAGES } from '@vanya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../testing/accounts';
import { orderBody, placeOrder } from '../../testing/orders';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

describe('POST /api/orders with an absurd total_amount', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    ({ token } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it.each([
    // Just past Number.MAX_SAFE_INTEGER paise: these were a 500 from the rupee conversion.
    ['a number near 9e13 rupees', 90071992547409.98, SHOP_MESSAGES.totalAmountTooLarge],
    ['a string near 9e13 rupees', '90071992547409.99', SHOP_MESSAGES.totalAmountTooLarge],
    ['a twenty-digit string', '99999999999999999999.00', SHOP_MESSAGES.totalAmountTooLarge],
    ['one paisa over the cap', '1000000.01', SHOP_MESSAGES.totalAmountTooLarge],
    ['a negative number', -1, SHOP_MESSAGES.totalAmount],
  ])('answers %s with 400 VALIDATION_ERROR naming total_amount', async (_what, total, message) => {
    const res = await placeOrder(
      t,
      token,
      orderBody(undefined, 'Maharashtra', { total_amount: total }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', msg: message, message });
    expect(res.body.issues).toContainEqual(
      expect.objectContaining({ path: ['data', 'total_amount'], message }),
    );
  });

  it('still compares a total under the cap with the catalogue (409, not 400)', async () => {
    const res = await placeOrder(
      t,
      token,
      orderBody(undefined, 'Maharashtra', { total_amount: '1000000.00' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOTAL_MISMATCH');
  });
});
