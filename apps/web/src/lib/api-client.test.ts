import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { describe, expect, it } from 'vitest';

import { ApiError, api, getErrorMessage, toApiError } from './api-client';
import { setSession } from './auth-storage';

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
