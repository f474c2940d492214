import { timingSafeEqual } from 'node:crypto';
import { SHIPPING_WEBHOOK_TOKEN_HEADER } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { AppError } from '../../platform/errors/app-error';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { handle } from '../../platform/http/contract-route';
import { sendPdf } from '../../platform/pdf';
import type { Shipping } from './shipping.service';

/** Whether `given` is the webhook token, compared in constant time. */
export function webhookTokenMatches(expected: string, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The owner's bookings (/api/admin/orders/{id}/shipment and /label, and /api/admin/labels for
 * every parcel waiting for its pickup, behind the owner guard), the
 * courier's tracking webhook (/api/shipping/webhook) and, in test mode only, the courier's next
 * scan played by hand (/api/shipping/test/advance).
 */
/** `testRoute`: mount test mode's scans played by hand (see testModesOf in app.ts). */
export function shippingRoutes(config: Config, shipping: Shipping, testRoute: boolean): Router {
  const router = Router();
  const owner = requireOwner(config);

  handle(
    router,
    'post /admin/orders/{id}/shipment',
    ...owner,
    async (_req, res, { params: { id } }) => {
      res.json(await shipping.book(currentUser(res), id));
    },
  );

  handle(
    router,
    'delete /admin/orders/{id}/shipment',
    ...owner,
    async (_req, res, { params: { id } }) => {
      await shipping.cancelPickup(currentUser(res), id);
      res.json({ shipment: null });
    },
  );

  handle(router, 'get /admin/labels', ...owner, async (_req, res) => {
    sendPdf(res, 'Labels.pdf', await shipping.labels());
  });

  handle(
    router,
    'get /admin/orders/{id}/shipment',
    ...owner,
    async (_req, res, { params: { id } }) => {
      res.json({ shipment: await shipping.shipmentOf(id) });
    },
  );

  handle(
    router,
    'get /admin/orders/{id}/label',
    ...owner,
    async (_req, res, { params: { id } }) => {
      const { awb, pdf } = await shipping.label(id);
      sendPdf(res, `Label-${awb}.pdf`, pdf);
    },
  );

  // The courier calls this with the token set in its panel. Its body is not signed, so only the
  // AWB is taken from it: the status is read back from the courier. The courier wants a 200 for
  // every update it sends; a parcel that could not be followed now is followed by the polling job.
  handle(
    router,
    'post /shipping/webhook',
    (req, _res, next) => {
      if (
        !webhookTokenMatches(shipping.provider.webhookToken, req.get(SHIPPING_WEBHOOK_TOKEN_HEADER))
      )
        return next(new AppError(401, 'INVALID_WEBHOOK_TOKEN', 'Missing or wrong webhook token.'));
      next();
    },
    async (req, res, { body }) => {
      const awb = String(body.awb);
      try {
        const order = await shipping.trackingUpdate(awb);
        req.log?.info({ awb, status: order?.status ?? 'not ours' }, 'tracking webhook');
      } catch (err) {
        req.log?.warn({ err, awb }, 'tracking webhook not followed; the polling job will');
      }
      res.json({ ok: true });
    },
  );

  if (testRoute) {
    handle(router, 'post /shipping/test/advance', async (_req, res, { body: { awb, status } }) => {
      res.json(await shipping.playTestScan(awb, status));
    });
  }

  return router;
}
