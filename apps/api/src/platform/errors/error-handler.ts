import type { ErrorRequestHandler, RequestHandler } from 'express';
import mongoose from 'mongoose';
import { CartError } from '@vanya/catalog';
import { API_BASE_PATH, API_ERROR_MESSAGES, apiRoutes } from '@vanya/contracts';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/connect';
import type { Logger } from '../logger';
import { AppError } from './app-error';

const VALIDATION_MESSAGE = 'Some fields are missing or invalid.';

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const answer = (
  status: number,
  message: string,
  code: string,
  extra?: Record<string, unknown>,
  headers: Record<string, string> = {},
): ErrorResponse => ({ status, body: { msg: message, message, code, ...extra }, headers });

/** Maps a thrown value to a status and the API's one error body. Never leaks a stack or internals. */
function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError)
    return answer(err.status, err.message, err.code, err.details, err.headers);
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const message =
      first && first.message && !first.message.startsWith('Invalid input')
        ? first.message
        : VALIDATION_MESSAGE;
    const issues = err.issues.map((i) => ({
      path: i.path.map(String),
      message: i.message,
      code: i.code,
    }));
    return answer(400, message, 'VALIDATION_ERROR', { issues });
  }
  // A cart line or delivery state the catalogue refuses (priceCart, priceOrder): the shopper's input.
  if (err instanceof CartError)
    return answer(400, err.message, err.code, err.productId ? { productId: err.productId } : {});
  // The database is down or restarting (connect.ts bounds how long an operation waits for it):
  // a passing condition to retry, never a 500 with the driver's internals.
  if (isDatabaseUnavailable(err)) {
    return answer(
      503,
      API_ERROR_MESSAGES.DATABASE_UNAVAILABLE,
      'DATABASE_UNAVAILABLE',
      {},
      {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      },
    );
  }
  const e = err as {
    type?: string;
    status?: number;
    statusCode?: number;
    code?: string;
    name?: string;
  };
  // body-parser and multer errors carry a `type`/`code` and a 4xx status.
  if (e?.type === 'entity.parse.failed')
    return answer(400, 'The request body is not valid JSON.', 'INVALID_JSON');
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE')
    return answer(413, 'The request is too large.', 'PAYLOAD_TOO_LARGE');
  if (e?.name === 'MulterError') {
    const message =
      e.code === 'LIMIT_UNEXPECTED_FILE'
        ? 'Unexpected file field in the upload.'
        : 'The upload could not be read.';
    return answer(400, message, 'INVALID_UPLOAD');
  }
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return answer(415, 'Unsupported request encoding.', 'UNSUPPORTED_MEDIA');
  if (err instanceof mongoose.Error.CastError || err instanceof mongoose.Error.StrictModeError)
    return answer(400, VALIDATION_MESSAGE, 'VALIDATION_ERROR');
  if (err instanceof mongoose.Error.ValidationError) {
    const issues = Object.values(err.errors).map((i) => ({ path: [i.path], message: i.message }));
    return answer(400, VALIDATION_MESSAGE, 'VALIDATION_ERROR', { issues });
  }
  const status = e?.status ?? e?.statusCode;
  // serve-static's answer for an upload that is not there.
  if (status === 404) return answer(404, 'No such file.', 'NOT_FOUND');
  if (typeof status === 'number' && status >= 400 && status < 500)
    return answer(status, 'The request could not be processed.', 'BAD_REQUEST');
  return answer(500, 'Something went wrong on our side. Please try again.', 'INTERNAL');
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, body: payload, headers } = toErrorResponse(err);
    const log = (req as { log?: Logger }).log ?? logger;
    if (payload.code === 'DATABASE_UNAVAILABLE') log.warn({ err }, 'database unavailable');
    else if (status >= 500) log.error({ err }, 'request failed');
    else
      log.debug(
        { err: { message: (err as Error)?.message, code: payload.code } },
        'request refused',
      );
    if (res.headersSent) return;
    res.status(status).set(headers).json(payload);
  };
}

/** Each documented path as a pattern, with the methods it answers (GET answers HEAD too). */
const documentedPaths = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const route of apiRoutes) {
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    if (route.method === 'get') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  // '/orders/{id}' -> /^\/api\/orders\/[^/]+\/?$/ (paths hold only letters, '-', '/' and {params})
  const toPattern = (path: string) =>
    new RegExp(`^${API_BASE_PATH}${path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
  return [...byPath].map(([path, methods]) => ({ pattern: toPattern(path), methods }));
})();

/**
 * The end of /api: a path the API documents, but not for this method, answers 405 with the
 * methods it does answer in Allow; anything else 404 (a documented route this server does not
 * offer, such as the test payment dialog in production, included).
 */
export const notFoundHandler: RequestHandler = (req, res, next) => {
  const path = req.originalUrl.split('?')[0]!;
  const allowed = new Set(
    documentedPaths.filter((p) => p.pattern.test(path)).flatMap((p) => [...p.methods]),
  );
  if (allowed.size > 0 && !allowed.has(req.method)) {
    const allow = [...allowed].sort().join(', ');
    res.setHeader('Allow', allow);
    return next(
      new AppError(
        405,
        'METHOD_NOT_ALLOWED',
        `${req.method} is not allowed on ${path}. Allowed: ${allow}.`,
      ),
    );
  }
  next(new AppError(404, 'NOT_FOUND', `No API route for ${req.method} ${path}.`));
};
