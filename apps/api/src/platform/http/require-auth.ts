import { AUTH_MESSAGES } from '@vanya/contracts';
import type { RequestHandler, Response } from 'express';
import { Types } from 'mongoose';
import { verifySessionToken } from '../../modules/auth/tokens';
import { UserModel } from '../../modules/users/user.model';
import type { UserDoc } from '../../modules/users/user.model';
import { unauthorized } from '../errors/app-error';
import { sessionGuard } from './contract-route';

/** The claims of `Authorization: Bearer <token>` when it holds a valid HS256 token of ours. */
function bearerClaims(header: string | undefined, jwtSecret: string) {
  const match = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header ?? '');
  const claims = match ? verifySessionToken(match[1]!, jwtSecret) : undefined;
  return claims && /^[0-9a-f]{24}$/.test(claims.sub) ? claims : undefined;
}

const sessionEnded = () =>
  unauthorized('Your session has ended. Please log in again.', 'SESSION_EXPIRED');

/** The user of a valid token whose token version is current. */
async function sessionUser(header: string | undefined, jwtSecret: string) {
  const claims = bearerClaims(header, jwtSecret);
  if (!claims) return 'invalid';
  const user = await UserModel.findById(claims.sub).lean<UserDoc>();
  // A password change or reset bumps the version: tokens issued before it end here.
  if (!user || (user.tokenVersion ?? 0) !== claims.tv) return 'ended';
  return user;
}

/** Requires a signed-in user; it lands on `res.locals.user`. */
export function requireAuth(jwtSecret: string): RequestHandler {
  return sessionGuard(async (req, res, next) => {
    const result = await sessionUser(req.headers.authorization, jwtSecret);
    if (result === 'invalid') return next(unauthorized(AUTH_MESSAGES.loginRequired));
    if (result === 'ended') return next(sessionEnded());
    res.locals.user = result;
    next();
  });
}

/** Like requireAuth, but a request without a valid session goes on as a guest. */
export function optionalAuth(jwtSecret: string): RequestHandler {
  return async (req, res, next) => {
    const result = await sessionUser(req.headers.authorization, jwtSecret);
    if (typeof result === 'object') res.locals.user = result;
    next();
  };
}

/** The signed-in user stored by requireAuth. */
export function currentUser(res: Response): UserDoc {
  return res.locals.user as UserDoc;
}

/** The signed-in user, when optionalAuth found one. */
export function maybeUser(res: Response): UserDoc | undefined {
  return res.locals.user as UserDoc | undefined;
}

/**
 * Token versions read recently, for routes that only need to know who is calling (orders,
 * invoices, returns, tickets): one database read per user per SESSION_CACHE_MS instead of one per
 * request. A password change or reset clears the entry in this process at once; other API
 * processes notice within SESSION_CACHE_MS.
 */
const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 10_000;
const versions = new Map<string, { tv: number; at: number }>();

export function forgetSession(userId: string): void {
  versions.delete(userId);
}

async function currentVersion(userId: string): Promise<number | undefined> {
  const user = await UserModel.findById(userId, { tokenVersion: 1 }).lean<{
    tokenVersion?: number;
  }>();
  if (!user) {
    versions.delete(userId);
    return undefined;
  }
  const tv = user.tokenVersion ?? 0;
  if (versions.size >= SESSION_CACHE_MAX) versions.delete(versions.keys().next().value!);
  versions.set(userId, { tv, at: Date.now() });
  return tv;
}

/** Requires a valid session and stores only the caller's id (see sessionUserId). */
export function requireSession(jwtSecret: string): RequestHandler {
  return sessionGuard(async (req, res, next) => {
    const claims = bearerClaims(req.headers.authorization, jwtSecret);
    if (!claims) return next(unauthorized(AUTH_MESSAGES.loginRequired));
    const cached = versions.get(claims.sub);
    const fresh = cached && Date.now() - cached.at < SESSION_CACHE_MS && cached.tv === claims.tv;
    if (!fresh && (await currentVersion(claims.sub)) !== claims.tv) return next(sessionEnded());
    res.locals.userId = claims.sub;
    next();
  });
}

/** The caller's user id stored by requireSession (or requireAuth). */
export function sessionUserId(res: Response): Types.ObjectId {
  const user = res.locals.user as UserDoc | undefined;
  return user?._id ?? new Types.ObjectId(res.locals.userId as string);
}
