import { FIELD_MESSAGES, WAITLIST_MESSAGES } from '@vanya/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { WaitlistSignupModel } from './waitlist.model';

const JOINED = { success: true, message: WAITLIST_MESSAGES.joined };

describe('POST /api/waitlist', () => {
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

  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

  it('adds a new address with its date, answers 201 and mails one confirmation', async () => {
    const email = newEmail('meera');
    const before = Date.now();
    const res = await request(t.app).post('/api/waitlist').send({ name: 'Meera Joshi', email });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(JOINED);

    const mail = await sink.waitFor(email, /You're on the #BeVanya waitlist/);
    expect(mail.text).toContain('Hello Meera Joshi,');
    expect(mail.text).toContain('new batch');
    expect(mail.html).toContain('Vanya Naturals');
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('support@vanyanaturals.in');

    const stored = await WaitlistSignupModel.findById(email).lean();
    expect(stored).toMatchObject({ email, name: 'Meera Joshi' });
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.confirmationMailedAt).toBeInstanceOf(Date);
  });

  it('answers an address already on the list with the same words and 200, and sends no second mail', async () => {
    const email = newEmail('twice');
    await request(t.app).post('/api/waitlist').send({ name: 'Ravi Deshmukh', email }).expect(201);
    await sink.waitFor(email, /waitlist/);

    // The same address typed differently is the same address.
    const again = await request(t.app)
      .post('/api/waitlist')
      .send({ name: 'Ravi D.', email: `  ${email.toUpperCase()} ` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(JOINED);
    // The first answer came after its mail had arrived; a second mail would have too.
    expect(mailsTo(email)).toHaveLength(1);
    expect(await WaitlistSignupModel.countDocuments({ email })).toBe(1);
    expect((await WaitlistSignupModel.findById(email).lean())?.name).toBe('Ravi Deshmukh');
  });

  it('keeps one signup when the same address arrives many times at once', async () => {
    const email = newEmail('burst');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(t.app).post('/api/waitlist').send({ name: 'Burst', email }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await WaitlistSignupModel.countDocuments({ email })).toBe(1);
    await sink.waitFor(email, /waitlist/);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('refuses a missing name or a malformed email with the words the form shows, keeping nothing', async () => {
    const noName = await request(t.app)
      .post('/api/waitlist')
      .send({ name: '  ', email: 'someone@example.in' });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe(FIELD_MESSAGES.name);
    const badEmail = await request(t.app)
      .post('/api/waitlist')
      .send({ name: 'Someone', email: 'someone@' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.msg).toBe(FIELD_MESSAGES.invalidEmail);
    const extra = await request(t.app)
      .post('/api/waitlist')
      .send({ name: 'Someone', email: 'someone@example.in', admin: true });
    expect(extra.status).toBe(400);
    expect(await WaitlistSignupModel.countDocuments({ name: 'Someone' })).toBe(0);
  });

  it('keeps no signup whose confirmation could not be sent, so trying again works', async () => {
    const email = newEmail('nomail');
    sink.refuse = true;
    try {
      const res = await request(t.app).post('/api/waitlist').send({ name: 'No Mail', email });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('MAIL_UNAVAILABLE');
    } finally {
      sink.refuse = false;
    }
    expect(await WaitlistSignupModel.countDocuments({ email })).toBe(0);
    const retry = await request(t.app).post('/api/waitlist').send({ name: 'No Mail', email });
    expect(retry.status).toBe(201);
    await sink.waitFor(email, /waitlist/);
  });
});

describe('POST /api/waitlist under its rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 10 an hour per address at scale 1; at 0.1, one.
    t = await startTestApp({ RATE_LIMIT_SCALE: '0.1' });
  });
  afterAll(() => t.close());

  it('answers 429 with the wait once a client has used its signups for the hour', async () => {
    await request(t.app)
      .post('/api/waitlist')
      .send({ name: 'First', email: newEmail('limit') })
      .expect(201);
    const res = await request(t.app)
      .post('/api/waitlist')
      .send({ name: 'Second', email: newEmail('limit') });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
