import { FIELD_MESSAGES } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { AppError } from '../../platform/errors/app-error';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import type { CatalogueService } from '../products/catalogue.service';
import { UserModel } from '../users/user.model';

/**
 * The signed-in shopper's wishlist: product ids, replaced whole on every save. An id no product has
 * (hidden ones included) is refused and nothing changes.
 */
export function wishlistRoutes(config: Config, catalogue: CatalogueService): Router {
  const router = Router();
  const auth = requireAuth(config.jwtSecret);

  handle(router, 'get /wishlist', auth, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(currentUser(res).wishlist ?? []);
  });

  handle(router, 'post /wishlist', auth, async (_req, res, { body: ids }) => {
    const whole = await catalogue.whole();
    const unknown = ids.find((id) => !whole.get(id));
    if (unknown)
      throw new AppError(400, 'UNKNOWN_PRODUCT', `${FIELD_MESSAGES.productId}: ${unknown}`, {
        productId: unknown,
      });
    await UserModel.updateOne({ _id: currentUser(res)._id }, { $set: { wishlist: ids } });
    res.json(ids);
  });

  return router;
}
