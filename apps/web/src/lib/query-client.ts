import { QUERY_DEFAULTS } from '@vanya/catalog';
import { QueryClient } from '@tanstack/react-query';

import type { ApiError } from './api-client';

/**
 * Recognises the API client's errors without importing it: this module is part of every page,
 * and the client loads with the pages that call the API (the home page's first load does not).
 */
function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'status' in error;
}

/** 1 s, 2 s, 4 s ... doubling per attempt, never more than 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(
    QUERY_DEFAULTS.retryBaseDelayMs * 2 ** attemptIndex,
    QUERY_DEFAULTS.retryMaxDelayMs,
  );
}

/**
 * Up to 3 retries; a client error (400-499 except timeout and rate limit) will fail the same way
 * again, so it is not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_DEFAULTS.retries) return false;
  if (isApiError(error)) {
    if (error.code === 'CANCELED') return false;
    const { status } = error;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        // The prerender's clients keep TanStack's server default (Infinity): a timer there would hold
        // the build open for the garbage-collection time after its work ends.
        gcTime: typeof window === 'undefined' ? Infinity : QUERY_DEFAULTS.gcTimeMs,
      },
      mutations: {
        // A repeated order or payment call must never happen behind the user's back.
        retry: false,
      },
    },
  });
}
