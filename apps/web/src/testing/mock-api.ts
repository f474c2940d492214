import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, vi } from 'vitest';

import { api } from '../lib/api-client';

export type MockRequest = {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

export type MockReply = { status: number; data?: unknown } | 'network-error';

type Handler = (request: MockRequest) => MockReply | Promise<MockReply>;

const original = api.defaults.adapter;

/**
 * Answers the storefront's API client in tests, with the real client's interceptors and error
 * handling in between. Returns the requests it received, in order.
 */
export function mockApi(handler: Handler) {
  const requests: MockRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: MockRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: Object.fromEntries(
        Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [k, String(v)]),
      ),
    };
    requests.push(request);
    const reply = await handler(request);
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        undefined,
        response,
      );
    }
    return response;
  };
  api.defaults.adapter = vi.fn(adapter);
  return requests;
}

afterEach(() => {
  api.defaults.adapter = original;
});
