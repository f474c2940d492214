import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, PASSWORD, signUpVerified } from '../../testing/accounts';
import { startRestartableDatabase } from '../../testing/restartable-database';
import type { RestartableDatabase } from '../../testing/restartable-database';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { connectDatabase, HEARTBEAT_FREQUENCY_MS, SERVER_SELECTION_TIMEOUT_MS } from './connect';

// A database server of this file's own is crashed (SIGKILL) and brought back on the same port and
// data folder, under the real app in-process. How fast the app answers while the database is down
// is set by configuration (connect.ts), asserted here, rather than measured with a clock.

const UNAVAILABLE = {
  msg: 'The shop is briefly unavailable. Please try again in a moment.',
  message: 'The shop is briefly unavailable. Please try again in a moment.',
  code: 'DATABASE_UNAVAILABLE',
};

let db: RestartableDatabase;
beforeAll(async () => {
  db = await startRestartableDatabase();
});
afterAll(async () => {
  await db?.dispose();
});

describe('connecting at start-up', () => {
  it('keeps trying until a database that starts after the API answers', async () => {
    await db.kill();
    const attempts = vi.spyOn(mongoose, 'connect');
    try {
      const connecting = connectDatabase(db.uri, { dbName: 'startup_probe' });
      // The first attempt has given up (the server is down) and a second one is under way.
      await vi.waitFor(() => expect(attempts.mock.calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 15_000,
        interval: 50,
      });
      await db.start();
      const connection = await connecting;
      await connection.collection('probe').insertOne({ ok: true });
      expect(await connection.collection('probe').countDocuments()).toBe(1);
      await connection.dropDatabase();
    } finally {
      attempts.mockRestore();
      await mongoose.disconnect();
      await db.start();
    }
  }, 30_000);
});

describe('a database that goes down and comes back', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let email: string;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url }, { mongoUri: db.uri });
    ({ token, email } = await signUpVerified(t, sink));
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('gives up on an unreachable database within 2 s by configuration, and looks for it every second or two', () => {
    const options = t.connection.getClient().options;
    expect(options.serverSelectionTimeoutMS).toBe(SERVER_SELECTION_TIMEOUT_MS);
    expect(options.serverSelectionTimeoutMS).toBeLessThanOrEqual(2_000);
    expect(options.heartbeatFrequencyMS).toBe(HEARTBEAT_FREQUENCY_MS);
    expect(options.heartbeatFrequencyMS).toBeLessThanOrEqual(2_000);
  });

  it('answers 503 DATABASE_UNAVAILABLE while it is down and serves again once it is back, without a restart', async () => {
    const orders = () => request(t.app).get('/api/orders').set(bearer(token));
    const login = () => request(t.app).post('/api/auth/login').send({ email, password: PASSWORD });
    expect((await orders()).status).toBe(200);

    await db.kill();
    try {
      const refused = await orders();
      expect(refused.status).toBe(503);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toEqual(UNAVAILABLE);

      const loginRefused = await login();
      expect(loginRefused.status).toBe(503);
      expect(loginRefused.body).toEqual(UNAVAILABLE);

      const health = await request(t.app).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'degraded', database: 'down' });
      // Still down on the next look, not a one-off.
      expect((await request(t.app).get('/api/health')).status).toBe(503);
    } finally {
      await db.start();
    }

    // Back once the database accepts connections again. How soon (within 5 s) is set by the
    // configuration asserted above; this wait is generous so that a busy machine cannot fail it.
    await vi.waitFor(async () => expect((await orders()).status).toBe(200), {
      timeout: 20_000,
      interval: 100,
    });
    const back = await login();
    expect(back.status).toBe(200);
    expect(back.body.token).toEqual(expect.any(String));
    await vi.waitFor(
      async () => expect((await request(t.app).get('/api/health')).status).toBe(200),
      { timeout: 20_000, interval: 100 },
    );
  }, 60_000);
});
