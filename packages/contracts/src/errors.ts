// The one shape of every API error: `msg` and `message` carry the same human
// text because the shop's screens read one or the other; `code` is for programs; `issues` lists the
// fields a validation error refused.
import { z } from 'zod';
import { API_ERROR_MESSAGES } from './messages';

/** Each code and the HTTP status it travels with. */
export const ERROR_HTTP_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  INVALID_OTP: 400,
  INVALID_TOKEN: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  OTP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOTAL_MISMATCH: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

/** `ERROR_CODES.NOT_FOUND === 'NOT_FOUND'`, so code reads as a name rather than a string literal. */
export const ERROR_CODES = Object.fromEntries(
  Object.keys(ERROR_HTTP_STATUS).map((code) => [code, code]),
) as { readonly [K in ErrorCode]: K };

export const errorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});

export const errorBodySchema = z
  .object({
    msg: z.string(),
    message: z.string(),
    code: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  })
  .meta({
    id: 'ErrorBody',
    description: 'Every error answer: msg and message carry the same text.',
  });

export type ErrorIssue = z.infer<typeof errorIssueSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Builds an error body with `msg` and `message` kept equal. Without a text, the code's default
 * text from API_ERROR_MESSAGES is used.
 */
export function makeErrorBody(
  code: ErrorCode,
  text: string = API_ERROR_MESSAGES[code],
  issues?: ErrorIssue[],
): ErrorBody {
  return issues === undefined
    ? { msg: text, message: text, code }
    : { msg: text, message: text, code, issues };
}

/** The zod issues of a failed parse as the error body lists them (no input values echoed back). */
export function toErrorIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    message: issue.message,
    code: issue.code,
  }));
}

/** The 400 body for a failed parse; its text is the first issue's, which forms already word well. */
export function validationErrorBody(error: z.ZodError): ErrorBody {
  const issues = toErrorIssues(error);
  return makeErrorBody('VALIDATION_ERROR', issues[0]?.message, issues);
}
