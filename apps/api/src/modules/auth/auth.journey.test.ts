import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogSmsTransport } from '../sms/sms-transport';
import { bearer, lastSmsCode, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn, linkIn, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

describe('an account from sign-up to password reset', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('walks register, mail, link, login, profile, avatar, password change and reset', async () => {
    const email = newEmail('asha');

    // Register: the answer, then a branded mail with a link to the web app and a 6-digit code.
    const registered = await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Asha Kulkarni', email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(registered.status).toBe(201);
    expect(registered.body.msg).toBe(
      'Account created. Check your email for the verification link.',
    );
    const mail = await sink.waitFor(email, /Confirm your email/);
    expect(mail.html).toContain('Vanya Naturals');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    const link = linkIn(mail, 'http://localhost:5173/verify-email?token=');
    const token = new URL(link).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // Before verification, login is refused with a machine-readable code and the email.
    const early = await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email });

    // The link verifies and signs in; the same link again says 'already'.
    const verified = await request(t.app).post('/api/auth/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: 'Email verified successfully!' });
    expect(verified.body.token).toEqual(expect.any(String));
    const again = await request(t.app).get(`/api/auth/verify-email?token=${token}`);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('http://localhost:5173/login?verified=already');

    // Login answers a token and the user; the history records the sign-in with browser and address.
    const login = await request(t.app)
      .post('/api/auth/login')
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0')
      .send({ email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      name: 'Asha Kulkarni',
      email,
      emailVerified: true,
      hasLoggedInBefore: true,
    });
    let session: string = login.body.token;

    const me = await request(t.app).get('/api/auth/me').set(bearer(session));
    expect(me.status).toBe(200);
    const user = me.body.data.user;
    expect(user).toMatchObject({
      email,
      phone: '',
      dob: '',
      gender: '',
      avatar: '',
      twoStepEnabled: false,
      addresses: [],
      payments: [],
    });
    // The lists live behind their own endpoints (each profile tab reads its page).
    for (const list of ['orders', 'invoices', 'returns', 'tickets'])
      expect(user).not.toHaveProperty(list);
    expect(user.loginHistory[0]).toMatch(/IST · Chrome on Linux · 127\.0\.0\.1$/);
    expect(new Date(user.createdAt).getTime()).toBeLessThanOrEqual(Date.now());

    // Profile update with a new email and a phone, each verified by its code first.
    const newAddress = newEmail('asha.new');
    const unverified = await request(t.app).put('/api/auth/me').set(bearer(session)).send({
      name: 'Asha K',
      email: newAddress,
      phone: '9822045123',
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('EMAIL_CHANGE_NOT_VERIFIED');

    expect(
      (
        await request(t.app)
          .post('/api/auth/send-email-otp')
          .set(bearer(session))
          .send({ email: newAddress })
      ).status,
    ).toBe(200);
    const emailCode = codeIn(await sink.waitFor(newAddress, /Confirm your new email/));
    const emailOk = await request(t.app)
      .post('/api/auth/verify-email-otp')
      .set(bearer(session))
      .send({ email: newAddress, otp: emailCode });
    expect(emailOk.status).toBe(200);

    const phoneMissing = await request(t.app).put('/api/auth/me').set(bearer(session)).send({
      name: 'Asha K',
      email: newAddress,
      phone: '9822045123',
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(phoneMissing.status).toBe(403);
    expect(phoneMissing.body.code).toBe('PHONE_CHANGE_NOT_VERIFIED');

    expect(
      (
        await request(t.app)
          .post('/api/auth/send-phone-otp')
          .set(bearer(session))
          .send({ phone: '9822045123' })
      ).status,
    ).toBe(200);
    const phoneCode = lastSmsCode(t.services.sms as LogSmsTransport, '9822045123');
    expect(
      (
        await request(t.app)
          .post('/api/auth/verify-phone-otp')
          .set(bearer(session))
          .send({ phone: '9822045123', otp: phoneCode })
      ).status,
    ).toBe(200);

    const updated = await request(t.app).put('/api/auth/me').set(bearer(session)).send({
      name: 'Asha K',
      email: newAddress,
      phone: '9822045123',
      dob: '1994-08-15',
      gender: 'female',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.user).toMatchObject({
      name: 'Asha K',
      email: newAddress,
      phone: '9822045123',
      dob: '1994-08-15',
      gender: 'female',
    });

    // Avatar: a wide PNG with EXIF becomes a 512 px square JPEG without metadata, served from /uploads.
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#8FA88A' },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const uploaded = await request(t.app)
      .post('/api/auth/upload-avatar')
      .set(bearer(session))
      .attach('avatar', png, { filename: 'me.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.jpg$/);
    const served = await request(t.app)
      .get(uploaded.body.avatar)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes(Buffer.from('secret-camera-owner'))).toBe(false);

    const firstFile = path.join(t.config.uploadDir, 'avatars', path.basename(uploaded.body.avatar));
    const second = await request(t.app)
      .post('/api/auth/upload-avatar')
      .set(bearer(session))
      .attach('avatar', png, { filename: 'me2.png', contentType: 'image/png' });
    expect(second.status).toBe(200);
    expect(existsSync(firstFile)).toBe(false);

    const removed = await request(t.app).post('/api/auth/remove-avatar').set(bearer(session));
    expect(removed.status).toBe(200);
    expect(removed.body.avatar).toBe('');
    expect(
      existsSync(path.join(t.config.uploadDir, 'avatars', path.basename(second.body.avatar))),
    ).toBe(false);
    expect(
      (await request(t.app).get('/api/auth/me').set(bearer(session))).body.data.user.avatar,
    ).toBe('');

    // Change password: this session continues with the new token, the old token stops working.
    const otherSession = (
      await request(t.app).post('/api/auth/login').send({ email: newAddress, password: PASSWORD })
    ).body.token;
    // Routes that check only the session (through a short cache) must refuse the old token at once too.
    expect((await request(t.app).get('/api/orders').set(bearer(otherSession))).status).toBe(200);
    const changed = await request(t.app)
      .post('/api/auth/change-password')
      .set(bearer(session))
      .send({ currentPassword: PASSWORD, newPass: 'Shea&Coffee22' });
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe('Password changed successfully.');
    expect((await request(t.app).get('/api/auth/me').set(bearer(session))).status).toBe(401);
    expect((await request(t.app).get('/api/auth/me').set(bearer(otherSession))).status).toBe(401);
    expect((await request(t.app).get('/api/orders').set(bearer(otherSession))).status).toBe(401);
    session = changed.body.token;
    expect((await request(t.app).get('/api/auth/me').set(bearer(session))).status).toBe(200);
    await sink.waitFor(newAddress, /password was changed/);

    // Reset by the emailed link, then log in with the new password only.
    const resetAsked = await request(t.app)
      .post('/api/auth/request-password-reset')
      .send({ email: newAddress });
    expect(resetAsked.status).toBe(200);
    const resetMail = await sink.waitFor(newAddress, /Reset your/);
    const resetToken = new URL(
      linkIn(resetMail, 'http://localhost:5173/reset-password?token='),
    ).searchParams.get('token')!;
    const reset = await request(t.app)
      .post('/api/auth/reset-password')
      .send({ token: resetToken, newPassword: 'Turmeric@2026' });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe('Password reset successfully');
    expect((await request(t.app).get('/api/auth/me').set(bearer(session))).status).toBe(401);
    expect(
      (
        await request(t.app)
          .post('/api/auth/reset-password')
          .send({ token: resetToken, newPassword: 'Another@2026' })
      ).status,
    ).toBe(400);

    const oldPassword = await request(t.app)
      .post('/api/auth/login')
      .send({ email: newAddress, password: 'Shea&Coffee22' });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body.msg).toBe('Invalid email or password');
    const finalLogin = await request(t.app)
      .post('/api/auth/login')
      .send({ email: newAddress, password: 'Turmeric@2026' });
    expect(finalLogin.status).toBe(200);
    expect(finalLogin.body.user.email).toBe(newAddress);
  });

  it('logs in with two-step verification through /verify-otp', async () => {
    const { email, token } = await signUpVerified(t, sink);
    const on = await request(t.app)
      .post('/api/auth/two-step')
      .set(bearer(token))
      .send({ enabled: true, password: PASSWORD });
    expect(on.status).toBe(200);
    expect(on.body.twoStepEnabled).toBe(true);

    const login = await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'OTP_REQUIRED', email });
    expect(login.body.token).toBeUndefined();
    const code = codeIn(await sink.waitFor(email, /Your login code/));

    const verified = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe(email);
    expect((await request(t.app).get('/api/auth/me').set(bearer(verified.body.token))).status).toBe(
      200,
    );
    // Single use.
    expect(
      (await request(t.app).post('/api/auth/verify-otp').send({ email, otp: code })).status,
    ).toBe(400);

    // Turning it off with an emailed code rather than the password.
    expect(
      (await request(t.app).post('/api/auth/two-step/send-code').set(bearer(verified.body.token)))
        .status,
    ).toBe(200);
    const offCode = codeIn(await sink.waitFor(email, /two-step verification code/));
    const off = await request(t.app)
      .post('/api/auth/two-step')
      .set(bearer(verified.body.token))
      .send({ enabled: false, otp: offCode });
    expect(off.status).toBe(200);
    expect(off.body.twoStepEnabled).toBe(false);
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('verifies an unverified account with the mailed code and signs it in', async () => {
    const email = newEmail('code');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Ravi', email, password: PASSWORD })
      .expect(201);
    const code = codeIn(await sink.waitFor(email, /Confirm your email/));
    const res = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: code });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, emailVerified: true, hasLoggedInBefore: false });
    expect((await request(t.app).get('/api/auth/me').set(bearer(res.body.token))).status).toBe(200);
  });
});
