import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pause } from '../../platform/http/pause';
import { RateLimitWindow } from '../../platform/http/rate-limit';
import { bearer, lastSmsCode, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { LogSmsTransport } from '../sms/sms-transport';
import type { TestApp } from '../../testing/test-app';

// The slowdown's waits are counted, not waited: every wait the API asks for lands here.
vi.mock('../../platform/http/pause', () => ({ pause: vi.fn(async () => undefined) }));
const waits = vi.mocked(pause);

const WRONG = 'Wrong#Pass1';

const mailsTo = (sink: SmtpSink, address: string) =>
  sink.received.filter((m) => m.to.includes(address.toLowerCase()));

/** Each client is an address the proxy in front of the API forwards (TRUST_PROXY names it). */
const from = (client: string) => ({ 'X-Forwarded-For': client });

describe('what a stranger can do to someone else’s account (production limits)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  beforeEach(() => waits.mockClear());

  const login = (email: string, password: string, client: string) =>
    request(t.app).post('/api/auth/login').set(from(client)).send({ email, password });

  describe('passwords', () => {
    it('cannot lock the owner out: ten wrong passwords refuse that client only, and the owner logs in from theirs', async () => {
      const { email } = await signUpVerified(t, sink);
      const attacker = '203.0.113.10';
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await login(email, WRONG, attacker)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      const refused = await login(email, PASSWORD, attacker);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.code).toBe('RATE_LIMITED');

      const owner = await login(email, PASSWORD, '198.51.100.20');
      expect(owner.status).toBe(200);
      expect(owner.body.token).toEqual(expect.any(String));
    });

    it('slows every attempt at an account after five failures, doubling to 8 s, and the right password still gets in', async () => {
      const { email } = await signUpVerified(t, sink);
      // A botnet: each failure from a client of its own, so no per-client limit is reached.
      for (let i = 0; i < 9; i += 1)
        expect((await login(email, WRONG, `203.0.113.${100 + i}`)).status).toBe(401);
      // The first five are free; each one after waits 1, 2, 4, then 8 seconds.
      expect(waits.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000, 8000]);

      waits.mockClear();
      const owner = await login(email, PASSWORD, '198.51.100.21');
      expect(owner.status).toBe(200);
      expect(waits.mock.calls.map(([ms]) => ms)).toEqual([8000]);
      // Another account is not slowed by it.
      waits.mockClear();
      const other = await signUpVerified(t, sink);
      expect((await login(other.email, PASSWORD, '198.51.100.21')).status).toBe(200);
      expect(waits).not.toHaveBeenCalled();
    });

    it('a right password ends the client’s run of failures', async () => {
      const { email } = await signUpVerified(t, sink);
      const client = '198.51.100.22';
      for (let i = 0; i < 9; i += 1) expect((await login(email, WRONG, client)).status).toBe(401);
      expect((await login(email, PASSWORD, client)).status).toBe(200);
      // The count starts again: another mistyped password is an ordinary 401, not a 429.
      expect((await login(email, WRONG, client)).status).toBe(401);
    });

    it('stops one client trying many accounts (credential stuffing) after 30 attempts', async () => {
      const client = '203.0.113.200';
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1)
        statuses.push((await login(newEmail('stuffed'), WRONG, client)).status);
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses[30]).toBe(429);

      // Refused once, the client is answered from memory: a flood of refusals writes nothing more.
      const flood = await Promise.all(
        Array.from({ length: 40 }, () => login(newEmail('stuffed'), WRONG, client)),
      );
      expect(flood.map((r) => r.status)).toEqual(Array(40).fill(429));
      expect(Number(flood[0]!.headers['retry-after'])).toBeGreaterThan(0);
      const windows = await RateLimitWindow.find({}).lean();
      expect(windows.filter((w) => w._id.startsWith(`login:ip:${client}:`))).toEqual([
        expect.objectContaining({ count: 31 }),
      ]);
      // Another address is not refused for it.
      expect((await login(newEmail('stuffed'), WRONG, '203.0.113.201')).status).toBe(401);
    });
  });

  describe('one-time codes', () => {
    it('cannot lock the owner out: wrong codes from strangers refuse those clients only, and the owner signs in with the code', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('two-step'));
      await request(t.app)
        .post('/api/auth/two-step')
        .set(bearer(token))
        .send({ enabled: true, password: PASSWORD })
        .expect(200);

      // Before any code is out, two strangers send eleven guesses each.
      for (const stranger of ['203.0.113.31', '203.0.113.32']) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          const res = await request(t.app)
            .post('/api/auth/verify-otp')
            .set(from(stranger))
            .send({ email, otp: String(100000 + i) });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
        expect(statuses[10]).toBe(429);
      }

      const owner = '198.51.100.30';
      const challenged = await login(email, PASSWORD, owner);
      expect(challenged.status).toBe(403);
      expect(challenged.body.code).toBe('OTP_REQUIRED');
      const code = codeIn(await sink.waitFor(email, /^Your login code/));
      const signedIn = await request(t.app)
        .post('/api/auth/verify-otp')
        .set(from(owner))
        .send({ email, otp: code });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.token).toEqual(expect.any(String));
      // The account was slowed by the strangers' failures, never locked.
      expect(Math.max(...waits.mock.calls.map(([ms]) => ms))).toBe(8000);
    });
  });

  describe('a code belongs to whoever asked for it', () => {
    const guess = (path: string, body: Record<string, string>, client: string) =>
      request(t.app).post(path).set(from(client)).send(body);
    /** Wrong guesses sent all at once, `each` from every one of `clients` addresses. */
    const strangersGuess = async (
      path: string,
      body: (otp: string) => Record<string, string>,
      code: string,
      clients: number,
      each: number,
    ) => {
      const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: clients * each }, (_, n) =>
          guess(
            path,
            body(wrong(n)),
            `203.0.${113 + Math.floor(n / each / 250)}.${(n / each) % 250}`,
          ),
        ),
      );
      return answers.map((a) => a.body.code as string);
    };

    it('signs the holder in by phone after 60 wrong guesses from 60 addresses, and turns strangers away after 50', async () => {
      const phone = '9822051234';
      const holder = '198.51.100.60';
      expect((await guess('/api/auth/phone/start', { phone }, holder)).status).toBe(200);
      const code = lastSmsCode(t.services.sms as LogSmsTransport, phone);
      const body = (otp: string) => ({ phone, code: otp, name: 'Meera Patil' });
      const refusals = await strangersGuess('/api/auth/phone/verify', body, code, 60, 1);
      expect(refusals.filter((c) => c === 'INVALID_OTP')).toHaveLength(50);
      expect(refusals.filter((c) => c === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(10);
      // Past the strangers' 50, even the right code from a stranger is turned away.
      expect((await guess('/api/auth/phone/verify', body(code), '203.0.114.200')).body.code).toBe(
        'OTP_ATTEMPTS_EXCEEDED',
      );
      const signedIn = await guess('/api/auth/phone/verify', body(code), holder);
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signedIn.body).toMatchObject({ created: true, token: expect.any(String) });
    });

    it('signs the holder in with the two-step code after 40 wrong guesses from 8 addresses, and after 60 from 60', async () => {
      const holder = '198.51.100.61';
      for (const [clients, each] of [
        [8, 5],
        [60, 1],
      ] as const) {
        const { email, token } = await signUpVerified(t, sink, newEmail('two-step-holder'));
        await request(t.app)
          .post('/api/auth/two-step')
          .set(bearer(token))
          .send({ enabled: true, password: PASSWORD })
          .expect(200);
        expect((await login(email, PASSWORD, holder)).body.code).toBe('OTP_REQUIRED');
        const code = codeIn(await sink.waitFor(email, /^Your login code/));
        const body = (otp: string) => ({ email, otp });
        const refusals = await strangersGuess('/api/auth/verify-otp', body, code, clients, each);
        expect(refusals.every((c) => c === 'INVALID_OTP' || c === 'OTP_ATTEMPTS_EXCEEDED')).toBe(
          true,
        );
        const signedIn = await guess('/api/auth/verify-otp', body(code), holder);
        expect(signedIn.status, signedIn.text).toBe(200);
      }
    });
  });
});

