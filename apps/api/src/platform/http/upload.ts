import type { RequestHandler } from 'express';
import { AppError, badRequest } from '../errors/app-error';

/**
 * Runs a multer middleware and turns what its parser throws at an unreadable body (a multipart
 * type without a boundary, a cut-off or malformed part) into 400 INVALID_UPLOAD. multer's own
 * errors (too large, unexpected field) and ours (unsupported type) pass through unchanged.
 */
export function readUpload(upload: RequestHandler): RequestHandler {
  return (req, res, next) => {
    void upload(req, res, (err?: unknown) => {
      if (err === undefined || err instanceof AppError || (err as Error).name === 'MulterError')
        return next(err);
      next(badRequest('The upload could not be read.', 'INVALID_UPLOAD'));
    });
  };
}
