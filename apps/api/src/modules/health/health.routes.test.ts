import mongoose from 'mongoose';
import type { Connection } from 'mongoose';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { createServices } from '../../services';
import { createLogger } from '../../platform/logger';
import { startTestApp } from '../../testing/test-app';
import { HEALTH_FRESH_MS, healthRoutes } from './health.routes';
import type { TestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the database up with 200 while the database answers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
    const ready = await request(t.app).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers liveness without asking the database, and the version of the build', async () => {
    const res = await request(t.app).get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'unchecked', version: 'development' });
  });

  it('answers 503 with the database down when nothing answers at the database address', async () => {
    // A real connection attempt to a port nobody listens on: the state a crashed database leaves.
    const dead = mongoose.createConnection('mongodb://127.0.0.1:9/vanya', {
      serverSelectionTimeoutMS: 200,
    });
    dead.on('error', () => {});
    const config = loadConfig({ NODE_ENV: 'test' });
    const logger = createLogger(config);
    const services = createServices(config, logger);
    const app = createApp({ config, logger, connection: dead, services });
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: 'down' });
    expect((await request(app).get('/api/health/ready')).status).toBe(503);
    // The process itself is fine: an orchestrator must not restart it for the database's sake.
    expect((await request(app).get('/api/health/live')).status).toBe(200);
    await dead.close().catch(() => {});
    await services.close();
  });

  it('shares one check among the calls that arrive while it runs or within a second after it', async () => {
    let clock = 0;
    let pings = 0;
    let answer: () => void = () => {};
    let fail: (err: Error) => void = () => {};
    // A connection whose ping the test answers: up when it resolves, down when it fails.
    const connection = {
      readyState: 1,
      db: {
        admin: () => ({
          ping: () => {
            pings += 1;
            return new Promise<void>((resolve, reject) => {
              answer = resolve;
              fail = reject;
            });
          },
        }),
      },
    } as unknown as Connection;
    let arrived = 0;
    const app = express()
      .use((_req, _res, next) => {
        arrived += 1;
        next();
      })
      .use(
        '/api',
        healthRoutes(connection, () => clock),
      );
    // Sent at once (a supertest request goes out when awaited or then'd).
    const get = () =>
      request(app)
        .get('/api/health')
        .then((res) => res);
    // Two calls while the check is under way: one check, both answered by it.
    const first = get();
    const second = get();
    while (arrived < 2 || pings === 0) await new Promise((r) => setTimeout(r, 5));
    expect(pings).toBe(1);
    fail(new Error('no server'));
    expect([(await first).status, (await second).status]).toEqual([503, 503]);
    // Within the second after it finished: its findings, no new check.
    clock += HEALTH_FRESH_MS - 1;
    const soon = await get();
    expect(soon.status).toBe(503);
    expect(soon.body).toMatchObject({ status: 'degraded', database: 'down' });
    expect(pings).toBe(1);
    // A second after it finished: a new check, whose findings answer.
    clock += 1;
    const later = get();
    while (pings === 1) await new Promise((r) => setTimeout(r, 5));
    answer();
    const res = await later;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(pings).toBe(2);
  });
});
