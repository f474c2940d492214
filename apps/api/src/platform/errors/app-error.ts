/**
 * The one error type services throw. The error handler turns it into the JSON error body
 * `{ msg, message, code, ...details }` with `status`; anything else becomes a masked 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields merged into the error body (for example `email`, `totals`, `retryAfterSeconds`). */
    readonly details: Record<string, unknown> = {},
    /** Extra response headers (for example `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (
  message: string,
  code = 'VALIDATION_ERROR',
  details?: Record<string, unknown>,
) => new AppError(400, code, message, details);
export const unauthorized = (message = 'Please log in to continue.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN', details?: Record<string, unknown>) =>
  new AppError(403, code, message, details);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  code = 'RATE_LIMITED',
) =>
  new AppError(
    429,
    code,
    message,
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
