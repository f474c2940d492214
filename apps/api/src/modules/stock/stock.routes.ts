import {
  productParamsSchema,
  STOCK_NOTIFY_MESSAGES,
  stockAdjustBodySchema,
  stockNotifyBodySchema,
  stockMovesQuerySchema,
  stockSettingsBodySchema,
} from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { rateLimit, scaledRule } from '../../platform/http/rate-limit';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { parsed, validate } from '../../platform/http/validate';
import { audit } from '../../platform/audit/audit';
import type { StockService } from './stock.service';

const HOUR = 60 * 60 * 1000;

/**
 * The owner's stock (/api/admin/stock, behind the owner guard, every change audited) and the
 * shopper's "Notify me" (/api/products/{id}/notify).
 */
export function stockRoutes(config: Config, stock: StockService): Router {
  const router = Router();

  router.use('/admin/stock', ...requireOwner(config));

  router.get('/admin/stock', async (_req, res) => {
    res.json(await stock.overview());
  });

  router.post(
    '/admin/stock/:id',
    validate(productParamsSchema, 'params'),
    validate(stockAdjustBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      const { adjust, reason } = parsed(res, stockAdjustBodySchema);
      const owner = currentUser(res);
      const item = await stock.adjust(id, adjust, reason, owner.email || String(owner._id));
      await audit(owner, adjust > 0 ? 'stock.receive' : 'stock.adjust', id, { adjust, reason });
      res.json(item);
    },
  );

  router.put(
    '/admin/stock/:id',
    validate(productParamsSchema, 'params'),
    validate(stockSettingsBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      const body = parsed(res, stockSettingsBodySchema);
      const item = await stock.settings(id, body);
      await audit(currentUser(res), 'stock.settings', id, { ...body });
      res.json(item);
    },
  );

  router.get(
    '/admin/stock/:id/moves',
    validate(productParamsSchema, 'params'),
    validate(stockMovesQuerySchema, 'query'),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      res.json(await stock.moves(id, parsed(res, stockMovesQuerySchema, 'query')));
    },
  );

  router.post(
    '/products/:id/notify',
    rateLimit(scaledRule(config.rateLimitScale, 'stock-notify', 20, HOUR)),
    validate(productParamsSchema, 'params'),
    validate(stockNotifyBodySchema),
    async (_req, res) => {
      const { id } = parsed(res, productParamsSchema, 'params');
      const { created } = await stock.notify(id, parsed(res, stockNotifyBodySchema).email);
      res.status(created ? 201 : 200).json({ message: STOCK_NOTIFY_MESSAGES.saved });
    },
  );

  return router;
}
