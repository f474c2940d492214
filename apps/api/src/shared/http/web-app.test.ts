import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

describe('serving the built web app from the API', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'vanya-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Vanya Naturals</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
    t = await startTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the home page with index.html', async () => {
    const res = await request(t.app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Vanya Naturals</title>');
  });

  it('falls back to index.html for a client-side route such as /products/Bodybutter', async () => {
    const res = await request(t.app).get('/products/Bodybutter').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await request(t.app).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await request(t.app).get('/assets/missing.js');
    expect(res.status).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await request(t.app).get('/api/nothing-here').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});
