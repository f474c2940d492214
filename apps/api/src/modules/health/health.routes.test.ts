import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { createServices } from '../../services';
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
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
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
    expect(res.body).toMatchObject({ status: 'degraded', database: 'down' });
    await dead.close().catch(() => {});
    await services.close();
  });
});
