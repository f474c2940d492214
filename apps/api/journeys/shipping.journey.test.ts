import { describe, expect, it } from 'vitest';
import { orderBody } from '../src/testing/orders';
import { OWNER_EMAIL, signUp, useBuiltApi, verifyBody } from './support/built-api';
import type { Shopper } from './support/built-api';

// The courier from outside: the built API in production mode, configured with a Shiprocket API
// user and webhook token, talking to a local server speaking Shiprocket's protocol. The owner
// books a packed order, and the courier's scans arrive as its webhook sends them (the token in
// x-api-key). A lost webhook is repaired by the polling job, which the integration tests drive.

describe('parcels booked with Shiprocket, against the built API', () => {
  const t = useBuiltApi();
  let owner: Shopper;
  const ownerToken = async () => {
    owner ??= await signUp(t.stack, t.api, 'Meera Deshmukh', OWNER_EMAIL);
    return owner.token;
  };

  async function packedOrder(shopper: Shopper) {
    const placed = await t.api.post(
      '/api/orders',
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
      shopper.token,
    );
    expect(placed.status).toBe(201);
    const { order, payment } = placed.body;
    const paid = t.stack.razorpay.capture(payment.providerOrderId);
    await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, paid.id, t.stack.keys.keySecret),
    );
    const packed = await t.api.post(
      `/api/admin/orders/${order._id}/status`,
      { status: 'packed' },
      await ownerToken(),
    );
    expect(packed.status).toBe(200);
    return order as { _id: string; orderNumber: string };
  }

  const webhook = (awb: string, token: string | null = t.stack.shiprocketWebhookToken) =>
    t.api.post(
      '/api/shipping/webhook',
      t.stack.shiprocket.webhookBody(awb),
      undefined,
      token ? { 'x-api-key': token } : {},
    );

  it('books once, serves the label, and moves the order on the courier’s scans read back from it', async () => {
    const order = await packedOrder(t.asha);
    const token = await ownerToken();
    const [first, second] = await Promise.all([
      t.api.post(`/api/admin/orders/${order._id}/shipment`, {}, token),
      t.api.post(`/api/admin/orders/${order._id}/shipment`, {}, token),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const { awb, trackingUrl, labelUrl } = first.body;
    expect(
      t.stack.shiprocket.shipments.filter((s) => s.channelOrderId === order.orderNumber),
    ).toHaveLength(1);

    const label = await t.api.get(labelUrl, token);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect((label.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    t.stack.shiprocket.scan(awb, 'picked_up');
    expect((await webhook(awb, null)).status).toBe(401);
    expect((await webhook(awb, 'a-guess')).status).toBe(401);
    expect((await t.api.get(`/api/orders/${order._id}`, t.asha.token)).body.status).toBe('packed');

    expect((await webhook(awb)).body).toEqual({ ok: true });
    const shipped = await t.api.get(`/api/orders/${order._id}`, t.asha.token);
    expect(shipped.body.status).toBe('shipped');
    expect(shipped.body.events.at(-1)).toMatchObject({
      status: 'shipped',
      by: 'system',
      trackingNumber: awb,
      trackingUrl,
    });
    const mail = await t.stack.smtp.waitFor(
      t.asha.email,
      new RegExp(`${order.orderNumber} has shipped`),
    );
    expect(mail.text).toContain(trackingUrl);

    t.stack.shiprocket.scan(awb, 'out_for_delivery');
    await webhook(awb);
    await webhook(awb);
    t.stack.shiprocket.scan(awb, 'delivered');
    await Promise.all([webhook(awb), webhook(awb)]);
    const delivered = await t.api.get(`/api/orders/${order._id}`, t.asha.token);
    expect(delivered.body.status).toBe('delivered');
    expect(
      delivered.body.events.map((e: { status: string; scan?: string }) => e.scan ?? e.status),
    ).toEqual(['pending_payment', 'paid', 'packed', 'shipped', 'out_for_delivery', 'delivered']);
  });

  it('answers a PIN from the courier: not served, or served without cash on delivery', async () => {
    t.stack.shiprocket.unserviceable.add('7441');
    t.stack.shiprocket.noCod.add('1900');
    expect((await t.api.get('/api/pincodes/744101')).body).toMatchObject({
      serviceable: false,
      cod: false,
    });
    expect((await t.api.get('/api/pincodes/190001')).body).toMatchObject({
      serviceable: true,
      cod: false,
    });
    expect((await t.api.get('/api/pincodes/413512')).body).toMatchObject({
      serviceable: true,
      cod: true,
    });
  });

  it('does not offer the test courier’s scans in production', async () => {
    const res = await t.api.post('/api/shipping/test/advance', {
      awb: 'TEST0000000000001',
      status: 'delivered',
    });
    expect(res.status).toBe(404);
  });
});
