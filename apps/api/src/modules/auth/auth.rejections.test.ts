import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn, linkIn, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { UserModel } from '../users/user.model';
import { EmailTokenModel } from './email-token.model';

// The slowdown after repeated failures is counted in auth.abuse.test.ts; here it does not wait.
vi.mock('../../platform/http/pause', () => ({ pause: vi.fn(async () => undefined) }));

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('what the accounts API refuses', () => {
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

  it('refuses a wrong password with the login failure message', async () => {
    const { email } = await signUpVerified(t, sink);
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ email, password: 'Wrong#Pass1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      msg: 'Invalid email or password',
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    const unknown = await request(t.app)
      .post('/api/auth/login')
      .send({ email: newEmail('ghost'), password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe(res.body.msg);
  });

  it('asks for every field on login with the shop text', async () => {
    const res = await request(t.app).post('/api/auth/login').send({ email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Please fill in all fields');
  });

  it('refuses a weak password and one over 72 bytes at registration, creating nothing', async () => {
    const email = newEmail('weak');
    const weak = await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Weak', email, password: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe(
      'Password must be at least 8 characters and include uppercase, lowercase, number, and special character.',
    );
    const long = await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Long', email, password: `Aa1@${'x'.repeat(70)}` });
    expect(long.status).toBe(400);
    expect(await UserModel.countDocuments({ email })).toBe(0);
  });

  it('answers a second registration of a verified email exactly like the first and tells the owner by mail', async () => {
    const { email } = await signUpVerified(t, sink);
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Impostor', email, password: 'Other#Pass9' });
    expect(res.status).toBe(201);
    expect(res.body.msg).toBe('Account created. Check your email for the verification link.');
    await sink.waitFor(email, /Someone tried to sign up/);
    // The owner's password still works; the impostor's does not.
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: 'Other#Pass9' }))
        .status,
    ).toBe(401);
  });

  it('lets the mailbox owner confirm their own password when a squatter signed up first', async () => {
    const email = newEmail('squat');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Squatter', email, password: 'Squat#Pass1' })
      .expect(201);
    await sink.waitFor(email, /Confirm your email/);
    await new Promise((r) => setTimeout(r, 10));
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Owner', email, password: PASSWORD })
      .expect(201);
    const ownerMail = await sink.waitFor(email, /Confirm your email/);
    const token = new URL(
      linkIn(ownerMail, 'http://localhost:5173/verify-email?token='),
    ).searchParams.get('token')!;
    await request(t.app).post('/api/auth/verify-email').send({ token }).expect(200);
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD })).body.user
        .name,
    ).toBe('Owner');
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: 'Squat#Pass1' }))
        .status,
    ).toBe(401);
  });

  it('leaves no half-made account when the verification mail cannot be sent', async () => {
    const email = newEmail('nomail');
    sink.refuse = true;
    try {
      const res = await request(t.app)
        .post('/api/auth/register')
        .send({ name: 'No Mail', email, password: PASSWORD });
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe(
        'We could not send the email right now. Please try again in a few minutes.',
      );
    } finally {
      sink.refuse = false;
    }
    expect(await UserModel.countDocuments({ email })).toBe(0);
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'No Mail', email, password: PASSWORD })
      .expect(201);
  });

  it('redirects the link for each outcome: missing, forged, expired and already used', async () => {
    const missing = await request(t.app).get('/api/auth/verify-email');
    expect(missing.headers.location).toBe('http://localhost:5173/login?error=missing_token');
    const forged = await request(t.app).get('/api/auth/verify-email?token=AAAAforgedtokenAAAA');
    expect(forged.headers.location).toBe(
      'http://localhost:5173/login?error=invalid_or_expired_token',
    );

    const email = newEmail('expired');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Late', email, password: PASSWORD })
      .expect(201);
    const token = new URL(
      linkIn(await sink.waitFor(email, /Confirm/), 'http://localhost:5173/verify-email?token='),
    ).searchParams.get('token')!;
    await EmailTokenModel.updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await request(t.app).get(`/api/auth/verify-email?token=${token}`);
    expect(expired.headers.location).toBe(
      'http://localhost:5173/login?error=invalid_or_expired_token',
    );
    const post = await request(t.app).post('/api/auth/verify-email').send({ token });
    expect(post.status).toBe(400);
    expect(post.body.msg).toBe('Verification link is invalid or expired.');
    expect((await UserModel.findOne({ email }).lean())?.emailVerified).toBe(false);
  });

  it('answers user_not_found when the account behind a valid link is gone', async () => {
    const email = newEmail('gone');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Gone', email, password: PASSWORD })
      .expect(201);
    const token = new URL(
      linkIn(await sink.waitFor(email, /Confirm/), 'http://localhost:5173/verify-email?token='),
    ).searchParams.get('token')!;
    await UserModel.deleteOne({ email });
    const res = await request(t.app).get(`/api/auth/verify-email?token=${token}`);
    expect(res.headers.location).toBe('http://localhost:5173/login?error=user_not_found');
  });

  it('voids a code after five wrong tries, even for the right code afterwards', async () => {
    const email = newEmail('tries');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Tries', email, password: PASSWORD })
      .expect(201);
    const code = codeIn(await sink.waitFor(email, /Confirm/));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const res = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: wrong });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_OTP');
    }
    const fifth = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: wrong });
    expect(fifth.body).toMatchObject({
      code: 'OTP_ATTEMPTS_EXCEEDED',
      msg: 'Too many wrong codes. Request a new code.',
    });
    const right = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: code });
    expect(right.status).toBe(400);
    expect((await UserModel.findOne({ email }).lean())?.emailVerified).toBe(false);
  });

  it('allows five tries in all to a burst of parallel wrong guesses', async () => {
    const email = newEmail('burst');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Burst', email, password: PASSWORD })
      .expect(201);
    const code = codeIn(await sink.waitFor(email, /Confirm/));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(t.app).post('/api/auth/verify-otp').send({ email, otp: wrong }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 'INVALID_OTP')).toHaveLength(4);
    expect(codes.filter((c) => c === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(16);
    expect(
      (await request(t.app).post('/api/auth/verify-otp').send({ email, otp: code })).status,
    ).toBe(400);
  });

  it('signs in once when the same code is sent twice at the same moment', async () => {
    const email = newEmail('twice');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Twice', email, password: PASSWORD })
      .expect(201);
    const code = codeIn(await sink.waitFor(email, /Confirm/));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(t.app).post('/api/auth/verify-otp').send({ email, otp: code }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it('refuses a code of another purpose: an email-change code cannot sign anyone in', async () => {
    const { token } = await signUpVerified(t, sink);
    const target = newEmail('target');
    await request(t.app)
      .post('/api/auth/send-email-otp')
      .set(bearer(token))
      .send({ email: target })
      .expect(200);
    const code = codeIn(await sink.waitFor(target, /Confirm your new email/));
    const res = await request(t.app)
      .post('/api/auth/verify-otp')
      .send({ email: target, otp: code });
    expect(res.status).toBe(400);
    const me = await request(t.app).get('/api/auth/me').set(bearer(token));
    expect(me.body.data.user.email).not.toBe(target);
  });

  it('sends no second code within the 30-second cooldown, and answers as for any address', async () => {
    const email = newEmail('cooldown');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Cool', email, password: PASSWORD })
      .expect(201);
    const first = codeIn(await sink.waitFor(email, /Confirm your email/));
    const res = await request(t.app).post('/api/auth/resend-otp').send({ email });
    // An unknown email gets the same answer: nothing tells whether it has an account.
    const unknown = await request(t.app)
      .post('/api/auth/resend-otp')
      .send({ email: newEmail('nobody') });
    expect([res.status, unknown.status]).toEqual([200, 200]);
    expect(res.body).toEqual(unknown.body);
    expect(res.body.msg).toBe('OTP resent to your email!');
    // The code mailed at sign-up still stands and signs the account in.
    const verified = await request(t.app).post('/api/auth/verify-otp').send({ email, otp: first });
    expect(verified.status).toBe(200);
  });

  it('answers a password reset request the same way for unknown emails', async () => {
    const res = await request(t.app)
      .post('/api/auth/request-password-reset')
      .send({ email: newEmail('nobody') });
    expect(res.status).toBe(200);
    const { email } = await signUpVerified(t, sink);
    const known = await request(t.app).post('/api/auth/request-password-reset').send({ email });
    expect(known.body).toEqual(res.body);
    await sink.waitFor(email, /Reset your/);
  });

  it('refuses tampered, unsigned, foreign and mis-addressed tokens', async () => {
    const { token } = await signUpVerified(t, sink);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const tampered = `${header}.${base64url({ ...claims, sub: '000000000000000000000000' })}.${signature}`;
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const foreign = jwt.sign({ tv: claims.tv }, 'another-secret', {
      subject: claims.sub,
      issuer: 'vanya-api',
      audience: 'vanya-web',
    });
    const wrongAudience = jwt.sign({ tv: claims.tv }, t.config.jwtSecret, {
      subject: claims.sub,
      issuer: 'vanya-api',
      audience: 'someone-else',
    });
    const expired = jwt.sign({ tv: claims.tv }, t.config.jwtSecret, {
      subject: claims.sub,
      issuer: 'vanya-api',
      audience: 'vanya-web',
      expiresIn: -10,
    });
    const hs512 = `${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}`;
    const otherAlg = `${hs512}.${createHmac('sha512', t.config.jwtSecret).update(hs512).digest('base64url')}`;

    for (const bad of [
      tampered,
      unsigned,
      foreign,
      wrongAudience,
      expired,
      otherAlg,
      'not-a-token',
    ]) {
      const res = await request(t.app).get('/api/auth/me').set(bearer(bad));
      expect(res.status, bad).toBe(401);
      expect(res.body.code).toMatch(/UNAUTHORIZED|SESSION_EXPIRED/);
    }
    expect((await request(t.app).get('/api/auth/me')).status).toBe(401);
    expect((await request(t.app).get('/api/auth/me').set(bearer(token))).status).toBe(200);
  });

  it.each([
    ['/api/auth/login', { email: { $gt: '' }, password: { $gt: '' } }],
    ['/api/auth/register', { name: 'x', email: { $ne: null }, password: PASSWORD }],
    ['/api/auth/resend-otp', { email: { $regex: '.*' } }],
    ['/api/auth/verify-otp', { email: { $gt: '' }, otp: { $gt: '' } }],
    ['/api/auth/verify-email', { token: { $ne: 'x' } }],
    ['/api/auth/request-password-reset', { email: { $gt: '' } }],
    ['/api/auth/reset-password', { token: { $ne: 'x' }, newPassword: PASSWORD }],
  ])('refuses operator objects posted to %s with 400', async (path, body) => {
    const res = await request(t.app).post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses mass-assigned fields in a profile update and changes nothing', async () => {
    const { token, email } = await signUpVerified(t, sink);
    for (const extra of [
      { emailVerified: false },
      { tokenVersion: 99 },
      { twoStepEnabled: true },
      { passwordHash: 'x' },
      { avatar: '/etc/passwd' },
    ]) {
      const res = await request(t.app)
        .put('/api/auth/me')
        .set(bearer(token))
        .send({ name: 'Mallory', email, phone: '', dob: '1990-01-01', gender: 'other', ...extra });
      expect(res.status).toBe(400);
    }
    const user = await UserModel.findOne({ email }).lean();
    expect(user).toMatchObject({
      name: 'Asha Kulkarni',
      emailVerified: true,
      tokenVersion: 0,
      twoStepEnabled: false,
      avatar: '',
    });
  });

  it('never moves an account to an address another account uses', async () => {
    const first = await signUpVerified(t, sink);
    const second = await signUpVerified(t, sink);
    const res = await request(t.app)
      .post('/api/auth/send-email-otp')
      .set(bearer(second.token))
      .send({ email: first.email });
    // The same answer as for a free address (see auth.abuse.test.ts), but no code is mailed, so
    // no code can verify the address and the profile refuses it.
    expect(res.status).toBe(200);
    for (const otp of ['000000', first.code]) {
      const verify = await request(t.app)
        .post('/api/auth/verify-email-otp')
        .set(bearer(second.token))
        .send({ email: first.email, otp });
      expect(verify.status).toBe(400);
    }
    const save = await request(t.app).put('/api/auth/me').set(bearer(second.token)).send({
      name: 'Mallory',
      email: first.email,
      phone: '9822045123',
      dob: '1990-01-01',
      gender: 'female',
    });
    expect(save.status).toBe(403);
    expect(save.body.code).toBe('EMAIL_CHANGE_NOT_VERIFIED');
    expect((await UserModel.findOne({ email: first.email }).lean())?.name).toBe('Asha Kulkarni');
  });

  it('refuses a wrong current password on change and two-step with 403, leaving both as they were', async () => {
    const { token, email } = await signUpVerified(t, sink);
    const change = await request(t.app)
      .post('/api/auth/change-password')
      .set(bearer(token))
      .send({ currentPassword: 'Wrong#Pass1', newPass: 'Fresh#Pass22' });
    expect(change.status).toBe(403);
    expect(change.body.msg).toBe('Current password is incorrect');
    const twoStep = await request(t.app)
      .post('/api/auth/two-step')
      .set(bearer(token))
      .send({ enabled: true, password: 'Wrong#Pass1' });
    expect(twoStep.status).toBe(403);
    expect(
      (await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD })).status,
    ).toBe(200);
  });
});

