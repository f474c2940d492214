import { randomInt } from 'node:crypto';
import { LIMITS } from '@vanya/catalog';
import { PHONE_SIGN_IN_MESSAGES } from '@vanya/contracts';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, lastSmsCode, signUpVerified } from '../../testing/accounts';
import { codeIn, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import type { LogSmsTransport } from '../sms/sms-transport';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const COOLDOWN_MS = LIMITS.otpResendCooldownSeconds * 1000;

/** A fresh Indian mobile number per call, so tests never meet on the verified-phone index. */
const newPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** The account a session token is for (its `sub`), as any client holding it can read. */
const accountOf = (token: string) => (jwt.decode(token) as { sub: string }).sub;

// A fake clock: only Date is faked, so the database driver's own timers run as ever, and the
// 10-minute lifetime and the 30-second resend cooldown are crossed by setting the time, not waiting.
// Each test starts 5 minutes into the hour, so no test crosses into the next hour's rate limits.
let clock = 0;
const advance = (ms: number) => {
  clock += ms;
  vi.setSystemTime(clock);
};
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Math.floor(Date.now() / HOUR) * HOUR + 5 * MINUTE;
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in by phone', () => {
  let t: TestApp;
  let sms: LogSmsTransport;
  beforeAll(async () => {
    t = await startTestApp();
    sms = t.services.sms as LogSmsTransport;
  });
  afterAll(async () => {
    await t.close();
  });

  const start = (phone: string) => request(t.app).post('/api/auth/phone/start').send({ phone });
  const verify = (body: { phone: string; code: string; name?: string }) =>
    request(t.app).post('/api/auth/phone/verify').send(body);
  const smsTo = (phone: string) => sms.sent.filter((m) => m.to === phone);

  /** Asks for a code (past any cooldown) and answers what the SMS carried. */
  async function codeFor(phone: string): Promise<string> {
    advance(COOLDOWN_MS);
    const before = smsTo(phone).length;
    expect((await start(phone)).status).toBe(200);
    expect(smsTo(phone)).toHaveLength(before + 1);
    return lastSmsCode(sms, phone);
  }

  it('creates an account with the name given, then signs the same account in next time', async () => {
    const phone = newPhone();
    const started = await start(phone);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ sent: true, retryAfterSeconds: 30 });
    const [message] = smsTo(phone);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message!.text).toMatch(/^\d{6} is your Vanya Naturals verification code/);
    const code = lastSmsCode(sms, phone);

    // A new number: the right code without a name asks for the name and is not spent.
    const nameless = await verify({ phone, code });
    expect(nameless.status).toBe(400);
    expect(nameless.body).toMatchObject({
      code: 'NAME_REQUIRED',
      msg: PHONE_SIGN_IN_MESSAGES.nameRequired,
    });

    const first = await verify({ phone, code, name: ' Meera Iyer ' });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    expect(first.body.user).toMatchObject({
      name: 'Meera Iyer',
      phone,
      email: '',
      emailVerified: false,
      hasLoggedInBefore: false,
    });
    const me = await request(t.app).get('/api/auth/me').set(bearer(first.body.token));
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ name: 'Meera Iyer', phone, email: '' });
    expect(me.body.data.user.loginHistory).toHaveLength(1);

    // The code was used once.
    expect((await verify({ phone, code, name: 'Meera Iyer' })).body.code).toBe('INVALID_OTP');

    const second = await verify({ phone, code: await codeFor(phone) });
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(accountOf(second.body.token)).toBe(accountOf(first.body.token));
    expect(second.body.user).toMatchObject({ name: 'Meera Iyer', hasLoggedInBefore: true });
    expect(second.body.user.loginHistory).toHaveLength(2);
  });

  it('answers a known and an unknown number alike, and texts both a code', async () => {
    const known = newPhone();
    await verify({ phone: known, code: await codeFor(known), name: 'Kavya Rao' }).expect(200);
    advance(COOLDOWN_MS);
    const unknown = newPhone();
    const [a, b] = await Promise.all([start(known), start(unknown)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(smsTo(known)).toHaveLength(2);
    expect(smsTo(unknown)).toHaveLength(1);
  });

  it('keeps the code already sent within the cooldown and says how long is left', async () => {
    const phone = newPhone();
    await start(phone).expect(200);
    const code = lastSmsCode(sms, phone);
    advance(10_000);
    const again = await start(phone);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ sent: true, retryAfterSeconds: 20 });
    expect(smsTo(phone)).toHaveLength(1);
    expect((await verify({ phone, code, name: 'Ira' })).status).toBe(200);
  });

  it('voids the code for a client after five wrong tries, the right one included', async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    const answers: string[] = [];
    for (let i = 0; i < LIMITS.otpMaxAttempts; i += 1)
      answers.push((await verify({ phone, code: wrong, name: 'Ira' })).body.code);
    expect(answers).toEqual([
      'INVALID_OTP',
      'INVALID_OTP',
      'INVALID_OTP',
      'INVALID_OTP',
      'OTP_ATTEMPTS_EXCEEDED',
    ]);
    const right = await verify({ phone, code, name: 'Ira' });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    // A new code starts afresh.
    expect((await verify({ phone, code: await codeFor(phone), name: 'Ira' })).status).toBe(200);
  });

  it('takes a code for 10 minutes and not a moment longer', async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    advance(10 * MINUTE - 1000);
    // Still good at 9:59 (checked without spending it: the number is new and no name was given).
    expect((await verify({ phone, code })).body.code).toBe('NAME_REQUIRED');
    advance(1000);
    const late = await verify({ phone, code, name: 'Ira' });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_OTP');
  });

  it('refuses a wrong code before saying whether the number needs a name', async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    expect((await verify({ phone, code: wrong })).body.code).toBe('INVALID_OTP');
  });

  it('makes one account of two verifies at once for a new number', async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const answers = await Promise.all(
      [1, 2, 3].map(() => verify({ phone, code, name: 'Tara Menon' })),
    );
    const signedIn = answers.filter((a) => a.status === 200);
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(signedIn.filter((a) => a.body.created)).toHaveLength(1);
    const accounts = new Set(signedIn.map((a) => accountOf(a.body.token)));
    expect(accounts.size).toBe(1);
    // The others were told the code is spent, not handed a second account.
    for (const other of answers.filter((a) => a.status !== 200))
      expect(other.body.code).toBe('INVALID_OTP');

    const later = await verify({ phone, code: await codeFor(phone) });
    expect(later.body.created).toBe(false);
    expect(accountOf(later.body.token)).toBe([...accounts][0]);
  });

  it('refuses numbers that are not Indian mobiles before texting them', async () => {
    const refused = await start('5822045123');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(smsTo('5822045123')).toHaveLength(0);
  });
});

