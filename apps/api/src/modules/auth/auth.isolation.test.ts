import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

// The slowdown's waits are held here until the test lets them go (or pass at once, unless held).
const slowdown = vi.hoisted(() => ({ hold: false, held: [] as (() => void)[] }));
vi.mock('../../platform/http/pause', () => ({
  pause: vi.fn(() =>
    slowdown.hold ? new Promise<void>((resolve) => slowdown.held.push(resolve)) : Promise.resolve(),
  ),
}));

const WRONG = 'Wrong#Pass1';
/** Each client is an address the proxy in front of the API forwards (TRUST_PROXY names it). */
const from = (client: string) => ({ 'X-Forwarded-For': client });

describe('one client’s slowed logins do not hold up another’s (production limits)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' });
  });
  afterEach(() => {
    slowdown.hold = false;
    for (const release of slowdown.held.splice(0)) release();
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const login = (email: string, password: string, client: string) =>
    request(t.app).post('/api/auth/login').set(from(client)).send({ email, password });

  it('logs an unrelated shopper in while 30 wrong logins from one address are being slowed', async () => {
    const target = await signUpVerified(t, sink, newEmail('target'));
    const shopper = await signUpVerified(t, sink, newEmail('bystander'));
    // Five failures from elsewhere: from now on every attempt at the target waits before its check.
    for (let i = 0; i < 5; i += 1)
      expect((await login(target.email, WRONG, `203.0.113.${70 + i}`)).status).toBe(401);

    slowdown.hold = true;
    const abuser = '203.0.113.66';
    const abuse = Array.from({ length: 30 }, () =>
      login(target.email, WRONG, abuser).then((res) => res.status),
    );
    // One client may try one account ten times a window: those ten wait out their slowdown.
    await vi.waitFor(() => expect(slowdown.held.length).toBe(10), { timeout: 20_000 });

    const answered = await login(shopper.email, PASSWORD, '198.51.100.66');
    expect(answered.status).toBe(200);
    // Every one of the abuser's slowed requests is still waiting.
    expect(slowdown.held).toHaveLength(10);

    for (const release of slowdown.held.splice(0)) release();
    const statuses = await Promise.all(abuse);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe('one client cannot lock out another, nor learn who has an account', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '127.0.0.1' });
  });
  afterEach(() => {
    sink.beforeAccept = undefined;
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const login = (email: string, password: string, client: string) =>
    request(t.app).post('/api/auth/login').set(from(client)).send({ email, password });

  it('leaves a login code valid for the shopper’s own client after wrong guesses from other addresses', async () => {
    const { email, token } = await signUpVerified(t, sink, newEmail('two-step'));
    await request(t.app)
      .post('/api/auth/two-step')
      .set(bearer(token))
      .send({ enabled: true, password: PASSWORD })
      .expect(200);
    const owner = '198.51.100.77';
    const challenged = await login(email, PASSWORD, owner);
    expect(challenged.body.code).toBe('OTP_REQUIRED');
    const code = codeIn(await sink.waitFor(email, /^Your login code/));
    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (client: string, otp: string) =>
      request(t.app).post('/api/auth/verify-otp').set(from(client)).send({ email, otp });

    // Five wrong guesses use up one stranger's tries at this code: even the right code is refused.
    const first = [];
    for (let i = 0; i < 5; i += 1) first.push((await guess('203.0.113.77', wrong)).body.code);
    expect(first).toEqual([...Array(4).fill('INVALID_OTP'), 'OTP_ATTEMPTS_EXCEEDED']);
    expect((await guess('203.0.113.77', code)).body.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    // Five more from another address.
    for (let i = 0; i < 5; i += 1) expect((await guess('203.0.113.78', wrong)).status).toBe(400);

    const signedIn = await guess(owner, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    // Used once: the same code does not sign anyone in again.
    expect((await guess(owner, code)).status).toBe(400);
  });

  describe('answers the same whether or not the address has an account, before any mail is sent', () => {
    /** Holds every mail at the SMTP server until released; records arrivals and acceptances. */
    function holdMail() {
      const events: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      sink.beforeAccept = async (mail) => {
        events.push(`mail arrived: ${mail.to.join()}`);
        await released;
        events.push(`mail accepted: ${mail.to.join()}`);
      };
      return { events, release };
    }

    it('answers a password-reset request before the reset mail is accepted', async () => {
      const { email } = await signUpVerified(t, sink, newEmail('reset'));
      const { events, release } = holdMail();
      const ask = (address: string) =>
        request(t.app)
          .post('/api/auth/request-password-reset')
          .send({ email: address })
          .then((res) => {
            events.push(`answered: ${address}`);
            return res;
          });
      const [known, unknown] = await Promise.all([ask(email), ask(newEmail('nobody'))]);
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(events.filter((e) => e.startsWith('mail accepted'))).toEqual([]);
      release();
      await sink.waitFor(email, /Reset your/);
      expect(events.indexOf(`mail accepted: ${email}`)).toBeGreaterThan(
        events.indexOf(`answered: ${email}`),
      );
    });

    it('answers a code resend before the code mail is accepted', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('resend'));
      await request(t.app)
        .post('/api/auth/two-step')
        .set(bearer(token))
        .send({ enabled: true, password: PASSWORD })
        .expect(200);
      // The login's second step is under way (only a right password starts one), and the resend
      // cooldown has passed: the clock is set past it, not waited for.
      const challenged = await request(t.app)
        .post('/api/auth/login')
        .set(from('198.51.100.88'))
        .send({ email, password: PASSWORD });
      expect(challenged.body.code).toBe('OTP_REQUIRED');
      await sink.waitFor(email, /^Your login code/);
      const mailed = sink.received.length;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      const { events, release } = holdMail();
      const [known, unknown] = await Promise.all(
        [email, newEmail('nobody')].map((address) =>
          request(t.app)
            .post('/api/auth/resend-otp')
            .set(from('198.51.100.88'))
            .send({ email: address }),
        ),
      );
      expect(known!.status).toBe(200);
      expect(known!.body).toEqual(unknown!.body);
      expect(events.filter((e) => e.startsWith('mail accepted'))).toEqual([]);
      release();
      await vi.waitFor(() => expect(sink.received.length).toBe(mailed + 1));
      expect(sink.received.at(-1)!.subject).toMatch(/^Your login code/);
    });

    it('answers an email-change code request before the code mail is accepted', async () => {
      const asking = await signUpVerified(t, sink, newEmail('changing'));
      const holder = await signUpVerified(t, sink, newEmail('holder'));
      const other = await signUpVerified(t, sink, newEmail('other'));
      const free = newEmail('free');
      const { events, release } = holdMail();
      const ask = (address: string, token: string) =>
        request(t.app).post('/api/auth/send-email-otp').set(bearer(token)).send({ email: address });
      const [open, taken] = await Promise.all([
        ask(free, asking.token),
        ask(holder.email, other.token),
      ]);
      expect(open.status).toBe(200);
      expect(open.body).toEqual(taken.body);
      expect(events.filter((e) => e.startsWith('mail accepted'))).toEqual([]);
      release();
      await sink.waitFor(free, /Confirm your new email/);
    });
  });
});
