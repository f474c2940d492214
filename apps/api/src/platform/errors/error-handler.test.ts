import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { validate } from '../http/validate';
import { createLogger } from '../logger';
import { AppError, tooManyRequests } from './app-error';
import { errorHandler } from './error-handler';

/** Node's own socket error, as raised at `where` (a stack frame). */
function socketError(code: string, where: string) {
  const err = Object.assign(new Error('This socket has been ended by the other party'), { code });
  err.stack = `Error: ${err.message}\n    at Socket.writeAfterFIN (node:net:566:14)\n    at ${where}`;
  return err;
}

function appThatThrows(err: unknown) {
  const app = express();
  app.use(express.json());
  app.post(
    '/probe',
    validate(z.object({ email: z.email('Enter a valid email address') }).strict()),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  app.get('/boom', () => {
    throw err;
  });
  app.use(errorHandler(createLogger({ logLevel: 'silent', logPretty: false })));
  return app;
}

describe('the error body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 and the error body, never a stack trace', async () => {
    const res = await request(t.app)
      .post('/api/products')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      msg: 'The request body is not valid JSON.',
      message: 'The request body is not valid JSON.',
      code: 'INVALID_JSON',
    });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.app)
      .post('/api/products')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(t.app).get('/api/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      msg: 'No API route for GET /api/nowhere.',
    });
  });

  it('answers a schema failure with 400, the first issue as the message and every issue listed', async () => {
    const res = await request(appThatThrows(null))
      .post('/probe')
      .send({ email: 'not-an-email', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.msg).toBe(res.body.message);
    expect(res.body.issues.length).toBeGreaterThanOrEqual(2);
    expect(res.body.issues.map((i: { message: string }) => i.message)).toContain(
      'Enter a valid email address',
    );
  });

  it('refuses an operator object where a string belongs', async () => {
    const res = await request(appThatThrows(null))
      .post('/probe')
      .send({ email: { $gt: '' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('passes an AppError through with its status, code, details and headers', async () => {
    const res = await request(
      appThatThrows(tooManyRequests('Too many attempts. Try again in 30 seconds.', 30)),
    ).get('/boom');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toEqual({
      msg: 'Too many attempts. Try again in 30 seconds.',
      message: 'Too many attempts. Try again in 30 seconds.',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 30,
    });
  });

  it('masks an unexpected error as a 500 without its message', async () => {
    const res = await request(
      appThatThrows(new Error('connection string mongodb://secret@host')),
    ).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
    expect(res.text).not.toContain('secret');
  });

  it.each([
    [
      'no server to select',
      new mongoose.mongo.MongoServerSelectionError(
        'connect ECONNREFUSED 127.0.0.1:27017',
        // What the driver knew of the servers; the handler never reads it.
        { type: 'Unknown', servers: new Map() } as unknown as mongoose.mongo.TopologyDescription,
      ),
    ],
    [
      'a dropped connection',
      new mongoose.mongo.MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'),
    ],
    ['a timed-out connection', new mongoose.mongo.MongoNetworkTimeoutError('connection timed out')],
    [
      'a client not connected',
      new mongoose.mongo.MongoNotConnectedError('Client must be connected first'),
    ],
    [
      "mongoose's wait for a connection",
      new mongoose.Error('Operation `users.findOne()` buffering timed out after 1500ms'),
    ],
    [
      "a write on a socket the database closed (the driver's unwrapped EPIPE)",
      socketError(
        'EPIPE',
        'Connection.writeCommand (/srv/node_modules/mongodb/lib/cmap/connection.js:408:29)',
      ),
    ],
    [
      'a wrapped network error',
      new Error('could not load the cart', {
        cause: new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'),
      }),
    ],
  ])(
    'answers %s with 503 DATABASE_UNAVAILABLE, a retry hint and nothing of the driver',
    async (_what, err) => {
      const res = await request(appThatThrows(err)).get('/boom');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({
        msg: 'The shop is briefly unavailable. Please try again in a moment.',
        message: 'The shop is briefly unavailable. Please try again in a moment.',
        code: 'DATABASE_UNAVAILABLE',
      });
      expect(res.text).not.toMatch(/127\.0\.0\.1|Mongo|buffering/);
    },
  );

  it('keeps a socket error from elsewhere (mail, payments) a masked 500', async () => {
    const res = await request(
      appThatThrows(
        socketError(
          'EPIPE',
          'SMTPConnection._send (/srv/node_modules/nodemailer/lib/smtp-connection/index.js:1:1)',
        ),
      ),
    ).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
  });

  it('keeps a database that answers with an error a masked 500 (it is up: retrying will not help)', async () => {
    const res = await request(
      appThatThrows(
        new mongoose.mongo.MongoServerError({
          message: 'not authorized on vanya to execute command',
          code: 13,
        }),
      ),
    ).get('/boom');
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('not authorized');
    expect(res.body.code).toBe('INTERNAL');
  });

  it('keeps AppError statuses such as 403 with extra fields', async () => {
    const res = await request(
      appThatThrows(
        new AppError(403, 'EMAIL_NOT_VERIFIED', 'Verify your email first.', { email: 'a@b.in' }),
      ),
    ).get('/boom');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', email: 'a@b.in' });
  });
});
