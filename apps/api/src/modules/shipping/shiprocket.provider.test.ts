import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeShiprocket } from '../../testing/fake-shiprocket';
import { pdfText } from '../../testing/pdf';
import { ShiprocketProvider } from './shiprocket.provider';
import type { ParcelOrder } from './shipping-provider';

const EMAIL = 'api-user@vanya.test';
const PASSWORD = 'sr-api-password-1';
const DAY_MS = 24 * 60 * 60 * 1000;

const PARCEL: ParcelOrder = {
  reference: 'VNY-482913',
  placedAt: new Date('2026-11-20T06:30:00.000Z'),
  customer: {
    firstName: 'Asha',
    lastName: 'Kulkarni',
    email: 'asha@example.in',
    phone: '9822045123',
    address: '12 Shivaji Nagar, Near Ganesh Mandir',
    city: 'Latur',
    state: 'Maharashtra',
    pinCode: '413512',
  },
  items: [
    {
      name: 'Body Butter',
      sku: 'Bodybutter',
      units: 1,
      unitPrice: 34900,
      gstRate: 18,
      hsn: '3304',
    },
    {
      name: 'Tan-Gone Soap',
      sku: 'TanGoneSoap',
      units: 1,
      unitPrice: 17900,
      gstRate: 5,
      hsn: '3401',
    },
  ],
  cod: true,
  collect: 57700,
  shipping: 0,
  codFee: 4900,
  discount: 0,
};

