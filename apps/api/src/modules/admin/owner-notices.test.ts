import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { orderBody, placePaidOrder } from '../../testing/orders';
import { startOwnerApp } from '../../testing/owner-app';
import type { TestAccount } from '../../testing/owner-app';
import { startSmsGateway } from '../../testing/sms-gateway';
import type { SmsGateway } from '../../testing/sms-gateway';
import type { SmtpSink } from '../../testing/smtp-sink';
import type { TestApp } from '../../testing/test-app';

const OWNER_EMAIL = 'owner.notices@vanyanaturals.in';

describe('mails to the owners about what waits for them', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const toOwner = (subject: RegExp) =>
    sink.received.filter((m) => m.to.includes(OWNER_EMAIL) && subject.test(m.subject));

  beforeAll(async () => {
    ({ t, sink, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL));
  });
  afterAll(() => close());

  const settings = (body?: object, token = owner) =>
    body
      ? request(t.app).put('/api/admin/settings/notifications').set(bearer(token)).send(body)
      : request(t.app).get('/api/admin/settings/notifications').set(bearer(token));

  it('tells the owners of a new paid order once, and not once they turn it off', async () => {
    expect((await settings()).body).toEqual({
      newOrder: true,
      returnRequest: true,
      ticket: true,
      lowStock: true,
      smsPhone: '',
      sms: false,
    });
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    const mail = await sink.waitFor(OWNER_EMAIL, new RegExp(`New order ${order.orderNumber}`));
    expect(mail.text).toContain('/admin?tab=orders&status=to_dispatch');
    await t.services.lifecycle.finish(await t.services.lifecycle.read(order._id).then((o) => o!));
    await t.services.idle();
    expect(toOwner(new RegExp(order.orderNumber))).toHaveLength(1);

    const off = await settings({
      newOrder: false,
      returnRequest: true,
      ticket: true,
      lowStock: true,
      smsPhone: '',
      sms: false,
    });
    expect(off.body.newOrder).toBe(false);
    const second = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    expect(toOwner(new RegExp(second.order.orderNumber))).toHaveLength(0);
  });

  it('tells them of a ticket opened, and keeps the settings to the owners', async () => {
    const form = await request(t.app)
      .post('/api/tickets')
      .set(bearer(shopper.token))
      .field('message', 'My parcel arrived with a cracked jar.');
    expect(form.status).toBe(201);
    await t.services.idle();
    const mail = await sink.waitFor(OWNER_EMAIL, /opened a support ticket/);
    expect(mail.text).toContain('cracked jar');
    expect((await settings(undefined, shopper.token)).status).toBe(403);

    // The shop answers; the shopper answers back in the thread (the owners are told), then closes it.
    const id = form.body.id as string;
    await request(t.app)
      .post(`/api/admin/tickets/${id}/replies`)
      .set(bearer(owner))
      .send({ message: 'Sorry! A new jar is on its way.' })
      .expect(201);
    const answered = await request(t.app)
      .post(`/api/tickets/${id}/replies`)
      .set(bearer(shopper.token))
      .send({ message: 'Thank you, it arrived today.' });
    expect(answered.status).toBe(200);
    expect(answered.body.replies.map((r: { by: string }) => r.by)).toEqual(['owner', 'shopper']);
    await t.services.idle();
    expect((await sink.waitFor(OWNER_EMAIL, /answered on a support ticket/)).text).toContain(
      'it arrived today',
    );
    const stranger = await signUpVerified(t, sink);
    await request(t.app)
      .post(`/api/tickets/${id}/replies`)
      .set(bearer(stranger.token))
      .send({ message: 'Hello?' })
      .expect(404);
    const closed = await request(t.app).post(`/api/tickets/${id}/close`).set(bearer(shopper.token));
    expect(closed.body.status).toBe('closed');
    const late = await request(t.app)
      .post(`/api/tickets/${id}/replies`)
      .set(bearer(shopper.token))
      .send({ message: 'One more thing' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('TICKET_CLOSED');
    expect((await settings({ newOrder: 'yes' })).status).toBe(400);
  });
});

describe('the same notices by SMS to the owner, when set up', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let gateway: SmsGateway;
  let owner: string;
  let shopper: TestAccount;
  let close: () => Promise<void>;
  const OWNER_PHONE = '9822011223';
  const on = { newOrder: true, returnRequest: true, ticket: true, lowStock: true };
  const toOwner = (orderNumber: string) =>
    gateway.received.filter((m) => m.to === `+91${OWNER_PHONE}` && m.text.includes(orderNumber));
  const save = (body: object) =>
    request(t.app).put('/api/admin/settings/notifications').set(bearer(owner)).send(body);
  const newOrder = async () => {
    const { order } = await placePaidOrder(
      t,
      shopper.token,
      orderBody(undefined, 'Maharashtra', { email: shopper.email }),
    );
    await t.services.idle();
    // Told again (as a recovery job would): still one text.
    await t.services.lifecycle.finish(await t.services.lifecycle.read(order._id).then((o) => o!));
    await t.services.idle();
    return order.orderNumber as string;
  };

  beforeAll(async () => {
    gateway = await startSmsGateway();
    ({ t, sink, owner, shopper, close } = await startOwnerApp(OWNER_EMAIL, {
      env: { SMS_URL: gateway.url },
    }));
  });
  afterAll(async () => {
    await close();
    await gateway.close();
  });

  it('texts the owner of a new order once, and stops when texts are switched off', async () => {
    const saved = await save({ ...on, smsPhone: ` ${OWNER_PHONE} `, sms: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...on, smsPhone: OWNER_PHONE, sms: true });

    const first = await newOrder();
    const texts = toOwner(first);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.channel).toBe('sms');
    expect(texts[0]!.text).toMatch(/new order .*paid/);
    expect(texts[0]!.text).toContain('/admin?tab=orders&status=to_dispatch');
    // The mail still goes beside it.
    await sink.waitFor(OWNER_EMAIL, new RegExp(`New order ${first}`));

    // Texts off (the number kept): the mail goes, no text.
    expect((await save({ ...on, smsPhone: OWNER_PHONE, sms: false })).body.sms).toBe(false);
    const second = await newOrder();
    await sink.waitFor(OWNER_EMAIL, new RegExp(`New order ${second}`));
    expect(toOwner(second)).toHaveLength(0);

    // Texts on, but the new-order notice off: nothing by either.
    await save({ ...on, newOrder: false, smsPhone: OWNER_PHONE, sms: true });
    const third = await newOrder();
    expect(toOwner(third)).toHaveLength(0);
  });

  it('texts a product falling to its low-stock level, once for the fall', async () => {
    await save({ ...on, smsPhone: OWNER_PHONE, sms: true });
    const stock = (body: object) =>
      request(t.app).post('/api/admin/stock/ExfoliatingScrub').set(bearer(owner)).send(body);
    const { items } = (await request(t.app).get('/api/admin/stock').set(bearer(owner))).body as {
      items: { productId: string; available: number }[];
    };
    const { available } = items.find((i) => i.productId === 'ExfoliatingScrub')!;
    await request(t.app)
      .put('/api/admin/stock/ExfoliatingScrub')
      .set(bearer(owner))
      .send({ lowStockAt: available - 2 })
      .expect(200);
    const lowTexts = () =>
      gateway.received.filter((m) => m.to === `+91${OWNER_PHONE}` && /low stock/.test(m.text));
    await stock({ adjust: -2, reason: 'Damaged in the rain' }).expect(200);
    await t.services.idle();
    await stock({ adjust: -1, reason: 'Damaged in the rain' }).expect(200);
    await t.services.idle();
    expect(lowTexts()).toHaveLength(1);
    expect(lowTexts()[0]!.text).toContain('/admin?tab=stock');
  });

  it('refuses a number that is no Indian mobile, and texts with no number', async () => {
    for (const smsPhone of ['98220', '+919822011223', '5822011223', '98220112234']) {
      const res = await save({ ...on, smsPhone, sms: true });
      expect(res.status, smsPhone).toBe(400);
    }
    const none = await save({ ...on, smsPhone: '', sms: true });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Enter the mobile number to send the texts to.');
    expect((await save({ ...on, smsPhone: '', sms: false })).status).toBe(200);
  });
});
