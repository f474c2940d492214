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
  email?: string;
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
    email: text(data.email),
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
  email?: string;
  cause?: unknown;
};

/** The one error type every failed API call rejects with; forms and toasts read it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (offline, timeout, cancelled). */
  readonly status: number;
  /** The API's error code, or NETWORK_ERROR / CANCELED / HTTP_ERROR / UNKNOWN. */
  readonly code: string;
  readonly fromServer: boolean;
  readonly issues: ApiErrorIssue[];
  readonly retryAfterSeconds: number | undefined;
  readonly resendAfterSeconds: number | undefined;
  /** From a sign-in that emailed a code: the address it went to. */
  readonly email: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fromServer = init.fromServer;
    this.issues = init.issues ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.resendAfterSeconds = init.resendAfterSeconds;
    this.email = init.email;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A parsed answer: the body (JSON, text, or a Blob when asked for), the status and the headers. */
export type ApiResponse<T = unknown> = {
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
};

export type ApiRequestOptions = {
  /** Query parameters; `undefined` and `null` values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** 'blob' for a file (a PDF, a CSV); JSON (or text) otherwise. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
};

/** What sends a request: `fetch` in the browser; tests give the client one that answers locally. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export type ApiClient = {
  get<T = unknown>(path: string, options?: ApiRequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, options?: ApiRequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: ApiRequestOptions,
  ): Promise<ApiResponse<T>>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: ApiRequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Swappable so that tests answer through the client's own headers and error handling. */
  transport: Transport;
};

function retryAfterHeader(headers: Record<string, string>): number | undefined {
  const value = headers['retry-after'];
  const seconds = Number(value);
  return value !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** The ApiError for an answer outside 2xx, from its body (already parsed) and headers. */
function errorFromResponse(response: ApiResponse): ApiError {
  const body = readErrorBody(response.data);
  const serverMessage = [body?.msg, body?.message, body?.error].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return new ApiError({
    status: response.status,
    code: body?.code ?? 'HTTP_ERROR',
    message: serverMessage ?? DEFAULT_ERROR_MESSAGE,
    fromServer: serverMessage !== undefined,
    issues: body?.issues,
    retryAfterSeconds: body?.retryAfterSeconds ?? retryAfterHeader(response.headers),
    resendAfterSeconds: body?.resendAfterSeconds,
    email: body?.email,
  });
}

const isAbort = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'AbortError';

/** Turns anything a request can throw into an ApiError; `fallbackMessage` when the server gives no text. */
export function toApiError(error: unknown, fallbackMessage = DEFAULT_ERROR_MESSAGE): ApiError {
  if (error instanceof ApiError) return error;
  if (isAbort(error)) {
    return new ApiError({
      status: 0,
      code: 'CANCELED',
      message: 'The request was cancelled.',
      fromServer: false,
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

/** `path` under `baseURL`, as axios joined them (one slash between); full URLs are used as given. */
export function apiUrl(
  baseURL: string,
  path: string,
  params?: ApiRequestOptions['params'],
): string {
  const joined = /^([a-z][a-z\d+\-.]*:)?\/\//i.test(path)
    ? path
    : `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search === '' ? joined : `${joined}${joined.includes('?') ? '&' : '?'}${search}`;
}

/** The body as sent: FormData (a file upload) as it is, anything else as JSON. */
function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** JSON when the body parses as JSON, its text otherwise ('' when empty); a Blob when asked for. */
async function readBody(response: Response, responseType: ApiRequestOptions['responseType']) {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A request replacing the session's token with the storing of the new one, while it runs. */
let renewal: Promise<unknown> | null = null;

/**
 * Runs `task`, a request that replaces the session's token (a password change) and stores the
 * new token. The server ends the old token before it answers, so meanwhile other requests wait and
 * then go with the new token, and a 401 to one already sent with the old token does not end the
 * session. `task` starts its own request before `renewal` is set, so it never waits for itself.
 */
export async function renewingSession<T>(task: () => Promise<T>): Promise<T> {
  const running = task();
  renewal = running;
  try {
    return await running;
  } finally {
    if (renewal === running) renewal = null;
  }
}

/**
 * A 401 to a request that carried the token still stored means the session is over (expired, or
 * ended by a password change elsewhere). A 401 for a wrong password at login is not, and neither
 * is a late answer to a request sent with an older token, or one answered while this session is
 * replacing its token.
 */
function isExpiredSession(error: ApiError, sentAuthorization: string | null): boolean {
  if (error.status !== 401 || error.code === 'INVALID_CREDENTIALS' || renewal) return false;
  const token = getToken();
  return token !== null && sentAuthorization === `Bearer ${token}`;
}

/**
 * The storefront's HTTP client, on `fetch`: every request carries credentials and the stored
 * session's bearer token (unless it names its own), and every failure rejects with one ApiError.
 */
export function createApiClient(baseURL: string = env.VITE_API_URL): ApiClient {
  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    options: ApiRequestOptions = {},
  ): Promise<ApiResponse<T>> {
    // Started while the session's token is being replaced: goes with the new one.
    if (renewal) await renewal.catch(() => undefined);
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    const token = getToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = {
      method,
      headers,
      credentials: 'include',
      body: encodeBody(body, headers),
      signal: options.signal,
    };

    let response: ApiResponse;
    let ok: boolean;
    try {
      const raw = await client.transport(apiUrl(baseURL, path, options.params), init);
      ok = raw.ok;
      response = {
        data: await readBody(raw, options.responseType),
        status: raw.status,
        headers: Object.fromEntries(raw.headers),
      };
    } catch (error) {
      // fetch rejects only when no (whole) answer arrived: offline, refused, blocked, cut off while
      // the body came in, or cancelled.
      throw isAbort(error)
        ? toApiError(error)
        : new ApiError({
            status: 0,
            code: 'NETWORK_ERROR',
            message: NETWORK_ERROR_MESSAGE,
            fromServer: false,
            cause: error,
          });
    }
    if (ok) return response as ApiResponse<T>;

    const error = errorFromResponse(response);
    if (isExpiredSession(error, headers.get('Authorization'))) endSession('expired');
    throw error;
  }

  const client: ApiClient = {
    get: (path, options) => request('GET', path, undefined, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    put: (path, body, options) => request('PUT', path, body, options),
    // Looked up on each request, so that a test's replacement of the global is seen.
    transport: (url, init) => fetch(url, init),
  };
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
