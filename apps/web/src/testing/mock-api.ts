import { afterEach, vi } from 'vitest';

import { api, type Transport } from '../lib/api-client';

export type MockRequest = {
  method: string;
  /** The path under the API's base, without the query: '/orders/42'. */
  url: string;
  /** The query parameters sent. */
  params: Record<string, string>;
  body: unknown;
  /** Header names in lower case. */
  headers: Record<string, string>;
};

export type MockReply = { status: number; data?: unknown } | 'network-error';

type Handler = (request: MockRequest) => MockReply | Promise<MockReply>;

const original = api.transport;

/** A JSON answer as the API sends it ('' for none). */
function reply(status: number, data: unknown): Response {
  const body = data === undefined ? null : typeof data === 'string' ? data : JSON.stringify(data);
  return new Response(status === 204 ? null : body, {
    status,
    headers: typeof data === 'string' ? {} : { 'Content-Type': 'application/json' },
  });
}

/**
 * Answers the storefront's API client in tests, with the real client's headers, session handling
 * and error handling in between. Returns the requests it received, in order.
 */
export function mockApi(handler: Handler) {
  const requests: MockRequest[] = [];
  const transport: Transport = async (url, init) => {
    const address = new URL(url, 'http://shop.test');
    const body = init.body;
    const request: MockRequest = {
      method: init.method ?? 'GET',
      url: address.pathname.replace(/^\/api(?=\/)/, ''),
      params: Object.fromEntries(address.searchParams),
      body: typeof body === 'string' ? JSON.parse(body) : body,
      headers: Object.fromEntries(new Headers(init.headers)),
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return reply(answer.status, answer.data);
  };
  api.transport = vi.fn(transport);
  return requests;
}

afterEach(() => {
  api.transport = original;
});
