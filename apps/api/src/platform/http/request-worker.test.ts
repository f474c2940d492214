import http from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { loadConfig } from '../../config/env';
import { errorHandler } from '../errors/error-handler';
import { rawFrom } from '../../testing/raw-http';
import { startRequestWorker } from './request-worker';
import type { RequestWorker } from './request-worker';

// The worker is TypeScript: it loads through tsx, as the API's own does in development.
const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
let worker: RequestWorker;
let server: http.Server;

beforeAll(async () => {
  worker = startRequestWorker({
    file: new URL('../../testing/echo-worker.ts', import.meta.url),
    workerData: {},
    logger,
    bodyLimit: '1kb',
  });
  await worker.ready;
  const app = express();
  app.post(['/echo', '/die', '/slow', '/holding', '/last-close', '/health/:state'], worker.handler);
  app.use(errorHandler(logger));
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});

afterAll(async () => {
  await worker.stop();
  await new Promise((r) => server.close(r));
});

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  rawFrom(server, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('routes answered by a worker thread', () => {
  it('passes on the method, path and query, headers, body and client address, and answers status, cookies and body as the worker gave them', async () => {
    const answer = await post('/echo?from=test', JSON.stringify({ email: 'asha@example.in' }), {
      'x-shop-test': 'kokum',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['set-cookie']).toEqual(['first=1; Path=/; HttpOnly', 'second=2; Path=/']);
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(JSON.parse(answer.body.toString())).toEqual({
      method: 'POST',
      url: '/echo?from=test',
      ip: '127.0.0.1',
      body: { email: 'asha@example.in' },
      header: 'kokum',
      contentEncoding: null,
    });
  });

  it('closes an answer it gave in full as finished, not aborted (as the request log reads it)', async () => {
    expect((await post('/echo', '{}')).status).toBe(201);
    const closed = await post('/last-close', '{}');
    expect(JSON.parse(closed.body.toString())).toEqual({ finished: true });
  });

  it('passes on a compressed body decompressed', async () => {
    const answer = await rawFrom(server, '/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ name: 'Asha' })),
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ body: { name: 'Asha' } });
  });

  it('refuses a body over the limit itself, with the API error body', async () => {
    const answer = await post('/echo', JSON.stringify({ note: 'x'.repeat(2000) }));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reports its health as the worker says it, and down when the worker does not say in time', async () => {
    expect(await worker.health(5000)).toBe('up');
    await post('/health/down', '{}');
    expect(await worker.health(5000)).toBe('down');
    await post('/health/silent', '{}');
    expect(await worker.health(50)).toBe('down');
    await post('/health/up', '{}');
    expect(await worker.health(5000)).toBe('up');
  });

  it('answers 503 for the requests a dying worker held, reports down until a new one answers, then answers through it', async () => {
    const lost = await post('/die', '{}');
    expect(lost.status).toBe(503);
    expect(JSON.parse(lost.body.toString())).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'We could not complete this right now. Please try again in a moment.',
    });
    expect(await worker.health(5000)).toBe('down');
    const next = await post('/echo', JSON.stringify({ again: true }));
    expect(next.status).toBe(201);
    expect(JSON.parse(next.body.toString())).toMatchObject({ body: { again: true } });
    expect(await worker.health(5000)).toBe('up');
  });

  it('tries again after a worker that fails to start, until one does', async () => {
    const starts = new SharedArrayBuffer(4);
    // Start 0 is the first worker; start 1 (after it dies) fails; start 2 answers.
    const flaky = startRequestWorker({
      file: new URL('../../testing/echo-worker.ts', import.meta.url),
      workerData: { starts, failStarts: [1] },
      logger,
      bodyLimit: '1kb',
    });
    await flaky.ready;
    const app = express();
    app.post(['/echo', '/die'], flaky.handler);
    app.use(errorHandler(logger));
    const own = http.createServer(app);
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
    try {
      const send = (url: string) =>
        rawFrom(own, url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      expect((await send('/die')).status).toBe(503);
      const statuses: number[] = [];
      // Requests during a failed start are answered 503; the next wait for the start after it.
      while (statuses.at(-1) !== 201 && statuses.length < 20)
        statuses.push((await send('/echo')).status);
      expect(statuses.at(-1)).toBe(201);
      expect(statuses.slice(0, -1).every((status) => status === 503)).toBe(true);
      expect(new Int32Array(starts)[0]).toBe(3);
    } finally {
      await flaky.stop();
      await new Promise((r) => own.close(r));
    }
  });

  it('stops a worker that is starting again when told to stop, once it is ready', async () => {
    const starts = new SharedArrayBuffer(4);
    const closes = new SharedArrayBuffer(4);
    const slowStart = startRequestWorker({
      file: new URL('../../testing/echo-worker.ts', import.meta.url),
      workerData: { starts, closes, readyAfterMs: 300 },
      logger,
      bodyLimit: '1kb',
    });
    await slowStart.ready;
    const app = express();
    app.post('/die', slowStart.handler);
    app.use(errorHandler(logger));
    const own = http.createServer(app);
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
    try {
      const died = await rawFrom(own, '/die', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(died.status).toBe(503);
      // Stops while the next worker is starting (it has begun, and takes its time to be ready).
      while (Atomics.load(new Int32Array(starts), 0) < 2)
        await new Promise((r) => setTimeout(r, 10));
      await slowStart.stop();
      // The worker that was starting was closed (the one that died never was).
      expect(Atomics.load(new Int32Array(closes), 0)).toBe(1);
      expect(await slowStart.health(5000)).toBe('down');
    } finally {
      await new Promise((r) => own.close(r));
    }
  });

  it('stops only after answering what it holds; after that it answers 503', async () => {
    const inHand = post('/slow', '{}');
    // Stops once the worker holds the request.
    while (JSON.parse((await post('/holding', '{}')).body.toString()).holding === 0)
      await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    const answered = await inHand;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body.toString())).toEqual({ slow: 'answered' });
    const after = await post('/echo', '{}');
    expect(after.status).toBe(503);
  });
});
