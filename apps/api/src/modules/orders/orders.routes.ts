import { Router } from 'express';
import type { Config } from '../../config/env';
import { badRequest } from '../../platform/errors/app-error';
import { handle } from '../../platform/http/contract-route';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { requireSession, sessionUserId } from '../../platform/http/require-auth';
import type { OrdersService } from './orders.service';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;
const MINUTE = 60 * 1000;

export function ordersRoutes(service: OrdersService, config: Config): Router {
  const router = Router();
  const auth = requireSession(config.jwtSecret);
  // Each code is an SMS we pay for, and each try a guess: a few per shopper (the code itself
  // allows 5 tries).
  const codCodes = rateLimit(scaledRule(config.rateLimitScale, 'cod-code', 30, 15 * MINUTE));

  handle(router, 'post /orders', auth, async (req, res, { body }) => {
    const key = req.get('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw badRequest(
        'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores.',
        'INVALID_IDEMPOTENCY_KEY',
      );
    }
    const result = await service.create(sessionUserId(res), body, key);
    res.status(result.created ? 201 : 200).json({
      order: result.order,
      payment: result.payment,
      ...(result.codConfirmation ? { codConfirmation: result.codConfirmation } : {}),
    });
  });

  handle(router, 'post /orders/{id}/confirm-cod', auth, codCodes, async (_req, res, input) => {
    res.json(await service.confirmCod(sessionUserId(res), input.params.id, input.body.code));
  });

  handle(router, 'post /orders/{id}/cod-code', auth, codCodes, async (_req, res, { params }) => {
    res.json(await service.resendCodCode(sessionUserId(res), params.id));
  });

  handle(router, 'get /orders', auth, async (_req, res, { query: page }) => {
    res.set('Cache-Control', 'no-store').json(await service.list(sessionUserId(res), page));
  });

  handle(router, 'post /orders/{id}/cancel', auth, async (_req, res, { params }) => {
    res.json(await service.cancel(sessionUserId(res), params.id));
  });

  handle(router, 'get /orders/{id}', auth, async (_req, res, { params }) => {
    res.set('Cache-Control', 'no-store').json(await service.get(sessionUserId(res), params.id));
  });

  return router;
}
