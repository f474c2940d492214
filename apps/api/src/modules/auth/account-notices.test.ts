import { LIMITS } from '@vanya/catalog';
import { AUTH_MESSAGES } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, newEmail, PASSWORD, signUpVerified } from '../../testing/accounts';
import { codeIn, linkIn, SmtpSink } from '../../testing/smtp-sink';
import type { ReceivedMail } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { formatWhen } from '../mail/templates';
import type { LogSmsTransport } from '../sms/sms-transport';

/** The mail names the moment of the change (to the minute, in IST) between `before` and now. */
function expectMoment(mail: ReceivedMail, before: number) {
  const moments = new Set([formatWhen(new Date(before)), formatWhen(new Date())]);
  expect(
    [...moments].some((moment) => mail.text.includes(moment)),
    mail.text,
  ).toBe(true);
}

describe('what an account holder is told', () => {
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

  /** A profile with a verified phone, as PUT /auth/me needs one. */
  async function withPhone(token: string, phone: string) {
    await request(t.app)
      .post('/api/auth/send-phone-otp')
      .set(bearer(token))
      .send({ phone })
      .expect(200);
    await request(t.app)
      .post('/api/auth/verify-phone-otp')
      .set(bearer(token))
      .send({ phone, otp: lastSmsCode(t.services.sms as LogSmsTransport, phone) })
      .expect(200);
  }

  describe('a changed email', () => {
    it('tells the old address what changed, when, and what to do if it was not them', async () => {
      const { email: oldAddress, token } = await signUpVerified(t, sink, newEmail('old'));
      await withPhone(token, '9822045123');
      const newAddress = newEmail('new');
      await request(t.app)
        .post('/api/auth/send-email-otp')
        .set(bearer(token))
        .send({ email: newAddress })
        .expect(200);
      const otp = codeIn(await sink.waitFor(newAddress, /Confirm your new email/));
      await request(t.app)
        .post('/api/auth/verify-email-otp')
        .set(bearer(token))
        .send({ email: newAddress, otp })
        .expect(200);

      const before = Date.now();
      const saved = await request(t.app).put('/api/auth/me').set(bearer(token)).send({
        name: 'Asha Kulkarni',
        email: newAddress,
        phone: '9822045123',
        dob: '1994-08-15',
        gender: 'female',
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.data.user.email).toBe(newAddress);

      const notice = await sink.waitFor(oldAddress, /email address was changed/);
      expect(notice.subject).toBe('Your Vanya Naturals email address was changed');
      expect(notice.text).toContain('Hello Asha Kulkarni,');
      expect(notice.text).toContain(`Old address: ${oldAddress}`);
      expect(notice.text).toContain(`New address: ${newAddress}`);
      expectMoment(notice, before);
      expect(notice.text).toContain('If this was not you');
      expect(notice.text).toContain('support@vanyanaturals.in');
      expect(notice.parsed.replyTo?.value[0]?.address).toBe('support@vanyanaturals.in');
      expect(notice.html).toContain(newAddress);
    });

    it('sends nothing to the address when the profile is saved without changing it', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('same'));
      await withPhone(token, '9822045124');
      await request(t.app)
        .put('/api/auth/me')
        .set(bearer(token))
        .send({ name: 'Asha K', email, phone: '9822045124', dob: '1994-08-15', gender: 'female' })
        .expect(200);
      // The answer came after any notice would have been sent: only the sign-up mail is there.
      expect(sink.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    });
  });

  describe('a changed password', () => {
    it('tells the address what changed, when, how, and where to reset it if it was not them', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('pass'));
      const before = Date.now();
      await request(t.app)
        .post('/api/auth/change-password')
        .set(bearer(token))
        .send({ currentPassword: PASSWORD, newPass: 'Shea&Coffee22' })
        .expect(200);

      const notice = await sink.waitFor(email, /password was changed/);
      expect(notice.subject).toBe('Your Vanya Naturals password was changed');
      expect(notice.text).toContain('from your account’s security settings');
      expect(notice.text).toContain('Every other device signed in to your account was signed out.');
      expectMoment(notice, before);
      expect(notice.text).toContain('If this was not you');
      expect(notice.text).toMatch(/^http:\/\/localhost:5173\/forgot-password$/m);
      expect(notice.html).toContain('href="http://localhost:5173/forgot-password"');
      expect(notice.parsed.replyTo?.value[0]?.address).toBe('support@vanyanaturals.in');
    });

    it('says so too when a reset link set it', async () => {
      const { email } = await signUpVerified(t, sink, newEmail('reset'));
      await request(t.app).post('/api/auth/request-password-reset').send({ email }).expect(200);
      const resetMail = await sink.waitFor(email, /Reset your/);
      const resetToken = new URL(
        linkIn(resetMail, 'http://localhost:5173/reset-password?token='),
      ).searchParams.get('token');
      await request(t.app)
        .post('/api/auth/reset-password')
        .send({ token: resetToken, newPassword: 'Turmeric@2026' })
        .expect(200);
      const notice = await sink.waitFor(email, /password was changed/);
      expect(notice.text).toContain('with the password reset link we emailed you');
    });

    it('still changes the password when the notice cannot be sent', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('quiet'));
      sink.refuse = true;
      try {
        await request(t.app)
          .post('/api/auth/change-password')
          .set(bearer(token))
          .send({ currentPassword: PASSWORD, newPass: 'Shea&Coffee22' })
          .expect(200);
      } finally {
        sink.refuse = false;
      }
      await request(t.app)
        .post('/api/auth/login')
        .send({ email, password: 'Shea&Coffee22' })
        .expect(200);
    });
  });

  describe('a link used twice', () => {
    it('answers outcome already, without a session, the second time', async () => {
      const email = newEmail('twice');
      await request(t.app)
        .post('/api/auth/register')
        .send({ name: 'Ravi', email, password: PASSWORD })
        .expect(201);
      const link = linkIn(await sink.waitFor(email, /Confirm your email/), '/verify-email?token=');
      const token = new URL(link, 'http://localhost').searchParams.get('token');
      const first = await request(t.app).post('/api/auth/verify-email').send({ token });
      expect(first.body).toMatchObject({ success: true, outcome: 'verified' });
      expect(first.body.token).toEqual(expect.any(String));
      const second = await request(t.app).post('/api/auth/verify-email').send({ token });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({
        success: true,
        outcome: 'already',
        message: AUTH_MESSAGES.alreadyVerified,
      });
    });
  });

  describe('the resend countdown', () => {
    it('comes with the login that sent a code, and counts what is left on the next login', async () => {
      const email = newEmail('unverified');
      await request(t.app)
        .post('/api/auth/register')
        .send({ name: 'Ravi', email, password: PASSWORD })
        .expect(201);
      // Registration has just sent a code: the login finds it within its cooldown.
      const login = await request(t.app)
        .post('/api/auth/login')
        .send({ email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email });
      expect(login.body.resendAfterSeconds).toBeGreaterThan(0);
      expect(login.body.resendAfterSeconds).toBeLessThanOrEqual(LIMITS.otpResendCooldownSeconds);

      // A resend answers the full cooldown, as for any address (it tells nobody whether this
      // one has an account): never less than what the login said is left.
      const resend = await request(t.app).post('/api/auth/resend-otp').send({ email });
      expect(resend.status).toBe(200);
      expect(resend.body.resendAfterSeconds).toBeGreaterThanOrEqual(login.body.resendAfterSeconds);
    });

    it('is the full cooldown when the login sends a fresh two-step code', async () => {
      const { email, token } = await signUpVerified(t, sink, newEmail('twostep'));
      await request(t.app)
        .post('/api/auth/two-step')
        .set(bearer(token))
        .send({ enabled: true, password: PASSWORD })
        .expect(200);
      const login = await request(t.app)
        .post('/api/auth/login')
        .send({ email, password: PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({
        code: 'OTP_REQUIRED',
        email,
        resendAfterSeconds: LIMITS.otpResendCooldownSeconds,
      });
    });

    it('comes with a resend, the same for an address without an account', async () => {
      const unknown = await request(t.app)
        .post('/api/auth/resend-otp')
        .send({ email: newEmail('nobody') });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({
        msg: AUTH_MESSAGES.otpResent,
        message: AUTH_MESSAGES.otpResent,
        resendAfterSeconds: LIMITS.otpResendCooldownSeconds,
      });
    });
  });
});
