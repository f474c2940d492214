import {
  adminReviewActionSchema,
  adminReviewQuerySchema,
  objectIdParamsSchema,
  productParamsSchema,
  reviewBodySchema,
} from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { parsed, validate } from '../../platform/http/validate';
import { audit } from '../../platform/audit/audit';
import type { Reviews } from './reviews.service';

const HOUR = 60 * 60 * 1000;

/** A product's reviews (public), writing one (buyers), and the owner's moderation. */
export function reviewsRoutes(config: Config, reviews: Reviews): Router {
  const router = Router();
  const writeLimit = rateLimit(scaledRule(config.rateLimitScale, 'review-write', 20, HOUR));

  router.get(
    '/products/:id/reviews',
    validate(productParamsSchema, 'params'),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      res.set('Cache-Control', 'no-cache').json(await reviews.list(id));
    },
  );

  router.get(
    '/products/:id/reviews/mine',
    requireAuth(config.jwtSecret),
    validate(productParamsSchema, 'params'),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      res.set('Cache-Control', 'no-store').json(await reviews.mine(currentUser(res)._id, id));
    },
  );

  router.put(
    '/products/:id/reviews/mine',
    requireAuth(config.jwtSecret),
    writeLimit,
    validate(productParamsSchema, 'params'),
    validate(reviewBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      res.json(await reviews.edit(currentUser(res)._id, id, parsed(res, reviewBodySchema)));
    },
  );

  router.post(
    '/products/:id/reviews',
    requireAuth(config.jwtSecret),
    writeLimit,
    validate(productParamsSchema, 'params'),
    validate(reviewBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      const user = currentUser(res);
      const review = await reviews.write(
        { _id: user._id, name: user.name },
        id,
        parsed(res, reviewBodySchema),
      );
      res.status(201).json(review);
    },
  );

  router.use('/admin/reviews', ...requireOwner(config));

  router.get('/admin/reviews', validate(adminReviewQuerySchema, 'query'), async (_req, res) => {
    const { status } = parsed(res, adminReviewQuerySchema, 'query');
    res.json(await reviews.moderate(status));
  });

  router.post(
    '/admin/reviews/:id',
    validate(objectIdParamsSchema, 'params'),
    validate(adminReviewActionSchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      const action = parsed(res, adminReviewActionSchema);
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
