import { QUERY_DEFAULTS } from '@vanya/catalog';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) =>
  new ApiError({ status, code: 'X', message: 'x', fromServer: true });

describe('query client defaults', () => {
  it('waits 1 s, then doubles, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries a failing query three times', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(2, apiError(503))).toBe(true);
    expect(shouldRetry(3, apiError(503))).toBe(false);
    expect(shouldRetry(0, new Error('offline'))).toBe(true);
  });

  it('does not retry a client error that would fail the same way, except timeouts and rate limits', () => {
    expect(shouldRetry(0, apiError(404))).toBe(false);
    expect(shouldRetry(0, apiError(401))).toBe(false);
    expect(shouldRetry(0, apiError(429))).toBe(true);
    expect(shouldRetry(0, apiError(408))).toBe(true);
  });

  it('keeps unused data for 5 minutes', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(QUERY_DEFAULTS.gcTimeMs);
    expect(QUERY_DEFAULTS.gcTimeMs).toBe(5 * 60 * 1000);
  });
});