describe('what else a stranger could learn or forge', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  describe('sessions', () => {
    it('refuses a token without an expiry, even one signed with the real key', async () => {
      const { token } = await signUpVerified(t, sink);
      const claims = jwt.decode(token) as { sub: string; tv: number };
      const forever = jwt.sign({ tv: claims.tv }, t.config.jwtSecret, {
        algorithm: 'HS256',
        subject: claims.sub,
        issuer: 'vanya-api',
        audience: 'vanya-web',
      });
      expect((jwt.decode(forever) as { exp?: number }).exp).toBeUndefined();
      for (const path of ['/api/auth/me', '/api/orders', '/api/wishlist']) {
        const res = await request(t.app).get(path).set(bearer(forever));
        expect(res.status, path).toBe(401);
      }
      expect((await request(t.app).get('/api/auth/me').set(bearer(token))).status).toBe(200);
    });
  });

  describe('telling who has an account', () => {
    it('answers a code for an email change the same whether or not another account uses the address, and mails only a free one', async () => {
      const first = await signUpVerified(t, sink);
      const second = await signUpVerified(t, sink);
      const free = newEmail('free');
      const taken = await request(t.app)
        .post('/api/auth/send-email-otp')
        .set(bearer(second.token))
        .send({ email: first.email });
      const third = await signUpVerified(t, sink);
      const open = await request(t.app)
        .post('/api/auth/send-email-otp')
        .set(bearer(third.token))
        .send({ email: free });
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual(open.body);
      await sink.waitFor(free, /Confirm your new email/);
      expect(mailsTo(sink, first.email).map((m) => m.subject)).not.toContainEqual(
        expect.stringMatching(/new email/i),
      );
    });

    it('answers a resend the same for an unknown address, an unverified one in its cooldown and a verified one', async () => {
      const unverified = newEmail('pending');
      await request(t.app)
        .post('/api/auth/register')
        .send({ name: 'Ravi Shetty', email: unverified, password: PASSWORD })
        .expect(201);
      await sink.waitFor(unverified, /Confirm your email/);
      const { email: verified } = await signUpVerified(t, sink);
      const answers = await Promise.all(
        [newEmail('nobody'), unverified, verified].map((email) =>
          request(t.app).post('/api/auth/resend-otp').set(from('198.51.100.40')).send({ email }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1]!.body).toEqual(answers[0]!.body);
      expect(answers[2]!.body).toEqual(answers[0]!.body);
      // Within the cooldown the code already sent stands: no second mail went out.
      expect(mailsTo(sink, unverified)).toHaveLength(1);
    });
  });
});
