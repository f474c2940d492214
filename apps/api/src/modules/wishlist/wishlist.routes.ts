import { Router } from 'express';
import type { Config } from '../../config/env';
import { currentUser, requireAuth } from '../../platform/http/require-auth';
import { handle } from '../../platform/http/contract-route';
import { UserModel } from '../users/user.model';

/** The signed-in shopper's wishlist: product ids, replaced whole on every save. */
export function wishlistRoutes(config: Config): Router {
  const router = Router();
  const auth = requireAuth(config.jwtSecret);

  handle(router, 'get /wishlist', auth, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(currentUser(res).wishlist ?? []);
  });

  handle(router, 'post /wishlist', auth, async (_req, res, { body: ids }) => {
    await UserModel.updateOne({ _id: currentUser(res)._id }, { $set: { wishlist: ids } });
    res.json(ids);
  });

  return router;
}
