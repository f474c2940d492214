import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { LOGIN_HISTORY_KEPT, loginHistoryOf, recordLogin } from './login-history';
import { UserModel } from './user.model';
import type { UserDoc } from './user.model';

describe('the login history', () => {
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

  const login = (email: string, userAgent: string) =>
    request(t.app)
      .post('/api/auth/login')
      .set('User-Agent', userAgent)
      .send({ email, password: PASSWORD });

  it('lists the 20 latest sign-ins newest first, keeping no more than 20 on the account', async () => {
    const { email } = await signUpVerified(t, sink, newEmail('history'));
    for (let i = 1; i <= 22; i += 1) {
      const answer = await login(email, `Mozilla/5.0 (Windows NT 10.0) Firefox/${100 + i}.0`);
      expect(answer.status).toBe(200);
      expect(answer.body.user.hasLoggedInBefore).toBe(true);
    }
    const { token } = (await login(email, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0')).body;
    const me = (await request(t.app).get('/api/auth/me').set(bearer(token))).body.data.user;
    expect(me.hasLoggedInBefore).toBe(true);
    expect(me.loginHistory).toHaveLength(20);
    expect(me.loginHistory[0]).toMatch(/ IST · Chrome on Android · /);
    expect(
      me.loginHistory.slice(1).every((line: string) => line.includes('Firefox on Windows')),
    ).toBe(true);
    const stored = await UserModel.findOne({ email }).lean<UserDoc>();
    expect(stored!.recentLogins).toHaveLength(LOGIN_HISTORY_KEPT);
  });

  it('tells a first sign-in from a returning one', async () => {
    const user = (await UserModel.create({
      name: 'Meera Joshi',
      email: newEmail('first'),
      passwordHash: 'x',
    }).then((d) => d.toObject())) as UserDoc;
    expect(loginHistoryOf(user)).toEqual({ events: [], hasLoggedInBefore: false });
    const first = await recordLogin(user._id, { at: new Date(), ip: '10.0.0.1', userAgent: 'a' });
    expect(first.hasLoggedInBefore).toBe(false);
    const second = await recordLogin(user._id, { at: new Date(), ip: '10.0.0.2', userAgent: 'b' });
    expect(second.hasLoggedInBefore).toBe(true);
    expect(second.events.map((e) => e.ip)).toEqual(['10.0.0.1']);
  });

  it('keeps every one of many simultaneous sign-ins, and trims to the 20 latest, never fewer', async () => {
    const user = await UserModel.create({
      name: 'Sahil Pawar',
      email: newEmail('busy'),
      passwordHash: 'x',
    });
    const at = (i: number) => new Date(Date.UTC(2026, 5, 1, 10, 0, i));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        recordLogin(user._id, { at: at(i), ip: `10.1.0.${i}`, userAgent: 'x' }),
      ),
    );
    let stored = (await UserModel.findById(user._id).lean<UserDoc>())!;
    expect(new Set(stored.recentLogins.map((e) => e.ip)).size).toBe(8);

    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        recordLogin(user._id, { at: at(10 + i), ip: `10.2.0.${i}`, userAgent: 'x' }),
      ),
    );
    stored = (await UserModel.findById(user._id).lean<UserDoc>())!;
    expect(stored.recentLogins).toHaveLength(LOGIN_HISTORY_KEPT);
    expect(new Set(stored.recentLogins.map((e) => e.ip)).size).toBe(LOGIN_HISTORY_KEPT);
  });

  it('answers an unknown user as one who never signed in', async () => {
    expect(
      await recordLogin(new Types.ObjectId(), { at: new Date(), ip: '10.0.0.3', userAgent: 'c' }),
    ).toEqual({ events: [], hasLoggedInBefore: false });
  });
});
