import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmail, PASSWORD, signUpVerified } from '../testing/accounts';
import { codeIn, linkIn, SmtpSink } from '../testing/smtp-sink';
import { startTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc123')).toBe(
      '/api/auth/verify-email?token=[redacted]',
    );
    expect(redactUrl('/api/invoices/65a/pdf?exp=1700000000&sig=Zm9v')).toBe(
      '/api/invoices/65a/pdf?exp=1700000000&sig=[redacted]',
    );
    expect(redactUrl('/api/products?page=2')).toBe('/api/products?page=2');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('what the log is told', () => {
  let t: TestApp;
  let sink: SmtpSink;
  const lines: string[] = [];
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp({ SMTP_URL: sink.url, LOG_LEVEL: 'trace' }, {}, { logTo });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('never holds a link token, a one-time code, a reset token, an invoice signature or a session', async () => {
    const secrets: string[] = [];

    // Sign-up: the link's token and the code, both used (the link as the browser opens it).
    const email = newEmail('logged');
    await request(t.app)
      .post('/api/auth/register')
      .send({ name: 'Asha Kulkarni', email, password: PASSWORD })
      .expect(201);
    const welcome = await sink.waitFor(email, /Confirm your email/);
    const token = new URL(
      linkIn(welcome, `${t.config.webOrigin}/verify-email?token=`),
    ).searchParams.get('token')!;
    secrets.push(token, codeIn(welcome));
    await request(t.app).get(`/api/auth/verify-email?token=${token}`).expect(302);

    // A login and the session it gives.
    const login = await request(t.app).post('/api/auth/login').send({ email, password: PASSWORD });
    expect(login.status).toBe(200);
    secrets.push(login.body.token);
    await request(t.app).get('/api/auth/me').set(bearer(login.body.token)).expect(200);

    // A password reset: the link's token, used.
    await request(t.app).post('/api/auth/request-password-reset').send({ email }).expect(200);
    const reset = await sink.waitFor(email, /Reset your/);
    const resetToken = new URL(
      linkIn(reset, `${t.config.webOrigin}/reset-password?token=`),
    ).searchParams.get('token')!;
    secrets.push(resetToken);
    await request(t.app)
      .post('/api/auth/reset-password')
      .send({ token: resetToken, newPassword: 'Fresh#Pass22' })
      .expect(200);

    // A two-step login code and an email-change code.
    const other = await signUpVerified(t, sink);
    const moving = newEmail('moving');
    await request(t.app)
      .post('/api/auth/send-email-otp')
      .set(bearer(other.token))
      .send({ email: moving })
      .expect(200);
    // Mailed after the answer: received before the server starts refusing below.
    await sink.waitFor(moving, /Confirm your new email/);
    secrets.push(other.token, other.code);

    // An invoice link as the browser opens it (its signature is the permission).
    const sig = 'c2lnbmF0dXJlLW9mLWFuLWludm9pY2UtbGluaw';
    await request(t.app).get(
      `/api/invoices/65a1b2c3d4e5f6a7b8c9d0e1/pdf?exp=4102444800&sig=${sig}`,
    );
    secrets.push(sig);

    // A code mail the SMTP server refuses: its subject (which carries the code) is logged without it.
    sink.refuse = true;
    const refused = await request(t.app)
      .post('/api/auth/two-step/send-code')
      .set(bearer(other.token));
    sink.refuse = false;
    expect(refused.status).toBe(503);
    const failures = lines.filter((l) => l.includes('mail not sent'));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!).subject).toBe('Your two-step verification code: [redacted]');

    expect(lines.length).toBeGreaterThan(5);
    // The request lines are there, with the secret part of each URL replaced.
    expect(lines.some((l) => l.includes('/api/auth/verify-email?token=[redacted]'))).toBe(true);
    for (const secret of secrets) {
      expect(
        lines.filter((line) => line.includes(secret)),
        `a log line holds ${secret}`,
      ).toEqual([]);
    }
  });

  it('writes one line per answered request with its id, method, URL, status and time', async () => {
    const id = 'trace-me-0001';
    const res = await request(t.app).get('/api/products/rose-scrub').set('X-Request-Id', id);
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe(id);
    const mine = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.reqId === id && l.msg === 'request completed');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 40, // warn: a client's mistake
      msg: 'request completed',
      req: { id, method: 'GET', url: '/api/products/rose-scrub' },
      res: { statusCode: 404 },
    });
    expect(mine[0].responseTime).toEqual(expect.any(Number));

    // The catalogue answers ahead of the middlewares, and logs the same way.
    const found = await request(t.app)
      .get('/api/products/Bodybutter')
      .set('X-Request-Id', 'trace-me-0002');
    expect(found.status).toBe(200);
    expect(found.headers['x-request-id']).toBe('trace-me-0002');
    const answered = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'trace-me-0002');
    expect(answered).toMatchObject([
      {
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/products/Bodybutter' },
        res: { statusCode: 200 },
      },
    ]);
  });

  it('writes routine health checks at debug level, out of the info log', async () => {
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready']) {
      const res = await request(t.app).get(path).set('X-Request-Id', `health-${path.length}`);
      expect(res.status).toBe(200);
    }
    const health = lines.map((l) => JSON.parse(l)).filter((l) => /^health-/.test(l.reqId ?? ''));
    expect(health.map((l) => [l.req.url, l.level])).toEqual([
      ['/api/health', 20],
      ['/api/health/live', 20],
      ['/api/health/ready', 20],
    ]);
  });

  it('writes a warning when the client hangs up before its answer', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    // Half a sign-in's body, then the tab is closed.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const arrived = new Promise((resolve) => server.once('request', resolve));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: shop\r\nX-Request-Id: gone-0001\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    await arrived;
    socket.destroy();
    const aborted = () =>
      lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.reqId === 'gone-0001' && /^request (completed|aborted)$/.test(l.msg));
    await expect.poll(aborted).toHaveLength(1);
    expect(aborted()[0]).toMatchObject({
      level: 40,
      msg: 'request aborted',
      req: { method: 'POST', url: '/api/auth/login' },
    });
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives a request a fresh id when the client sent none or a malformed one', async () => {
    const bad = await request(t.app).get('/api/health').set('X-Request-Id', 'no spaces, please');
    const none = await request(t.app).get('/api/health');
    for (const res of [bad, none]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
  });
});
