import { Router } from 'express';
import type { StockService } from '../stock/stock.service';

/**
 * The catalogue is code (packages/catalog); only the owner's in-stock switch changes at run time,
 * so these answers may be cached for a minute.
 */
export function productsRoutes(stock: StockService): Router {
  const router = Router();
  router.get('/products', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await stock.list());
  });
  router.get('/products/:id', async (req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await stock.get(req.params.id));
  });
  return router;
}
