import { AUTH_MESSAGES } from '@vanya/contracts';
import type { RequestHandler, Response } from 'express';
import { verifySessionToken } from '../../modules/auth/tokens';
import { UserModel } from '../../modules/users/user.model';
import type { UserDoc } from '../../modules/users/user.model';
import { unauthorized } from '../errors/app-error';

/**
 * Requires `Authorization: Bearer <token>`: a valid HS256 token of ours whose token version still
 * matches the user's (a password change or reset ends older sessions). The user lands on
 * `res.locals.user`.
 */
export function requireAuth(jwtSecret: string): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header);
    const claims = match ? verifySessionToken(match[1]!, jwtSecret) : undefined;
    if (!claims || !/^[0-9a-f]{24}$/.test(claims.sub))
      return next(unauthorized(AUTH_MESSAGES.loginRequired));
    const user = await UserModel.findById(claims.sub).lean<UserDoc>();
    if (!user || (user.tokenVersion ?? 0) !== claims.tv) {
      return next(unauthorized('Your session has ended. Please log in again.', 'SESSION_EXPIRED'));
    }
    res.locals.user = user;
    next();
  };
}

/** The signed-in user stored by requireAuth. */
export function currentUser(res: Response): UserDoc {
  return res.locals.user as UserDoc;
}
