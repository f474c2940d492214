import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  errorBodySchema,
  makeErrorBody,
  toErrorIssues,
  validationErrorBody,
} from './errors';
import { API_ERROR_MESSAGES } from './messages';

describe('error bodies', () => {
  it('carry the same text in msg and message', () => {
    const body = makeErrorBody('NOT_FOUND', 'No such order');
    expect(body).toEqual({ msg: 'No such order', message: 'No such order', code: 'NOT_FOUND' });
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it("fall back to the code's default text", () => {
    expect(makeErrorBody('RATE_LIMITED').message).toBe(API_ERROR_MESSAGES.RATE_LIMITED);
  });

  it('refuse a body without a code or text', () => {
    expect(errorBodySchema.safeParse({ msg: 'x', message: 'x' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'INTERNAL' }).success).toBe(false);
  });

  it('list validation issues by path and message without echoing the input', () => {
    const schema = z.object({ address: z.object({ pinCode: z.string().regex(/^\d{6}$/, 'PIN') }) });
    const result = schema.safeParse({ address: { pinCode: 'secret-value' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    const body = validationErrorBody(result.error);
    expect(body).toEqual({
      msg: 'PIN',
      message: 'PIN',
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['address', 'pinCode'], message: 'PIN', code: 'invalid_format' }],
    });
    expect(JSON.stringify(toErrorIssues(result.error))).not.toContain('secret-value');
    expect(errorBodySchema.parse(body)).toEqual(body);
  });
});

describe('error codes', () => {
  it('name every code of the design with its HTTP status', () => {
    expect(ERROR_CODES.VALIDATION_ERROR).toBe('VALIDATION_ERROR');
    expect(ERROR_HTTP_STATUS).toMatchObject({
      VALIDATION_ERROR: 400,
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
    });
  });

  it('have a default text for every code', () => {
    expect(Object.keys(API_ERROR_MESSAGES).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
