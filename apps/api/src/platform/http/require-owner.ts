import { ADMIN_MESSAGES } from '@vanya/contracts';
import type { RequestHandler } from 'express';
import type { Config } from '../../config/env';
import type { UserDoc } from '../../modules/users/user.model';
import { AppError } from '../errors/app-error';
import { currentUser, requireAuth } from './require-auth';

/** An owner: granted by `pnpm owner:grant`, or a verified email listed in OWNER_EMAILS. */
export function isOwner(user: UserDoc, ownerEmails: readonly string[]): boolean {
  return (
    user.role === 'owner' || (Boolean(user.emailVerified) && ownerEmails.includes(user.email ?? ''))
  );
}

/**
 * 401 without a session, 403 for a customer; the owner lands on `res.locals.user`, and the answer
 * is never stored by a cache (`Cache-Control: no-store`): it is the owner's alone.
 */
export function requireOwner(config: Config): RequestHandler[] {
  return [
    requireAuth(config.jwtSecret),
    (_req, res, next) => {
      if (!isOwner(currentUser(res), config.ownerEmails))
        return next(new AppError(403, 'FORBIDDEN', ADMIN_MESSAGES.ownerOnly));
      res.set('Cache-Control', 'no-store');
      next();
    },
  ];
}
