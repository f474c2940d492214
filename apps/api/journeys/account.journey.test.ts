import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../src/testing/smtp-sink';
import { orderBody } from '../src/testing/orders';
import { client, PASSWORD, signUp, startBuiltApi } from './support/built-api';
import type { BuiltApi, Client } from './support/built-api';

// From outside: the built API in production mode, over HTTP only. The account, the shopper's
// lists, consent and the contact form, with the mailbox and cookies the outside world sees.

describe('account and profile journeys against the built API (production mode)', () => {
  let stack: BuiltApi;
  let api: Client;
  let asha: { email: string; token: string };
  let ravi: { email: string; token: string };

  beforeAll(async () => {
    stack = await startBuiltApi();
    api = client(stack.baseUrl);
    asha = await signUp(stack, api, 'Asha Kulkarni');
    ravi = await signUp(stack, api, 'Ravi Shetty');
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(stack.output().slice(-4000));
  });

  it('signs in, changes the password (ending other sessions) and resets it by the mailed link', async () => {
    const wrong = await api.post('/api/auth/login', { email: asha.email, password: 'Wrong#Pass1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('Invalid email or password');
    const login = await api.post('/api/auth/login', { email: asha.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: asha.email, name: 'Asha Kulkarni' });
    const other = login.body.token as string;
    const me = await api.get('/api/auth/me', other);
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email: asha.email, emailVerified: true });
    expect(me.body.data.user).not.toHaveProperty('passwordHash');

    const changed = await api.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPass: 'Shea&Coffee22' },
      asha.token,
    );
    expect(changed.status).toBe(200);
    expect((await api.get('/api/auth/me', other)).status).toBe(401);
    expect((await api.get('/api/auth/me', asha.token)).status).toBe(401);
    asha.token = changed.body.token;
    expect((await api.get('/api/auth/me', asha.token)).status).toBe(200);

    expect((await api.post('/api/auth/request-password-reset', { email: asha.email })).status).toBe(
      200,
    );
    const mail = await stack.smtp.waitFor(asha.email, /Reset your/);
    const token = new URL(
      linkIn(mail, `${stack.webOrigin}/reset-password?token=`),
    ).searchParams.get('token');
    const reset = await api.post('/api/auth/reset-password', {
      token,
      newPassword: 'Turmeric@2026',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe('Password reset successfully');
    expect(
      (await api.post('/api/auth/reset-password', { token, newPassword: 'Another@2026' })).status,
    ).toBe(400);
    expect((await api.get('/api/auth/me', asha.token)).status).toBe(401);
    const again = await api.post('/api/auth/login', {
      email: asha.email,
      password: 'Turmeric@2026',
    });
    expect(again.status).toBe(200);
    asha.token = again.body.token;
  });

  it('keeps the wishlist on the server: duplicates folded, unknown ids refused', async () => {
    expect((await api.get('/api/wishlist', asha.token)).body).toEqual([]);
    const saved = await api.post(
      '/api/wishlist',
      ['Bodybutter', 'Hamper', 'Bodybutter'],
      asha.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(['Bodybutter', 'Hamper']);
    const unknown = await api.post('/api/wishlist', ['Bodybutter', 'rose-scrub'], asha.token);
    expect(unknown.status).toBe(400);
    expect((await api.get('/api/wishlist', asha.token)).body).toEqual(['Bodybutter', 'Hamper']);
    expect((await api.get('/api/wishlist', ravi.token)).body).toEqual([]);
    expect((await api.get('/api/wishlist')).status).toBe(401);
  });

  it('logs a consent choice with a secure visitor cookie, and refuses a malformed one', async () => {
    const logged = await api.post('/api/consent', {
      analytics: true,
      marketing: false,
      preferences: true,
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toEqual({ ok: true });
    const cookie = logged.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^vanya_vid=[0-9a-f-]{36}; /);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    const bad = await api.post('/api/consent', { analytics: 'yes please' });
    expect(bad.status).toBe(400);
  });

  it('mails a contact message to the support mailbox with the sender as Reply-To', async () => {
    const sent = await api.post('/api/contact', {
      name: 'Meera Joshi',
      email: 'meera@example.in',
      subject: 'wholesale',
      message: 'Do you supply 200 soaps for a wedding?',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      success: true,
      message: "Message sent successfully! We'll get back to you soon.",
    });
    const mail = await stack.smtp.waitFor('support@vanyanaturals.in', /Meera Joshi/);
    expect(mail.text).toContain('Do you supply 200 soaps for a wedding?');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('meera@example.in');
    const blank = await api.post('/api/contact', {
      name: 'Meera Joshi',
      email: 'meera@example.in',
      subject: 'spam',
      message: 'x',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('Choose a subject');
  });

  it('keeps addresses and payment labels per shopper, never a card number', async () => {
    const added = await api.post(
      '/api/me/addresses',
      { address: '12 Shivaji Nagar, Latur 413512' },
      asha.token,
    );
    expect(added.status).toBe(201);
    const [address] = added.body;
    expect((await api.delete(`/api/me/addresses/${address.id}`, ravi.token)).status).toBe(404);
    expect((await api.get('/api/me/addresses', asha.token)).body).toEqual([address]);

    expect(
      (await api.post('/api/me/payment-methods', { payment: 'asha@okaxis' }, asha.token)).status,
    ).toBe(201);
    const card = await api.post(
      '/api/me/payment-methods',
      { payment: '4242 4242 4242 4242' },
      asha.token,
    );
    expect(card.status).toBe(400);
    expect(card.body.msg).toMatch(/never store card numbers/);
    expect(
      (await api.get('/api/me/payment-methods', asha.token)).body.map(
        (p: { payment: string }) => p.payment,
      ),
    ).toEqual(['asha@okaxis']);

    const removed = await api.delete(`/api/me/addresses/${address.id}`, asha.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual([]);
    const me = (await api.get('/api/auth/me', asha.token)).body.data.user;
    expect(me.addresses).toEqual([]);
    expect(me.payments.map((p: { payment: string }) => p.payment)).toEqual(['asha@okaxis']);
  });

  it('opens a return for a paid order once, and only for its owner', async () => {
    const { order, payment } = (
      await api.post(
        '/api/orders',
        orderBody(undefined, undefined, { email: asha.email }),
        asha.token,
      )
    ).body;
    const early = await api.post(
      '/api/returns',
      { orderId: order._id, reason: 'Changed my mind', method: 'original_payment' },
      asha.token,
    );
    expect(early.status).toBe(409);

    const paid = stack.razorpay.capture(payment.providerOrderId);
    const verified = await api.post(
      '/api/payments/verify',
      {
        orderId: order._id,
        razorpay_order_id: payment.providerOrderId,
        razorpay_payment_id: paid.id,
        razorpay_signature: createHmac('sha256', stack.keys.keySecret)
          .update(`${payment.providerOrderId}|${paid.id}`)
          .digest('hex'),
      },
      asha.token,
    );
    expect(verified.status).toBe(200);

    expect(
      (
        await api.post(
          '/api/returns',
          { orderId: order._id, reason: 'Not mine', method: 'bank_transfer' },
          ravi.token,
        )
      ).status,
    ).toBe(404);
    const opened = await api.post(
      '/api/returns',
      { orderId: order._id, reason: 'The jar arrived cracked', method: 'original_payment' },
      asha.token,
    );
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      orderId: order._id,
      status: 'requested',
      refundAmount: payment.amount,
      method: 'original_payment',
    });
    const twice = await api.post(
      '/api/returns',
      { orderId: order._id, reason: 'Again', method: 'store_credit' },
      asha.token,
    );
    expect(twice.status).toBe(409);
    expect((await api.get('/api/returns', asha.token)).body).toHaveLength(1);
    expect((await api.get('/api/returns', ravi.token)).body).toEqual([]);
    expect((await api.get('/api/auth/me', asha.token)).body.data.user.returns).toHaveLength(1);
  });

  it('opens a support ticket with a photo, re-encoded and served as a download', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#E4D5BC' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('message', 'My soap arrived broken');
    form.append('attachment', new Blob([png], { type: 'image/png' }), 'photo.png');
    const opened = await api.postForm('/api/tickets', form, asha.token);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      message: 'My soap arrived broken',
      attachment: expect.stringMatching(/^\/uploads\/tickets\/[0-9a-f]{32}\.jpg$/),
    });
    const served = await api.get(opened.body.attachment);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('jpeg');

    const exe = new FormData();
    exe.append('message', 'x');
    exe.append('attachment', new Blob(['MZ'], { type: 'application/octet-stream' }), 'a.exe');
    expect((await api.postForm('/api/tickets', exe, asha.token)).status).toBe(415);

    expect((await api.get('/api/tickets', asha.token)).body).toHaveLength(1);
    expect((await api.get('/api/tickets', ravi.token)).body).toEqual([]);
  });
});
