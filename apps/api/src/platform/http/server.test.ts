import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, rawFrom } from '../../testing/raw-http';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { appServer, close, listen } from './server';

/** What the server handed Express: were they already the app's own request and response? */
function watchPrototypes(server: http.Server, app: Express) {
  const seen: { request: boolean; response: boolean }[] = [];
  server.prependListener('request', (req, res) => {
    seen.push({
      request: Object.getPrototypeOf(req) === app.request,
      response: Object.getPrototypeOf(res) === app.response,
    });
  });
  return seen;
}

describe('appServer: requests born as the app’s own objects', () => {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/hello', (req, res) => {
    res
      .status(201)
      .set('X-Shop', 'Vanya')
      .json({ who: req.get('X-Shopper'), q: req.query.q, sameApp: req.app === app });
  });
  app.get('/away', (_req, res) => res.redirect(302, '/hello'));
  const server = appServer(app);
  const seen = watchPrototypes(server, app);

  beforeAll(() => listen(server, 0, '127.0.0.1'));
  afterAll(() => close(server));

  it('hands Express requests and responses that already have its prototypes, so it changes none', async () => {
    await rawFrom(server, '/hello');
    await rawFrom(server, '/away');
    expect(seen).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it('keeps what Express gives them: req.get, req.query, req.app, res.status/set/json, redirects', async () => {
    const hello = await rawFrom(server, '/hello?q=butter', { headers: { 'X-Shopper': 'Asha' } });
    expect(hello.status).toBe(201);
    expect(hello.headers['x-shop']).toBe('Vanya');
    expect(hello.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(hello.body.toString())).toEqual({ who: 'Asha', q: 'butter', sameApp: true });

    const away = await rawFrom(server, '/away');
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe('/hello');
  });

  it('answers a path nobody serves with Express’s own 404', async () => {
    const missing = await rawFrom(server, '/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('Cannot GET /nowhere');
  });

  it('refuses a port that is taken (listen rejects instead of pretending)', async () => {
    const { port } = server.address() as AddressInfo;
    const second = appServer(express());
    await expect(listen(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

describe('appServer with the whole API', () => {
  let t: TestApp;
  let server: http.Server;
  let seen: { request: boolean; response: boolean }[];

  beforeAll(async () => {
    t = await startTestApp();
    server = appServer(t.app);
    seen = watchPrototypes(server, t.app);
    await listen(server, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await close(server);
    await t.close();
  });

  it('answers the catalogue byte for byte as the app does on a plain server', async () => {
    const through = await rawFrom(server, '/api/products');
    const plain = await raw(t.app, '/api/products'); // http.createServer(app): Express sets the prototypes
    expect(through.status).toBe(200);
    expect(through.headers.etag).toBe(plain.headers.etag);
    expect(through.body.equals(plain.body)).toBe(true);
    expect(JSON.parse(through.body.toString())).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'Bodybutter' })]),
    );
    expect(seen.at(-1)).toEqual({ request: true, response: true });
  });

  it('reads a JSON body and answers errors through the app’s error handler', async () => {
    const login = await rawFrom(server, '/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.in', password: 'Wrong#Password1' }),
    });
    expect(login.status).toBe(401);
    expect(JSON.parse(login.body.toString())).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(login.headers['x-request-id']).toBeTruthy();
  });
});
