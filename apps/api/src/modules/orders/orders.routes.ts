import {
  confirmCodBodySchema,
  createOrderBodySchema,
  objectIdParamsSchema,
  profilePageQuerySchema,
} from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { badRequest } from '../../platform/errors/app-error';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import { parsed, validate } from '../../platform/http/validate';
import type { OrdersService } from './orders.service';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;
const MINUTE = 60 * 1000;

export function ordersRoutes(service: OrdersService, config: Config): Router {
  const router = Router();
  const auth = requireSession(config.jwtSecret);
  // Each code is an SMS we pay for, and each try a guess: a few per shopper (the code itself
  // allows 5 tries).
  const codCodes = rateLimit(scaledRule(config.rateLimitScale, 'cod-code', 30, 15 * MINUTE));

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
    res.status(result.created ? 201 : 200).json({
      order: result.order,
      payment: result.payment,
      ...(result.codConfirmation ? { codConfirmation: result.codConfirmation } : {}),
    });
  });

  router.post(
    '/orders/:id/confirm-cod',
    auth,
    codCodes,
    validate(objectIdParamsSchema, 'params'),
    validate(confirmCodBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      const { code } = parsed(res, confirmCodBodySchema);
      res.json(await service.confirmCod(sessionUserId(res), id, code));
    },
  );

  router.post(
    '/orders/:id/cod-code',
    auth,
    codCodes,
    validate(objectIdParamsSchema, 'params'),
    async (_req, res) => {
      const { id } = parsed(res, objectIdParamsSchema, 'params');
      res.json(await service.resendCodCode(sessionUserId(res), id));
    },
  );

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
