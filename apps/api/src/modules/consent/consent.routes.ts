import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { maybeUser, optionalAuth } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { ConsentModel } from './consent.model';

export const VISITOR_COOKIE = 'vanya_vid';
const VISITOR_ID = /^[0-9a-f-]{36}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** POST /consent: stores the decision with time, an anonymous visitor id (cookie) and the user if signed in. */
export function consentRoutes(config: Config): Router {
  const router = Router();
  handle(
    router,
    'post /consent',
    rateLimit(scaledRule(config.rateLimitScale, 'consent', 60, 60 * 60 * 1000)),
    optionalAuth(config.jwtSecret),
    // The only route that reads a cookie parses them itself; no other request pays for it.
    cookieParser(),
    async (req, res, { body }) => {
      const cookie = req.cookies?.[VISITOR_COOKIE];
      const visitorId =
        typeof cookie === 'string' && VISITOR_ID.test(cookie) ? cookie : randomUUID();
      await ConsentModel.create({
        ...body,
        visitorId,
        userId: maybeUser(res)?._id ?? null,
        userAgent: req.get('user-agent')?.slice(0, 300) ?? '',
      });
      res.cookie(VISITOR_COOKIE, visitorId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        maxAge: YEAR_MS,
        path: '/',
      });
      res.status(201).json({ ok: true });
    },
  );
  return router;
}
