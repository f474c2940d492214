import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpVerified } from '../../testing/accounts';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { ConsentModel } from './consent.model';

describe('POST /api/consent', () => {
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

  it('stores a guest decision with a visitor id cookie it sets, and keeps that id next time', async () => {
    const first = await request(t.app)
      .post('/api/consent')
      .send({ analytics: true, marketing: false, preferences: true });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ok: true });
    const cookie = first.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^vanya_vid=[0-9a-f-]{36}; /);
    expect(cookie).toMatch(/HttpOnly/);
    const visitorId = /vanya_vid=([^;]+)/.exec(cookie)![1];

    await request(t.app)
      .post('/api/consent')
      .set('Cookie', `vanya_vid=${visitorId}`)
      .send({ analytics: false, marketing: false, preferences: false })
      .expect(201);
    const rows = await ConsentModel.find({ visitorId }).sort({ createdAt: 1 }).lean();
    expect(rows.map((r) => [r.analytics, r.marketing, r.preferences, r.userId])).toEqual([
      [true, false, true, null],
      [false, false, false, null],
    ]);
  });

  it('links the decision to the signed-in user', async () => {
    const { token } = await signUpVerified(t, sink);
    await request(t.app)
      .post('/api/consent')
      .set(bearer(token))
      .send({ analytics: true, marketing: true, preferences: true })
      .expect(201);
    const row = await ConsentModel.findOne({ marketing: true }).lean();
    expect(row?.userId).not.toBeNull();
  });

  it('refuses a payload that is not three booleans', async () => {
    const before = await ConsentModel.countDocuments();
    for (const body of [
      { analytics: 'yes', marketing: false, preferences: false },
      { analytics: true, marketing: false },
      { analytics: true, marketing: false, preferences: false, necessary: false },
    ]) {
      expect((await request(t.app).post('/api/consent').send(body)).status).toBe(400);
    }
    expect(await ConsentModel.countDocuments()).toBe(before);
  });
});
