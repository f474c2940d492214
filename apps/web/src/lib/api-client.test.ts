import { describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  apiOrigin,
  apiUrl,
  createApiClient,
  getErrorMessage,
  renewingSession,
  resolveApiUrl,
  toApiError,
  type Transport,
} from './api-client';
import { getToken, onSessionEnd, setSession } from './auth-storage';

type Sent = { url: string; init: RequestInit; headers: Headers };

/** A client under '/api' whose every request gets `status` with `data` (JSON, or text if a string). */
function clientAnswering(status: number, data: unknown, sent: Sent[] = []) {
  const client = createApiClient('/api');
  client.transport = async (url, init) => {
    sent.push({ url, init, headers: new Headers(init.headers) });
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return new Response(status === 204 ? null : text, { status });
  };
  return client;
}

describe('api client', () => {
  it('sends the stored token as a bearer header, with credentials, relative to /api', async () => {
    setSession('tok-abc', { name: 'Asha' });
    const sent: Sent[] = [];

    const response = await clientAnswering(200, [1, 2], sent).get('/wishlist');

    expect(response).toMatchObject({ data: [1, 2], status: 200 });
    expect(sent[0]?.url).toBe('/api/wishlist');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer tok-abc');
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
    expect(sent[0]?.init.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    const sent: Sent[] = [];
    await clientAnswering(200, [], sent).get('/products');
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends a body as JSON, an upload as it is, and the query without empty values', async () => {
    const sent: Sent[] = [];
    const client = clientAnswering(201, { ok: true }, sent);

    await client.post('/orders', { items: [1] }, { headers: { 'Idempotency-Key': 'k-1' } });
    const form = new FormData();
    form.append('avatar', new Blob(['x']), 'a.jpg');
    await client.post('/auth/upload-avatar', form);
    await client.get('/admin/orders', { params: { status: 'paid', q: undefined, page: 2 } });

    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe('{"items":[1]}');
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe('k-1');
    expect(sent[1]?.init.body).toBe(form);
    expect(sent[1]?.headers.has('Content-Type')).toBe(false);
    expect(sent[2]?.url).toBe('/api/admin/orders?status=paid&page=2');
  });

  it('joins paths to the base as one address, and uses full URLs as given', () => {
    expect(apiUrl('/api', '/orders')).toBe('/api/orders');
    expect(apiUrl('https://api.vanyanaturals.in/api/', 'orders', { a: 'x y' })).toBe(
      'https://api.vanyanaturals.in/api/orders?a=x+y',
    );
    expect(apiUrl('/api', 'https://cdn.example/a.json')).toBe('https://cdn.example/a.json');
  });

  it('reads a file as a Blob, and an answer that is not JSON as its text', async () => {
    const file = createApiClient('/api');
    file.transport = async () => new Response('a,b\n1,2\n', { status: 200 });
    const csv = await file.get('/admin/gst', { responseType: 'blob' });
    // fetch's own Blob (Node's in this test), not a string or parsed JSON.
    expect(Object.prototype.toString.call(csv.data)).toBe('[object Blob]');
    expect(await (csv.data as Blob).text()).toBe('a,b\n1,2\n');

    expect((await clientAnswering(200, 'plain words').get('/x')).data).toBe('plain words');
    expect((await clientAnswering(204, undefined).delete('/x')).data).toBe('');
  });

  it('turns an API error body into one typed ApiError', async () => {
    const failure = clientAnswering(401, { msg: 'x', message: 'x', code: 'Y' }).post(
      '/auth/login',
      {
        email: 'a@b.in',
        password: 'x',
      },
    );

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'Y',
      message: 'x',
      fromServer: true,
    });
  });

  it('keeps validation issues from a 400 answer', async () => {
    const body = {
      msg: 'Invalid request',
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['email'], message: 'Invalid email', code: 'invalid_format' }],
    };
    const error = await clientAnswering(400, body)
      .post('/auth/register', {})
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).issues).toEqual([
      { path: ['email'], message: 'Invalid email', code: 'invalid_format' },
    ]);
  });

  it('reads the error of a file download from its JSON body', async () => {
    const error = await clientAnswering(404, { msg: 'No such order.', code: 'NOT_FOUND' })
      .get('/admin/orders/1/packing-slip', { responseType: 'blob' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such order.' });
  });

  it('reads a malformed error body field by field, keeping what is usable', async () => {
    const body = {
      msg: 42,
      message: 'Try a smaller photo.',
      code: ['X'],
      issues: [{ path: ['items', 0, { bad: true }], message: 7, code: 'too_big' }],
      retryAfterSeconds: 'soon',
    };
    const error = (await clientAnswering(400, body)
      .post('/tickets', {})
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      code: 'HTTP_ERROR',
      message: 'Try a smaller photo.',
      fromServer: true,
      retryAfterSeconds: undefined,
    });
    expect(error.issues).toEqual([{ path: [], message: '', code: 'too_big' }]);

    const notObjects = (await clientAnswering(400, { issues: ['oops'], msg: 'No.' })
      .post('/tickets', {})
      .catch((caught: unknown) => caught)) as ApiError;
    expect(notObjects.issues).toEqual([]);
    expect(notObjects.message).toBe('No.');
  });

  it('falls back to the screen’s text when the server sends none', async () => {
    const error = await clientAnswering(502, '<html>Bad gateway</html>')
      .get('/orders')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fromServer: false });
    expect(getErrorMessage(error, 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
    expect(toApiError(new Error('anything'), 'Failed to send message.').message).toBe(
      'Failed to send message.',
    );
  });

  it('prefers the server’s message over the screen’s fallback', () => {
    const error = new ApiError({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'Email in use',
      fromServer: true,
    });
    expect(getErrorMessage(error, 'Signup failed. Try again.')).toBe('Email in use');
  });

  it('reports a request that got no (whole) answer as a network error, and a cancelled one as such', async () => {
    const offline = createApiClient('/api');
    offline.transport = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(offline.get('/health')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'We could not reach the shop. Please check your connection and try again.',
    });

    const cutOff = createApiClient('/api');
    cutOff.transport = async () =>
      new Response(
        new ReadableStream({ start: (stream) => stream.error(new TypeError('terminated')) }),
        { status: 200 },
      );
    await expect(cutOff.get('/orders')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const cancelled = createApiClient('/api');
    const stop = new AbortController();
    cancelled.transport = ((_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        ),
      )) satisfies Transport;
    const pending = cancelled.get('/orders', { signal: stop.signal });
    stop.abort();
    await expect(pending).rejects.toMatchObject({ status: 0, code: 'CANCELED' });
  });
});