describe('a verified phone belongs to one account', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let sms: LogSmsTransport;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url });
    sms = t.services.sms as LogSmsTransport;
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  async function verifyInProfile(token: string, phone: string, email: string) {
    advance(COOLDOWN_MS);
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(token))
      .send({ phone })
      .expect(200);
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(token))
      .send({ phone, otp: lastSmsCode(sms, phone) })
      .expect(200);
    return request(t.app)
      .put('/api/auth/me')
      .set(bearer(token))
      .send({ name: 'Asha K', email, phone, dob: '1994-08-15', gender: 'female' });
  }

  async function phoneSignIn(phone: string, name?: string) {
    advance(COOLDOWN_MS);
    await request(t.app).post('/api/auth/phone/start').send({ phone }).expect(200);
    return request(t.app)
      .post('/api/auth/phone/verify')
      .send({ phone, code: lastSmsCode(sms, phone), ...(name ? { name } : {}) });
  }

  it('signs in the email account that verified the number in its profile', async () => {
    const account = await signUpVerified(t, sink);
    const phone = newPhone();
    expect((await verifyInProfile(account.token, phone, account.email)).status).toBe(200);
    const signedIn = await phoneSignIn(phone);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.created).toBe(false);
    expect(accountOf(signedIn.body.token)).toBe(accountOf(account.token));
    expect(signedIn.body.user.email).toBe(account.email);
  });

  it('will not let a second account verify a number another account signs in with', async () => {
    const phone = newPhone();
    expect((await phoneSignIn(phone, 'Nisha Rao')).status).toBe(200);
    const other = await signUpVerified(t, sink);
    const taken = await verifyInProfile(other.token, phone, other.email);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'PHONE_TAKEN',
      msg: PHONE_SIGN_IN_MESSAGES.phoneTaken,
    });
  });

  it('keeps accounts without an email apart, each without mail it cannot get', async () => {
    const [a, b] = [await phoneSignIn(newPhone(), 'Anu'), await phoneSignIn(newPhone(), 'Banu')];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(accountOf(a.body.token)).not.toBe(accountOf(b.body.token));
    // Two-step verification mails its code: an account without an email is told to add one.
    const twoStep = await request(t.app)
      .post('/api/auth/two-step/send-code')
      .set(bearer(a.body.token));
    expect(twoStep.status).toBe(409);
    expect(twoStep.body.code).toBe('EMAIL_REQUIRED');
  });

  it('lets an account made by phone add an email, then log in by email too', async () => {
    const phone = newPhone();
    const made = await phoneSignIn(phone, 'Lata Shah');
    const token = made.body.token as string;
    const email = `lata.${phone}@example.in`;
    await request(t.app)
      .post('/api/auth/send-email-otp')
      .set(bearer(token))
      .send({ email })
      .expect(200);
    const otp = codeIn(await sink.waitFor(email, /Confirm your new email/));
    await request(t.app)
      .post('/api/auth/verify-email-otp')
      .set(bearer(token))
      .send({ email, otp })
      .expect(200);
    const saved = await request(t.app)
      .put('/api/auth/me')
      .set(bearer(token))
      .send({ name: 'Lata Shah', email, phone, dob: '1990-01-31', gender: 'female' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.user).toMatchObject({ email, emailVerified: true, phone });
    // A password comes by the reset link, as for anyone who forgot theirs.
    await request(t.app).post('/api/auth/request-password-reset').send({ email }).expect(200);
    expect((await sink.waitFor(email, /reset/i)).subject).toMatch(/reset/i);
  });
});

describe('phone sign-in limits (production figures)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });
  const start = (phone: string, client: string) =>
    request(t.app).post('/api/auth/phone/start').set('X-Forwarded-For', client).send({ phone });

  it('texts one number at most 5 codes an hour, from however many clients', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i += 1) {
      advance(COOLDOWN_MS);
      expect((await start(phone, `203.0.113.${i + 1}`)).status).toBe(200);
    }
    advance(COOLDOWN_MS);
    const refused = await start(phone, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('SMS_LIMIT_REACHED');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // The shopper is told when to try again, and that email sign-in works meanwhile.
    expect(refused.body.message).toBe(PHONE_SIGN_IN_MESSAGES.numberLimited(Math.ceil(wait / 60)));
    const texted = (t.services.sms as LogSmsTransport).sent.filter((m) => m.to === phone);
    expect(texted).toHaveLength(5);
    // Other numbers are not held back by it.
    expect((await start(newPhone(), '203.0.113.51')).status).toBe(200);
  });

  it('lets one client ask for 10 codes an hour, and others go on', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) expect((await start(newPhone(), client)).status).toBe(200);
    const refused = await start(newPhone(), client);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect((await start(newPhone(), '198.51.100.8')).status).toBe(200);
  });
});
