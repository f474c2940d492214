import { shopSettingsSchema } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { currentUser } from '../../platform/http/require-auth';
import { requireOwner } from '../../platform/http/require-owner';
import { parsed, validate } from '../../platform/http/validate';
import { audit } from '../../platform/audit/audit';
import type { ShopSettingsStore } from './shop-settings.service';

/**
 * GET /shop-settings for every page that shows a notice or an amount (revalidated on each load:
 * no-cache with Express' ETag, so a change shows on the next reload and an unchanged answer is a
 * 304), and the owner's PUT /admin/settings/shop, audited as `settings.shop`.
 */
export function shopSettingsRoutes(config: Config, settings: ShopSettingsStore): Router {
  const router = Router();

  router.get('/shop-settings', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await settings.read());
  });

  router.use('/admin/settings/shop', ...requireOwner(config));

  router.put('/admin/settings/shop', validate(shopSettingsSchema), async (_req, res) => {
    const next = parsed(res, shopSettingsSchema);
    const before = await settings.read();
    const saved = await settings.update(next);
    await audit(currentUser(res), 'settings.shop', 'shop', { before, after: saved });
    res.json(saved);
  });

  return router;
}
