import { wishlistBodySchema } from '@vanya/contracts';
import { Router } from 'express';
import type { Config } from '../../config/env';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { parsed, validate } from '../../platform/http/validate';
import { UserModel } from '../users/user.model';

/** The signed-in shopper's wishlist: product ids, replaced whole on every save. */
export function wishlistRoutes(config: Config): Router {
  const router = Router();
  const auth = requireAuth(config.jwtSecret);

  router.get('/wishlist', auth, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(currentUser(res).wishlist ?? []);
  });

  router.post('/wishlist', auth, validate(wishlistBodySchema), async (_req, res) => {
    const ids = parsed(res, wishlistBodySchema);
    await UserModel.updateOne({ _id: currentUser(res)._id }, { $set: { wishlist: ids } });
    res.json(ids);
  });

  return router;
}
