import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { createServices } from '../../services';
import { SERVER_SELECTION_TIMEOUT_MS } from '../../platform/db/connect';
import { createLogger } from '../../platform/logger';
import { startTestApp } from '../../testing/test-app';
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
    // No password routes' thread here: logins run on this connection, and report as it does.
    expect(res.body).toMatchObject({ status: 'ok', database: 'up', logins: 'up' });
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
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
    expect(res.body).toMatchObject({ status: 'degraded', database: 'down', logins: 'down' });
    await dead.close().catch(() => {});
    await services.close();
  });

  it("answers 503 with logins down when the password routes' thread says so, the database up", async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const logger = createLogger(config);
    const services = createServices(config, logger);
    const asked: number[] = [];
    for (const [state, status] of [
      ['down', 503],
      ['up', 200],
    ] as const) {
      const app = createApp({
        config,
        logger,
        connection: t.connection,
        services,
        passwords: {
          handler: (_req, res) => res.status(418).end(),
          health: (timeoutMs) => {
            asked.push(timeoutMs);
            return Promise.resolve(state);
          },
        },
      });
      const res = await request(app).get('/api/health');
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({
        status: state === 'up' ? 'ok' : 'degraded',
        database: 'up',
        logins: state,
      });
    }
    // Asked to answer within the time the database's own ping is given.
    expect(asked).toEqual([SERVER_SELECTION_TIMEOUT_MS, SERVER_SELECTION_TIMEOUT_MS]);
    await services.close();
  });
});
