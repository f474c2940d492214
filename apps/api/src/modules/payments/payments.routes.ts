import { WEBHOOK_SIGNATURE_HEADER } from '@vanya/contracts';
import express, { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { handle, handleRawBody } from '../../platform/http/contract-route';
import { toOrderView } from '../orders/orders.service';
import type { PaymentsService } from './payments.service';

/**
 * The webhook must see the exact bytes the provider signed, so it is mounted before the JSON body
 * parser (see app.ts) with a raw parser of its own.
 */
export function webhookRoute(service: PaymentsService): Router {
  const router = Router();
  const raw = express.raw({ type: '*/*', limit: '1mb' });
  handleRawBody(router, 'post /payments/webhook', raw, async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const eventId = req.get('x-razorpay-event-id') ?? undefined;
    const outcome = await service.handleWebhook(
      raw,
      req.get(WEBHOOK_SIGNATURE_HEADER) ?? undefined,
      eventId,
    );
    req.log?.info({ outcome, eventId }, 'payment webhook');
    res.json({ ok: true });
  });
  return router;
}

/** `testRoute`: mount test mode's stand-in for the provider's dialog (see testModesOf in app.ts). */
export function paymentsRoutes(
  service: PaymentsService,
  config: Config,
  testRoute: boolean,
): Router {
  const router = Router();

  // No session needed: the HMAC signature is the proof, and a shopper whose session lapsed while
  // paying must still see their order confirmed.
  handle(
    router,
    'post /payments/verify',
    rateLimit(scaledRule(config.rateLimitScale, 'verify-payment', 60, 15 * 60 * 1000)),
    async (_req, res, { body }) => {
      const order = await service.verify(body);
      res.json({ order: toOrderView(order) });
    },
  );

  if (testRoute) {
    handle(router, 'post /payments/test/complete', async (_req, res, { body }) => {
      res.json(await service.completeTestPayment(body));
    });
  }

  return router;
}
