import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
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

/**
 * The defect this guards against: FerretDB killed for 20 s under traffic, and health, orders,
 * profiles and checkout answered 503 for 3.5 to 4.2 minutes after it came back, until the API was
 * restarted (idle, the same outage healed in about 3 s): a driver heartbeat in flight at the kill
 * never settled, so the driver's monitor never looked at the server again.
 *
 * How soon is judged by polls rather than by a wall-clock assertion: once the database accepts
 * connections again, one poll is a GET of a database-backed route followed by a pause of
 * POLL_INTERVAL_MS, and the route must answer 200 within RECOVERY_POLLS polls (5 s of pauses, plus
 * the polls' own time). On a busy machine each poll takes longer and the bound stretches with it,
 * so slowness does not fail it; a connection that never heals fails it however fast the machine.
 * The elapsed time is printed too, for the record.
 */
const OUTAGE_MS = Number(process.env.OUTAGE_TEST_MS ?? 20_000);
const POLL_INTERVAL_MS = 250;
const RECOVERY_POLLS = 20;
const TRAFFIC_LOOPS = 6;

describe('a database that goes down under traffic and comes back', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    await db.start();
    sink = await new SmtpSink().start();
    t = await startTestApp({ SMTP_URL: sink.url }, { mongoUri: db.uri });
    ({ token } = await signUpVerified(t, sink));
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    await sink?.stop();
  });

  const get = async (path: string): Promise<number> => {
    try {
      const res = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  };

  /**
   * Kills the database under continuous traffic for `outageMs`, brings it back and counts the
   * polls until /api/orders answers 200 (up to 20 times the bound, to have a figure).
   */
  async function outage(outageMs: number, beforeKill: () => void = () => {}) {
    expect(await get('/api/orders')).toBe(200);
    let running = true;
    const statuses = new Map<number, number>();
    const routes = ['/api/orders', '/api/auth/me', '/api/health', '/api/orders'];
    const loops = Array.from({ length: TRAFFIC_LOOPS }, async (_, i) => {
      for (let n = 0; running; n++) {
        const status = await get(routes[(i + n) % routes.length]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    try {
      await new Promise((r) => setTimeout(r, 500));
      beforeKill();
      await new Promise((r) => setTimeout(r, 1_500));
      await db.kill();
      await new Promise((r) => setTimeout(r, outageMs));
      expect(await get('/api/orders')).toBe(503);
      expect(await get('/api/health')).toBe(503);
      await db.start();
      const backAt = Date.now();
      let polls = 0;
      let status = 0;
      while (polls < RECOVERY_POLLS * 20) {
        polls += 1;
        status = await get('/api/orders');
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
      }
      const healedMs = Date.now() - backAt;
      console.log(
        `outage of ${outageMs} ms under traffic: /api/orders answered ${status} after ${polls} polls, ${healedMs} ms after the database was back; traffic statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(status).toBe(200);
      expect(polls).toBeLessThanOrEqual(RECOVERY_POLLS);
      // The other database-backed routes, and health, answer again too (traffic still running).
      await vi.waitFor(
        async () => {
          expect(await get('/api/auth/me')).toBe(200);
          expect(await get('/api/health')).toBe(200);
        },
        { timeout: 10_000, interval: POLL_INTERVAL_MS },
      );
    } finally {
      running = false;
      await Promise.all(loops);
      await db.start();
    }
  }

  it(`serves again within ${RECOVERY_POLLS} polls of ${POLL_INTERVAL_MS} ms once the database is back, without a restart`, async () => {
    await outage(OUTAGE_MS);
  }, 180_000);

  it('serves again within the same bound when a driver heartbeat in flight at the kill never settles', async () => {
    // The defect's own state, made certain: the driver's monitor sends its next heartbeat and
    // never hears back, so it never looks at the server again (the driver bounds a heartbeat by
    // its socket timeout; this one is held forever, as the one in the defect was).
    const client = t.connection.getClient() as unknown as {
      topology?: { s: { servers: Map<string, { monitor?: { connection?: unknown } }> } };
    };
    const servers = [...(client.topology?.s.servers.values() ?? [])];
    const monitorConnection = servers[0]?.monitor?.connection as
      { command: (...args: unknown[]) => Promise<unknown> } | undefined;
    // If the driver's insides move, this test must be rewritten, not pass vacuously.
    expect(servers).toHaveLength(1);
    expect(typeof monitorConnection?.command).toBe('function');
    await outage(5_000, () => {
      monitorConnection!.command = () => new Promise(() => {});
    });
  }, 180_000);
});
