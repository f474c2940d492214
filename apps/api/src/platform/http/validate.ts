import type { RequestHandler } from 'express';
import type { z } from 'zod';

type Part = 'body' | 'query' | 'params';

/**
 * Parses one part of the request with a contracts schema and stores the typed result on
 * `res.locals.<part>` (Express 5 makes `req.query` read-only). A failure reaches the error handler
 * as a ZodError, which answers 400 with the issues.
 */
export function validate<S extends z.ZodType>(schema: S, part: Part = 'body'): RequestHandler {
  return (req, res, next) => {
    const result = schema.safeParse(req[part]);
    if (!result.success) return next(result.error);
    res.locals[part] = result.data;
    next();
  };
}
