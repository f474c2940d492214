import { STOCK_NOTIFY_MESSAGES } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { guardAll, handle } from '../../platform/http/contract-route';
import { audit } from '../../platform/audit/audit';
import type { StockService } from './stock.service';

const HOUR = 60 * 60 * 1000;

/**
 * The owner's stock (/api/admin/stock, behind the owner guard, every change audited) and the
 * shopper's "Notify me" (/api/products/{id}/notify).
 */
export function stockRoutes(config: Config, stock: StockService): Router {
  const router = Router();

  guardAll(router, '/admin/stock', ...requireOwner(config));

  handle(router, 'get /admin/stock', async (_req, res) => {
    res.json(await stock.overview());
  });

  handle(
    router,
    'post /admin/stock/{id}',
    async (_req, res, { params: { id }, body: { adjust, reason } }) => {
      const owner = currentUser(res);
      const item = await stock.adjust(id, adjust, reason, owner.email || String(owner._id));
      await audit(owner, adjust > 0 ? 'stock.receive' : 'stock.adjust', id, { adjust, reason });
      res.json(item);
    },
  );

  handle(router, 'put /admin/stock/{id}', async (_req, res, { params: { id }, body }) => {
    const item = await stock.settings(id, body);
    await audit(currentUser(res), 'stock.settings', id, { ...body });
    res.json(item);
  });

  handle(router, 'get /admin/stock/{id}/moves', async (_req, res, { params: { id }, query }) => {
    res.json(await stock.moves(id, query));
  });

  handle(
    router,
    'post /products/{id}/notify',
    rateLimit(scaledRule(config.rateLimitScale, 'stock-notify', 20, HOUR)),
    async (_req, res, { params: { id }, body: { email } }) => {
      const { created } = await stock.notify(id, email);
      res.status(created ? 201 : 200).json({ message: STOCK_NOTIFY_MESSAGES.saved });
    },
  );

  return router;
}
