import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { guardAll, handle } from '../../platform/http/contract-route';
import { audit } from '../../platform/audit/audit';
import type { Reviews } from './reviews.service';

const HOUR = 60 * 60 * 1000;

/** A product's reviews (public), writing one (buyers), and the owner's moderation. */
export function reviewsRoutes(config: Config, reviews: Reviews): Router {
  const router = Router();
  const writeLimit = rateLimit(scaledRule(config.rateLimitScale, 'review-write', 20, HOUR));

  handle(router, 'get /products/{id}/reviews', async (_req, res, { params: { id } }) => {
    res.set('Cache-Control', 'no-cache').json(await reviews.list(id));
  });

  handle(
    router,
    'get /products/{id}/reviews/mine',
    requireAuth(config.jwtSecret),
    async (_req, res, { params: { id } }) => {
      res.set('Cache-Control', 'no-store').json(await reviews.mine(currentUser(res)._id, id));
    },
  );

  handle(
    router,
    'put /products/{id}/reviews/mine',
    requireAuth(config.jwtSecret),
    writeLimit,
    async (_req, res, { params: { id }, body }) => {
      res.json(await reviews.edit(currentUser(res)._id, id, body));
    },
  );

  handle(
    router,
    'post /products/{id}/reviews',
    requireAuth(config.jwtSecret),
    writeLimit,
    async (_req, res, { params: { id }, body }) => {
      const user = currentUser(res);
      const review = await reviews.write({ _id: user._id, name: user.name }, id, body);
      res.status(201).json(review);
    },
  );

  guardAll(router, '/admin/reviews', ...requireOwner(config));

  handle(router, 'get /admin/reviews', async (_req, res, { query: { status } }) => {
    res.json(await reviews.moderate(status));
  });

  handle(
    router,
    'post /admin/reviews/{id}',
    async (_req, res, { params: { id }, body: action }) => {
      const review = await reviews.act(id, action);
      await audit(currentUser(res), `review.${action.action}`, review.productId, {
        review: id,
        ...(action.reply ? { reply: action.reply } : {}),
      });
      res.json(review);
    },
  );

  return router;
}
