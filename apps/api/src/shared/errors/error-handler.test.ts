import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { validate } from '../http/validate';
import { createLogger } from '../logger';
import { AppError, tooManyRequests } from './app-error';
import { errorHandler } from './error-handler';

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
