import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../src/testing/smtp-sink';
import { orderBody } from '../src/testing/orders';
import { PASSWORD, useBuiltApi, verifyBody } from './support/built-api';

// From outside: the built API in production mode, over HTTP only. The account, the shopper's
// lists, consent and the contact form, with the mailbox and cookies the outside world sees.

describe('account and profile journeys against the built API (production mode)', () => {
  const t = useBuiltApi();

  it('reports itself healthy: its database answers', async () => {
    const health = await t.api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('signs in, changes the password (ending other sessions) and resets it by the mailed link', async () => {
    const wrong = await t.api.post('/api/auth/login', {
      email: t.asha.email,
      password: 'Wrong#Pass1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('Invalid email or password');
    const login = await t.api.post('/api/auth/login', { email: t.asha.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: t.asha.email, name: 'Asha Kulkarni' });
    const other = login.body.token as string;
    const me = await t.api.get('/api/auth/me', other);
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email: t.asha.email, emailVerified: true });
    expect(me.body.data.user).not.toHaveProperty('passwordHash');

    const changed = await t.api.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPass: 'Shea&Coffee22' },
      t.asha.token,
    );
    expect(changed.status).toBe(200);
    expect((await t.api.get('/api/auth/me', other)).status).toBe(401);
    expect((await t.api.get('/api/auth/me', t.asha.token)).status).toBe(401);
    t.asha.token = changed.body.token;
    expect((await t.api.get('/api/auth/me', t.asha.token)).status).toBe(200);

    expect(
      (await t.api.post('/api/auth/request-password-reset', { email: t.asha.email })).status,
    ).toBe(200);
    const mail = await t.stack.smtp.waitFor(t.asha.email, /Reset your/);
    const token = new URL(
      linkIn(mail, `${t.stack.webOrigin}/reset-password?token=`),
    ).searchParams.get('token');
    const reset = await t.api.post('/api/auth/reset-password', {
      token,
      newPassword: 'Turmeric@2026',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe('Password reset successfully');
    expect(
      (await t.api.post('/api/auth/reset-password', { token, newPassword: 'Another@2026' })).status,
    ).toBe(400);
    expect((await t.api.get('/api/auth/me', t.asha.token)).status).toBe(401);
    const again = await t.api.post('/api/auth/login', {
      email: t.asha.email,
      password: 'Turmeric@2026',
    });
    expect(again.status).toBe(200);
    t.asha.token = again.body.token;
  });

  it('keeps the wishlist on the server: duplicates folded, unknown ids refused', async () => {
    expect((await t.api.get('/api/wishlist', t.asha.token)).body).toEqual([]);
    const saved = await t.api.post(
      '/api/wishlist',
      ['Bodybutter', 'Hamper', 'Bodybutter'],
      t.asha.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(['Bodybutter', 'Hamper']);
    const unknown = await t.api.post('/api/wishlist', ['Bodybutter', 'rose-scrub'], t.asha.token);
    expect(unknown.status).toBe(400);
    expect((await t.api.get('/api/wishlist', t.asha.token)).body).toEqual(['Bodybutter', 'Hamper']);
    expect((await t.api.get('/api/wishlist', t.ravi.token)).body).toEqual([]);
    expect((await t.api.get('/api/wishlist')).status).toBe(401);
  });

  it('logs a consent choice with a secure visitor cookie, and refuses a malformed one', async () => {
    const logged = await t.api.post('/api/consent', {
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
    const bad = await t.api.post('/api/consent', { analytics: 'yes please' });
    expect(bad.status).toBe(400);
  });

  it('mails a contact message to the support mailbox with the sender as Reply-To', async () => {
    const message = {
      name: 'Meera Joshi',
      email: 'meera@example.in',
      subject: 'wholesale',
      message: 'Do you supply 200 soaps for a wedding?',
    };
    const sent = await t.api.post('/api/contact', message);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      success: true,
      message: "Message sent successfully! We'll get back to you soon.",
    });
    const mail = await t.stack.smtp.waitFor('support@vanyanaturals.in', /Meera Joshi/);
    expect(mail.text).toContain('Do you supply 200 soaps for a wedding?');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('meera@example.in');
    const unknownSubject = await t.api.post('/api/contact', { ...message, subject: 'spam' });
    expect(unknownSubject.status).toBe(400);
    expect(unknownSubject.body.msg).toBe('Choose a subject');
  });

  it('keeps addresses and payment labels per shopper, never a card number', async () => {
    const added = await t.api.post(
      '/api/me/addresses',
      { address: '12 Shivaji Nagar, Latur 413512' },
      t.asha.token,
    );
    expect(added.status).toBe(201);
    const [address] = added.body;
    expect((await t.api.delete(`/api/me/addresses/${address.id}`, t.ravi.token)).status).toBe(404);
    expect((await t.api.get('/api/me/addresses', t.asha.token)).body).toEqual([address]);

    expect(
      (await t.api.post('/api/me/payment-methods', { payment: 'asha@okaxis' }, t.asha.token))
        .status,
    ).toBe(201);
    const card = await t.api.post(
      '/api/me/payment-methods',
      { payment: '4242 4242 4242 4242' },
      t.asha.token,
    );
    expect(card.status).toBe(400);
    expect(card.body.msg).toMatch(/never store card numbers/);
    expect(
      (await t.api.get('/api/me/payment-methods', t.asha.token)).body.map(
        (p: { payment: string }) => p.payment,
      ),
    ).toEqual(['asha@okaxis']);

    const removed = await t.api.delete(`/api/me/addresses/${address.id}`, t.asha.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual([]);
    const me = (await t.api.get('/api/auth/me', t.asha.token)).body.data.user;
    expect(me.addresses).toEqual([]);
    expect(me.payments.map((p: { payment: string }) => p.payment)).toEqual(['asha@okaxis']);
  });

  it('opens a return for a paid order once, and only for its owner', async () => {
    const { order, payment } = (
      await t.api.post(
        '/api/orders',
        orderBody(undefined, undefined, { email: t.asha.email }),
        t.asha.token,
      )
    ).body;
    const early = await t.api.post(
      '/api/returns',
      { orderId: order._id, reason: 'Changed my mind', method: 'original_payment' },
      t.asha.token,
    );
    expect(early.status).toBe(409);

    const paid = t.stack.razorpay.capture(payment.providerOrderId);
    const verified = await t.api.post(
      '/api/payments/verify',
      verifyBody(order._id, payment.providerOrderId, paid.id, t.stack.keys.keySecret),
      t.asha.token,
    );
    expect(verified.status).toBe(200);

    expect(
      (
        await t.api.post(
          '/api/returns',
          { orderId: order._id, reason: 'Not mine', method: 'bank_transfer' },
          t.ravi.token,
        )
      ).status,
    ).toBe(404);
    const opened = await t.api.post(
      '/api/returns',
      { orderId: order._id, reason: 'The jar arrived cracked', method: 'original_payment' },
      t.asha.token,
    );
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      orderId: order._id,
      status: 'requested',
      refundAmount: payment.amount,
      method: 'original_payment',
    });
    const twice = await t.api.post(
      '/api/returns',
      { orderId: order._id, reason: 'Again', method: 'store_credit' },
      t.asha.token,
    );
    expect(twice.status).toBe(409);
    expect((await t.api.get('/api/returns', t.asha.token)).body).toHaveLength(1);
    expect((await t.api.get('/api/returns', t.ravi.token)).body).toEqual([]);
    // The profile reads each list from its own route; the account itself carries none.
    const me = (await t.api.get('/api/auth/me', t.asha.token)).body.data.user;
    expect(me.email).toBe(t.asha.email);
    expect(me).not.toHaveProperty('returns');
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
    const opened = await t.api.postForm('/api/tickets', form, t.asha.token);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      message: 'My soap arrived broken',
      attachment: expect.stringMatching(/^\/uploads\/tickets\/[0-9a-f]{32}\.jpg$/),
    });
    const served = await t.api.get(opened.body.attachment);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('jpeg');

    const exe = new FormData();
    exe.append('message', 'x');
    exe.append('attachment', new Blob(['MZ'], { type: 'application/octet-stream' }), 'a.exe');
    expect((await t.api.postForm('/api/tickets', exe, t.asha.token)).status).toBe(415);

    expect((await t.api.get('/api/tickets', t.asha.token)).body).toHaveLength(1);
    expect((await t.api.get('/api/tickets', t.ravi.token)).body).toEqual([]);
  });
});
