import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it, vi } from 'vitest';

import { ApiError, api, apiOrigin, getErrorMessage, resolveApiUrl, toApiError } from './api-client';
import { getToken, onSessionEnd, setSession } from './auth-storage';

function respond(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config };
}

/** Answers like the real adapter: resolves 2xx, rejects anything else with an AxiosError. */
function adapterAnswering(status: number, data: unknown, seen?: InternalAxiosRequestConfig[]) {
  const adapter: AxiosAdapter = async (config) => {
    seen?.push(config);
    const response = respond(config, status, data);
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  return adapter;
}

describe('api client', () => {
  it('sends the stored token as a bearer header, with credentials, relative to /api', async () => {
    setSession('tok-abc', { name: 'Asha' });
    const seen: InternalAxiosRequestConfig[] = [];

    const response = await api.get('/wishlist', { adapter: adapterAnswering(200, [1, 2], seen) });

    expect(response.data).toEqual([1, 2]);
    const config = seen[0];
    expect(AxiosHeaders.from(config?.headers).get('Authorization')).toBe('Bearer tok-abc');
    expect(config?.withCredentials).toBe(true);
    expect(config?.baseURL).toBe('/api');
  });

  it('sends no Authorization header when signed out', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await api.get('/products', { adapter: adapterAnswering(200, [], seen) });
    expect(AxiosHeaders.from(seen[0]?.headers).has('Authorization')).toBe(false);
  });

  it('turns an API error body into one typed ApiError', async () => {
    const failure = api.post(
      '/auth/login',
      { email: 'a@b.in', password: 'x' },
      { adapter: adapterAnswering(401, { msg: 'x', message: 'x', code: 'Y' }) },
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
    const error = await api
      .post('/auth/register', {}, { adapter: adapterAnswering(400, body) })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).issues).toEqual([
      { path: ['email'], message: 'Invalid email', code: 'invalid_format' },
    ]);
  });

  it('reads a malformed error body field by field, keeping what is usable', async () => {
    const body = {
      msg: 42,
      message: 'Try a smaller photo.',
      code: ['X'],
      issues: [{ path: ['items', 0, { bad: true }], message: 7, code: 'too_big' }],
      retryAfterSeconds: 'soon',
    };
    const error = (await api
      .post('/tickets', {}, { adapter: adapterAnswering(400, body) })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      status: 400,
      code: 'HTTP_ERROR',
      message: 'Try a smaller photo.',
      fromServer: true,
      retryAfterSeconds: undefined,
    });
    expect(error.issues).toEqual([{ path: [], message: '', code: 'too_big' }]);

    const notObjects = (await api
      .post('/tickets', {}, { adapter: adapterAnswering(400, { issues: ['oops'], msg: 'No.' }) })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(notObjects.issues).toEqual([]);
    expect(notObjects.message).toBe('No.');
  });

  it('falls back to the screen’s text when the server sends none', async () => {
    const error = await api
      .get('/orders', { adapter: adapterAnswering(502, '<html>Bad gateway</html>') })
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

  it('reports a request that got no answer as a network error', async () => {
    const offline: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    await expect(api.get('/health', { adapter: offline })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('api client and the session', () => {
  it('ends the session on a 401 to a request that carried the stored token', async () => {
    setSession('tok-old', { name: 'Asha' });
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    await api
      .get('/auth/me', { adapter: adapterAnswering(401, { code: 'SESSION_EXPIRED', msg: 'x' }) })
      .catch(() => undefined);
    stop();
    expect(ended).toHaveBeenCalledWith('expired');
    expect(getToken()).toBeNull();
  });

  it('keeps the session for a wrong password at login', async () => {
    setSession('tok-1', { name: 'Asha' });
    await api
      .post('/auth/login', {}, { adapter: adapterAnswering(401, { code: 'INVALID_CREDENTIALS' }) })
      .catch(() => undefined);
    expect(getToken()).toBe('tok-1');
  });

  it('keeps a newer session when a request sent with an older token comes back 401', async () => {
    setSession('tok-new', { name: 'Asha' });
    await api
      .get('/orders', {
        headers: { Authorization: 'Bearer tok-old' },
        adapter: adapterAnswering(401, { code: 'SESSION_EXPIRED' }),
      })
      .catch(() => undefined);
    expect(getToken()).toBe('tok-new');
  });

  it('reads how long to wait from a 429', async () => {
    const error = await api
      .post(
        '/auth/resend-otp',
        {},
        {
          adapter: adapterAnswering(429, {
            code: 'OTP_COOLDOWN',
            msg: 'Wait',
            retryAfterSeconds: 17,
          }),
        },
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 17 });
  });

  it('reads when another code may be sent from a login that emailed one', async () => {
    const error = await api
      .post(
        '/auth/login',
        {},
        {
          adapter: adapterAnswering(403, {
            code: 'EMAIL_NOT_VERIFIED',
            msg: 'Verify first',
            email: 'asha@example.com',
            resendAfterSeconds: 24,
          }),
        },
      )
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