describe("Shiprocket's external API", () => {
  let fake: FakeShiprocket;
  let clock: number;
  let provider: ShiprocketProvider;

  beforeAll(async () => {
    fake = await new FakeShiprocket(EMAIL, PASSWORD).start();
    fake.now = () => clock;
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    clock = Date.parse('2026-11-28T04:00:00.000Z');
    provider = new ShiprocketProvider({
      email: EMAIL,
      password: PASSWORD,
      webhookToken: 'panel-token',
      apiUrl: fake.url,
      pickupLocation: 'Latur warehouse',
      parcel: { weightKg: 0.5, length: 20, breadth: 15, height: 10 },
      now: () => clock,
    });
  });

  it('books a parcel: the ad-hoc order (cash on delivery, the amount to collect), the AWB, the pickup and the label PDF; calls it off', async () => {
    const { providerOrderId, shipmentId } = await provider.createOrder(PARCEL);
    const sent = fake.calls('/orders/create/adhoc').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      order_id: 'VNY-482913',
      order_date: '2026-11-20 12:00',
      pickup_location: 'Latur warehouse',
      billing_customer_name: 'Asha',
      billing_pincode: 413512,
      billing_phone: 9822045123,
      shipping_is_billing: true,
      payment_method: 'COD',
      sub_total: 577,
      transaction_charges: 49,
      weight: 0.5,
      length: 20,
    });
    expect(sent.order_items).toEqual([
      {
        name: 'Body Butter',
        sku: 'Bodybutter',
        units: 1,
        selling_price: 349,
        tax: 18,
        hsn: '3304',
      },
      {
        name: 'Tan-Gone Soap',
        sku: 'TanGoneSoap',
        units: 1,
        selling_price: 179,
        tax: 5,
        hsn: '3401',
      },
    ]);
    expect(providerOrderId).toMatch(/^\d+$/);

    const { awb, courier } = await provider.assignAwb(shipmentId);
    expect(awb).toMatch(/^\d{12}$/);
    expect(courier).toBe('Delhivery Surface');
    await provider.requestPickup(shipmentId);
    const labelUrl = await provider.generateLabel([shipmentId]);
    const pdf = await provider.labelPdf(labelUrl, []);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain(awb);
    expect(provider.trackingUrl(awb)).toBe(`https://shiprocket.co/tracking/${awb}`);

    // A repeat with the same order number answers the first booking: no second parcel.
    expect(await provider.createOrder(PARCEL)).toEqual({ providerOrderId, shipmentId });

    // Called off before pickup (POST /orders/cancel with Shiprocket's order id).
    await provider.cancelOrder(providerOrderId);
    expect(fake.calls('/orders/cancel').at(-1)!.body).toEqual({ ids: [Number(providerOrderId)] });
    expect(fake.byAwb(awb)?.cancelled).toBe(true);
  });

  it("asks for several shipments' labels at once and gets one PDF with a page for each", async () => {
    const booked = [];
    for (const reference of ['VNY-700001', 'VNY-700002', 'VNY-700003']) {
      const { shipmentId } = await provider.createOrder({ ...PARCEL, reference });
      booked.push({ shipmentId, awb: (await provider.assignAwb(shipmentId)).awb });
    }
    const labelUrl = await provider.generateLabel(booked.map((b) => b.shipmentId));
    expect(fake.calls('/courier/generate/label').at(-1)!.body).toEqual({
      shipment_id: booked.map((b) => Number(b.shipmentId)),
    });
    const text = await pdfText(await provider.labelPdf(labelUrl, []));
    for (const { awb } of booked) expect(text).toContain(awb);
    expect(text.match(/TEST LABEL/g)).toHaveLength(3);
  });

  it('logs in once, keeps the token, and logs in again a day before it expires', async () => {
    const before = fake.calls('/auth/login').length;
    await provider.serviceability('413512', '411001');
    await provider.serviceability('413512', '560001');
    expect(fake.calls('/auth/login').length - before).toBe(1);
    const token = fake.calls('/courier/serviceability').at(-1)!.auth;
    expect(token).toMatch(/^Bearer ey/);

    clock += 8 * DAY_MS;
    await provider.serviceability('413512', '411001');
    expect(fake.calls('/auth/login').length - before).toBe(1);
    clock += 1 * DAY_MS + 1000;
    await provider.serviceability('413512', '411001');
    expect(fake.calls('/auth/login').length - before).toBe(2);
    expect(fake.calls('/courier/serviceability').at(-1)!.auth).not.toBe(token);
  });

  it('logs in again when a call answers 401 (a token revoked early), and calls once more', async () => {
    await provider.serviceability('413512', '411001');
    const logins = fake.calls('/auth/login').length;
    fake.revokeTokens();
    expect(await provider.serviceability('413512', '560001')).toEqual({
      serviceable: true,
      cod: true,
    });
    expect(fake.calls('/auth/login').length - logins).toBe(1);
  });

  it('reads serviceability and cash on delivery by PIN', async () => {
    fake.unserviceable.add('7441');
    fake.noCod.add('1940');
    expect(await provider.serviceability('413512', '411001')).toEqual({
      serviceable: true,
      cod: true,
    });
    expect(await provider.serviceability('413512', '194001')).toEqual({
      serviceable: true,
      cod: false,
    });
    expect(await provider.serviceability('413512', '744101')).toEqual({
      serviceable: false,
      cod: false,
    });
    const asked = new URL(`http://x${fake.calls('/courier/serviceability').at(-1)!.path}`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      pickup_postcode: '413512',
      delivery_postcode: '744101',
      cod: '0',
      weight: '0.5',
    });
  });

  it('tracks by AWB: each status id meant as picked up, out for delivery, delivered or RTO, each scan named by its time', async () => {
    const { shipmentId } = await provider.createOrder({ ...PARCEL, reference: 'VNY-100001' });
    const { awb } = await provider.assignAwb(shipmentId);
    // No scan yet (Shiprocket answers track_status 0 with its 'no activities' text): nothing to say.
    expect(await provider.track(awb)).toMatchObject({ kind: null, label: null });

    fake.scan(awb, 'picked_up');
    expect(await provider.track(awb)).toMatchObject({ kind: 'picked_up', label: 'PICKED UP' });
    fake.scan(awb, 'out_for_delivery');
    const first = await provider.track(awb);
    expect(first).toMatchObject({ kind: 'out_for_delivery', label: 'OUT FOR DELIVERY' });
    expect(await provider.track(awb)).toEqual(first);
    // Out for delivery again the next day is another scan.
    clock += DAY_MS;
    fake.scan(awb, 'out_for_delivery');
    expect((await provider.track(awb)).scanKey).not.toBe(first.scanKey);
    fake.scan(awb, 'delivered');
    expect(await provider.track(awb)).toMatchObject({ kind: 'delivered', label: 'DELIVERED' });
    fake.scan(awb, 'rto');
    expect(await provider.track(awb)).toMatchObject({ kind: 'rto', label: 'RTO INITIATED' });
  });

  it('answers a refusal with 502 and its reasons, and an outage with 503', async () => {
    const refused = await provider
      .createOrder({ ...PARCEL, customer: { ...PARCEL.customer, address: '' } })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 502, code: 'SHIPPING_REFUSED' });
    expect((refused as Error).message).toContain('The billing_address field is required.');

    fake.failNext = 503;
    await expect(provider.track('123')).rejects.toMatchObject({
      status: 503,
      code: 'SHIPPING_UNAVAILABLE',
    });
    const wrong = new ShiprocketProvider({
      email: EMAIL,
      password: 'not-it',
      webhookToken: '',
      apiUrl: fake.url,
      pickupLocation: 'Primary',
      parcel: { weightKg: 0.5, length: 20, breadth: 15, height: 10 },
    });
    await expect(wrong.track('123')).rejects.toMatchObject({ status: 502 });
  });
});
