import {
  createOrderBodySchema,
  objectIdParamsSchema,
  profilePageQuerySchema,
} from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { badRequest } from '../../platform/errors/app-error';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import { parsed, validate } from '../../platform/http/validate';
import type { OrdersService } from './orders.service';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

export function ordersRoutes(service: OrdersService, config: Config): Router {
  const router = Router();
  const auth = requireSession(config.jwtSecret);

  router.post('/orders', auth, validate(createOrderBodySchema), async (req, res) => {
    const key = req.get('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw badRequest(
        'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores.',
        'INVALID_IDEMPOTENCY_KEY',
      );
    }
    const result = await service.create(
      sessionUserId(res),
      parsed(res, createOrderBodySchema),
      key,
    );
    res.status(result.created ? 201 : 200).json({ order: result.order, payment: result.payment });
  });

  router.get('/orders', auth, validate(profilePageQuerySchema, 'query'), async (_req, res) => {
    const page = parsed(res, profilePageQuerySchema, 'query');
    res.set('Cache-Control', 'no-store').json(await service.list(sessionUserId(res), page));
  });

  router.post(
    '/orders/:id/cancel',
    auth,
    validate(objectIdParamsSchema, 'params'),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      res.json(await service.cancel(sessionUserId(res), id));
    },
  );

  router.get('/orders/:id', auth, validate(objectIdParamsSchema, 'params'), async (_req, res) => {
    const { id } = parsed(res, objectIdParamsSchema, 'params');
    res.set('Cache-Control', 'no-store').json(await service.get(sessionUserId(res), id));
  });

  return router;
}
