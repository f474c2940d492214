import axios, { type AxiosInstance } from 'axios';

import { env } from '../config/env';
import { endSession, getToken } from './auth-storage';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE =
  'We could not reach the shop. Please check your connection and try again.';

export type ApiErrorIssue = { path: (string | number)[]; message: string; code?: string };

// The API's JSON error body: `msg` and `message` carry the same text.
// Read leniently, field by field: a proxy or an old server may answer with something else entirely.
// (Written by hand rather than with zod, which would otherwise load with the first page.)
type ErrorBody = {
  msg?: string;
  message?: string;
  error?: string;
  code?: string;
  issues?: ApiErrorIssue[];
  retryAfterSeconds?: number;
  resendAfterSeconds?: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function readIssues(value: unknown): ApiErrorIssue[] | undefined {
  if (!Array.isArray(value) || !value.every(isRecord)) return undefined;
  return value.map((issue) => {
    const path = issue.path;
    const code = text(issue.code);
    return {
      path:
        Array.isArray(path) &&
        path.every((part) => typeof part === 'string' || typeof part === 'number')
          ? (path as (string | number)[])
          : [],
      message: text(issue.message) ?? '',
      ...(code === undefined ? {} : { code }),
    };
  });
}

const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function readErrorBody(data: unknown): ErrorBody | undefined {
  if (!isRecord(data)) return undefined;
  return {
    msg: text(data.msg),
    message: text(data.message),
    error: text(data.error),
    code: text(data.code),
    issues: readIssues(data.issues),
    retryAfterSeconds: seconds(data.retryAfterSeconds),
    resendAfterSeconds: seconds(data.resendAfterSeconds),
  };
}

type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  /** True when `message` is the server's own text rather than a fallback. */
  fromServer: boolean;
  issues?: ApiErrorIssue[];
  /** From a 429: how long until the same request may succeed. */
  retryAfterSeconds?: number;
  /** From a login that emailed a code: how long until another may be sent. */
  resendAfterSeconds?: number;
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
  readonly retryAfterSeconds: number | undefined;
  readonly resendAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fromServer = init.fromServer;
    this.issues = init.issues ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.resendAfterSeconds = init.resendAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function retryAfterHeader(headers: unknown): number | undefined {
  const value = (headers as Record<string, unknown> | undefined)?.['retry-after'];
  const seconds = Number(value);
  return typeof value === 'string' && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
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
    const body = readErrorBody(response.data);
    const serverMessage = [body?.msg, body?.message, body?.error].find(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    );
    return new ApiError({
      status: response.status,
      code: body?.code ?? 'HTTP_ERROR',
      message: serverMessage ?? fallbackMessage,
      fromServer: serverMessage !== undefined,
      issues: body?.issues,
      retryAfterSeconds: body?.retryAfterSeconds ?? retryAfterHeader(response.headers),
      resendAfterSeconds: body?.resendAfterSeconds,
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

/**
 * A 401 to a request that carried the token still stored means the session is over (expired, or
 * ended by a password change elsewhere). A 401 for a wrong password at login is not, and neither
 * is a late answer to a request sent with an older token.
 */
function isExpiredSession(error: unknown, apiError: ApiError): boolean {
  if (apiError.status !== 401 || apiError.code === 'INVALID_CREDENTIALS') return false;
  if (!axios.isAxiosError(error)) return false;
  const sent = error.config?.headers?.get?.('Authorization');
  const token = getToken();
  return token !== null && sent === `Bearer ${token}`;
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
    (error: unknown) => {
      const apiError = toApiError(error);
      if (isExpiredSession(error, apiError)) endSession('expired');
      return Promise.reject(apiError);
    },
  );

  return client;
}

/** The storefront's one HTTP client. Paths are relative to VITE_API_URL (`/api` by default). */
export const api = createApiClient();

/** The API's origin, from VITE_API_URL: '' when the API shares this site's origin ('/api'). */
export function apiOrigin(baseURL: string = env.VITE_API_URL): string {
  if (!/^https?:\/\//i.test(baseURL)) return '';
  try {
    return new URL(baseURL).origin;
  } catch {
    return '';
  }
}

/**
 * A path the API hands out ('/uploads/avatars/x.jpg', a signed '/api/invoices/...' link) as an
 * address the browser can load: from the API's own origin. Full URLs are used as given.
 */
export function resolveApiUrl(path: string, baseURL: string = env.VITE_API_URL): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return `${apiOrigin(baseURL)}${path}`;
}
