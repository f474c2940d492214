import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { handle } from '../../platform/http/contract-route';
import type { Pincodes } from './pincodes.service';

/**
 * GET /pincodes/:pin, asked by the product page, the cart and the checkout. Limited per client so
 * the directory is not read out by script; the limit is generous because a mobile carrier puts
 * many shoppers behind one address.
 */
export function pincodesRoutes(pincodes: Pincodes, config: Config): Router {
  const router = Router();
  handle(
    router,
    'get /pincodes/{pin}',
    rateLimit(scaledRule(config.rateLimitScale, 'pincodes', 300, 15 * 60 * 1000)),
    async (_req, res, { params: { pin } }) => {
      // The dates move at midnight and the owner's fee rarely: a minute in a cache does no harm.
      res.set('Cache-Control', 'public, max-age=60');
      res.json(await pincodes.lookup(pin));
    },
  );
  return router;
}
