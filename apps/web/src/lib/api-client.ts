import axios, { type AxiosInstance } from 'axios';
import { z } from 'zod';

import { env } from '../config/env';
import { getToken } from './auth-storage';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE =
  'We could not reach the shop. Please check your connection and try again.';

export type ApiErrorIssue = { path: (string | number)[]; message: string; code?: string };

// The API's JSON error body (DESIGN.md section 5): `msg` and `message` carry the same text.
// Parsed leniently: a proxy or an old server may answer with something else entirely.
const issueSchema = z.looseObject({
  path: z.array(z.union([z.string(), z.number()])).catch([]),
  message: z.string().catch(''),
  code: z.string().optional().catch(undefined),
});

const errorBodySchema = z.looseObject({
  msg: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
  issues: z.array(issueSchema).optional().catch(undefined),
});

type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  /** True when `message` is the server's own text rather than a fallback. */
  fromServer: boolean;
  issues?: ApiErrorIssue[];
  cause?: unknown;
};

/** The one error type every failed API call rejects with; forms and toasts read it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (offline, timeout, cancelled). */
  readonly status: number;
  /** The API's error code, or NETWORK_ERROR / TIMEOUT / CANCELED / HTTP_ERROR. */
  readonly code: string;
  readonly fromServer: boolean;
  readonly issues: ApiErrorIssue[];

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fromServer = init.fromServer;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Turns anything a request can throw into an ApiError; `fallbackMessage` when the server gives no text. */
export function toApiError(error: unknown, fallbackMessage = DEFAULT_ERROR_MESSAGE): ApiError {
  if (error instanceof ApiError) return error;

  if (axios.isCancel(error)) {
    return new ApiError({
      status: 0,
      code: 'CANCELED',
      message: 'The request was cancelled.',
      fromServer: false,
      cause: error,
    });
  }

  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (!response) {
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return new ApiError({
        status: 0,
        code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        message: NETWORK_ERROR_MESSAGE,
        fromServer: false,
        cause: error,
      });
    }
    const parsed = errorBodySchema.safeParse(response.data);
    const body = parsed.success ? parsed.data : undefined;
    const serverMessage = [body?.msg, body?.message, body?.error].find(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    );
    return new ApiError({
      status: response.status,
      code: body?.code ?? 'HTTP_ERROR',
      message: serverMessage ?? fallbackMessage,
      fromServer: serverMessage !== undefined,
      issues: body?.issues,
      cause: error,
    });
  }

  return new ApiError({
    status: 0,
    code: 'UNKNOWN',
    message: fallbackMessage,
    fromServer: false,
    cause: error,
  });
}

/**
 * The text to show for a failure: the server's own message when it sent one, otherwise the
 * screen's fallback (for example 'Login failed. Please try again.').
 */
export function getErrorMessage(error: unknown, fallbackMessage: string): string {
  const apiError = toApiError(error, fallbackMessage);
  return apiError.fromServer ? apiError.message : fallbackMessage;
}

export function createApiClient(baseURL: string = env.VITE_API_URL): AxiosInstance {
  const client = axios.create({
    baseURL,
    withCredentials: true,
    headers: { Accept: 'application/json' },
  });

  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) {
      // An explicit header (for example a freshly issued token) wins over the stored one.
      if (!config.headers.has('Authorization')) {
        config.headers.set('Authorization', `Bearer ${token}`);
      }
    }
    return config;
  });

  client.interceptors.response.use(
    (response) => response,
    (error: unknown) => Promise.reject(toApiError(error)),
  );

  return client;
}

/** The storefront's one HTTP client. Paths are relative to VITE_API_URL (`/api` by default). */
export const api = createApiClient();
