import { Router } from 'express';
import type { Config } from '../../config/env';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { handle } from '../../platform/http/contract-route';
import { audit } from '../../platform/audit/audit';
import type { ShopSettingsStore } from './shop-settings.service';

/**
 * GET /shop-settings for every page that shows a notice or an amount (revalidated on each load:
 * no-cache with Express' ETag, so a change shows on the next reload and an unchanged answer is a
 * 304), and the owner's PUT /admin/settings/shop, audited as `settings.shop`.
 */
export function shopSettingsRoutes(config: Config, settings: ShopSettingsStore): Router {
  const router = Router();

  handle(router, 'get /shop-settings', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await settings.read());
  });

  handle(
    router,
    'put /admin/settings/shop',
    ...requireOwner(config),
    async (_req, res, { body: next }) => {
      const before = await settings.read();
      const saved = await settings.update(next);
      await audit(currentUser(res), 'settings.shop', 'shop', { before, after: saved });
      res.json(saved);
    },
  );

  return router;
}