describe('api client and the session', () => {
  it('ends the session on a 401 to a request that carried the stored token', async () => {
    setSession('tok-old', { name: 'Asha' });
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    await clientAnswering(401, { code: 'SESSION_EXPIRED', msg: 'x' })
      .get('/auth/me')
      .catch(() => undefined);
    stop();
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getToken()).toBeNull();
  });

  it('keeps the session for a wrong password at login', async () => {
    setSession('tok-1', { name: 'Asha' });
    await clientAnswering(401, { code: 'INVALID_CREDENTIALS' })
      .post('/auth/login', {})
      .catch(() => undefined);
    expect(getToken()).toBe('tok-1');
  });

  it('keeps a newer session when a request sent with an older token comes back 401', async () => {
    setSession('tok-new', { name: 'Asha' });
    await clientAnswering(401, { code: 'SESSION_EXPIRED' })
      .get('/orders', { headers: { Authorization: 'Bearer tok-old' } })
      .catch(() => undefined);
    expect(getToken()).toBe('tok-new');
  });

  it('sends requests started while the token is being replaced with the new token, and a 401 to the old one meanwhile keeps the session', async () => {
    setSession('tok-old', { name: 'Asha' });
    const sent: Sent[] = [];
    let answerChange: (response: Response) => void = () => undefined;
    const client = createApiClient('/api');
    client.transport = async (url, init) => {
      sent.push({ url, init, headers: new Headers(init.headers) });
      if (url.endsWith('/auth/change-password'))
        return new Promise<Response>((resolve) => (answerChange = resolve));
      // The server has ended the old token: a request still carrying it is refused.
      const old = new Headers(init.headers).get('Authorization') === 'Bearer tok-old';
      return new Response(old ? '{"code":"SESSION_EXPIRED"}' : '[]', { status: old ? 401 : 200 });
    };
    const inFlight = client.get('/orders').catch((caught: unknown) => caught);
    const change = renewingSession(async () => {
      await client.post('/auth/change-password', {});
      setSession('tok-new', { name: 'Asha' });
    });
    const during = client.get('/wishlist');
    await expect(inFlight).resolves.toMatchObject({ status: 401 });
    expect(getToken()).toBe('tok-old');
    answerChange(new Response('{"token":"tok-new"}', { status: 200 }));
    await change;
    await expect(during).resolves.toMatchObject({ status: 200 });
    expect(sent.map((s) => [s.url, s.headers.get('Authorization')])).toEqual([
      ['/api/orders', 'Bearer tok-old'],
      ['/api/auth/change-password', 'Bearer tok-old'],
      ['/api/wishlist', 'Bearer tok-new'],
    ]);
    expect(getToken()).toBe('tok-new');
  });

  it('reads how long to wait from a 429, from its body or its Retry-After header', async () => {
    const error = await clientAnswering(429, {
      code: 'OTP_COOLDOWN',
      msg: 'Wait',
      retryAfterSeconds: 17,
    })
      .post('/auth/resend-otp', {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 17 });

    const limited = createApiClient('/api');
    limited.transport = async () =>
      new Response('{"code":"RATE_LIMITED","msg":"Too many requests"}', {
        status: 429,
        headers: { 'Retry-After': '42' },
      });
    await expect(limited.post('/auth/login', {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
    });
  });

  it('reads when another code may be sent from a login that emailed one', async () => {
    const error = await clientAnswering(403, {
      code: 'EMAIL_NOT_VERIFIED',
      msg: 'Verify first',
      email: 'asha@example.com',
      resendAfterSeconds: 24,
    })
      .post('/auth/login', {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 403,
      resendAfterSeconds: 24,
      retryAfterSeconds: undefined,
    });
  });
});

describe('addresses the API hands out', () => {
  it('loads /uploads/ paths from the API’s own origin', () => {
    expect(resolveApiUrl('/uploads/avatars/a.jpg', '/api')).toBe('/uploads/avatars/a.jpg');
    expect(resolveApiUrl('/uploads/avatars/a.jpg', 'https://api.vanyanaturals.in/api')).toBe(
      'https://api.vanyanaturals.in/uploads/avatars/a.jpg',
    );
    expect(apiOrigin('http://127.0.0.1:3000/api')).toBe('http://127.0.0.1:3000');
  });

  it('uses full URLs as given', () => {
    expect(resolveApiUrl('https://cdn.example/a.jpg', 'https://api.vanyanaturals.in/api')).toBe(
      'https://cdn.example/a.jpg',
    );
  });
});