describe('rate limits on the accounts API', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('stops one client’s repeated logins to one account with 429 and Retry-After, and the limit is kept in the database', async () => {
    const email = newEmail('limited');
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await request(t.app).post('/api/auth/login').send({ email, password: 'Wrong#Pass1' }))
          .status,
      ).toBe(401);
    }
    const limited = await request(t.app)
      .post('/api/auth/login')
      .send({ email, password: 'Wrong#Pass1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.msg).toMatch(
      /^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
    );

    // A second API process on the same database (a restart, or another instance) keeps the count.
    const { createApp } = await import('../../app');
    const second = createApp({
      config: t.config,
      logger: (await import('../../platform/logger')).createLogger(t.config),
      connection: t.connection,
      services: t.services,
    });
    expect(
      (await request(second).post('/api/auth/login').send({ email, password: 'Wrong#Pass1' }))
        .status,
    ).toBe(429);
  });

  it('holds the limit against a burst of parallel logins', async () => {
    const email = newEmail('burst-login');
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        request(t.app).post('/api/auth/login').send({ email, password: 'Wrong#Pass1' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('limits password reset requests per account', async () => {
    const email = newEmail('reset-limit');
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await request(t.app).post('/api/auth/request-password-reset').send({ email })).status,
      ).toBe(200);
    }
    expect(
      (await request(t.app).post('/api/auth/request-password-reset').send({ email })).status,
    ).toBe(429);
  });
});
